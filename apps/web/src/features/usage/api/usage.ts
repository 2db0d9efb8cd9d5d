import { useQuery } from '@tanstack/react-query';
import { MODEL_UPTIME_PATH, USAGE_API, modelUptimeListResponse, usageKeyResponse, type UsageKeyReport } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET usage/key (signed): one of the user's keys over `days` days. Throws ApiRequestError (404 for a key that is not theirs). */
export async function fetchKeyUsage(keyId: string, days: number, signal?: AbortSignal): Promise<UsageKeyReport> {
  return (await apiRequest('GET', USAGE_API.key, { query: { ulcaApiKey: keyId, days }, schema: usageKeyResponse, signal })).data;
}

/** Query hook of {@link fetchKeyUsage}. */
export function useKeyUsage(keyId: string, days = 30) {
  return useQuery({ queryKey: ['usage', keyId, days], queryFn: ({ signal }) => fetchKeyUsage(keyId, days, signal), enabled: !!keyId });
}

/** GET model/health/uptime (public): every published model's 7 days of health rounds and uptime. */
export function useModelUptime() {
  return useQuery({
    queryKey: ['model-uptime'],
    queryFn: async ({ signal }) =>
      (await apiRequest('GET', MODEL_UPTIME_PATH, { schema: modelUptimeListResponse, signal, signed: false })).data,
  });
}
