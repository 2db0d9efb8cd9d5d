/**
 * The pipeline engine (docs/api.md#pipelines): chains of models for
 * applications. Search answers which task sequences connect and in which languages; config answers
 * the candidate models of each task (a model that is up first); compute runs the chain, each
 * stage's output feeding the next, every stage through the hosted-inference call of model/compute
 * (inference/service.ts runInference: model visibility, input limits, the guarded endpoint call,
 * the per-model limiter, usage counting, and the glossary of the key's application for translation).
 *
 * The whole chain is checked before any model is called (every serviceId known and of its task,
 * languages connecting, the input the first stage needs present); a stage refused or failed stops
 * the chain: no stage after it runs, and the answer names it and carries the stages before it.
 * Nothing of the input or output is kept (the inference path keeps nothing either).
 */
import {
  AUDIO_INPUT_TASKS,
  IMAGE_INPUT_TASKS,
  INFERENCE_TASKS,
  PAIRED_INFERENCE_TASKS,
  PIPELINE_API,
  STREAMING_API,
  assertNever,
  taskSpec,
  type InferenceTask,
  type ModelComputeBody,
  type PipelineCandidate,
  type PipelineComputeBody,
  type PipelineConfigBody,
  type PipelineConfigResponse,
  type PipelineStageResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import * as models from '../models/service.ts';
import * as health from '../model-health/service.ts';
import * as inference from '../inference/service.ts';
import * as metering from '../metering/service.ts';
import { connectChain, isLanguageFree, outputLanguage } from './languages.ts';
import type { ModelsServices } from '../models/service.ts';
import type { InferenceServices } from '../inference/service.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

type Json = Record<string, unknown>;

/** What flows between stages. */
type Payload =
  { kind: 'text'; texts: string[] } | { kind: 'audio'; content?: string; uri?: string } | { kind: 'image'; content?: string; uri?: string };

/** The kind of input a task takes. */
function inputKind(task: InferenceTask): Payload['kind'] {
  if (AUDIO_INPUT_TASKS.includes(task)) return 'audio';
  if (IMAGE_INPUT_TASKS.includes(task)) return 'image';
  return 'text';
}

/**
 * The kind of output a task answers with, read from its registry entry (`output`,
 * docs/architecture.md#adding-a-model-task): a new task of an existing output kind joins pipelines
 * with no change here, a new output kind fails to compile until it is placed. Null = it passes its
 * input on (ner and the detections: they label, they do not transform).
 */
function outputKind(task: InferenceTask): Payload['kind'] | null {
  const kind = taskSpec(task).output;
  switch (kind) {
    case 'target-text':
    case 'suggestions':
    case 'source-text':
      return 'text';
    case 'audio':
      return 'audio';
    case 'ner':
    case 'languages':
    case 'genders':
      return null;
    default:
      return assertNever(kind, 'task output kind');
  }
}

/**
 * A compute call refused or failed at one stage: HTTP `status` (400 for input the stage refuses,
 * 424 when its model failed: unreachable, time limit, an answer that is not its task's, empty),
 * the stage (0-based `index`, task, serviceId) and the answers of the stages before it.
 */
export class PipelineStageError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly index: number,
    public readonly taskType: string,
    public readonly serviceId: string | null,
    public readonly completed: PipelineStageResponse[],
    public readonly errors?: { field: string; message: string }[],
    /** The reason alone, without the stage named (for callers that name the stage themselves, e.g. the sts batch). */
    public readonly detail: string = message,
  ) {
    super(message);
    this.name = 'PipelineStageError';
  }
}

/** A candidate model of a task with what the engine needs beyond the answered fields. */
interface Candidate extends PipelineCandidate {
  task: InferenceTask;
  sourceLanguage: string;
  targetLanguage?: string | null;
}

