import { READY_MADE_MARK_PATH, readyMadeMarkResponse, type ReadyMadeMarkBody, type ReadyMadeMarkResponse } from '@ulca/contracts';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readyMadeKeys } from './keys.ts';

/** Body of POST …/dataset/readymade/mark (ADMIN only), from @ulca/contracts. */
export type MarkReadyMadeBody = ReadyMadeMarkBody;

/** Its answer, from @ulca/contracts. */
export const markReadyMadeResponseSchema = readyMadeMarkResponse;

/**
 * Lists a Completed dataset as ready-made (readyMade true) or takes it off the list. Signed.
 * Throws ApiRequestError: 403 (not an ADMIN), 404 (unknown), 400 NOT_COMPLETED.
 */
export function markReadyMade(body: MarkReadyMadeBody): Promise<ReadyMadeMarkResponse> {
  return apiRequest('POST', READY_MADE_MARK_PATH, { body, schema: markReadyMadeResponseSchema });
}

/** Mutation hook for markReadyMade; on success the ready-made list is fetched again. */
export function useMarkReadyMade() {
  return useRefetchingMutation(markReadyMade, readyMadeKeys.all);
}
