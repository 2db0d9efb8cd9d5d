import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { MetricReportRow } from '../lib/metrics-table.ts';
import { metricKeys } from './keys.ts';

/** One Dataset Metrics row of POST /ulca/data-metric/v0/store/reports (codes; blank target for single-language types). */
export const metricReportRowSchema = z.object({
  datasetType: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string().nullish().transform((t) => t ?? ''),
  domains: z.string(),
  collectionMethod_collectionDescriptions: z.string(),
  primarySubmitterName: z.string(),
  count: z.number(),
  total: z.number(),
}) satisfies z.ZodType<MetricReportRow, unknown>;

export const storeReportsResponseSchema = z.object({ data: z.array(metricReportRowSchema) });

export function fetchStoreReports(signal?: AbortSignal): Promise<{ data: MetricReportRow[] }> {
  return apiRequest('POST', '/ulca/data-metric/v0/store/reports', { body: {}, schema: storeReportsResponseSchema, signal, signed: false });
}

/** Query hook: every published combination of dimensions with its counts. */
export function useStoreReports() {
  return useQuery({ queryKey: metricKeys.reports(), queryFn: ({ signal }) => fetchStoreReports(signal), staleTime: 60_000 });
}
