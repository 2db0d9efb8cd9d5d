/**
 * A benchmark run (docs/benchmarks.md#benchmark-runs-and-leaderboards "Benchmarks"): sends a benchmark's rows to the
 * model in batches through the guarded model call (net/model-call.ts) within a per-model
 * concurrency limit, stores every row's output as it comes (a failed row is stored as failed,
 * never dropped), then scores the stored outputs with the metric registry. A run whose worker died
 * resumes: rows with a stored output are not sent again. Scoring reads only stored outputs, so a
 * re-score gives the same number.
 */
import type { LimitFunction } from 'p-limit';
import { TASK_REGISTRY, assertNever, isBenchmarkTask, isInferenceTask, type BenchmarkTask, type InferenceTask } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { callModelEndpoint, ModelCallError } from '../../net/model-call.ts';
import * as datasets from '../datasets/service.ts';
import type { ModelEndpoint } from '../models/service.ts';
import * as referenceModels from '../reference-models/service.ts';
import { applyFailures, scoreMetric, type MetricOptions } from './scoring/index.ts';
import * as repo from './repo.ts';
import { NER_OUTPUT_PREPROCESSING, nerPredictedLine, nerReferenceTags, nerSourceOf, topLanguage } from './task-outputs.ts';
import type { BenchmarkServices } from './model-calls.concurrency.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/** Rows per model call for text tasks (media tasks send one row per call). */
export const TEXT_BATCH_ROWS = 25;
/** Bootstrap resamples of a run's interval (seeded: the same outputs give the same interval). */
export const RUN_BOOTSTRAP = { samples: 1000, seed: 12345, confidence: 0.95 } as const;
/** Our preprocessing of model outputs before scoring, named in every run's signature. */
export const OUTPUT_PREPROCESSING = 'nfc+ws';

/** One row of a benchmark (datasets' benchmark_records). */
export type BenchmarkRecord = Awaited<ReturnType<typeof datasets.readBenchmarkRecords>>[number];

