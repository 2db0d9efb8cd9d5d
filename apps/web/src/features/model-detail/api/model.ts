import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODEL_API, modelDetailResponse, type ModelRecord } from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { modelDetailKeys } from './keys.ts';

/**
 * GET …/model/getModel?modelId: one model (public for published models; signed when a session
 * exists so an owner or admin also reads an unpublished one). Throws ApiRequestError (404 unknown).
 */
export function fetchModel(modelId: string, signal?: AbortSignal): Promise<ModelRecord> {
  return apiRequest('GET', MODEL_API.getModel, { query: { modelId }, schema: modelDetailResponse, signal });
}

/**
 * Query hook: the model `modelId`. `placeholder` (the row passed in router state by the list the
 * user came from) renders at once while the fresh record loads.
 */
export function useModel(modelId: string, placeholder?: ModelRecord) {
  return useQuery({ ...modelQuery(modelId), placeholderData: placeholder });
}

/** The query of {@link fetchModel}, shared by the hook and the server-side render's prefetch. */
export function modelQuery(modelId: string) {
  return queryOptions({
    queryKey: modelDetailKeys.model(modelId),
    queryFn: ({ signal }) => fetchModel(modelId, signal),
    // An unknown model (4xx) is not retried; a network or server failure is, twice.
    retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500),
  });
}
