import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { StoreSearchRequest } from '../lib/drilldown.ts';
import { metricKeys } from './keys.ts';

/**
 * POST /ulca/data-metric/v0/store/search (public): the bars of one dashboard view. `value` is
 * records (sentences, images) or hours for speech types, sorted descending; `count` totals the
 * bars shown, `totalCount` the whole dataset type (same unit).
 */
export const storeSearchResponseSchema = z.object({
  data: z.array(z.object({ label: z.string(), value: z.number(), _id: z.string() })),
  count: z.number(),
  totalCount: z.number(),
});
export type StoreSearchResponse = z.infer<typeof storeSearchResponseSchema>;
export type ChartBar = StoreSearchResponse['data'][number];

export function fetchStoreSearch(body: StoreSearchRequest, signal?: AbortSignal): Promise<StoreSearchResponse> {
  return apiRequest('POST', '/ulca/data-metric/v0/store/search', { body, schema: storeSearchResponseSchema, signal, signed: false });
}

/** Query hook: the bars of `body`; answers are cached a minute (the rollup changes only when datasets are published). */
export function useStoreSearch(body: StoreSearchRequest) {
  return useQuery({ queryKey: metricKeys.search(body), queryFn: ({ signal }) => fetchStoreSearch(body, signal), staleTime: 60_000 });
}
