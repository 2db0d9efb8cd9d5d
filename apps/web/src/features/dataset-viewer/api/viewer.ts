import { useQuery } from '@tanstack/react-query';
import {
  DATASET_VERSIONS_API,
  DATASET_VIEWER_API,
  versionListResponse,
  viewerRecordsResponse,
  viewerSummaryResponse,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Filters of a viewer page (the dataset type's columns). */
export interface ViewerFilters {
  sourceLanguage?: string;
  targetLanguage?: string;
  domain?: string;
  collectionMethod?: string;
}

/** What the viewer shows: a published dataset's records, or those a completed search of the user matched. */
export type ViewerSource = { datasetId: string } | { serviceRequestNumber: string };

/** The source's id (dataset id or service request number) and its two API paths. */
function sourceOf(source: ViewerSource): { id: string; records: string; summary: string } {
  return 'datasetId' in source
    ? { id: source.datasetId, records: DATASET_VIEWER_API.records, summary: DATASET_VIEWER_API.summary }
    : { id: source.serviceRequestNumber, records: DATASET_VIEWER_API.searchRecords, summary: DATASET_VIEWER_API.searchSummary };
}

/**
 * One page (100) of the source's records (GET …/dataset/viewer/records, public, or
 * …/dataset/viewer/search/records, the owner's; docs/api.md#dataset-viewer), after record `after`.
 */
export function useViewerRecords(source: ViewerSource, after: string | null, filters: ViewerFilters) {
  const s = sourceOf(source);
  return useQuery({
    queryKey: ['dataset-viewer', 'records', s.records, s.id, after, filters],
    queryFn: ({ signal }) =>
      apiRequest('GET', s.records, {
        query: { ...source, ...(after ? { after } : {}), ...filters },
        schema: viewerRecordsResponse,
        signal,
      }),
    enabled: !!s.id,
  });
}

/** Per-column summary of the source's records (GET …/dataset/viewer/summary or …/search/summary). */
export function useViewerSummary(source: ViewerSource) {
  const s = sourceOf(source);
  return useQuery({
    queryKey: ['dataset-viewer', 'summary', s.summary, s.id],
    queryFn: ({ signal }) => apiRequest('GET', s.summary, { query: { ...source }, schema: viewerSummaryResponse, signal }),
    enabled: !!s.id,
  });
}

/** A dataset's versions (GET …/dataset/versions, public; docs/api.md#dataset-versions). */
export function useVersions(datasetId: string) {
  return useQuery({
    queryKey: ['dataset-viewer', 'versions', datasetId],
    queryFn: ({ signal }) => apiRequest('GET', DATASET_VERSIONS_API.list, { query: { datasetId }, schema: versionListResponse, signal }),
    enabled: !!datasetId,
  });
}

/** Citation formats offered by the Cite dialog (docs/api.md#cite-and-describe). */
export const CITE_FORMATS = [
  { format: 'bibtex', label: 'BibTeX' },
  { format: 'cff', label: 'CFF' },
  { format: 'datacite', label: 'DataCite JSON' },
  { format: 'croissant', label: 'Croissant JSON-LD' },
  { format: 'card', label: 'Dataset card' },
] as const;
// The format names are the same in every language, except the dataset card's (catalogue viewer.versions.card).

/** A version's citation text (GET …/dataset/version/cite/:datasetId/:version?format; public, plain text). */
export function useCitation(datasetId: string, version: number | null, format: string) {
  return useQuery({
    queryKey: ['dataset-viewer', 'cite', datasetId, version, format],
    queryFn: async ({ signal }) => {
      const res = await fetch(`${DATASET_VERSIONS_API.cite}/${datasetId}/${version}?format=${format}`, { signal });
      if (!res.ok) throw new Error('The citation could not be loaded.');
      return res.text();
    },
    enabled: !!datasetId && version !== null,
  });
}
