/**
 * The benchmarks feature (docs/product.md#model-screens "Benchmark datasets", "Run benchmark", docs/product.md#entities-and-fields; docs/benchmarks.md#benchmark-runs-and-leaderboards
 * "Benchmarks", 3, 5 and the server side of 2 and 7). Benchmark datasets go
 * through the datasets pipeline (datasets/service.ts submitBenchmarkDataset) and are registered
 * here once published; runs are pg-boss jobs (run-job.ts) that call the model through
 * the guarded call, keep every output and score them with the metric registry (metrics/); the
 * leaderboard ranks completed runs per metric in the metric's direction. Other features import
 * this file only.
 */
import crypto from 'node:crypto';
import {
  BENCHMARK_API,
  BENCHMARK_TASKS,
  benchmarkSpec,
  isBenchmarkTask,
  isInferenceTask,
  type BenchmarkTask,
  type BenchmarkExecuteBody,
  type BenchmarkPerformance,
  type BenchmarkSearchBody,
  type BenchmarkSubmitBody,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { AuthUser } from '../../security/auth.ts';
import * as datasets from '../datasets/service.ts';
import * as models from '../models/service.ts';
import type { BenchmarkLookups } from '../models/types.ts';
import * as referenceModels from '../reference-models/service.ts';
import { findMetric, getMetric, rankByMetric, type AvailableMetric, type MetricOptions } from './scoring/index.ts';
import * as repo from './repo.ts';
import type { BenchmarkRow, RunRow } from './repo.ts';
import { runInference, scoreOutputs, unreadableReference, type RunOptions, type RunScore } from './run.ts';
import { ifUnlocked, runUnderLock } from '../../db/job-lock.ts';
import { managesBenchmark, runRowsAccess, seesTestSet, testSetHidden, type TestSetCaller } from './test-set.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';
import type { ModelsServices } from '../models/service.ts';
import type { BenchmarkServices } from './model-calls.concurrency.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { BenchmarkServices } from './model-calls.concurrency.ts';

export type { RunOptions } from './run.ts';
/** Per-example outputs and the comparison of runs (comparison.ts; docs/api.md#per-example-outputs). */
export { compareRuns, runOutputLines } from './comparison.ts';

/**
 * Metrics a run on a benchmark of each task may use, in display order (registry names; docs/benchmarks.md#benchmark-runs-and-leaderboards), from the task registry's `benchmark.metrics` (packages/contracts models/tasks.ts). ner
 * runs align the model's nerPrediction and the rows' nerData to the rows' words and score the tag
 * lines with entity F1; language detection compares the model's top language with the row's
 * langCode (task-outputs.ts).
 */
export const TASK_METRICS: Readonly<Record<BenchmarkTask, readonly string[]>> = Object.fromEntries(
  BENCHMARK_TASKS.map((t) => [t, benchmarkSpec(t).metrics]),
) as Record<BenchmarkTask, readonly string[]>;

/** The 409 text of a second run of the same model, benchmark and metric. */
export const RUN_EXISTS_MESSAGE =
  'This model has already been benchmarked (or is being benchmarked) on this benchmark dataset with this metric.';
/** Message of a run whose job failed for a reason of the platform. */
export const RUN_INTERNAL_FAILURE = 'The platform could not complete this benchmark run; please try again later.';
/** The 404 text of a benchmark that does not exist or is not published. */
export const BENCHMARK_NOT_FOUND = 'No published benchmark dataset with this benchmarkId.';
/** The 404 text of a run the caller may not see. */
export const RUN_NOT_FOUND = 'No benchmark run with this benchmarkProcessId.';

/** The options a metric is run with on a benchmark (stored with the run: a re-score uses them). */
function metricOptionsFor(metric: AvailableMetric, b: BenchmarkRow): MetricOptions {
  if (metric.name === 'bleu-indic') return b.target_language ? { lang: b.target_language } : {};
  return {};
}

const metricsOfTask = (task: string | null): string[] => (isBenchmarkTask(task) ? [...TASK_METRICS[task]] : []);

function metricInfo(name: string) {
  const m = getMetric(name);
  return { metricName: m.name, label: m.label, direction: m.direction, description: m.description };
}

/**
 * A published benchmark as answered (@ulca/contracts benchmarkSchema); `refUrl` from {@link withRefUrls},
 * `contentKey` (a bundled benchmark's folder name) only for the platform's own benchmarks.
 */
function toBenchmark(b: BenchmarkRow, refUrl: string | null, contentKey?: string) {
  const params = b.params ?? {};
  return {
    benchmarkId: b.benchmark_id,
    ...(contentKey ? { contentKey } : {}),
    name: b.name,
    description: b.description,
    refUrl,
    task: { type: b.task ?? '' },
    languages: { sourceLanguage: b.source_language ?? '', targetLanguage: b.target_language },
    domain: b.domain,
    submitter: { name: b.submitter ?? '' },
    license: typeof params.license === 'string' ? params.license : null,
    collectionSource: Array.isArray(params.collectionSource) ? (params.collectionSource as unknown[]).map(String) : [],
    recordCount: b.record_count ?? 0,
    submittedOn: b.submitted_on.getTime(),
    publishedOn: b.published_on ? b.published_on.getTime() : null,
    metric: metricsOfTask(b.task),
    visibility: b.visibility,
  };
}

/**
 * Benchmarks as answered, each with its `refUrl`: the address its dataset was submitted from (the
 * original ULCA's Download; datasets/service.ts submittedUrls), or for a benchmark bundled with the
 * platform the address of its zip ({@link bundledBenchmarkArchive}; docs/benchmarks.md#bundled-benchmarks);
 * null on a hidden benchmark unless `caller` owns it or is an ADMIN (docs/api.md#who-sees-a-benchmarks-rows).
 */
async function withRefUrls(ctx: AppContext, rows: BenchmarkRow[], caller: TestSetCaller) {
  const srns = rows.map((b) => b.service_request_number);
  const urls = await datasets.submittedUrls(ctx, srns);
  const bundled = await datasets.bundledBenchmarkKeys(ctx, srns);
  const bundledUrl = (b: BenchmarkRow) =>
    bundled.has(b.service_request_number)
      ? `${ctx.config.publicUrl}${BENCHMARK_API.download}?benchmarkId=${encodeURIComponent(b.benchmark_id)}`
      : null;
  return rows.map((b) =>
    toBenchmark(
      b,
      seesTestSet(b, caller) ? (urls.get(b.service_request_number) ?? bundledUrl(b)) : null,
      bundled.get(b.service_request_number),
    ),
  );
}

/** The 404 text of a benchmark that has no zip on this platform (it was submitted from its own address). */
export const BENCHMARK_NO_ARCHIVE = 'This benchmark dataset has no download here: it was submitted from its own address (refUrl).';

/**
 * GET benchmark/download (docs/benchmarks.md#bundled-benchmarks): the zip a bundled benchmark
 * was published from (the object store keeps every submission's source archive), as
 * `{fileName, body}`. Throws 404 for a benchmark that is not published or not bundled (a submitted
 * one downloads from its own refUrl) or whose archive is gone, 403 TEST_SET_HIDDEN for a hidden one
 * unless `caller` owns it or is an ADMIN (docs/api.md#who-sees-a-benchmarks-rows).
 */
export async function bundledBenchmarkArchive(ctx: AppContext, benchmarkId: string, caller: TestSetCaller) {
  const b = await publishedBenchmark(ctx, benchmarkId);
  const bundled = await datasets.demoBenchmarkSubmissions(ctx);
  const key = datasets.sourceZipKey(b.service_request_number);
  if (!bundled.includes(b.service_request_number) || !(await ctx.store.exists(key))) throw notFound(BENCHMARK_NO_ARCHIVE);
  if (!seesTestSet(b, caller)) throw testSetHidden();
  const fileName = `${b.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'benchmark'}.zip`;
  return { fileName, body: await ctx.store.get(key) };
}

// ---------------------------------------------------------------------------------------------
// Benchmark datasets

/**
 * POST benchmark/submit: the datasets pipeline with benchmark params, and the
 * benchmark recorded under the submission's dataset id. Returns `{serviceRequestNumber,
 * benchmarkId, timestamp}`. Throws 400 (name, url), 403 (userId of someone else), 409 (name taken).
 */
export async function submitBenchmark(ctx: AppContext, user: AuthUser, body: BenchmarkSubmitBody) {
  if (body.userId && body.userId !== user.userId)
    throw new ApiError(403, 'FORBIDDEN', 'You can only submit benchmark datasets as yourself.');
  const sub = await datasets.submitBenchmarkDataset(ctx, user, body);
  await repo
    .insertBenchmark(ctx.db, {
      benchmarkId: sub.datasetId,
      srn: sub.serviceRequestNumber,
      userId: user.userId,
      name: body.datasetName.trim(),
    })
    .catch(async (err: unknown) => {
      // The ingest job may have registered it first (registerPublishedBenchmark); that is the same row.
      if ((err as { code?: string }).code !== '23505') throw err;
    });
  return { serviceRequestNumber: sub.serviceRequestNumber, benchmarkId: sub.datasetId, timestamp: sub.timestamp };
}

/**
 * Subscribed to datasetPublished (subscriptions.ts; emitted by modules/datasets/ingest-job.ts): when
 * `srn` is a benchmark submission that completed, fills the benchmark's task, languages, domain,
 * submitter and row count from its params, so it is listed. Idempotent; a no-op otherwise.
 */
export async function registerPublishedBenchmark(ctx: AppContext, srn: string): Promise<void> {
  const sub = await datasets.submissionSummary(ctx, srn);
  if (!sub || sub.kind !== 'benchmark' || sub.status !== 'Completed') return;
  const p = (sub.params ?? {}) as Record<string, unknown>;
  const langs = (p.languages ?? {}) as { sourceLanguage?: string; targetLanguage?: string };
  const task = ((p.taskType ?? {}) as { type?: string }).type ?? '';
  if (!(BENCHMARK_TASKS as readonly string[]).includes(task)) return;
  if (!(await repo.findBySrn(ctx.db, srn))) {
    // Registered here before publishBundledBenchmarks did: a bundled benchmark is open all the same.
    const visibility = (await datasets.demoBenchmarkSubmissions(ctx)).includes(srn) ? 'open' : 'hidden';
    await repo
      .insertBenchmark(ctx.db, { benchmarkId: sub.datasetId, srn, userId: sub.userId, name: sub.datasetName, visibility })
      .catch((err: unknown) => {
        if ((err as { code?: string }).code !== '23505') throw err;
      });
  }
  const rows = await datasets.readBenchmarkRecords(ctx, sub.datasetId);
  await repo.setPublished(ctx.db, sub.datasetId, {
    task,
    sourceLanguage: langs.sourceLanguage ?? '',
    targetLanguage: langs.targetLanguage ?? null,
    domain: Array.isArray(p.domain) ? (p.domain as unknown[]).map(String) : [],
    submitter: ((p.submitter ?? {}) as { name?: string }).name ?? '',
    description: typeof p.description === 'string' ? p.description : null,
    params: p,
    recordCount: rows.length,
    publishedOn: sub.completedOn ?? new Date(),
  });
}

/**
 * The status a benchmark submission is listed with: its pipeline's, except that a Completed
 * pipeline whose benchmark the ingest job has not registered yet (registerPublishedBenchmark runs
 * just after it) is still In-Progress: its row would otherwise open a details page that answers 404.
 */
function listedStatus(pipelineStatus: string, b: BenchmarkRow): string {
  return pipelineStatus === 'Completed' && !b.published_on ? 'In-Progress' : pipelineStatus;
}

/**
 * GET benchmark/listByUserId: the caller's benchmark submissions, newest first, with their
 * pipeline status (the My Contribution Benchmark Dataset tab, docs/product.md#dataset-screens); pages of 10 when
 * startPage/endPage are given (1-based, inclusive).
 */
export async function listBenchmarksOfUser(ctx: AppContext, userId: string, q: { startPage?: number; endPage?: number }) {
  const pageSize = 10;
  const paged = q.startPage !== undefined;
  const start = q.startPage ?? 1;
  const end = Math.max(start, q.endPage ?? start);
  const { rows, total } = await repo.listOfUser(
    ctx.db,
    userId,
    paged ? (end - start + 1) * pageSize : null,
    paged ? (start - 1) * pageSize : 0,
  );
  const data = [];
  for (const b of rows) {
    const sub = await datasets.submissionSummary(ctx, b.service_request_number);
    const task = ((sub?.params as { taskType?: { type?: string } } | null)?.taskType?.type ?? b.task) || null;
    data.push({
      submitRefNumber: b.service_request_number,
      serviceRequestNumber: b.service_request_number,
      benchmarkId: b.benchmark_id,
      datasetName: b.name,
      datasetType: task,
      submittedOn: b.submitted_on.toISOString(),
      status: listedStatus(sub?.status ?? 'Pending', b),
    });
  }
  return { count: data.length, totalCount: total, data };
}

const isAny = (v: string | string[] | null | undefined): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && (v.trim() === '' || v === 'All')) ||
  (Array.isArray(v) && v.filter((x) => x && x !== 'All').length === 0);
