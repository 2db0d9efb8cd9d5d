/**
 * Model health (docs/product.md#models-health "Models health check"; docs/architecture.md#calling-models "Health").
 * A round calls every published model with its descriptor's example request through the guarded
 * model call (net/model-call.ts: address policy, time limit, size cap), a few models at once, and
 * records per model: available / unavailable, latency, the time of the check and of the last
 * success, and why the output was judged unusable (empty, wrong script: output-check.ts).
 * Owns `model_health`. The round runs as the pg-boss job job.ts.
 *
 * What is answered (getModelHealthStatus): the published models with their last check, 'unknown'
 * for models never checked. Never a callbackUrl or key (the original leaked the callbackUrl).
 */
import pLimit from 'p-limit';
import { HEALTH_HISTORY_DAYS, type HealthRound, type InferenceTask, type ModelHealthRow } from '@ulca/contracts';
import { notFound } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { callModelEndpoint, ModelCallError } from '../../net/model-call.ts';
import { isStreamingEndpoint, probeStreamingEndpoint } from '../../net/model-socket.ts';
import * as models from '../models/service.ts';
import * as referenceModels from '../reference-models/service.ts';
import { checkOutput } from './output-check.ts';
import { uptimeOf } from './uptime.ts';
import * as repo from './repo.ts';
import type { HealthCheckOutcome } from './repo.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

export { checkOutput, SCRIPT_CHECKED_TASKS } from './output-check.ts';

/** Reason recorded for a model whose descriptor carries no example request to call it with. */
export const NO_EXAMPLE_REQUEST_MESSAGE =
  'The model descriptor has no example request (inferenceEndPoint.schema.request) to check it with.';

/**
 * The reason shown for a failed call, by failure code: the call's own message may name the
 * endpoint's address (DNS, connection errors), which must never reach a browser; it goes to the log.
 */
function publicReason(err: ModelCallError, timeoutMs: number): string {
  switch (err.code) {
    case 'TIMEOUT':
      return `The model did not answer within ${Math.round(timeoutMs / 100) / 10} seconds.`;
    case 'HTTP_ERROR':
      return err.status ? `The model answered with an error (HTTP ${err.status}).` : 'The model reported that the request failed.';
    case 'TOO_LARGE':
      return "The model's answer was larger than the platform accepts.";
    case 'BAD_RESPONSE':
      return "The model's answer does not follow the ULCA response schema of its task.";
    case 'URL_REFUSED':
      return "The model's endpoint address is refused by the platform's address policy.";
    default:
      return 'The model could not be reached.';
  }
}

/** The language pair an example request asks for (`config.language`), else the model's first pair. */
function languageOf(
  model: models.ModelEndpoint,
  request: Record<string, unknown>,
): { sourceLanguage?: string | null; targetLanguage?: string | null } {
  const config = request.config as { language?: { sourceLanguage?: unknown; targetLanguage?: unknown } } | undefined;
  const asked = config?.language;
  if (asked && typeof asked.sourceLanguage === 'string') {
    return { sourceLanguage: asked.sourceLanguage, targetLanguage: typeof asked.targetLanguage === 'string' ? asked.targetLanguage : null };
  }
  return model.languages[0] ?? {};
}

/**
 * Checks one model now: calls its endpoint with the descriptor's example request (time limit
 * MODEL_HEALTH_TIMEOUT_MS, at most MODEL_CALL_TIMEOUT_MS; size cap MODEL_MAX_RESPONSE_BYTES) and
 * judges the answer (output-check.ts). A streaming model (ws callbackUrl or modelProcessingType
 * streaming) is checked over its socket (net/model-socket.ts probeStreamingEndpoint: ASR opens a
 * stream, sends 0.5 s of silence and stops, with no output check; TTS answers one infer). Never throws for a model failure: the outcome says
 * 'unavailable' with `error` (the call failed: time limit, HTTP status, unreachable, not the task's
 * schema; in words safe to show, without the endpoint's address) or `outputCheck` (it answered,
 * unusably). Does not record it (see {@link runHealthRound}). `signal` cuts the call (shutdown): the
 * outcome is then 'unavailable' and must not be recorded, as the model was not judged.
 */