/** Every published model that a pipeline can call (not streaming), per task, as candidates; up models first. */
async function candidatesByTask(ctx: AppContext): Promise<Map<InferenceTask, Candidate[]>> {
  const [records, status] = await Promise.all([models.listPublishedModelRecords(ctx), health.listModelHealth(ctx)]);
  const up = new Map(
    status.modelHealthStatusList.map((h) => [h.modelId, h.status === 'available' ? true : h.status === 'unavailable' ? false : null]),
  );
  const byTask = new Map<InferenceTask, Candidate[]>();
  for (const r of records) {
    const processing = (r.inferenceEndPoint.schema as { modelProcessingType?: { type?: string } } | null)?.modelProcessingType?.type;
    if (processing === 'streaming') continue;
    const task = r.task.type;
    const langs = r.languages.length > 0 ? r.languages : [{ sourceLanguage: '', targetLanguage: null }];
    const list = byTask.get(task) ?? [];
    for (const l of langs) {
      const paired = PAIRED_INFERENCE_TASKS.includes(task);
      list.push({
        serviceId: r.modelId,
        modelId: r.modelId,
        name: r.name,
        language: { sourceLanguage: l.sourceLanguage, ...(paired && l.targetLanguage ? { targetLanguage: l.targetLanguage } : {}) },
        domain: r.domain,
        isUp: up.get(r.modelId) ?? null,
        task,
        sourceLanguage: l.sourceLanguage,
        targetLanguage: paired ? (l.targetLanguage ?? null) : null,
      });
    }
    byTask.set(task, list);
  }
  // Among equal candidates the one that is up comes first, then never checked, then down (stable otherwise).
  const rank = (c: Candidate) => (c.isUp === true ? 0 : c.isUp === null ? 1 : 2);
  for (const list of byTask.values()) list.sort((a, b) => rank(a) - rank(b));
  return byTask;
}

/** Stage i's candidates restricted to the languages its request names. */
function filterByLanguage(
  cands: Candidate[],
  language: { sourceLanguage: string; targetLanguage?: string | null } | undefined,
): Candidate[] {
  if (!language) return cands;
  return cands.filter(
    (c) =>
      (!language.sourceLanguage || c.sourceLanguage === language.sourceLanguage || c.sourceLanguage === '') &&
      (!language.targetLanguage || !c.targetLanguage || c.targetLanguage === language.targetLanguage),
  );
}

/** Chains search answers when no sequence is asked for: every task alone, then the chains applications build most. */
export const USUAL_CHAINS: readonly (readonly InferenceTask[])[] = [
  ...INFERENCE_TASKS.map((t) => [t]),
  ['asr', 'translation'],
  ['asr', 'translation', 'tts'],
  ['translation', 'tts'],
  ['ocr', 'translation'],
  ['asr', 'transliteration'],
  ['ocr', 'translation', 'tts'],
];

/**
 * Pipeline search (public): for `tasks` (or each of {@link USUAL_CHAINS}), whether the published
 * models connect, with the source languages and the languages the last stage answers in. A
 * sequence that does not connect is left out (for an asked sequence: an empty list).
 */
export async function searchPipelines(
  ctx: AppContext,
  tasks?: { taskType: InferenceTask; config?: { language?: { sourceLanguage: string; targetLanguage?: string | null } } }[],
) {
  const byTask = await candidatesByTask(ctx);
  const chains = tasks ? [tasks] : USUAL_CHAINS.map((c) => c.map((taskType) => ({ taskType, config: undefined })));
  const data: { pipelineTasks: { taskType: string }[]; languages: { sourceLanguage: string; targetLanguageList: string[] }[] }[] = [];
  for (const chain of chains) {
    const types = chain.map((t) => t.taskType);
    const stages = chain.map((t) => filterByLanguage(byTask.get(t.taskType) ?? [], t.config?.language));
    const c = connectChain(types, stages);
    if (c.brokenAt !== -1) continue;
    if (c.languages.length === 0 && !types.every(isLanguageFree)) continue;
    data.push({ pipelineTasks: types.map((taskType) => ({ taskType })), languages: c.languages });
  }
  return { data };
}

/**
 * getModelsPipeline: per task the candidate models on a connected path (a model that is up first),
 * the languages served, and where to send the compute call with which key (the application's own
 * key, as presented: the platform keeps only its hash). `origin` is the platform's public base URL.
 * @throws ApiError 400 NO_MODEL_FOR_TASK (no published model of a task in the asked languages),
 *   LANGUAGES_DO_NOT_CONNECT (a stage's models take no language the stage before answers in).
 */