const asList = (v: string | string[] | null | undefined): string[] | undefined =>
  isAny(v) ? undefined : (Array.isArray(v) ? v : [v as string]).filter((x) => x && x !== 'All');

/**
 * POST benchmark/search (docs/product.md#screens benchmark list): published benchmarks of `task`, newest
 * first, filtered by source/target language, domain and submitter ('', null, [], 'All' = any),
 * each with the task's metric[]. A model task that has no benchmarks (tts: the original client's
 * Benchmark Datasets has a TTS tab, docs/migration.md#model-side) lists none. Throws 400 UNKNOWN_TASK
 * for any other name.
 */
export async function searchBenchmarks(ctx: AppContext, body: BenchmarkSearchBody) {
  const task = body.task.trim();
  if (isInferenceTask(task) && !(BENCHMARK_TASKS as readonly string[]).includes(task)) return [];
  if (!(BENCHMARK_TASKS as readonly string[]).includes(task)) {
    throw badRequest('UNKNOWN_TASK', `Unknown benchmark task "${task}".`, [
      { field: 'task', message: `One of ${BENCHMARK_TASKS.join(', ')}.` },
    ]);
  }
  const rows = await repo.searchPublished(ctx.db, {
    task,
    sources: asList(body.sourceLanguage),
    targets: asList(body.targetLanguage),
    domains: asList(body.domain),
    submitter: isAny(body.submitter) ? undefined : (body.submitter as string).trim(),
  });
  return withRefUrls(ctx, rows, null);
}