export async function checkModel(
  ctx: AppContext<ReferenceModelServices>,
  model: models.ModelEndpoint,
  signal?: AbortSignal,
): Promise<HealthCheckOutcome> {
  const checkedOn = new Date();
  const request = model.schema?.request;
  const base = { modelId: model.modelId, checkedOn };
  if (!request || typeof request !== 'object')
    return { ...base, status: 'unavailable', latencyMs: null, outputCheck: null, error: NO_EXAMPLE_REQUEST_MESSAGE };
  const timeoutMs = Math.min(ctx.config.modelHealthTimeoutMs, ctx.config.modelCallTimeoutMs);
  try {
    // A reference model is called on this process's own reference server, the one loopback origin allowed (as the proxy does).
    const route = await referenceModels.reachModel(ctx, model);
    const limits = {
      allowedHosts: ctx.config.allowedFetchHosts,
      allowedOrigins: route.allowedOrigins,
      timeoutMs,
      maxBytes: ctx.config.modelMaxResponseBytes,
      pools: ctx.services.outbound,
    };
    // A streaming model is checked over its socket as the relay uses it; the half second of silence a streaming ASR check sends has no text to judge.
    const streaming = isStreamingEndpoint(model.schema, model.callbackUrl);
    const { body, latencyMs } = streaming
      ? await untilAborted(probeStreamingEndpoint(model.task, route.target.callbackUrl, request, model.inferenceApiKey, limits), signal)
      : await callModelEndpoint(route.target, request, { ...limits, signal });
    const outputCheck =
      streaming && model.task === 'asr' ? null : checkOutput(model.task, body, languageOf(model, request as Record<string, unknown>));
    return { ...base, status: outputCheck ? 'unavailable' : 'available', latencyMs: Math.round(latencyMs), outputCheck, error: null };
  } catch (err) {
    if (!(err instanceof ModelCallError)) throw err;
    ctx.log.info({ modelId: model.modelId, code: err.code, status: err.status, detail: err.message }, 'model health: call failed');
    return { ...base, status: 'unavailable', latencyMs: null, outputCheck: null, error: publicReason(err, timeoutMs) };
  }
}

/** `promise`, or a rejection with a ModelCallError as soon as `signal` aborts (the probe itself ends at its own time limit). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ModelCallError('UNREACHABLE', 'The check was cut by a shutdown.'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What one round did: models checked and how many of them were available; `aborted` when a shutdown cut it (the rest is checked next round). */
export interface HealthRoundSummary {
  checked: number;
  available: number;
  unavailable: number;
  aborted?: true;
}

/** The published models this process can check (reference ones need its reference server or on-demand engines). */
async function modelsToCheck(ctx: AppContext<ReferenceModelServices>): Promise<models.ModelEndpoint[]> {
  // Reference models are checked on this process's reference server (an API process) or on engines
  // a worker-only process starts on demand; only a process with neither (REFERENCE_MODELS=false) skips them.
  return (await models.listPublishedModelEndpoints(ctx)).filter((m) => referenceModels.canReachModel(ctx, m));
}

/**
 * One health round over every published model (unpublished ones are never called), at most
 * MODEL_HEALTH_PARALLEL at once, each check recorded as soon as it ends. Idempotent: a retried
 * round overwrites each model's row with a fresh check. `signal` stops the round (shutdown): no
 * further model is called and a check the abort cut is not recorded, so a stopping process never
 * marks a model unavailable (docs/operations.md#running-it-in-production). Throws only when the
 * database fails.
 */
