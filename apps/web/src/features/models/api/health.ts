import { useQuery } from '@tanstack/react-query';
import { MODEL_API, modelHealthResponse, type ModelHealthResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelKeys } from './keys.ts';

export type { ModelHealthResponse };

/** The models health list (GET …/model/getModelHealthStatus, public; never a callbackUrl). */
export function fetchModelHealth(signal?: AbortSignal): Promise<ModelHealthResponse> {
  return apiRequest('GET', MODEL_API.health, { schema: modelHealthResponse, signal, signed: false });
}

/** Query hook of {@link fetchModelHealth}. */
export function useModelHealth(enabled = true) {
  return useQuery({ queryKey: modelKeys.health, queryFn: ({ signal }) => fetchModelHealth(signal), enabled });
}
