import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { READY_MADE_MARK_PATH, type ReadyMadeMarkBody } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readyMadeKeys } from './keys.ts';

/** Body of POST …/dataset/readymade/mark (ADMIN only), from @ulca/contracts. */
export type MarkReadyMadeBody = ReadyMadeMarkBody;

export const markReadyMadeResponseSchema = z.object({ message: z.string() });

/**
 * Lists a Completed dataset as ready-made (readyMade true) or takes it off the list. Signed.
 * Throws ApiRequestError: 403 (not an ADMIN), 404 (unknown), 400 NOT_COMPLETED.
 */
export function markReadyMade(body: MarkReadyMadeBody): Promise<{ message: string }> {
  return apiRequest('POST', READY_MADE_MARK_PATH, { body, schema: markReadyMadeResponseSchema });
}

/** Mutation hook for markReadyMade; on success the ready-made list is fetched again. */
export function useMarkReadyMade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markReadyMade,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: readyMadeKeys.all }),
  });
}
