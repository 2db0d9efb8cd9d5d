import { SEARCH_API, searchSubmitResponse, type SearchSubmitBody, type SearchSubmitResponse } from '@ulca/contracts';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SearchRequestBody } from '../lib/search-form.ts';
import { searchKeys } from './keys.ts';

/** Response of POST …/corpus/search: the new search's service request number. */
export type SubmitSearchResponse = SearchSubmitResponse;

/**
 * Queues a search (signed). Throws ApiRequestError: 400 with `errors[{ field, message }]` for
 * criteria outside the catalogue or a missing mandatory language, 403 when `userId` is not the
 * caller, 401 (the api client raises the unauthorised flag).
 */
export function submitSearch(body: SearchRequestBody): Promise<SubmitSearchResponse> {
  const sent: SearchSubmitBody = body;
  return apiRequest('POST', SEARCH_API.submit, { body: sent, schema: searchSubmitResponse });
}

/** Mutation hook for submitSearch; on success My Searches is refetched. */
export function useSubmitSearch() {
  return useRefetchingMutation(submitSearch, searchKeys.lists());
}
