import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BENCHMARK_API,
  BENCHMARK_OUTPUTS_API,
  compareRunsResponse,
  benchmarkByTaskResponse,
  benchmarkDetailResponse,
  benchmarkExecuteResponse,
  benchmarkSearchResponse,
  type BenchmarkExecuteBody,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** TanStack Query keys of the benchmarks feature. */
export const benchmarkKeys = {
  all: ['benchmarks'] as const,
  search: (task: string) => ['benchmarks', 'search', task] as const,
  detail: (id: string) => ['benchmarks', 'detail', id] as const,
  forModel: (modelId: string) => ['benchmarks', 'for-model', modelId] as const,
};

/** Published benchmark datasets of a task (POST …/benchmark/search, public; the page filters the rest locally). */
export function useBenchmarkSearch(task: string) {
  return useQuery({
    queryKey: benchmarkKeys.search(task),
    queryFn: ({ signal }) => apiRequest('POST', BENCHMARK_API.search, { body: { task }, schema: benchmarkSearchResponse, signal }),
  });
}

/** A benchmark with its metrics and leaderboard (GET …/benchmark/getBenchmark, public). */
export function useBenchmark(benchmarkId: string) {
  return useQuery({
    queryKey: benchmarkKeys.detail(benchmarkId),
    queryFn: ({ signal }) =>
      apiRequest('GET', BENCHMARK_API.getBenchmark, { query: { benchmarkId }, schema: benchmarkDetailResponse, signal }),
    enabled: !!benchmarkId,
  });
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