export async function runHealthRound(ctx: AppContext<ReferenceModelServices>, signal?: AbortSignal): Promise<HealthRoundSummary> {
  const endpoints = await modelsToCheck(ctx);
  const limit = pLimit(ctx.config.modelHealthParallel);
  const outcomes = await Promise.all(
    endpoints.map((model) =>
      limit(async () => {
        if (signal?.aborted) return null;
        const outcome = await checkModel(ctx, model, signal);
        if (signal?.aborted) return null;
        await repo.recordCheck(ctx.db, outcome);
        ctx.metrics.healthCheck(outcome.status);
        if (outcome.status === 'unavailable')
          ctx.log.info(
            { modelId: model.modelId, task: model.task, error: outcome.error, outputCheck: outcome.outputCheck },
            'model health: unavailable',
          );
        return outcome;
      }),
    ),
  );
  await repo.pruneRounds(ctx.db, HEALTH_HISTORY_DAYS);
  const done = outcomes.filter((o) => o !== null);
  const available = done.filter((o) => o.status === 'available').length;
  const summary: HealthRoundSummary = { checked: done.length, available, unavailable: done.length - available };
  if (signal?.aborted) summary.aborted = true;
  ctx.log.info(summary, signal?.aborted ? 'model health round stopped by shutdown' : 'model health round done');
  return summary;
}

/**
 * Queues one health round (the model-health pg-boss queue; a worker runs {@link runHealthRound}).
 * With `slotSeconds`, pg-boss keeps at most one round per time slot of that length, however many
 * processes ask (the schedule of every worker process, an admin pressing twice): the id of the
 * queued job, or null when the slot already has its round.
 */
export async function queueHealthRound(ctx: AppContext, slotSeconds?: number): Promise<string | null> {
  return ctx.boss.send(QUEUES.modelHealth, {}, slotSeconds ? { singletonSeconds: Math.max(1, Math.round(slotSeconds)) } : {});
}

/**
 * The schedule's offer (job.ts): queues the round of the current slot, as
 * {@link queueHealthRound}, only when there is a model to check. On a fresh cluster the first
 * offers come before any API process registered its models; a round then would check nothing
 * and use up the slot, leaving the first real round up to an interval later. When the slot has had
 * its round and a published model has never been checked, a round is queued at once for it. Returns the job id,
 * null when the slot has its round, or 'nothing' when no model is published.
 */
export async function offerHealthRound(ctx: AppContext<ReferenceModelServices>, slotSeconds: number): Promise<string | null | 'nothing'> {
  const endpoints = await modelsToCheck(ctx);
  if (endpoints.length === 0) return 'nothing';
  const queued = await queueHealthRound(ctx, slotSeconds);
  if (queued) return queued;
  // The slot has had its round, but a model was published since and never checked (on a first
  // start the reference models register after the first round): its first check runs now, not an
  // interval later, unless a round is already waiting or running. At most one such round a minute.
  const checked = new Set(
    (
      await repo.healthOf(
        ctx.db,
        endpoints.map((m) => m.modelId),
      )
    ).map((r) => r.model_id),
  );
  if (endpoints.every((m) => checked.has(m.modelId))) return null;
  if ((await ctx.boss.getQueueSize(QUEUES.modelHealth, { before: 'completed' })) > 0) return null;
  return ctx.boss.send(QUEUES.modelHealth, {}, { singletonKey: NEVER_CHECKED_KEY, singletonSeconds: 60 });
}

/** pg-boss singleton key of the round offered for models never checked (see {@link offerHealthRound}). */
const NEVER_CHECKED_KEY = 'never-checked';

/** Filters and paging of getModelHealthStatus (the original's query parameters). */
export interface HealthListQuery {
  /** Only models of this task. */
  taskType?: string;
  /** 1-based inclusive pages of `pageSize` (default 10), as the original's startPage/endPage; none = every model. */
  startPage?: number;
  endPage?: number;
  pageSize?: number;
}

