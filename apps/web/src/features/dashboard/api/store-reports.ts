import { useQuery } from '@tanstack/react-query';
import { STORE_REPORTS_PATH, storeReportsResponse, type MetricReportRow } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { metricKeys } from './keys.ts';

/** Response of POST …/store/reports (codes; blank target for single-language types), from @ulca/contracts. */
export const storeReportsResponseSchema = storeReportsResponse;

export function fetchStoreReports(signal?: AbortSignal): Promise<{ data: MetricReportRow[] }> {
  return apiRequest('POST', STORE_REPORTS_PATH, { body: {}, schema: storeReportsResponseSchema, signal, signed: false });
}

/** Query hook: every published combination of dimensions with its counts. */
export function useStoreReports() {
  return useQuery({ queryKey: metricKeys.reports(), queryFn: ({ signal }) => fetchStoreReports(signal), staleTime: 60_000 });
}
