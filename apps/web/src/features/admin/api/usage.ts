import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponse, USAGE_API, usageAllResponse, usageQuotaListResponse, type UsageAllRow } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { QuotaBody } from '../lib/quota-form.ts';

export type { UsageAllRow };
/** One daily limit set by an admin: a key's, or with keyId '*' the default of every key. */
export type QuotaEntry = { keyId: string; unit: string; dailyLimit: number };

/** Every key's usage rows over `days` days, with application and owner (GET usage/all, signed ADMIN). */
export async function fetchAllUsage(days: number, signal?: AbortSignal): Promise<UsageAllRow[]> {
  return (await apiRequest('GET', USAGE_API.all, { query: { days }, schema: usageAllResponse, signal })).data;
}

/** The daily limits set (GET usage/quota, signed ADMIN). */
export async function fetchQuotas(signal?: AbortSignal): Promise<QuotaEntry[]> {
  return (await apiRequest('GET', USAGE_API.quota, { schema: usageQuotaListResponse, signal })).data;
}

/** Query hook of {@link fetchAllUsage}. */
export function useAllUsage(days: number, enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'usage', days], queryFn: ({ signal }) => fetchAllUsage(days, signal), enabled });
}

/** Query hook of {@link fetchQuotas}. */
export function useQuotas(enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'quotas'], queryFn: ({ signal }) => fetchQuotas(signal), enabled });
}

/** Sets (or with dailyLimit null removes) a daily limit (POST usage/quota, signed ADMIN). */
export async function setQuota(body: QuotaBody): Promise<string> {
  return (await apiRequest('POST', USAGE_API.quota, { body, schema: messageResponse })).message;
}

/** Mutation hook of {@link setQuota}; the list of limits is read again after it. */
export function useSetQuota() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setQuota, onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'quotas'] }) });
}