async function publishedBenchmark(ctx: AppContext, benchmarkId: string): Promise<BenchmarkRow> {
  const b = await repo.findBenchmark(ctx.db, benchmarkId.trim());
  if (!b || !b.published_on) throw notFound(BENCHMARK_NOT_FOUND);
  return b;
}

/**
 * GET benchmark/getBenchmark (docs/product.md#benchmark-datasets-and-leaderboards benchmark details; public): the benchmark, its metrics and
 * the leaderboard: every completed run with model name and version, score, signature, coverage and
 * 95% interval, ranked per metric in the metric's direction (lower first for WER, CER, TER),
 * `position` 1-based within the metric among published models. A run of an unpublished model is
 * listed only to who may see that model (its owner, ADMINs), with modelStatus 'unpublished' and
 * position 0, so the ranks are the same for everyone; others' unpublished models are left out.
 * Throws 404 BENCHMARK_NOT_FOUND.
 */
export async function getBenchmark(ctx: AppContext<ModelsServices>, benchmarkId: string, caller: models.ModelCaller | null) {
  const b = await publishedBenchmark(ctx, benchmarkId);
  const runs = await repo.completedRunsOf(ctx.db, b.benchmark_id);
  const modelInfo = new Map<string, { name: string; version: string; status: 'published' | 'unpublished'; userId: string } | null>();
  for (const id of new Set(runs.map((r) => r.model_id))) {
    try {
      const m = await models.getModelForCall(ctx, id, caller);
      modelInfo.set(id, { name: m.name, version: m.version, status: m.status, userId: m.userId });
    } catch {
      modelInfo.set(id, null);
    }
  }
  const performance: (ReturnType<typeof leaderboardEntry> & { position: number })[] = [];
  for (const metric of new Set(runs.map((r) => r.metric))) {
    const entries = runs
      .filter((r) => r.metric === metric && modelInfo.get(r.model_id))
      .map((r) => {
        const m = modelInfo.get(r.model_id)!;
        return leaderboardEntry(r, m, runRowsAccess(b, r, m.userId, caller) !== 'none');
      });
    let position = 0;
    for (const e of rankByMetric(metric, entries)) performance.push({ ...e, position: e.modelStatus === 'published' ? ++position : 0 });
  }
  const [benchmark] = await withRefUrls(ctx, [b], caller);
  return {
    ...benchmark,
    availableMetric: metricsOfTask(b.task).map(metricInfo),
    benchmarkPerformance: performance,
    canChangeVisibility: managesBenchmark(b, caller),
  };
}

