/**
 * The models feature (docs/product.md#screens, docs/product.md#entities-and-fields; docs/architecture.md#calling-models): registry of contributors' models
 * (upload, my models, explore, detail, publish/unpublish) and the one way other features reach a
 * model's endpoint. Other features import this file only.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import {
  DATASET_TYPES,
  INFERENCE_TASKS,
  MODEL_TASK_METRICS,
  isModelTask,
  PAIRED_INFERENCE_TASKS,
  TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE,
  UNPUBLISH_REASON_REQUIRED_MESSAGE,
  checkModelDescriptor,
  engineCardSchema,
  parseModelDescriptor,
  type DatasetType,
  type InferenceTask,
  type ModelDescriptor,
  type ModelRecord,
  type ModelSearchBody,
  type ModelStatus,
  type ReadyMadeCard,
} from '@ulca/contracts';
import { decryptSecret, encryptSecret, secretKey } from '../../security/crypto.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { ensureSystemUser } from '../accounts/service.ts';
import { searchReadyMadeCards } from '../readymade/service.ts';
import { checkEndpointAnswers } from './endpoint-check.ts';
import { isStreamingEndpoint, STREAMING_TASKS } from '../../net/model-socket.ts';
import * as repo from './repo.ts';
import type { ModelRow } from './repo.ts';
import type { ModelEndpoint } from './types.ts';
import type { ModelsServices } from './state.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { ModelsServices } from './state.ts';

export type { ModelEndpoint } from './types.ts';

/** Who is asking for a model: the verified caller (signed-in user or API-key owner), or null for anonymous. */
export interface ModelCaller {
  userId: string;
  roles: readonly string[];
}

/** Context string binding an encrypted inference key to its model (security/crypto.ts). */
export function inferenceKeyContext(modelId: string): string {
  return `model-inference-key:${modelId}`;
}

function endpointOf(ctx: AppContext, row: ModelRow): ModelEndpoint {
  const d = row.descriptor as { languages?: ModelEndpoint['languages']; inferenceEndPoint?: Record<string, unknown> };
  const ep = d.inferenceEndPoint ?? {};
  // A descriptor may list several schemas (one per task); the model's own task is the one called.
  const schemas = (Array.isArray(ep.schema) ? ep.schema : ep.schema ? [ep.schema] : []) as Record<string, unknown>[];
  const schema = schemas.find((s) => s?.taskType === row.task) ?? schemas[0] ?? null;
  return {
    modelId: row.model_id,
    name: row.name,
    version: row.version,
    task: row.task as InferenceTask,
    status: row.status as 'published' | 'unpublished',
    userId: row.user_id,
    languages: d.languages ?? [],
    callbackUrl: row.callback_url,
    inferenceApiKey:
      row.inference_key_name && row.inference_key_enc
        ? {
            name: row.inference_key_name,
            value: decryptSecret(secretKey(ctx.config), row.inference_key_enc, inferenceKeyContext(row.model_id)),
          }
        : null,
    schema,
    isSyncApi: ep.isSyncApi !== false,
    asyncApiDetails: (ep.asyncApiDetails ?? null) as Record<string, unknown> | null,
    isReference: row.is_reference,
  };
}

/** Message when a model does not exist or the caller may not see it (the same text: no probing of unpublished ids). */
export const MODEL_NOT_FOUND_MESSAGE = 'No published model with this modelId.';

// ---------------------------------------------------------------------------------------------
// Endpoint cache of the inference path (the inference bench: no database read and key decryption per call)

/**
 * How long a model's endpoint (status, owner, callbackUrl, decrypted key, schema) is served from
 * memory, in milliseconds. In this process every change (publish, unpublish, reference-model
 * refresh) drops the entry before it answers, so it takes effect at once; another process (a
 * second API process) sees a change within this time at the latest.
 */
export const MODEL_ENDPOINT_CACHE_TTL_MS = 1000;
/** Largest number of cached endpoints; the cache is emptied when it would grow beyond. */
const MAX_CACHED_ENDPOINTS = 10_000;