export async function pipelineConfig(ctx: AppContext, body: PipelineConfigBody, presentedKey: string): Promise<PipelineConfigResponse> {
  const byTask = await candidatesByTask(ctx);
  const types = body.pipelineTasks.map((t) => t.taskType);
  const stages = body.pipelineTasks.map((t, i) => {
    const all = byTask.get(t.taskType) ?? [];
    const c = filterByLanguage(all, t.config?.language);
    if (c.length === 0) {
      const want = t.config?.language
        ? ` for ${[t.config.language.sourceLanguage, t.config.language.targetLanguage].filter(Boolean).join('-')}`
        : '';
      throw badRequest('NO_MODEL_FOR_TASK', `Stage ${i + 1} (${t.taskType}): no published ${t.taskType} model${want}.`, [
        { field: `pipelineTasks.${i}`, message: `no ${t.taskType} model${want}` },
      ]);
    }
    return c;
  });
  const chain = connectChain(types, stages);
  if (chain.brokenAt !== -1) throw notConnected(chain.brokenAt, types);
  const apiKey = { name: 'ulcaApiKey', value: presentedKey };
  const origin = ctx.config.publicUrl;
  const speech = types.some((t) => t === 'asr' || t === 'tts');
  return {
    languages: chain.languages,
    pipelineResponseConfig: types.map((taskType, i) => ({
      taskType,
      config: chain.kept[i].map((c) => ({
        serviceId: c.serviceId,
        modelId: c.modelId,
        name: c.name,
        language: c.language,
        domain: c.domain,
        isUp: c.isUp,
      })),
    })),
    pipelineInferenceAPIEndPoint: { callbackUrl: `${origin}${PIPELINE_API.compute}`, inferenceApiKey: apiKey },
    ...(speech
      ? {
          pipelineInferenceSocketEndPoint: {
            callbackUrl: `${origin.replace(/^http/, 'ws')}${types.includes('asr') ? STREAMING_API.asr : STREAMING_API.tts}`,
            inferenceApiKey: apiKey,
          },
        }
      : {}),
  };
}

function notConnected(i: number, types: readonly string[]): ApiError {
  const before = i > 0 ? ` what stage ${i} (${types[i - 1]}) answers in` : ' the asked languages';
  return badRequest('LANGUAGES_DO_NOT_CONNECT', `Stage ${i + 1} (${types[i]}): no model takes${before}.`, [
    { field: `pipelineTasks.${i}.config.language`, message: 'the languages do not connect' },
  ]);
}

/** One stage of a compute call, resolved before anything runs. */
interface ResolvedStage {
  taskType: InferenceTask;
  serviceId: string;
  sourceLanguage?: string;
  targetLanguage?: string;
  gender?: 'male' | 'female';
}

/** Limits a pipeline run may replace (the sts batch: a minute of speech, an application's text limit). */
export interface PipelineRunOptions {
  limits?: { textChars: number; audioSeconds: number };
}

function pairOf(
  model: models.ModelEndpoint,
  source?: string,
  target?: string,
): { sourceLanguage?: string; targetLanguage?: string } | null {
  const paired = PAIRED_INFERENCE_TASKS.includes(model.task);
  if (model.languages.length === 0) return { sourceLanguage: source, targetLanguage: paired ? target : undefined };
  const m = model.languages.find((l) => (!source || l.sourceLanguage === source) && (!paired || !target || l.targetLanguage === target));
  if (!m) return null;
  return { sourceLanguage: m.sourceLanguage, targetLanguage: paired ? (m.targetLanguage ?? undefined) : undefined };
}

/**
 * Checks the whole chain before any model is called: each stage's serviceId a model visible to
 * the caller and of its task, its languages served and connecting to the stage before, and its
 * input kind (text, audio, image) what the stage before answers (or, for the first, what
 * `inputData` holds). Missing languages are taken from the stage before, or the model's only pair.
 */
