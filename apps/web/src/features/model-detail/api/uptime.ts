import { queryOptions, useQuery } from '@tanstack/react-query';
import { MODEL_HEALTH_HISTORY_PATH, modelHealthHistoryResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelDetailKeys } from './keys.ts';

/**
 * The model's uptime over the last 7 days from its stored health rounds (GET …/model/health/history,
 * public, published models; docs/api.md#inference): a 0–1 share, null when no round fell in the
 * window. Only asked for a published model (`enabled`); a failure leaves the card out.
 */
export function useModelUptime7d(modelId: string, enabled: boolean) {
  return useQuery({ ...modelUptime7dQuery(modelId), enabled });
}

/** The query of {@link useModelUptime7d}, shared with the server-side render's prefetch. */
export function modelUptime7dQuery(modelId: string) {
  return queryOptions({
    queryKey: modelDetailKeys.uptime(modelId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest('GET', MODEL_HEALTH_HISTORY_PATH, {
          query: { modelId, days: 7 },
          schema: modelHealthHistoryResponse,
          signal,
          signed: false,
        })
      ).data.uptime7d,
    retry: false,
    staleTime: 60_000,
  });
}