/** A completed run as a leaderboard entry (before ranking); `outputsVisible`: whether the caller may read its rows (test-set.ts). */
function leaderboardEntry(r: RunRow, m: { name: string; version: string; status: 'published' | 'unpublished' }, outputsVisible: boolean) {
  return {
    benchmarkProcessId: r.benchmark_process_id,
    modelId: r.model_id,
    modelName: m.name,
    modelVersion: m.version,
    metric: r.metric,
    score: r.score as number,
    signature: r.signature ?? '',
    coverage: r.coverage ?? 0,
    ci: r.ci_low !== null && r.ci_high !== null ? { low: r.ci_low, high: r.ci_high } : null,
    createdOn: r.created_on.getTime(),
    modelStatus: m.status,
    outputsVisible,
  };
}

/**
 * POST benchmark/visibility (docs/api.md#who-sees-a-benchmarks-rows): the benchmark's owner or an
 * ADMIN marks its test set open or hidden; answers `{benchmarkId, visibility}`. Throws 404
 * BENCHMARK_NOT_FOUND for an unknown benchmark, 403 FORBIDDEN for anyone else.
 */
export async function setBenchmarkVisibility(ctx: AppContext, caller: AuthUser, benchmarkId: string, visibility: 'open' | 'hidden') {
  const b = await repo.findBenchmark(ctx.db, benchmarkId.trim());
  if (!b) throw notFound(BENCHMARK_NOT_FOUND);
  if (!managesBenchmark(b, caller))
    throw new ApiError(403, 'FORBIDDEN', "Only the benchmark dataset's owner or an admin can change who sees its test set.");
  await repo.setVisibility(ctx.db, b.benchmark_id, visibility);
  return { benchmarkId: b.benchmark_id, visibility };
}

/**
 * POST benchmark/getByTask (the Run Benchmark modal, docs/product.md#model-screens): the published benchmarks of the
 * model's task whose languages the model supports, each with metric[] and availableMetric[]. A
 * signed caller's model must be theirs (or the caller an ADMIN): else 404, as for a missing model.
 * `caller` null is the original ULCA client's unsigned call (legacy mode only, docs/migration.md#model-side):
 * then the model must be published, or be `claimedOwner`'s (the `?userId=` it sends: that client offers
 * Run Benchmark only before publishing); only public benchmarks are listed, as for anyone. 404 otherwise.
 */
export async function benchmarksForModel(ctx: AppContext<ModelsServices>, caller: AuthUser | null, modelId: string, claimedOwner?: string) {
  const model = caller ? await ownModel(ctx, caller, modelId) : await unsignedModel(ctx, modelId.trim(), claimedOwner);
  const rows = await repo.searchPublished(ctx.db, { task: model.task });
  return (
    await withRefUrls(
      ctx,
      rows.filter((b) => supportsLanguages(model, b)),
      caller,
    )
  ).map((b) => ({ ...b, availableMetric: metricsOfTask(b.task.type).map(metricInfo) }));
}

/**
 * Whether the model serves the benchmark's languages: a model without languages, or a benchmark
 * without a source language (language detection, whose rows mix languages: LANGUAGE_FREE_BENCHMARK_TASKS),
 * suits any; otherwise one of the model's pairs must be the benchmark's.
 */