async function resolveStages(
  ctx: AppContext<ModelsServices>,
  caller: inference.InferenceCaller,
  body: PipelineComputeBody,
): Promise<ResolvedStage[]> {
  const first: Payload['kind'] | null = body.inputData.audio
    ? 'audio'
    : body.inputData.image
      ? 'image'
      : body.inputData.input
        ? 'text'
        : null;
  const modelCaller = caller.user
    ? { userId: caller.user.userId, roles: caller.user.roles }
    : caller.apiKey
      ? { userId: caller.apiKey.userID, roles: [] }
      : null;
  const out: ResolvedStage[] = [];
  let kind = first;
  let lang: string | undefined;
  for (const [i, t] of body.pipelineTasks.entries()) {
    const fail = (code: string, message: string, field: string) =>
      new PipelineStageError(
        400,
        code,
        `Stage ${i + 1} (${t.taskType}): ${message}`,
        i,
        t.taskType,
        serviceId ?? null,
        [],
        [{ field, message }],
        message,
      );
    const serviceId = t.config?.serviceId ?? t.serviceId;
    if (!serviceId)
      throw fail(
        'MISSING_SERVICE_ID',
        'give the model as config.serviceId (getModelsPipeline lists the candidates).',
        `pipelineTasks.${i}.config.serviceId`,
      );
    let model: models.ModelEndpoint;
    try {
      model = await models.getModelForCall(ctx, serviceId, modelCaller);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404)
        throw fail('UNKNOWN_SERVICE_ID', `no published model with the serviceId ${serviceId}.`, `pipelineTasks.${i}.config.serviceId`);
      throw err;
    }
    if (model.task !== t.taskType)
      throw fail('TASK_MISMATCH', `the model ${serviceId} is a ${model.task} model.`, `pipelineTasks.${i}.taskType`);
    const need = inputKind(t.taskType);
    if (kind !== need) {
      const what =
        i === 0
          ? `inputData has no ${need === 'text' ? 'input[].source' : `${need}[]`}`
          : `stage ${i} (${body.pipelineTasks[i - 1].taskType}) answers ${kind}`;
      throw fail(
        i === 0 ? 'MISSING_INPUT' : 'TASKS_DO_NOT_CONNECT',
        `this stage takes ${need}, but ${what}.`,
        i === 0 ? 'inputData' : `pipelineTasks.${i}.taskType`,
      );
    }
    const asked = t.config?.language;
    const stage: ResolvedStage = { taskType: t.taskType, serviceId, gender: t.config?.gender };
    if (!isLanguageFree(t.taskType) || asked) {
      const source = asked?.sourceLanguage ?? lang;
      if (asked && lang && !isLanguageFree(t.taskType) && asked.sourceLanguage !== lang) {
        throw fail(
          'LANGUAGES_DO_NOT_CONNECT',
          `it takes ${asked.sourceLanguage}, but stage ${i} (${body.pipelineTasks[i - 1].taskType}) answers in ${lang}.`,
          `pipelineTasks.${i}.config.language.sourceLanguage`,
        );
      }
      const pair = pairOf(model, source, asked?.targetLanguage ?? undefined);
      if (!pair) {
        const want = [source, asked?.targetLanguage].filter(Boolean).join('-');
        throw fail('LANGUAGE_NOT_SUPPORTED', `the model ${serviceId} does not serve ${want}.`, `pipelineTasks.${i}.config.language`);
      }
      stage.sourceLanguage = pair.sourceLanguage;
      stage.targetLanguage = pair.targetLanguage;
      if (!isLanguageFree(t.taskType) && pair.sourceLanguage)
        lang = outputLanguage({ task: t.taskType, sourceLanguage: pair.sourceLanguage, targetLanguage: pair.targetLanguage });
    }
    kind = outputKind(t.taskType) ?? kind;
    out.push(stage);
  }
  return out;
}

/** The compute body of one stage: the model, languages and what flows in. */
function stageBody(s: ResolvedStage, payload: Payload): ModelComputeBody {
  const body: ModelComputeBody = {
    modelId: s.serviceId,
    task: s.taskType,
    sourceLanguage: s.sourceLanguage,
    targetLanguage: s.targetLanguage,
  };
  if (s.gender) body.gender = s.gender;
  if (payload.kind === 'text') body.input = payload.texts.map((source) => ({ source }));
  else if (payload.kind === 'audio') {
    if (payload.content) body.audioContent = payload.content;
    else body.audioUri = payload.uri;
  } else if (payload.content) body.imageContent = payload.content;
  else body.imageUri = payload.uri;
  return body;
}

/** What a stage hands on: its text or speech, or (detections, ner) what it was given. Null when the model answered nothing usable. */
function nextPayload(task: InferenceTask, answer: Json, given: Payload): Payload | null {
  const kind = outputKind(task);
  if (kind === null) return given;
  if (kind === 'audio') {
    const a = (Array.isArray(answer.audio) ? (answer.audio as Json[])[0] : undefined) ?? {};
    if (typeof a.audioContent === 'string' && a.audioContent) return { kind: 'audio', content: a.audioContent };
    if (typeof a.audioUri === 'string' && a.audioUri) return { kind: 'audio', uri: a.audioUri };
    return null;
  }
  // What was heard or read comes back as output[].source, everything else as output[].target (TaskOutputKind).
  const field = taskSpec(task).output === 'source-text' ? 'source' : 'target';
  const output = Array.isArray(answer.output) ? (answer.output as Json[]) : [];
  const texts = output.map((o) => {
    const v = o[field];
    return (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '').trim();
  });
  return texts.length > 0 && texts.every((t) => t !== '') ? { kind: 'text', texts } : null;
}

