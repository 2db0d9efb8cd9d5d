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

/** One page of a published dataset's records (GET …/dataset/viewer/records, public; docs/api.md#dataset-viewer). */
export function useViewerRecords(datasetId: string, after: string | null, filters: ViewerFilters) {
  return useQuery({
    queryKey: ['dataset-viewer', 'records', datasetId, after, filters],
    queryFn: ({ signal }) =>
      apiRequest('GET', DATASET_VIEWER_API.records, {
        query: { datasetId, ...(after ? { after } : {}), ...filters },
        schema: viewerRecordsResponse,
        signal,
      }),
    enabled: !!datasetId,
  });
}

/** Per-column summary of a dataset (GET …/dataset/viewer/summary, public). */
export function useViewerSummary(datasetId: string) {
  return useQuery({
    queryKey: ['dataset-viewer', 'summary', datasetId],
    queryFn: ({ signal }) => apiRequest('GET', DATASET_VIEWER_API.summary, { query: { datasetId }, schema: viewerSummaryResponse, signal }),
    enabled: !!datasetId,
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
