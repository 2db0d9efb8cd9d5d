import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODEL_API, MODEL_UPTIME_PATH, modelHealthResponse, modelUptimeListResponse, type ModelHealthResponse } from '@ulca/contracts';
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

/** The query of every published model's uptime over 24 h and 7 d (GET …/model/health/uptime, public; docs/api.md#inference). */
export const modelUptimeQuery = queryOptions({
  queryKey: [...modelKeys.health, 'uptime'],
  queryFn: async ({ signal }) =>
    (await apiRequest('GET', MODEL_UPTIME_PATH, { schema: modelUptimeListResponse, signal, signed: false })).data,
});

/** Query hook of {@link modelUptimeQuery}. */
export function useModelUptime(enabled = true) {
  return useQuery({ ...modelUptimeQuery, enabled });
}
