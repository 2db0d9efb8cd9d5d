/**
 * Types of the models feature that other files need without its service (the context's services
 * and the benchmarks feature): no code, no import of the context, so no import cycle (eslint/boundaries.js).
 */
import type { BenchmarkPerformance, InferenceTask } from '@ulca/contracts';

/**
 * Everything needed to call a model's endpoint. Server-side only: `callbackUrl` and the key must
 * never be answered to a browser (docs/architecture.md#calling-models).
 */
export interface ModelEndpoint {
  modelId: string;
  name: string;
  version: string;
  task: InferenceTask;
  status: 'published' | 'unpublished';
  /** Owner's user id. */
  userId: string;
  languages: { sourceLanguage: string; targetLanguage?: string | null }[];
  callbackUrl: string;
  /** The endpoint's key, decrypted: sent as header `name: value` on every call. */
  inferenceApiKey: { name: string; value: string } | null;
  /** The descriptor's inference schema for this task: `{taskType, request, response?, modelProcessingType?, supportedVoices?}`. */
  schema: Record<string, unknown> | null;
  /** false: the endpoint answers asynchronously (asyncApiDetails gives the polling set-up). */
  isSyncApi: boolean;
  asyncApiDetails: Record<string, unknown> | null;
  isReference: boolean;
}

/**
 * What the benchmarks feature answers about a model's runs (ctx.services.benchmarks, state.ts ModelsServices, built by
 * createServices from benchmarks/service.ts: the models feature cannot import that file, which imports it).
 */
export interface BenchmarkLookups {
  /** Whether a run of the model is In-Progress (its status must not change meanwhile: 409 BENCHMARK_RUNNING). */
  hasRunningBenchmark(modelId: string): Promise<boolean>;
  /** The runs of each model, newest first (every id of `modelIds` is a key). */
  benchmarkPerformanceOf(modelIds: string[]): Promise<Map<string, BenchmarkPerformance[]>>;
  /** Nothing to stop. */
  close(): void;
}
