import { useQuery } from '@tanstack/react-query';
import { STORE_SEARCH_PATH, storeSearchResponse, type StoreSearchResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { StoreSearchRequest } from '../lib/drilldown.ts';
import { metricKeys } from './keys.ts';

/**
 * POST /ulca/data-metric/v0/store/search (public): the bars of one dashboard view. `value` is
 * records (sentences, images) or hours for speech types, sorted descending; `count` totals the
 * bars shown, `totalCount` the whole dataset type (same unit).
 */
export const storeSearchResponseSchema = storeSearchResponse;
export type { StoreSearchResponse };
export type ChartBar = StoreSearchResponse['data'][number];

export function fetchStoreSearch(body: StoreSearchRequest, signal?: AbortSignal): Promise<StoreSearchResponse> {
  return apiRequest('POST', STORE_SEARCH_PATH, { body, schema: storeSearchResponseSchema, signal, signed: false });
}

/** Query hook: the bars of `body`; answers are cached a minute (the rollup changes only when datasets are published). */
export function useStoreSearch(body: StoreSearchRequest) {
  return useQuery({ queryKey: metricKeys.search(body), queryFn: ({ signal }) => fetchStoreSearch(body, signal), staleTime: 60_000 });
}
