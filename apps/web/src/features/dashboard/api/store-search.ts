import { queryOptions, useQuery } from '@tanstack/react-query';
import { STORE_SEARCH_PATH, type StoreSearchRequestBody, type StoreSearchResponse as ContractResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { StoreSearchRequest } from '../lib/drilldown.ts';
import { metricKeys } from './keys.ts';

/**
 * The answer of POST …/store/search (public): the bars of one dashboard view,
 * sorted descending; `count` totals the bars shown, `totalCount` the whole dataset type (same unit).
 * Typed only, not checked at run time: the public dashboard does without the zod bundle (issue 8
 * §2, first-load JavaScript); the server's own schema validates what it sends. The shape is
 * @ulca/contracts' (shared with the server route), imported as a type only; the path comes from
 * the contracts' zod-free api/metrics-paths.ts.
 */
export type StoreSearchResponse = ContractResponse;
/** One bar of the dashboard: `value` in the view's unit (records, or hours for speech types). */
export type ChartBar = StoreSearchResponse['data'][number];

export function fetchStoreSearch(body: StoreSearchRequest, signal?: AbortSignal): Promise<StoreSearchResponse> {
  const sent: StoreSearchRequestBody = body;
  return apiRequest<StoreSearchResponse>('POST', STORE_SEARCH_PATH, { body: sent, signal, signed: false });
}

/**
 * The query of {@link fetchStoreSearch} for `body`, shared by the hook and the server-side render's
 * prefetch; answers are fresh a minute (the rollup changes only when datasets are published).
 */
export function storeSearchQuery(body: StoreSearchRequest) {
  return queryOptions({ queryKey: metricKeys.search(body), queryFn: ({ signal }) => fetchStoreSearch(body, signal), staleTime: 60_000 });
}

/** Query hook: the bars of `body` ({@link storeSearchQuery}). */
export function useStoreSearch(body: StoreSearchRequest) {
  return useQuery(storeSearchQuery(body));
}
