import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_API, searchListResponse, type SearchListQuery } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { summarizeSearchRow, type SearchSummary } from '../lib/search-row.ts';
import { searchKeys } from './keys.ts';

/** While any listed search is In-Progress the list is asked for again this often (milliseconds). */
export const SEARCHES_REFRESH_MS = 5000;

/** A page (or all) of the user's searches, read for the screens. */
export interface SearchPage {
  rows: SearchSummary[];
  /** Searches the user has in all. */
  totalCount: number;
}

/**
 * The user's searches, newest first (GET …/corpus/search/listByUserId). `page` is 0-based as the table counts; the server's pages are
 * 1-based, so page p asks for startPage = endPage = p + 1 (docs/api.md#route-groups). `page: 'all'` asks for
 * every row (no paging parameters), for the search box.
 */
export async function fetchSearches(userId: string, page: number | 'all', signal?: AbortSignal): Promise<SearchPage> {
  const query: SearchListQuery = page === 'all' ? { userId } : { userId, startPage: page + 1, endPage: page + 1 };
  const res = await apiRequest('GET', SEARCH_API.listByUserId, { query, schema: searchListResponse, signal });
  return { rows: res.data.map(summarizeSearchRow), totalCount: res.totalCount };
}

/** Query hook: one page of My Searches (10 rows a server page) or all rows, refetched every 5 s while any shown row is In-Progress. */
export function useSearches(userId: string | undefined, page: number | 'all', enabled = true) {
  return useQuery({
    queryKey: searchKeys.list(userId ?? '', page),
    queryFn: ({ signal }) => fetchSearches(userId!, page, signal),
    enabled: !!userId && enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.rows.some((r) => r.status === 'In-Progress') ? SEARCHES_REFRESH_MS : false),
  });
}