function supportsLanguages(model: models.ModelEndpoint, b: BenchmarkRow): boolean {
  if (model.languages.length === 0 || !b.source_language) return true;
  return model.languages.some(
    (l) => l.sourceLanguage === b.source_language && (!b.target_language || l.targetLanguage === b.target_language),
  );
}

/** The model an unsigned getByTask names: a published one, or an unpublished one of `claimedOwner`; 404 otherwise. */
function unsignedModel(ctx: AppContext<ModelsServices>, modelId: string, claimedOwner: string | undefined): Promise<models.ModelEndpoint> {
  // No roles: a claimed id never stands for an ADMIN, only for the model's owner.
  return models.getModelForCall(ctx, modelId, claimedOwner ? { userId: claimedOwner, roles: [] } : null);
}

/** The model `modelId` when the caller owns it or is an ADMIN; 404 otherwise (nothing learnt about others' models). */
async function ownModel(ctx: AppContext<ModelsServices>, caller: models.ModelCaller, modelId: string): Promise<models.ModelEndpoint> {
  const model = await models.getModelForCall(ctx, modelId.trim(), caller);
  if (model.userId !== caller.userId && !caller.roles.includes('ADMIN')) throw notFound(models.MODEL_NOT_FOUND_MESSAGE);
  return model;
}

// ---------------------------------------------------------------------------------------------
// Runs

/** pg-boss payload of the benchmark-run queue. */
export interface BenchmarkRunJobData {
  benchmarkProcessId: string;
}

/**
 * POST benchmark/execute (docs/product.md#model-screens "Run benchmark"): one run per
 * {benchmarkId, metric}, each queued as a benchmark-run job. All are checked before any starts:
 * the model must be the caller's (or the caller an ADMIN; else 404), each benchmark published and
 * of the model's task and languages (400), each metric offered for the task and computable (400),
 * and no run of the same model, benchmark and metric In-Progress or Completed (409
 * RUN_EXISTS_MESSAGE; also when two requests race). Returns the new benchmarkProcessIds.
 */