/**
 * Forgets the cached endpoint of `modelId` (every change of a model's status, URL or key calls
 * this before answering); reads that started before are not cached.
 */
export function invalidateModelEndpoint(ctx: AppContext<ModelsServices>, modelId: string): void {
  const c = ctx.services.modelEndpoints;
  c.epoch += 1;
  c.entries.delete(modelId);
  c.pending.delete(modelId);
}

/** The endpoint of `modelId` whatever its status (null when it does not exist): from the cache, or one shared database read. */
async function cachedEndpoint(ctx: AppContext<ModelsServices>, modelId: string): Promise<ModelEndpoint | null> {
  const c = ctx.services.modelEndpoints;
  const hit = c.entries.get(modelId);
  if (hit) {
    if (hit.expiresAt > Date.now()) return hit.endpoint;
    c.entries.delete(modelId);
  }
  const running = c.pending.get(modelId);
  if (running) return running;
  const epoch = c.epoch;
  const read: Promise<ModelEndpoint | null> = repo
    .findModel(ctx.db, modelId)
    .then((row) => {
      if (!row) return null;
      const endpoint = Object.freeze(endpointOf(ctx, row));
      if (c.epoch === epoch) {
        if (c.entries.size >= MAX_CACHED_ENDPOINTS) c.entries.clear();
        c.entries.set(modelId, { endpoint, expiresAt: Date.now() + MODEL_ENDPOINT_CACHE_TTL_MS });
      }
      return endpoint;
    })
    .finally(() => {
      if (c.pending.get(modelId) === read) c.pending.delete(modelId);
    });
  c.pending.set(modelId, read);
  return read;
}

/**
 * The endpoint of a model the caller may call: published models for everyone; unpublished ones
 * only for their owner and ADMINs (docs/architecture.md#calling-models). The visibility check runs on every call; the
 * model's data may come from memory (see MODEL_ENDPOINT_CACHE_TTL_MS for how fresh it is). The
 * answer is frozen: callers must not change it.
 * @throws ApiError 404 MODEL_NOT_FOUND_MESSAGE when it does not exist or is not visible to the caller.
 */
export async function getModelForCall(
  ctx: AppContext<ModelsServices>,
  modelId: string,
  caller: ModelCaller | null,
): Promise<ModelEndpoint> {
  const endpoint = await cachedEndpoint(ctx, modelId);
  if (!endpoint) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  if (endpoint.status !== 'published' && !(caller && (caller.userId === endpoint.userId || caller.roles.includes('ADMIN'))))
    throw notFound(MODEL_NOT_FOUND_MESSAGE);
  return endpoint;
}

/** A published model as listings show it: no callbackUrl, no key (nothing is decrypted). */
export interface PublishedModelSummary {
  modelId: string;
  name: string;
  task: InferenceTask;
  isSyncApi: boolean;
}

/**
 * Every published model without its endpoint or key (the health table), oldest publication
 * first. Cheaper than listPublishedModelEndpoints: no key is decrypted per request.
 */
export async function listPublishedModelSummaries(ctx: AppContext): Promise<PublishedModelSummary[]> {
  return (await repo.listPublishedModelRows(ctx.db)).map((r) => {
    const ep = (r.descriptor as { inferenceEndPoint?: { isSyncApi?: boolean } }).inferenceEndPoint;
    return { modelId: r.model_id, name: r.name, task: r.task as InferenceTask, isSyncApi: ep?.isSyncApi !== false };
  });
}

/** Every published model as answered (no endpoint, no key), oldest publication first: the pipeline's candidates (docs/api.md#pipelines). */
export async function listPublishedModelRecords(ctx: AppContext): Promise<ModelRecord[]> {
  return (await repo.listPublishedModelRows(ctx.db)).map(toModelRecord);
}

/** Every published model's endpoint (the health job's round), oldest publication first. */
export async function listPublishedModelEndpoints(ctx: AppContext): Promise<ModelEndpoint[]> {
  return (await repo.listPublishedModelRows(ctx.db)).map((r) => endpointOf(ctx, r));
}

// ---------------------------------------------------------------------------------------------
// The model as answered (modelRecordSchema)

