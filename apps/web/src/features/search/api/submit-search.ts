import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { SearchRequestBody } from '../lib/search-form.ts';
import { searchKeys } from './keys.ts';

/** Response of POST /ulca/apis/v0/dataset/corpus/search: the new search's service request number. */
export const submitSearchResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({ serviceRequestNumber: z.string(), datasetType: z.string().optional() }),
});
export type SubmitSearchResponse = z.infer<typeof submitSearchResponseSchema>;

/**
 * Queues a search (signed). Throws ApiRequestError: 400 with `errors[{ field, message }]` for
 * criteria outside the catalogue or a missing mandatory language, 403 when `userId` is not the
 * caller, 401 (the api client raises the unauthorised flag).
 */
export function submitSearch(body: SearchRequestBody): Promise<SubmitSearchResponse> {
  return apiRequest('POST', '/ulca/apis/v0/dataset/corpus/search', { body, schema: submitSearchResponseSchema });
}

/** Mutation hook for submitSearch; on success My Searches is refetched. */
export function useSubmitSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: searchKeys.lists() }),
  });
}
