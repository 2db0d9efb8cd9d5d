import { useQuery } from '@tanstack/react-query';
import { SEARCH_API, searchStatusResponse } from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { summarizeSearchRow, type SearchSummary } from '../lib/search-row.ts';
import { searchKeys } from './keys.ts';

/** While a search is In-Progress its status is asked for this often (milliseconds). */
export const SEARCH_STATUS_REFRESH_MS = 2000;

/** One search of the signed-in user (GET …/corpus/search/status). Throws ApiRequestError 404 for an unknown srn or another user's. */
export async function fetchSearchStatus(serviceRequestNumber: string, signal?: AbortSignal): Promise<SearchSummary> {
  const res = await apiRequest('GET', SEARCH_API.status, { query: { serviceRequestNumber }, schema: searchStatusResponse, signal });
  return summarizeSearchRow(res.data);
}

/** Query hook: a search's status, asked again every 2 s while In-Progress. A 404 or 401 is not retried. */
export function useSearchStatus(serviceRequestNumber: string | undefined) {
  return useQuery({
    queryKey: searchKeys.status(serviceRequestNumber ?? ''),
    queryFn: ({ signal }) => fetchSearchStatus(serviceRequestNumber!, signal),
    enabled: !!serviceRequestNumber,
    retry: (count, err) => !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500) && count < 2,
    refetchInterval: (query) => (query.state.data?.status === 'In-Progress' ? SEARCH_STATUS_REFRESH_MS : false),
  });
}