/** NFC and collapsed whitespace, as the dataset pipeline normalises the references. */
export function normalizeOutput(s: string): string {
  return s.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Tasks whose rows carry one media file each and are sent one per call: audio or image input (task registry). */
const isMediaTask = (task: InferenceTask): boolean => TASK_REGISTRY[task].input !== 'text';

/**
 * Where a row of each benchmark task keeps its reference: targetText, text, groundTruth, langCode,
 * or for ner the row's tags over its words (task-outputs.ts). A lookup over every benchmark task of
 * the registry (docs/architecture.md#adding-a-model-task).
 */
const REFERENCE_OF: Readonly<Record<BenchmarkTask, (data: Record<string, unknown>) => unknown>> = {
  translation: (d) => d.targetText,
  transliteration: (d) => d.targetText,
  asr: (d) => d.text,
  ocr: (d) => d.groundTruth,
  ner: (d) => nerReferenceTags(d).join(' '),
  'txt-lang-detection': (d) => d.langCode,
  'audio-lang-detection': (d) => d.langCode,
};

/**
 * The reference line of a row for `task` (REFERENCE_OF; targetText for a task that is not a
 * benchmark task). Throws RangeError on a malformed NER row.
 */
export function referenceOf(task: string, data: Record<string, unknown>): string {
  const v = isBenchmarkTask(task) ? REFERENCE_OF[task](data) : data.targetText;
  return typeof v === 'string' ? v : '';
}

/**
 * Why the rows of a `task` benchmark cannot be scored (a NER row whose nerData names a word that is
 * not in the row), as a message naming the row; null when every row has its reference line.
 */
export function unreadableReference(task: string, rows: readonly BenchmarkRecord[]): string | null {
  for (const r of rows) {
    try {
      referenceOf(task, r.data);
    } catch (err) {
      if (err instanceof RangeError) return `Benchmark row ${r.seq + 1} cannot be scored: ${err.message}`;
      throw err;
    }
  }
  return null;
}

/**
 * The hypothesis line of a stored output of a row of `task` for `metric`, or null when the output
 * cannot be read as the task's answer (the row counts as failed): NER predictions aligned to the
 * row's words, a language detection's top language, transliteration candidates joined with tabs
 * for top-k accuracy (metrics/accuracy.ts) and reduced to the first for the other metrics.
 */
export function hypothesisOf(task: string, output: unknown, metric: string, data: Record<string, unknown>): string | null {
  const kind = isInferenceTask(task) ? TASK_REGISTRY[task].output : 'target-text';
  if (kind === 'ner') return nerPredictedLine(output, data);
  if (kind === 'languages') return topLanguage(output);
  if (Array.isArray(output)) {
    const cands = output.map((c) => normalizeOutput(String(c))).filter((c) => c !== '');
    return metric === 'top1' || metric === 'top5' ? cands.join('\t') : (cands[0] ?? '');
  }
  return typeof output === 'string' ? normalizeOutput(output) : '';
}

/** A computed run score. */
export interface RunScore {
  score: number;
  signature: string;
  coverage: number;
  scored: number;
  failed: number;
  ci: { low: number; high: number } | null;
}

/**
 * Scores stored outputs (`outputs` by seq, a missing or failed row = failed) of `rows` with
 * `metric` and `options`: coverage, registry signature extended with our output preprocessing,
 * and the seeded 95% bootstrap interval. Pure: the same inputs always give the same RunScore.
 */
export function scoreOutputs(
  task: string,
  metric: string,
  options: MetricOptions,
  rows: readonly BenchmarkRecord[],
  outputs: ReadonlyMap<number, { output: unknown; error: string | null }>,
): RunScore {
  const raw = rows.map((r) => {
    const o = outputs.get(r.seq);
    return !o || o.error !== null || o.output === null ? null : hypothesisOf(task, o.output, metric, r.data);
  });
  const { hyps, coverage } = applyFailures(raw);
  const refs = [rows.map((r) => referenceOf(task, r.data))];
  const s = scoreMetric(metric, hyps, refs, options, RUN_BOOTSTRAP);
  return {
    score: s.score,
    signature: `${s.signature}|outputs:${task === 'ner' ? NER_OUTPUT_PREPROCESSING : OUTPUT_PREPROCESSING}`,
    coverage: coverage.ratio,
    scored: coverage.scored,
    failed: coverage.failed,
    ci: s.interval ? { low: s.interval.low, high: s.interval.high } : null,
  };
}

/** The process-wide concurrency limit of a model's benchmark calls (ctx.services.benchmarkCalls). */
function limitOf(ctx: AppContext<BenchmarkServices>, modelId: string): LimitFunction {
  return ctx.services.benchmarkCalls.of(modelId);
}

/** Where a row's media lies in the object store (datasets' content-addressed key). */
function mediaKey(data: Record<string, unknown>, field: 'audioFilename' | 'imageFilename'): string | null {
  const hash = data[`${field}Hash`];
  const name = data[field];
  if (typeof hash !== 'string' || typeof name !== 'string') return null;
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
  return `media/${hash}.${/^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin'}`;
}

/** The model's configuration of its example request, minus the languages (set per benchmark). */
function baseConfig(model: ModelEndpoint): Record<string, unknown> {
  const cfg = { ...(((model.schema?.request as Record<string, unknown> | undefined)?.config ?? {}) as Record<string, unknown>) };
  delete cfg.language;
  delete cfg.languages;
  return cfg;
}

/** The ULCA inference request of `rows` for the model's task. */
async function requestOf(ctx: AppContext, model: ModelEndpoint, rows: readonly BenchmarkRecord[]): Promise<Record<string, unknown>> {
  const first = rows[0];
  const language = first.targetLanguage
    ? { sourceLanguage: first.sourceLanguage, targetLanguage: first.targetLanguage }
    : { sourceLanguage: first.sourceLanguage };
  // A language detector is never told the language: that is the answer.
  const spec = TASK_REGISTRY[model.task];
  const config = spec.languages === 'free' ? baseConfig(model) : { ...baseConfig(model), language };
  const input = spec.input;
  switch (input) {
    case 'text':
      return { input: rows.map((r) => ({ source: model.task === 'ner' ? nerSourceOf(r.data) : String(r.data.sourceText ?? '') })), config };
    case 'audio':
    case 'image': {
      const field = input === 'image' ? 'imageFilename' : 'audioFilename';
      const items = [];
      for (const r of rows) {
        const key = mediaKey(r.data, field);
        if (!key || !(await ctx.store.exists(key))) throw new Error(`benchmark row ${r.seq}: its ${field} is not in the object store`);
        const bytes = Buffer.concat(await (await ctx.store.get(key)).toArray());
        items.push(input === 'audio' ? { audioContent: bytes.toString('base64') } : { imageContent: bytes.toString('base64') });
      }
      if (input === 'image') return { image: items, config };
      return { audio: items, config: model.task === 'asr' ? { audioFormat: 'wav', ...config } : config };
    }
    default:
      return assertNever(input, 'task input kind');
  }
}

/**
 * The outputs of an answer, one per row, stored as the model gave them: a string (candidates for
 * transliteration), the nerPrediction list (ner) or the langPrediction list (language detection).
 */
function outputsOf(task: InferenceTask, body: unknown, n: number): unknown[] {
  const out = (body as { output?: Record<string, unknown>[] }).output;
  if (!Array.isArray(out) || out.length !== n)
    throw new ModelCallError('BAD_RESPONSE', `The model answered ${Array.isArray(out) ? out.length : 0} outputs for ${n} inputs.`);
  const kind = TASK_REGISTRY[task].output;
  const field = ((): string | null => {
    switch (kind) {
      case 'source-text':
        return 'source';
      case 'target-text':
      case 'suggestions':
        return 'target';
      case 'ner':
        return 'nerPrediction';
      case 'languages':
        return 'langPrediction';
      case 'genders':
        return 'genderPrediction';
      case 'audio':
        return null; // an audio answer has no `output` to score
      default:
        return assertNever(kind, 'task output kind');
    }
  })();
  return out.map((o) => (field === null ? null : (o?.[field] ?? null)));
}

/** Calls the model on `rows` once; throws ModelCallError (or a store error) on failure. */
async function callOnce(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices>,
  model: ModelEndpoint,
  rows: readonly BenchmarkRecord[],
): Promise<unknown[]> {
  const request = await requestOf(ctx, model, rows);
  // A reference model is reached on this process's own reference server (the one loopback origin
  // allowed); a worker-only process starts the engine on demand.
  const route = await referenceModels.reachModel(ctx, model);
  const { body } = await limitOf(
    ctx,
    model.modelId,
  )(() =>
    callModelEndpoint(route.target, request, {
      allowedHosts: ctx.config.allowedFetchHosts,
      pools: ctx.services.outbound,
      allowedOrigins: route.allowedOrigins,
      timeoutMs: ctx.config.modelCallTimeoutMs,
      maxBytes: ctx.config.modelMaxResponseBytes,
    }),
  );
  return outputsOf(model.task, body, rows.length);
}

/**
 * Sends one batch and returns one result per row. A failed batch call is retried row by row, so
 * only the rows the model really fails on end as failed (with the reason).
 */
async function runBatch(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices>,
  model: ModelEndpoint,
  rows: readonly BenchmarkRecord[],
): Promise<{ seq: number; output: unknown; error: string | null }[]> {
  try {
    const outs = await callOnce(ctx, model, rows);
    return rows.map((r, i) => ({ seq: r.seq, output: outs[i], error: outs[i] === null ? 'The model gave no output for this row.' : null }));
  } catch (err) {
    if (!(err instanceof ModelCallError)) throw err;
    if (rows.length === 1) return [{ seq: rows[0].seq, output: null, error: `${err.code}: ${err.message}` }];
  }
  const results = [];
  for (const r of rows) results.push(...(await runBatch(ctx, model, [r])));
  return results;
}

/** Options of {@link runInference}. */
export interface RunOptions {
  /** Rows per call for text tasks (default TEXT_BATCH_ROWS). */
  batchRows?: number;
  /** Called after each stored batch with the number of rows stored so far (tests, progress). */
  onBatch?: (stored: number) => Promise<void> | void;
}

/**
 * The inference stage of a run: every row without a stored output is sent (batches run within the
 * model's concurrency limit) and its output stored at once. Returns when every row has one.
 */
export async function runInference(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices>,
  runId: string,
  model: ModelEndpoint,
  rows: readonly BenchmarkRecord[],
  opts: RunOptions = {},
): Promise<void> {
  const done = await repo.storedSeqs(ctx.db, runId);
  const pending = rows.filter((r) => !done.has(r.seq));
  const size = isMediaTask(model.task) ? 1 : Math.max(1, opts.batchRows ?? TEXT_BATCH_ROWS);
  const batches: BenchmarkRecord[][] = [];
  for (let i = 0; i < pending.length; i += size) batches.push(pending.slice(i, i + size));
  let stored = done.size;
  for (const batch of batches) {
    const results = await runBatch(ctx, model, batch);
    await repo.storeOutputs(ctx.db, runId, results);
    stored += results.length;
    await opts.onBatch?.(stored);
  }
}