/** Why a stage's model failed, in words naming the stage (the model's own text is never passed on: it may quote the input). */
function failureOf(err: ApiError, i: number, s: ResolvedStage, ctx: AppContext, completed: PipelineStageResponse[]): PipelineStageError {
  const head = `Stage ${i + 1} (${s.taskType}, serviceId ${s.serviceId})`;
  if (err.status < 500) {
    const errors = err.errors?.map((e) => ({ ...e, field: `pipelineTasks.${i}.${e.field}` }));
    return new PipelineStageError(
      err.status,
      err.code,
      `${head}: ${err.message}`,
      i,
      s.taskType,
      s.serviceId,
      completed,
      errors,
      err.message,
    );
  }
  const why =
    err.status === 504
      ? `the model did not answer within ${Math.round(ctx.config.modelCallTimeoutMs / 1000)} s`
      : err.code === 'MODEL_BUSY'
        ? 'the model is busy; try again shortly'
        : 'the model could not be reached or answered something that is not a ' + s.taskType + ' answer';
  return new PipelineStageError(
    424,
    err.status === 504 ? 'STAGE_TIMEOUT' : err.code === 'MODEL_BUSY' ? 'STAGE_BUSY' : 'STAGE_FAILED',
    `${head} failed: ${why}.`,
    i,
    s.taskType,
    s.serviceId,
    completed,
  );
}

/**
 * Pipeline compute: runs the stages in order, each through inference.runInference (the guarded
 * model call of model/compute), each one's text or speech the next one's input.
 * @returns one entry per stage: task, serviceId, config (languages), the model's `output`/`audio`.
 * With an API key the calls of all stages are reserved before the first one (metering
 * holdChainCalls: 429 QUOTA_EXCEEDED for the whole chain, no stage run) and those of stages that
 * never reached their model are given back however the chain ends.
 * @throws PipelineStageError (see its doc) for the first stage refused or failed; nothing after it runs.
 */
export async function runPipeline(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  caller: inference.InferenceCaller,
  body: PipelineComputeBody,
  opts: PipelineRunOptions = {},
): Promise<PipelineStageResponse[]> {
  const stages = await resolveStages(ctx, caller, body);
  const d = body.inputData;
  const payload: Payload = d.audio
    ? { kind: 'audio', content: d.audio[0].audioContent ?? undefined, uri: d.audio[0].audioUri ?? undefined }
    : d.image
      ? { kind: 'image', content: d.image[0].imageContent ?? undefined, uri: d.image[0].imageUri ?? undefined }
      : { kind: 'text', texts: (d.input ?? []).map((x) => x.source) };
  // The calls of every stage are reserved before the first runs, and those of stages that never
  // reach their model are given back: a chain over its quota is refused whole (docs/api.md#usage-and-quotas).
  const chain = caller.apiKey ? await metering.holdChainCalls(ctx, caller.apiKey.keyId, stages.length) : undefined;
  try {
    return await runStages(ctx, caller, stages, payload, opts, chain);
  } finally {
    if (chain) await metering.releaseChainCalls(ctx, chain);
  }
}

/** The stages of {@link runPipeline} in order, each one's text or speech the next one's input. */
async function runStages(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  caller: inference.InferenceCaller,
  stages: ResolvedStage[],
  first: Payload,
  opts: PipelineRunOptions,
  chain: metering.ChainHold | undefined,
): Promise<PipelineStageResponse[]> {
  let payload = first;
  const done: PipelineStageResponse[] = [];
  for (const [i, s] of stages.entries()) {
    let answer: Json;
    try {
      answer = await inference.runInference(ctx, caller, stageBody(s, payload), { limits: opts.limits, chain });
    } catch (err) {
      // A quota refusal (429, Retry-After) refuses the whole call, as on model/compute.
      if (err instanceof ApiError && err.status === 429) throw err;
      if (err instanceof ApiError) throw failureOf(err, i, s, ctx, done);
      throw err;
    }
    const language = s.sourceLanguage
      ? { sourceLanguage: s.sourceLanguage, ...(s.targetLanguage ? { targetLanguage: s.targetLanguage } : {}) }
      : undefined;
    done.push({
      taskType: s.taskType,
      serviceId: s.serviceId,
      config: { ...((answer.config ?? {}) as Json), ...(language ? { language } : {}), ...(s.gender ? { gender: s.gender } : {}) },
      output: Array.isArray(answer.output) ? (answer.output as Json[]) : null,
      audio: Array.isArray(answer.audio) ? (answer.audio as Json[]) : null,
    });
    if (i === stages.length - 1) break;
    const next = nextPayload(s.taskType, answer, payload);
    if (!next) {
      throw new PipelineStageError(
        424,
        'STAGE_EMPTY_OUTPUT',
        `Stage ${i + 1} (${s.taskType}, serviceId ${s.serviceId}) answered no ${outputKind(s.taskType)} to pass on.`,
        i,
        s.taskType,
        s.serviceId,
        done.slice(0, -1),
      );
    }
    payload = next;
  }
  return done;
}
