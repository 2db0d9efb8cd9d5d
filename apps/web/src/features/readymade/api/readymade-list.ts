import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { ReadyMadeDataset } from '../lib/readymade-filters.ts';
import { readyMadeKeys } from './keys.ts';

/** One dataset of GET /ulca/apis/v0/dataset/readymade/list (contracts.md "Ready-made datasets"). */
export const readyMadeDatasetSchema = z.object({
  datasetId: z.string(),
  serviceRequestNumber: z.string(),
  datasetName: z.string(),
  datasetType: z.string(),
  sourceLanguage: z.string().nullish().transform((v) => v ?? null),
  targetLanguage: z.string().nullish().transform((v) => v ?? null),
  license: z.string().nullish().transform((v) => v ?? null),
  domain: z.array(z.string()).nullish().transform((d) => d ?? []),
  submitterName: z.string().nullish().transform((v) => v ?? null),
  publishedOn: z.string().nullish().transform((v) => v ?? null),
  recordCount: z.number(),
  downloadUrl: z.string(),
}) satisfies z.ZodType<ReadyMadeDataset, unknown>;

export const readyMadeListSchema = z.object({ data: z.array(readyMadeDatasetSchema) });
export type ReadyMadeList = z.infer<typeof readyMadeListSchema>;

/**
 * Every ready-made dataset (all types in one call: the page splits them into tabs without asking
 * again). Public: sent unsigned even when signed in. Throws ApiRequestError.
 */
export function fetchReadyMadeList(signal?: AbortSignal): Promise<ReadyMadeList> {
  return apiRequest('GET', '/ulca/apis/v0/dataset/readymade/list', { signed: false, schema: readyMadeListSchema, signal });
}

/** Query hook: the ready-made datasets. */
export function useReadyMadeList() {
  return useQuery({ queryKey: readyMadeKeys.list(), queryFn: ({ signal }) => fetchReadyMadeList(signal) });
}
