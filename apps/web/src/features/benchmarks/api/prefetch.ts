import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_BENCHMARK_TASK, benchmarkQuery, benchmarkSearchQuery } from './benchmarks.ts';

/**
 * Loads what the benchmark list first shows (the default tab's published benchmark datasets) into
 * `client`, for the server's render of the page (docs/architecture.md#prerendered-pages). Never
 * rejects: a failed query is left out.
 */
export function prefetchBenchmarkList(client: QueryClient): Promise<void> {
  return client.prefetchQuery(benchmarkSearchQuery(DEFAULT_BENCHMARK_TASK));
}

/**
 * Loads the benchmark `benchmarkId` with its leaderboard into `client`, for the server's render of
 * its page. Never rejects: an unknown or unpublished benchmark (404) is left out, and the page
 * goes out without data.
 */
export function prefetchBenchmark(client: QueryClient, benchmarkId: string): Promise<void> {
  return client.prefetchQuery({ ...benchmarkQuery(benchmarkId), retry: false });
}
