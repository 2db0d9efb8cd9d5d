import { useQuery } from '@tanstack/react-query';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { MODEL_API, modelListResponse, type ModelListResponse, type ModelStatusChangeBody } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelKeys } from './keys.ts';

/**
 * All of the signed-in user's models (GET …/model/listByUserId, signed; no paging parameters: the
 * whole list, so search, filter and the `added` jump run over every row).
 */
export function fetchMyModels(userId: string, signal?: AbortSignal): Promise<ModelListResponse> {
  return apiRequest('GET', MODEL_API.listByUserId, { query: { userId }, schema: modelListResponse, signal });
}

/** Query hook of {@link fetchMyModels}; disabled without a userId. */
export function useMyModels(userId: string | undefined) {
  return useQuery({
    queryKey: modelKeys.mine(userId ?? ''),
    queryFn: ({ signal }) => fetchMyModels(userId!, signal),
    enabled: !!userId,
  });
}

/**
 * Publishes or unpublishes a model (POST …/model/status/change, signed); unpublishing needs the
 * reason. Resolves with the server's answer.
 */
export function changeModelStatus(body: ModelStatusChangeBody): Promise<{ message?: string }> {
  return apiRequest('POST', MODEL_API.statusChange, { body });
}

/** Mutation hook of {@link changeModelStatus}; on success every model list is refetched (docs/product.md#states-and-transitions "Success reloads the model list"). */
export function useChangeModelStatus() {
  return useRefetchingMutation(changeModelStatus, modelKeys.all);
}
