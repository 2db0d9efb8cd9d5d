import { useQuery } from '@tanstack/react-query';
import { MASTER_API, SEARCH_MASTER_NAMES, searchMastersResponse, type MasterBulkBody } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { DatasetFilterParams, MasterEntry } from '../lib/catalogue.ts';
import { searchKeys } from './keys.ts';

/** The masters the search form needs: the filter catalogue, the languages and the ASR data sources. */
export { SEARCH_MASTER_NAMES };

/** What the search form reads of POST …/fetch-master/bulk for SEARCH_MASTER_NAMES (docs/api.md#master-data-ulcamdmsv0): master codes as text. */
export interface SearchOptions {
  datasetFilterParams: DatasetFilterParams[];
  languages: MasterEntry[];
  mixedDatasrc: MasterEntry[];
}

const asText = (e: { code: string | number; label: string; active: boolean }): MasterEntry => ({ ...e, code: String(e.code) });

/** Fetches the filter catalogue and enumerations (public, unsigned). Throws ApiRequestError. */
export async function fetchSearchOptions(signal?: AbortSignal): Promise<SearchOptions> {
  const body: MasterBulkBody = { masterNames: [...SEARCH_MASTER_NAMES] };
  const res = await apiRequest('POST', MASTER_API.bulk, { body, signed: false, schema: searchMastersResponse, signal });
  return {
    datasetFilterParams: res.data.datasetFilterParams,
    languages: res.data.languages.map(asText),
    mixedDatasrc: res.data.mixedDatasrc.map(asText),
  };
}

/** Query hook: the catalogue, loaded once per session (master data does not change while the app runs). */
export function useSearchOptions() {
  return useQuery({
    queryKey: searchKeys.options(),
    queryFn: ({ signal }) => fetchSearchOptions(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
