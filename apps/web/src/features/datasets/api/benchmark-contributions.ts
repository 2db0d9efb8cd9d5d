import { useQuery } from '@tanstack/react-query';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { BENCHMARK_API, benchmarkListResponse, benchmarkSubmitResponse, type BenchmarkSubmitBody } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { CONTRIBUTIONS_REFRESH_MS } from './list-contributions.ts';
import { datasetKeys } from './keys.ts';

/**
 * The user's benchmark dataset submissions (GET …/benchmark/listByUserId, signed; the whole list),
 * refetched every 5 s while any is Pending or In-Progress. Only fetched when `enabled` (the
 * Benchmark Dataset tab of BENCHMARK-DATASET-CONTRIBUTOR, docs/product.md#roles).
 */
export function useBenchmarkContributions(userId: string | undefined) {
  return useQuery({
    queryKey: [...datasetKeys.all, 'benchmarks', userId ?? ''] as const,
    queryFn: ({ signal }) => apiRequest('GET', BENCHMARK_API.listByUserId, { query: { userId }, schema: benchmarkListResponse, signal }),
    enabled: !!userId,
    refetchInterval: (query) => (query.state.data?.data.some((r) => isActiveStatus(r.status)) ? CONTRIBUTIONS_REFRESH_MS : false),
  });
}

/** Submits a benchmark dataset by URL (POST …/benchmark/submit, signed); the contribution lists are refetched on success. */
export function useSubmitBenchmark() {
  return useRefetchingMutation(
    (body: BenchmarkSubmitBody) => apiRequest('POST', BENCHMARK_API.submit, { body, schema: benchmarkSubmitResponse }),
    datasetKeys.all,
  );
}
