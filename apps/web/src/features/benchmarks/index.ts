/**
 * What other web features may use of the benchmarks feature (lint: eslint/boundaries.js): the
 * metric names and definitions, the details page's path and router state, and the Run Benchmark
 * modal of My Models.
 */
export { MetricName } from './components/MetricGlossary.tsx';
export { metricLabel, directionText, metricGlossaryPath } from './lib/metrics.ts';
export { benchmarkDetailPath, benchmarkTaskLabel, type BenchmarkDetailState } from './lib/list.ts';
export { RunBenchmarkDialog } from './components/RunBenchmarkDialog.tsx';