const ms = (d: Date | null | undefined): number | null => (d ? new Date(d).getTime() : null);

/**
 * The models health table (GET model/getModelHealthStatus; docs/product.md#models-health): every published model,
 * in the models feature's order (oldest publication first), with its last check; 'unknown' and
 * nulls for a model never checked. `count` is the number of rows answered. No callbackUrl.
 */
export async function listModelHealth(
  ctx: AppContext,
  q: HealthListQuery = {},
): Promise<{ modelHealthStatusList: ModelHealthRow[]; count: number }> {
  let listed = await models.listPublishedModelSummaries(ctx);
  if (q.taskType) listed = listed.filter((m) => m.task === q.taskType);
  if (q.startPage !== undefined) {
    const size = q.pageSize ?? 10;
    const start = Math.max(1, q.startPage);
    const end = Math.max(start, q.endPage ?? start);
    listed = listed.slice((start - 1) * size, end * size);
  }
  const health = new Map(
    (
      await repo.healthOf(
        ctx.db,
        listed.map((m) => m.modelId),
      )
    ).map((h) => [h.model_id, h]),
  );
  const list = listed.map((m): ModelHealthRow => {
    const h = health.get(m.modelId);
    return {
      modelId: m.modelId,
      modelName: m.name,
      taskType: m.task as InferenceTask,
      status: h?.status ?? 'unknown',
      lastStatusUpdate: ms(h?.checked_on),
      lastSuccess: ms(h?.last_success),
      latencyMs: h?.latency_ms ?? null,
      outputCheck: h?.output_check ?? h?.error ?? null,
      isSyncApi: m.isSyncApi,
    };
  });
  return { modelHealthStatusList: list, count: list.length };
}

/**
 * A published model's health history (GET model/health/history; docs/api.md#inference): its rounds
 * of the last `days` days (oldest first) and uptime over 24 h and 7 d, p50/p95 latency and the last
 * failure, computed from the stored rounds (uptime.ts). 404 for a model that is not published.
 */
export async function healthHistory(ctx: AppContext, modelId: string, days: number, now = Date.now()) {
  const model = (await models.listPublishedModelSummaries(ctx)).find((m) => m.modelId === modelId);
  if (!model) throw notFound(models.MODEL_NOT_FOUND_MESSAGE);
  const since = new Date(now - Math.max(days, 7) * 86_400_000);
  const rounds: HealthRound[] = (await repo.roundsOf(ctx.db, [modelId], since)).map((r) => ({
    checkedOn: new Date(r.checked_on).getTime(),
    status: r.status,
    latencyMs: r.latency_ms,
    reason: r.reason,
  }));
  const windowStart = now - days * 86_400_000;
  return {
    modelId,
    modelName: model.name,
    taskType: model.task,
    rounds: rounds.filter((r) => r.checkedOn >= windowStart),
    ...uptimeOf(rounds, now),
  };
}

/** Uptime figures of every published model (the public status page and the health tab): modelId → 7 days of rounds and uptime. */
export async function uptimeOfAll(ctx: AppContext, now = Date.now()) {
  const listed = await models.listPublishedModelSummaries(ctx);
  const rows = await repo.roundsOf(
    ctx.db,
    listed.map((m) => m.modelId),
    new Date(now - 7 * 86_400_000),
  );
  const byModel = new Map<string, HealthRound[]>();
  for (const r of rows) {
    const list = byModel.get(r.model_id) ?? [];
    list.push({ checkedOn: new Date(r.checked_on).getTime(), status: r.status, latencyMs: r.latency_ms, reason: r.reason });
    byModel.set(r.model_id, list);
  }
  return listed.map((m) => ({
    modelId: m.modelId,
    modelName: m.name,
    taskType: m.task,
    rounds: byModel.get(m.modelId) ?? [],
    ...uptimeOf(byModel.get(m.modelId) ?? [], now),
  }));
}