const asMs = (d: Date | null): number | null => (d ? new Date(d).getTime() : null);

/**
 * A `models` row as every endpoint answers it (@ulca/contracts modelRecordSchema): the
 * descriptor's public fields plus the platform's. Never the callbackUrl, the key or the async
 * polling details. `benchmarkPerformance` is empty until the benchmarks feature fills it.
 */
export function toModelRecord(row: ModelRow): ModelRecord {
  const d = row.descriptor as Partial<ModelDescriptor> & { inferenceEndPoint?: { schema?: unknown; isSyncApi?: boolean } };
  const schemas = Array.isArray(d.inferenceEndPoint?.schema) ? (d.inferenceEndPoint.schema as Record<string, unknown>[]) : null;
  const own = (schemas ? (schemas.find((x) => x.taskType === row.task) ?? schemas[0]) : d.inferenceEndPoint?.schema) as
    Record<string, unknown> | undefined;
  const schema = withProcessingType(own, row);
  const card = engineCardSchema.safeParse(row.engine_card);
  return {
    modelId: row.model_id,
    name: row.name,
    version: row.version,
    description: d.description ?? '',
    refUrl: d.refUrl ?? null,
    task: { type: row.task as InferenceTask },
    languages: (d.languages ?? []).map((l) => ({
      sourceLanguage: l.sourceLanguage,
      targetLanguage: l.targetLanguage ?? null,
      sourceScriptCode: l.sourceScriptCode ?? null,
      targetScriptCode: l.targetScriptCode ?? null,
    })),
    license: d.license ?? 'unknown-license',
    licenseUrl: d.licenseUrl ?? null,
    domain: d.domain ?? [],
    submitter: (d.submitter ?? { name: '' }) as ModelRecord['submitter'],
    trainingDataset: (d.trainingDataset ?? { description: '' }) as ModelRecord['trainingDataset'],
    inferenceEndPoint: { schema: schema ?? null, isSyncApi: d.inferenceEndPoint?.isSyncApi !== false },
    status: row.status as ModelStatus,
    unpublishReason: row.unpublish_reason,
    submittedOn: new Date(row.submitted_on).getTime(),
    publishedOn: asMs(row.published_on),
    isReferenceModel: row.is_reference,
    engineCard: card.success ? card.data : null,
    metric: [...(MODEL_TASK_METRICS[row.task as InferenceTask] ?? [])],
    benchmarkPerformance: [],
  };
}

/**
 * The inference schema as answered: an asr or tts model always states `modelProcessingType` (the
 * model schema requires it for those tasks, and the original ULCA client reads `.type` from it),
 * `{type: 'streaming'}` for a socket model and `{type: 'batch'}` otherwise; other tasks unchanged.
 * See docs/migration.md#model-side.
 */
function withProcessingType(schema: Record<string, unknown> | undefined, row: ModelRow): Record<string, unknown> | undefined {
  if (!(STREAMING_TASKS as readonly string[]).includes(row.task) || schema?.modelProcessingType) return schema;
  const type = isStreamingEndpoint(schema, row.callback_url) ? 'streaming' : 'batch';
  return { ...(schema ?? { taskType: row.task }), modelProcessingType: { type } };
}

const mayManage = (caller: ModelCaller, row: ModelRow) => caller.userId === row.user_id || caller.roles.includes('ADMIN');

// ---------------------------------------------------------------------------------------------
// Upload

/** Field errors of a refused upload, `[{field, message}]` as the API's error shape. */
type FieldErrors = { field: string; message: string }[];

/** 409 text when name + version are taken (case-insensitive, across all submitters). */
export function duplicateModelMessage(name: string, version: string): string {
  return `A model named "${name}" with version "${version}" already exists. Give the model another name or version.`;
}