export async function executeRuns(
  ctx: AppContext<ModelsServices>,
  caller: models.ModelCaller,
  body: BenchmarkExecuteBody,
): Promise<string[]> {
  const model = await ownModel(ctx, caller, body.modelId);
  const planned: { benchmark: BenchmarkRow; metric: AvailableMetric }[] = [];
  for (const [i, item] of body.benchmarks.entries()) {
    const b = await publishedBenchmark(ctx, item.benchmarkId);
    if (b.task !== model.task)
      throw badRequest('TASK_MISMATCH', `Benchmark "${b.name}" is a ${b.task} benchmark; this model is a ${model.task} model.`, [
        { field: `benchmarks.${i}.benchmarkId`, message: "Not of the model's task." },
      ]);
    if (!supportsLanguages(model, b))
      throw badRequest('LANGUAGE_NOT_SUPPORTED', `This model does not support the languages of benchmark "${b.name}".`, [
        { field: `benchmarks.${i}.benchmarkId`, message: 'Languages not supported by the model.' },
      ]);
    const def = findMetric(item.metric);
    const offered = metricsOfTask(b.task);
    if (!def || !offered.includes(def.name)) {
      throw badRequest(
        'METRIC_NOT_OFFERED',
        `Metric "${item.metric}" is not offered for ${b.task} benchmarks; choose one of ${offered.join(', ') || 'none'}.`,
        [{ field: `benchmarks.${i}.metric`, message: 'Not offered for this task.' }],
      );
    }
    if (!def.available) throw badRequest('METRIC_UNAVAILABLE', `${def.label} is unavailable: ${def.reason}`);
    if (planned.some((p) => p.benchmark.benchmark_id === b.benchmark_id && p.metric.name === def.name))
      throw badRequest('DUPLICATE_RUN', 'The same benchmark and metric are listed twice.');
    planned.push({ benchmark: b, metric: def });
  }
  const ids: string[] = [];
  for (const p of planned) {
    const id = crypto.randomUUID();
    try {
      await repo.insertRun(ctx.db, {
        id,
        modelId: model.modelId,
        benchmarkId: p.benchmark.benchmark_id,
        metric: p.metric.name,
        userId: caller.userId,
        recordCount: p.benchmark.record_count ?? 0,
        options: metricOptionsFor(p.metric, p.benchmark) as Record<string, unknown>,
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505')
        throw new ApiError(409, 'BENCHMARK_RUN_EXISTS', `${RUN_EXISTS_MESSAGE} (${p.benchmark.name}, ${p.metric.label})`);
      throw err;
    }
    await ctx.boss.send(QUEUES.benchmarkRun, { benchmarkProcessId: id } satisfies BenchmarkRunJobData, { singletonKey: id });
    ids.push(id);
  }
  return ids;
}

/**
 * POST benchmark/execute/allMetric (the original ULCA client's Run Benchmark; docs/migration.md):
 * one run per metric offered for the benchmark's task and computable, skipping metrics the model
 * already has an In-Progress or Completed run of; then as {@link executeRuns}. 409
 * BENCHMARK_RUN_EXISTS when no metric is left, 404 for an unknown benchmark or another's model.
 */
export async function executeAllMetrics(
  ctx: AppContext<ModelsServices>,
  caller: models.ModelCaller,
  body: { modelId: string; benchmarkId: string },
): Promise<string[]> {
  const b = await publishedBenchmark(ctx, body.benchmarkId);
  const model = await ownModel(ctx, caller, body.modelId);
  const taken = await repo.activeRunMetrics(ctx.db, model.modelId, b.benchmark_id);
  const metrics = metricsOfTask(b.task).filter((name) => findMetric(name)?.available && !taken.has(name));
  if (metrics.length === 0) throw new ApiError(409, 'BENCHMARK_RUN_EXISTS', `${RUN_EXISTS_MESSAGE} (${b.name}, every metric)`);
  return executeRuns(ctx, caller, {
    modelId: model.modelId,
    benchmarks: metrics.map((metric) => ({ benchmarkId: b.benchmark_id, metric })),
  });
}

function toRunStatus(r: RunRow) {
  return {
    benchmarkProcessId: r.benchmark_process_id,
    benchmarkDatasetId: r.benchmark_id,
    modelId: r.model_id,
    status: r.status,
    stages: [
      { stage: 'inference' as const, status: r.inference_status },
      { stage: 'scoring' as const, status: r.scoring_status },
    ],
    metric: r.metric,
    score: r.score,
    signature: r.signature,
    coverage: r.coverage,
    ci: r.ci_low !== null && r.ci_high !== null ? { low: r.ci_low, high: r.ci_high } : null,
    recordCount: r.record_count,
    scoredCount: r.scored_count,
    failedCount: r.failed_count,
    failureMessage: r.failure_message,
    createdOn: r.created_on.getTime(),
    completedOn: r.completed_on ? r.completed_on.getTime() : null,
  };
}

/**
 * GET benchmark/process/status: the run with its stages, score, signature, coverage and interval.
 * Visible to whoever started it, the model's owner and ADMINs; 404 RUN_NOT_FOUND otherwise.
 */
export async function runStatus(ctx: AppContext<ModelsServices>, caller: AuthUser, id: string) {
  const r = await repo.findRun(ctx.db, id.trim());
  if (!r) throw notFound(RUN_NOT_FOUND);
  if (r.user_id !== caller.userId && !caller.roles.includes('ADMIN')) {
    const owner = await models.getModelForCall(ctx, r.model_id, caller).catch(() => null);
    if (owner?.userId !== caller.userId) throw notFound(RUN_NOT_FOUND);
  }
  return [toRunStatus(r)];
}

/** The caller a run's job reaches its model as: the run was authorised when it was started (owner or ADMIN). */
const RUN_CALLER = (r: RunRow): models.ModelCaller => ({ userId: r.user_id, roles: ['ADMIN'] });

async function scoreRun(ctx: AppContext, r: RunRow, task: string): Promise<RunScore> {
  const rows = await datasets.readBenchmarkRecords(ctx, r.benchmark_id);
  const outputs = new Map((await repo.readOutputs(ctx.db, r.benchmark_process_id)).map((o) => [o.seq, o]));
  return scoreOutputs(task, r.metric, r.metric_options as MetricOptions, rows, outputs);
}

/**
 * The benchmark-run job (run-job.ts): inference (rows without a stored output are sent
 * to the model; a retried job resumes from the stored outputs), then scoring; the run ends
 * Completed with score, signature, coverage and interval, or Failed when every row failed. A run
 * that already ended is left as it is. Unexpected errors are thrown (pg-boss retries). One attempt
 * at a time (db/job-lock.ts): an attempt started while another runs the same run (a job retried
 * after JOB_EXPIRE_SECONDS, or re-queued at a worker's start) waits for it instead of overlapping.
 */
export async function runBenchmarkJob(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices & ModelsServices>,
  id: string,
  opts: RunOptions = {},
): Promise<void> {
  const isFinal = async () => (await repo.findRun(ctx.db, id))?.status !== 'In-Progress';
  await runUnderLock(ctx.db, `benchmark-run:${id}`, isFinal, () => runBenchmarkLocked(ctx, id, opts));
}

async function runBenchmarkLocked(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices & ModelsServices>,
  id: string,
  opts: RunOptions,
): Promise<void> {
  const r = await repo.findRun(ctx.db, id);
  if (!r || r.status !== 'In-Progress') return;
  const b = await repo.findBenchmark(ctx.db, r.benchmark_id);
  if (!b?.task) return repo.failRun(ctx.db, id, 'The benchmark dataset is not published.');
  let model: models.ModelEndpoint;
  try {
    model = await models.getModelForCall(ctx, r.model_id, RUN_CALLER(r));
  } catch {
    return repo.failRun(ctx.db, id, 'The model no longer exists.');
  }
  const rows = await datasets.readBenchmarkRecords(ctx, r.benchmark_id);
  // A benchmark row without a usable reference fails the run at once, before the model is called.
  const unreadable = unreadableReference(b.task, rows);
  if (unreadable) return repo.failRun(ctx.db, id, unreadable);
  await repo.setRunStages(ctx.db, id, { inference: 'In-Progress' });
  // A reference model is an offline, deterministic engine: its outputs on this benchmark from a
  // completed run of another metric are its outputs here, so the other metrics of the bundled
  // benchmarks cost no model call (docs/benchmarks.md#bundled-benchmarks). Rows still missing are sent.
  if (model.isReference) await repo.copySiblingOutputs(ctx.db, id, r.model_id, r.benchmark_id);
  await runInference(ctx, id, model, rows, opts);
  await repo.setRunStages(ctx.db, id, { inference: 'Completed', scoring: 'In-Progress' });
  const s = await scoreRun(ctx, r, b.task);
  if (s.scored === 0) return repo.failRun(ctx.db, id, `The model failed on every one of the ${rows.length} rows; no score is given.`);
  await repo.completeRun(ctx.db, id, {
    score: s.score,
    signature: s.signature,
    coverage: s.coverage,
    scored: s.scored,
    failed: s.failed,
    ciLow: s.ci?.low ?? null,
    ciHigh: s.ci?.high ?? null,
  });
}

/** What the job log reports when a run attempt ends (jobs/retry.ts): status and rows scored / failed. */
export async function benchmarkRunSummary(ctx: AppContext, id: string): Promise<Record<string, unknown>> {
  const r = await repo.findRun(ctx.db, id);
  return { status: r?.status ?? null, rows: { scored: r?.scored_count ?? null, failed: r?.failed_count ?? null } };
}

/** Ends a run as Failed after its job's last attempt (stages final, no score), unless another live attempt runs it. */
export async function failBenchmarkRun(ctx: AppContext, id: string, message = RUN_INTERNAL_FAILURE): Promise<void> {
  await ifUnlocked(ctx.db, `benchmark-run:${id}`, () => repo.failRun(ctx.db, id, message));
}

/** Ids of runs still In-Progress (re-queued at worker start-up: their job resumes from stored outputs). */
export async function runningBenchmarkRuns(ctx: AppContext): Promise<string[]> {
  return repo.runningRunIds(ctx.db);
}

/**
 * POST benchmark/rescore (ADMIN): recomputes a completed run's score from its
 * stored outputs with its stored metric options, and answers the stored and recomputed values and
 * whether they are equal (score to the last bit, same signature, same coverage). Nothing is changed.
 * Throws 404 RUN_NOT_FOUND, 409 when the run has not completed.
 */
export async function rescoreRun(ctx: AppContext, id: string) {
  const r = await repo.findRun(ctx.db, id.trim());
  if (!r) throw notFound(RUN_NOT_FOUND);
  if (r.status !== 'Completed' || r.score === null)
    throw new ApiError(409, 'RUN_NOT_COMPLETED', 'Only a completed run has a score to recompute.');
  const b = await repo.findBenchmark(ctx.db, r.benchmark_id);
  const s = await scoreRun(ctx, r, b!.task!);
  const stored = { score: r.score, signature: r.signature ?? '', coverage: r.coverage ?? 0 };
  const recomputed = { score: s.score, signature: s.signature, coverage: s.coverage };
  return {
    benchmarkProcessId: r.benchmark_process_id,
    stored,
    recomputed,
    equal: stored.score === recomputed.score && stored.signature === recomputed.signature && stored.coverage === recomputed.coverage,
  };
}

// ---------------------------------------------------------------------------------------------
// Bundled benchmarks

/**
 * The metrics the reference models are run with on the bundled benchmarks, per task: every metric
 * the task offers (TASK_METRICS), so no leaderboard tab of a fresh install is empty
 * (docs/benchmarks.md#bundled-benchmarks). A text run sends its rows in batches of 25, so the six
 * extra translation metrics cost one model call each per benchmark.
 */
export const BUNDLED_RUN_METRICS: Readonly<Record<string, readonly string[]>> = TASK_METRICS;
/** The first metrics of each task's list (translation BLEU and chrF, …) queued first on the bundled benchmarks. */
const HEADLINE_METRICS = 2;

/**
 * First start only (with DEMO_DATA on): submits the bundled benchmark datasets
 * (apps/server/demo/benchmarks/, datasets/service.ts submitDemoBenchmarks) as the admin and
 * records each benchmark, as POST benchmark/submit does. Returns how many were submitted (0 on
 * later starts). Their runs are queued by {@link queueBundledBenchmarkRuns} once each is published.
 */
export async function publishBundledBenchmarks(ctx: AppContext): Promise<number> {
  const subs = await datasets.submitDemoBenchmarks(ctx);
  for (const sub of subs) {
    await repo
      .insertBenchmark(ctx.db, {
        benchmarkId: sub.datasetId,
        srn: sub.serviceRequestNumber,
        userId: sub.userId,
        name: sub.datasetName,
        visibility: 'open',
      })
      .catch((err: unknown) => {
        // The ingest job may have registered it first (registerPublishedBenchmark): the same row.
        if ((err as { code?: string }).code !== '23505') throw err;
      });
  }
  return subs.length;
}

/**
 * Queues a run of each published reference model on each published bundled benchmark of its task
 * and languages, with the task's BUNDLED_RUN_METRICS, through {@link executeRuns} in the name of
 * the models' owner (the reference-models account), so fresh leaderboards show real scores.
 * Called by the ingest job when a bundled benchmark completes (`srn`: a no-op for any other
 * submission) and by main.ts after the reference models are registered (no `srn`: every bundled
 * benchmark), so whichever comes last queues them. A model, benchmark and metric that already has
 * a run in any state (also Failed) is skipped, and a concurrent queue's 409 is ignored: repeated
 * calls add nothing. Waits first until this process's reference engines are warm. Nothing with
 * REFERENCE_MODELS=false. Returns how many runs were queued.
 */
export async function queueBundledBenchmarkRuns(ctx: AppContext<ReferenceModelServices & ModelsServices>, srn?: string): Promise<number> {
  if (!ctx.config.referenceModels) return 0;
  const bundled = await datasets.demoBenchmarkSubmissions(ctx);
  const srns = srn === undefined ? bundled : bundled.filter((s) => s === srn);
  if (srns.length === 0) return 0;
  // On a first start the engines may still be warming: runs queued now would spend their call timeout waiting.
  await referenceModels.referenceEnginesReady(ctx);
  const references = (await models.listPublishedModelEndpoints(ctx)).filter((m) => m.isReference);
  const wanted: { b: BenchmarkRow; model: (typeof references)[number]; metric: string; round: number }[] = [];
  for (const s of srns) {
    const b = await repo.findBySrn(ctx.db, s);
    if (!b?.published_on || !b.task) continue;
    for (const model of references.filter((m) => m.task === b.task && supportsLanguages(m, b)))
      (BUNDLED_RUN_METRICS[b.task] ?? []).forEach((metric, i) => wanted.push({ b, model, metric, round: i < HEADLINE_METRICS ? 0 : 1 }));
  }
  // Every benchmark's headline metrics are queued before the others, so each leaderboard has its
  // first scores as soon as it did when only those were run; the other tabs fill after.
  wanted.sort((x, y) => x.round - y.round);
  let queued = 0;
  for (const { b, model, metric } of wanted) {
    if (await repo.anyRunExists(ctx.db, model.modelId, b.benchmark_id, metric)) continue;
    try {
      queued += (
        await executeRuns(
          ctx,
          { userId: model.userId, roles: [] },
          { modelId: model.modelId, benchmarks: [{ benchmarkId: b.benchmark_id, metric }] },
        )
      ).length;
    } catch (err) {
      // Queued meanwhile by the other caller (the ingest job or a start).
      if (err instanceof ApiError && err.status === 409) continue;
      throw err;
    }
  }
  if (queued) ctx.log.info({ queued }, 'benchmark runs of the reference models queued on the bundled benchmarks');
  return queued;
}

// ---------------------------------------------------------------------------------------------
// What the models feature asks

/** True while the model has an In-Progress benchmark run (its publish/unpublish is refused meanwhile). */
export async function hasRunningBenchmark(ctx: AppContext, modelId: string): Promise<boolean> {
  return repo.hasRunningRun(ctx.db, modelId);
}

/**
 * Each model's runs as ModelRecord.benchmarkPerformance (docs/product.md#model-detail-and-try-it-panels "My models", "Model detail"):
 * benchmarkDatasetId, benchmarkDatasetName (and a bundled benchmark's contentKey), metric, score (null unless
 * Completed), createdOn, status, newest first.
 */
export async function benchmarkPerformanceOf(ctx: AppContext, modelIds: string[]): Promise<Map<string, BenchmarkPerformance[]>> {
  const out = new Map<string, BenchmarkPerformance[]>(modelIds.map((id) => [id, []]));
  const runs = await repo.runsOfModels(ctx.db, modelIds);
  const benchmarks = await Promise.all([...new Set(runs.map((r) => r.benchmark_id))].map((id) => repo.findBenchmark(ctx.db, id)));
  const srnOf = new Map(benchmarks.flatMap((b) => (b ? [[b.benchmark_id, b.service_request_number] as const] : [])));
  const keys = await datasets.bundledBenchmarkKeys(ctx, [...srnOf.values()]);
  for (const r of runs) {
    const contentKey = keys.get(srnOf.get(r.benchmark_id) ?? '');
    out.get(r.model_id)?.push({
      benchmarkProcessId: r.benchmark_process_id,
      benchmarkDatasetId: r.benchmark_id,
      benchmarkDatasetName: r.benchmark_name,
      ...(contentKey ? { benchmarkContentKey: contentKey } : {}),
      metric: r.metric,
      score: r.status === 'Completed' ? r.score : null,
      createdOn: r.created_on.getTime(),
      status: r.status,
    });
  }
  return out;
}

/**
 * The benchmark lookups of the models feature (models cannot import this file: it imports models),
 * bound to `ctx`; createServices puts them in ctx.services.benchmarks.
 */
export function benchmarkLookups(ctx: AppContext): BenchmarkLookups {
  return {
    hasRunningBenchmark: (modelId) => hasRunningBenchmark(ctx, modelId),
    benchmarkPerformanceOf: (modelIds) => benchmarkPerformanceOf(ctx, modelIds),
    close: () => undefined,
  };
}
