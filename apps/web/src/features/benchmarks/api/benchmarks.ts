import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BENCHMARK_API,
  BENCHMARK_OUTPUTS_API,
  compareRunsResponse,
  benchmarkByTaskResponse,
  benchmarkDetailResponse,
  benchmarkExecuteResponse,
  benchmarkSearchResponse,
  benchmarkVisibilityResponse,
  type BenchmarkExecuteBody,
  type BenchmarkVisibilityBody,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** TanStack Query keys of the benchmarks feature. */
export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  search: (task: string) => ['benchmarks', 'search', task] as const,
  detail: (id: string) => ['benchmarks', 'detail', id] as const,
  forModel: (modelId: string) => ['benchmarks', 'for-model', modelId] as const,
};

/** The task the benchmark list shows without a valid `?task` (its first tab). */
export const DEFAULT_BENCHMARK_TASK = 'translation';

/**
 * The query of the published benchmark datasets of a task (POST …/benchmark/search, public),
 * shared by the hook and the server-side render's prefetch.
 */
export function benchmarkSearchQuery(task: string) {
  return queryOptions({
    queryKey: benchmarkKeys.search(task),
    queryFn: ({ signal }) => apiRequest('POST', BENCHMARK_API.search, { body: { task }, schema: benchmarkSearchResponse, signal }),
  });
}

/** Published benchmark datasets of a task ({@link benchmarkSearchQuery}; the page filters the rest locally). */
export function useBenchmarkSearch(task: string) {
  return useQuery(benchmarkSearchQuery(task));
}

/**
 * The query of a benchmark with its metrics and leaderboard (GET …/benchmark/getBenchmark,
 * public), shared by the hook and the server-side render's prefetch.
 */
export function benchmarkQuery(benchmarkId: string) {
  return queryOptions({
    queryKey: benchmarkKeys.detail(benchmarkId),
    queryFn: ({ signal }) =>
      apiRequest('GET', BENCHMARK_API.getBenchmark, { query: { benchmarkId }, schema: benchmarkDetailResponse, signal }),
  });
}

/** A benchmark with its metrics and leaderboard ({@link benchmarkQuery}); disabled without an id. */
export function useBenchmark(benchmarkId: string) {
  return useQuery({ ...benchmarkQuery(benchmarkId), enabled: !!benchmarkId });
}

/** The benchmarks a model can be run on, with availableMetric (POST …/benchmark/getByTask, signed). */
export function useBenchmarksForModel(modelId: string | null) {
  return useQuery({
    queryKey: benchmarkKeys.forModel(modelId ?? ''),
    queryFn: ({ signal }) => apiRequest('POST', BENCHMARK_API.getByTask, { body: { modelId }, schema: benchmarkByTaskResponse, signal }),
    enabled: !!modelId,
    staleTime: 0,
  });
}

/**
 * Starts benchmark runs (POST …/benchmark/execute, signed). On success the benchmark queries are
 * refetched; the caller reloads its model list (docs/product.md#states-and-transitions "list reloaded").
 */
export function useExecuteBenchmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BenchmarkExecuteBody) => apiRequest('POST', BENCHMARK_API.execute, { body, schema: benchmarkExecuteResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
  });
}

/**
 * Marks a benchmark's test set open or hidden (POST …/benchmark/visibility, its owner or an ADMIN;
 * docs/api.md#who-sees-a-benchmarks-rows). On success the benchmark queries are refetched.
 */
export function useSetBenchmarkVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BenchmarkVisibilityBody) =>
      apiRequest('POST', BENCHMARK_API.visibility, { body, schema: benchmarkVisibilityResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
  });
}

/** Compares 2–5 runs on one metric (POST …/benchmark/run/compare, public; docs/api.md#per-example-outputs). */
export function useCompareRuns() {
  return useMutation({
    mutationFn: (benchmarkProcessIds: string[]) =>
      apiRequest('POST', BENCHMARK_OUTPUTS_API.compare, { body: { benchmarkProcessIds, limit: 20 }, schema: compareRunsResponse }),
  });
}

/** Where a run's per-example outputs download as JSON Lines. */
export const runOutputsUrl = (benchmarkProcessId: string) =>
  `${BENCHMARK_OUTPUTS_API.runOutputs}?benchmarkProcessId=${encodeURIComponent(benchmarkProcessId)}`;