/**
 * Registers a contributor's model from its descriptor file (docs/product.md#screens "Model submission";
 * docs/architecture.md#calling-models). Steps: parse and check the descriptor; refuse a taken name + version; check the
 * callbackUrl against the outbound rules and call it once with the descriptor's example request
 * (time limit, size cap), keeping the answer as `sample_response`; encrypt the inference key
 * (inferenceKeyContext) and drop its value from the stored descriptor; store it `unpublished`.
 * `file` is the uploaded bytes (at most MODEL_DESCRIPTOR_MAX_BYTES, checked by the route).
 * @throws ApiError 400 DESCRIPTOR_INVALID (errors per descriptor path), 400 MODEL_ENDPOINT_REFUSED /
 *   MODEL_ENDPOINT_FAILED (errors on inferenceEndPoint.callbackUrl), 409 MODEL_EXISTS.
 */
export async function uploadModel(ctx: AppContext, caller: ModelCaller, file: Buffer): Promise<ModelRecord> {
  const parsed = parseModelDescriptor(file.toString('utf8'));
  if (!parsed.success) {
    const errors: FieldErrors = parsed.errors.map((e) => ({ field: e.path || 'file', message: e.message }));
    throw badRequest(
      'DESCRIPTOR_INVALID',
      `The model file is not a valid model descriptor: ${errors[0].field === 'file' ? '' : `${errors[0].field}: `}${errors[0].message}`,
      errors,
    );
  }
  const d = parsed.data;
  if (await repo.findByNameVersion(ctx.db, d.name, d.version)) throw conflict('MODEL_EXISTS', duplicateModelMessage(d.name, d.version));

  const sample = await checkEndpointAnswers(ctx, d);

  const modelId = randomUUID();
  const key = d.inferenceEndPoint.inferenceApiKey;
  // The stored descriptor keeps the key's header name only; its value lives encrypted beside it.
  const { inferenceApiKey: _secret, ...endpointWithoutKey } = d.inferenceEndPoint;
  try {
    const row = await repo.insertModel(ctx.db, {
      modelId,
      userId: caller.userId,
      name: d.name,
      version: d.version,
      task: d.task.type,
      descriptor: { ...d, inferenceEndPoint: endpointWithoutKey },
      callbackUrl: d.inferenceEndPoint.callbackUrl,
      inferenceKeyName: key ? key.name : null,
      inferenceKeyEnc: key ? encryptSecret(secretKey(ctx.config), key.value, inferenceKeyContext(modelId)) : null,
      sampleResponse: sample,
    });
    return toModelRecord(row);
  } catch (err) {
    // Two uploads of the same name + version at once: the unique index lets one through.
    if (repo.isNameVersionTaken(err)) throw conflict('MODEL_EXISTS', duplicateModelMessage(d.name, d.version));
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// Benchmark runs: the benchmarks feature imports this file, so its lookups come through
// the context (ctx.services.benchmarks), present in every process whichever routes it registered.

/** The records with their benchmarkPerformance filled (newest run first). */
async function withBenchmarks(ctx: AppContext<ModelsServices>, records: ModelRecord[]): Promise<ModelRecord[]> {
  if (records.length === 0) return records;
  const perf = await ctx.services.benchmarks.benchmarkPerformanceOf(records.map((r) => r.modelId));
  return records.map((r) => ({ ...r, benchmarkPerformance: perf.get(r.modelId) ?? [] }));
}

/** Text of the 409 answered when a model's status changes while a benchmark run is In-Progress. */
export const BENCHMARK_RUNNING_MESSAGE = 'This model is being benchmarked; publish or unpublish it once the run has finished.';

// ---------------------------------------------------------------------------------------------
// My models

/** Paging of listModelsOfUser: 1-based inclusive pages of `pageSize` (default 10); no startPage = every model. */
export interface ModelListQuery {
  startPage?: number;
  endPage?: number;
  pageSize?: number;
  /** Only models whose name contains this (any case). */
  name?: string;
}

/**
 * The caller's own models, newest submission first (docs/product.md#model-screens "My models"):
 * `{data, count (on this page), totalCount (all matching)}`.
 */
export async function listModelsOfUser(
  ctx: AppContext<ModelsServices>,
  userId: string,
  q: ModelListQuery = {},
): Promise<{ data: ModelRecord[]; count: number; totalCount: number }> {
  const pageSize = q.pageSize ?? 10;
  const paged = q.startPage !== undefined;
  const start = Math.max(1, q.startPage ?? 1);
  const end = Math.max(start, q.endPage ?? start);
  const { rows, total } = await repo.listUserModels(ctx.db, {
    userId,
    name: q.name?.trim() || undefined,
    limit: paged ? (end - start + 1) * pageSize : null,
    offset: paged ? (start - 1) * pageSize : 0,
  });
  const data = await withBenchmarks(ctx, rows.map(toModelRecord));
  return { data, count: data.length, totalCount: total };
}

// ---------------------------------------------------------------------------------------------
// Explore

/** True when a model/search filter value means "any": absent, null, '', [] or 'All' (what the original client sends). */
const isAny = (v: string | string[] | null | undefined): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && (v.trim() === '' || v === 'All')) ||
  (Array.isArray(v) && v.filter((x) => x && x !== 'All').length === 0);
const asList = (v: string | string[] | null | undefined): string[] | undefined =>
  isAny(v) ? undefined : (Array.isArray(v) ? v : [v as string]).filter((x) => x && x !== 'All');

/** What model/search answers: model records for a model task, ready-made cards for a dataset type. */
export type ModelSearchResult = { kind: 'models'; data: ModelRecord[] } | { kind: 'ready-made'; data: ReadyMadeCard[] };

/**
 * POST model/search (docs/product.md#explore-models Explore): for a model task (a served task, or an older ULCA name
 * of the task registry's MODEL_TASKS) the published models of that task, newest publication first, filtered by
 * language, domain and submitter ('', null, [] and 'All' = any). Languages (a code or a list):
 * for translation and transliteration `sourceLanguage` matches a pair's source and
 * `targetLanguage` its target (the same pair); for other tasks either one matches either side of
 * any pair ("language (source or target)"); a model declaring no languages (detection tasks)
 * matches any language. Domains: any of the model's domains. A dataset type as task (the original
 * client's ready-made page) is answered from the ready-made datasets.
 * @throws ApiError 400 UNKNOWN_TASK for anything else.
 */
export async function searchModels(ctx: AppContext, body: ModelSearchBody): Promise<ModelSearchResult> {
  const task = body.task.trim();
  if ((DATASET_TYPES as readonly string[]).includes(task))
    return { kind: 'ready-made', data: await searchReadyMadeCards(ctx, task as DatasetType, body) };
  if (!isModelTask(task))
    throw badRequest('UNKNOWN_TASK', 'Unknown task.', [
      { field: 'task', message: `A model task (${INFERENCE_TASKS.join(', ')}) or a dataset type.` },
    ]);
  const sources = asList(body.sourceLanguage);
  const targets = asList(body.targetLanguage);
  const paired = PAIRED_INFERENCE_TASKS.includes(task as InferenceTask);
  const rows = await repo.searchPublished(ctx.db, {
    task,
    ...(paired ? { sources, targets } : { anySide: sources || targets ? [...(sources ?? []), ...(targets ?? [])] : undefined }),
    domains: asList(body.domain),
    submitter: isAny(body.submitter) ? undefined : (body.submitter as string).trim(),
  });
  return { kind: 'models', data: rows.map(toModelRecord) };
}

// ---------------------------------------------------------------------------------------------
// Detail, status, transliteration lookup

/**
 * One model as answered (docs/product.md#model-detail-and-try-it-panels "Model detail"): published models for everyone, unpublished
 * ones for their owner and ADMINs.
 * @throws ApiError 404 MODEL_NOT_FOUND_MESSAGE when missing or not visible (the same text either way).
 */
export async function getModelRecord(ctx: AppContext<ModelsServices>, modelId: string, caller: ModelCaller | null): Promise<ModelRecord> {
  const row = await repo.findModel(ctx.db, modelId);
  if (!row || (row.status !== 'published' && !(caller && mayManage(caller, row)))) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  return (await withBenchmarks(ctx, [toModelRecord(row)]))[0];
}

/** What changeModelStatus did, for the answer and the audit trail. */
export interface StatusChangeOutcome {
  message: string;
  model: ModelRecord;
  /** Owner of the model (the audit's target user). */
  ownerUserId: string;
  /** False when the model already had that status. */
  changed: boolean;
}

/**
 * Publishes or unpublishes a model (docs/product.md#states-and-transitions): its owner or an ADMIN. Publishing stamps
 * publishedOn; unpublishing needs a non-empty reason, kept as unpublishReason.
 * @throws ApiError 400 UNPUBLISH_REASON_REQUIRED, 404 (missing, or another user's unpublished
 *   model), 403 (another user's published model: it is public, so its existence is no secret),
 *   409 BENCHMARK_RUNNING while a benchmark run of the model is In-Progress, 409
 *   TOO_MANY_PUBLISHED_MODELS when the owner has MAX_PUBLISHED_MODELS_PER_OWNER published (ADMINs exempt).
 */
export async function changeModelStatus(
  ctx: AppContext<ModelsServices>,
  caller: ModelCaller,
  req: { modelId: string; status: ModelStatus; unpublishReason?: string },
): Promise<StatusChangeOutcome> {
  const row = await repo.findModel(ctx.db, req.modelId);
  if (!row || (row.status !== 'published' && !mayManage(caller, row))) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  if (!mayManage(caller, row)) throw forbidden("Only the model's owner or an administrator can publish or unpublish it.");
  const reason = req.unpublishReason?.trim() ?? '';
  if (req.status === 'unpublished' && !reason) {
    throw badRequest('UNPUBLISH_REASON_REQUIRED', UNPUBLISH_REASON_REQUIRED_MESSAGE, [
      { field: 'unpublishReason', message: UNPUBLISH_REASON_REQUIRED_MESSAGE },
    ]);
  }
  const changed = row.status !== req.status;
  if (changed && (await ctx.services.benchmarks.hasRunningBenchmark(row.model_id)))
    throw conflict('BENCHMARK_RUNNING', BENCHMARK_RUNNING_MESSAGE);
  // Each published model is an endpoint every visitor can make the platform call (docs/operations.md#limits).
  const maxPublished = ctx.config.maxPublishedModelsPerOwner;
  if (
    changed &&
    req.status === 'published' &&
    maxPublished > 0 &&
    !caller.roles.includes('ADMIN') &&
    (await repo.countPublishedOfUser(ctx.db, row.user_id)) >= maxPublished
  ) {
    throw conflict('TOO_MANY_PUBLISHED_MODELS', `An owner may have at most ${maxPublished} published models: unpublish one first.`);
  }
  const updated = await repo.setModelStatus(ctx.db, row.model_id, req.status, req.status === 'unpublished' ? reason : null);
  // Before answering: from here on no call of this process is served with the old status.
  invalidateModelEndpoint(ctx, row.model_id);
  if (!updated) throw notFound(MODEL_NOT_FOUND_MESSAGE);
  return {
    message: req.status === 'published' ? 'Model published successfully.' : 'Model unpublished successfully.',
    model: toModelRecord(updated),
    ownerUserId: row.user_id,
    changed,
  };
}

/**
 * The id of a published transliteration model from `sourceLanguage` (to `targetLanguage` when
 * given), contributors' models before reference ones, newest first (docs/product.md#model-detail-and-try-it-panels: the try panel's
 * transliteration input).
 * @throws ApiError 404 TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE (docs/product.md#messages) when none.
 */
export async function getTransliterationModelId(ctx: AppContext, sourceLanguage: string, targetLanguage?: string): Promise<string> {
  const row = await repo.findTransliterationModel(ctx.db, sourceLanguage.trim(), targetLanguage?.trim() || undefined);
  if (!row) throw new ApiError(404, 'NOT_FOUND', TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE);
  return row.model_id;
}

// ---------------------------------------------------------------------------------------------
// Reference models

/** The account that owns the platform's reference models (inactive: it never signs in). */
export const REFERENCE_MODELS_ACCOUNT = { email: 'reference-models@ulca.invalid', firstName: 'ULCA reference models' } as const;

/** What registerReferenceModel needs: a descriptor (as uploaded, checked like an upload), the engine's card and where it answers. */
export interface ReferenceModelInput {
  /** A model descriptor (model-schema.yml); its inferenceEndPoint.callbackUrl is replaced by `callbackUrl`. Must carry no inferenceApiKey. */
  descriptor: unknown;
  /** The card shown on the model's page: `{kind, engine, limits, contentKey}` (other fields ignored). */
  engineCard: { kind: 'trained-model' | 'rule-based' | 'heuristic'; engine: string; limits: string[]; contentKey?: string };
  /** The reference server's URL for this engine (it may change between starts). */
  callbackUrl: string;
}

/**
 * Registers (or refreshes) one of the platform's reference models (docs/product.md#reference-models "Reference
 * models"): a published model, is_reference, owned by the REFERENCE_MODELS_ACCOUNT system user,
 * keyed by name + version, so restarts update it in place (its id, status and publishedOn stay).
 * No endpoint call here: the engine is the platform's own.
 * @throws Error when the descriptor is invalid or carries a key, or when a contributor's model
 *   already holds that name + version (programming or set-up errors, not user input).
 */
export async function registerReferenceModel(ctx: AppContext<ModelsServices>, input: ReferenceModelInput): Promise<ModelRecord> {
  const raw = input.descriptor as { inferenceEndPoint?: Record<string, unknown> } | null;
  const parsed = checkModelDescriptor({ ...raw, inferenceEndPoint: { ...(raw?.inferenceEndPoint ?? {}), callbackUrl: input.callbackUrl } });
  if (!parsed.success)
    throw new Error(`reference model descriptor is invalid: ${parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
  const d = parsed.data;
  if (d.inferenceEndPoint.inferenceApiKey) throw new Error('a reference model descriptor must not carry an inferenceApiKey');
  const { kind, engine, limits, contentKey } = input.engineCard;
  const card = engineCardSchema.parse({ kind, engine, limits, contentKey });
  const userId = await ensureSystemUser(ctx, REFERENCE_MODELS_ACCOUNT);
  const row = await repo.upsertReferenceModel(ctx.db, {
    modelId: randomUUID(),
    userId,
    name: d.name,
    version: d.version,
    task: d.task.type,
    descriptor: d,
    callbackUrl: input.callbackUrl,
    engineCard: card,
  });
  if (!row) throw new Error(`a contributor's model already holds the reference model name ${d.name} ${d.version}`);
  // Its callbackUrl may have changed (the reference server's port).
  invalidateModelEndpoint(ctx, row.model_id);
  // Turned off by an earlier start with REFERENCE_MODELS=false: published again now that it runs (an admin's unpublish stays).
  if (row.status === 'unpublished' && row.unpublish_reason === REFERENCE_MODELS_OFF_REASON) {
    return toModelRecord((await repo.setModelStatus(ctx.db, row.model_id, 'published', null)) ?? row);
  }
  return toModelRecord(row);
}

/** Unpublish reason of the reference models while no API process serves them (all run with REFERENCE_MODELS=false, or none runs). */
export const REFERENCE_MODELS_OFF_REASON = 'The reference models are turned off on this server (REFERENCE_MODELS=false).';

/**
 * The reference models published exactly while a process serves them (docs/operations.md#running-it-in-production):
 * unpublishes, with REFERENCE_MODELS_OFF_REASON, every published reference model not in `served`,
 * and publishes again those of `served` that this rule had unpublished. Models whose cached
 * endpoint changed are dropped from the cache. Returns the counts.
 */
export async function reconcileReferenceModels(
  ctx: AppContext<ModelsServices>,
  served: string[],
): Promise<{ withdrawn: number; republished: number }> {
  const withdrawn = await repo.unpublishReferenceModelsExcept(ctx.db, served, REFERENCE_MODELS_OFF_REASON);
  const republished = await repo.republishReferenceModels(ctx.db, served, REFERENCE_MODELS_OFF_REASON);
  if (withdrawn + republished > 0) for (const id of served) invalidateModelEndpoint(ctx, id);
  return { withdrawn, republished };
}
