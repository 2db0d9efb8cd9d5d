/**
 * Hosted inference (docs/api.md#inference "Hosted inference", docs/product.md#messages, docs/product.md#constants-and-limits; docs/architecture.md#calling-models): the
 * try panels and applications call a model through the platform. The platform checks the input
 * (limits, audio/image), builds the task's ULCA inference request, calls the model's endpoint
 * through the guarded call (net/model-call.ts) within the model's concurrency limit, and answers the
 * model's validated answer. Owns `model_usage` (calls and failures per API key, model and day).
 *
 * What is kept: nothing of the input or output, for any caller; logs name the model, the failure
 * code and status, and the endpoint's error text only when the caller's data tracking allows it.
 */
import { answerCapOf } from './model-answers.size-limit.ts';
import {
  AUDIO_INPUT_TASKS,
  IMAGE_INPUT_TASKS,
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  STREAMING_API,
  TRY_AUDIO_MAX_SECONDS,
  TRY_TEXT_MAX_CHARS,
  type ModelComputeAnswer,
  type ModelComputeBody,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { callModelEndpoint, ModelCallError } from '../../net/model-call.ts';
import { isStreamingEndpoint } from '../../net/model-socket.ts';
import * as models from '../models/service.ts';
import * as keys from '../keys/service.ts';
import * as glossary from '../glossary/service.ts';
import * as referenceModels from '../reference-models/service.ts';
import * as metering from '../metering/service.ts';
import { buildInferenceRequest } from './request.ts';
import { checkAudio, checkImage, decodeBase64, downloadMedia, type CheckedAudio, type CheckedImage } from './media.ts';
import * as repo from './repo.ts';
import type { UsageDelta } from './repo.ts';
import type { InferenceServices } from './state.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';
import type { ModelsServices } from '../models/service.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { InferenceServices } from './state.ts';
/** The guarded download of a media link (media.ts), for the features that take audio by URL. */
export { downloadMedia } from './media.ts';

/** Text limit per input for application (API-key) calls; the try panels keep docs/product.md#constants-and-limits's 150. */
export const API_TEXT_MAX_CHARS = 5000;
/** Speech limit for application (API-key) calls, seconds; the try panels keep docs/product.md#constants-and-limits's 60. */
export const API_AUDIO_MAX_SECONDS = 300;

/** Who calls: the verified signed-in user, the verified API key, or neither (anonymous try-it). */
export interface InferenceCaller {
  user: { userId: string; roles: readonly string[] } | null;
  apiKey: { keyId: string; userID: string } | null;
}

/** A file sent to model/tryMe. */
export interface TryMeFile {
  bytes: Buffer;
  filename?: string;
}

/**
 * Writes the usage counted in memory since the last flush to `model_usage` (see InferenceState.flush;
 * the timer and the last flush on shutdown belong to ctx.services.inference). Never throws.
 */
export async function flushUsage(ctx: AppContext<InferenceServices>): Promise<void> {
  await ctx.services.inference.flush();
}

/** Usage of an API key (calls and failures per model and day), newest day first; '' = web calls. Flushes first. */
export async function usageOfKey(ctx: AppContext<InferenceServices>, keyId: string): Promise<UsageDelta[]> {
  await flushUsage(ctx);
  return repo.usageOfKey(ctx.db, keyId);
}

/**
 * Whether the platform may keep inputs and outputs of this caller: web callers yes (the feedback
 * they send is theirs to send); an API key only when its Data Tracking switch is on for the
 * platform's service provider (the first of SERVICE_PROVIDERS, default ulca-reference-models: every
 * model is reached through this platform). Off by default.
 */
export async function dataTrackingAllowed(ctx: AppContext, apiKey: { keyId: string } | null): Promise<boolean> {
  if (!apiKey) return true;
  return keys.dataTrackingEnabled(ctx, apiKey.keyId, ctx.config.serviceProviders[0] ?? 'ulca-reference-models');
}

function modelCaller(caller: InferenceCaller): models.ModelCaller | null {
  if (caller.user) return { userId: caller.user.userId, roles: caller.user.roles };
  if (caller.apiKey) return { userId: caller.apiKey.userID, roles: [] };
  return null;
}

function limitsOf(caller: InferenceCaller): { textChars: number; audioSeconds: number } {
  return caller.apiKey
    ? { textChars: API_TEXT_MAX_CHARS, audioSeconds: API_AUDIO_MAX_SECONDS }
    : { textChars: TRY_TEXT_MAX_CHARS, audioSeconds: TRY_AUDIO_MAX_SECONDS };
}

function mediaLimits(ctx: AppContext) {
  return {
    allowedHosts: ctx.config.allowedFetchHosts,
    maxBytes: ctx.config.inferenceMaxMediaBytes,
    timeoutMs: Math.min(ctx.config.modelCallTimeoutMs, 20_000),
  };
}

async function audioOf(ctx: AppContext, body: ModelComputeBody, maxSeconds: number): Promise<CheckedAudio | undefined> {
  if (body.audioContent) return checkAudio(decodeBase64(body.audioContent, 'audio', ctx.config.inferenceMaxMediaBytes), maxSeconds);
  if (body.audioUri) return checkAudio(await downloadMedia(body.audioUri, 'The audio URL', mediaLimits(ctx)), maxSeconds);
  return undefined;
}

async function imageOf(ctx: AppContext, body: ModelComputeBody): Promise<CheckedImage | undefined> {
  if (body.imageContent) return checkImage(decodeBase64(body.imageContent, 'image', ctx.config.inferenceMaxMediaBytes));
  if (body.imageUri) return checkImage(await downloadMedia(body.imageUri, 'The image URL', mediaLimits(ctx)));
  return undefined;
}

/** A language code in `source` (the original client's audio/image bodies) as opposed to text. */
function languageCodeIn(value: string | undefined): string | undefined {
  return value && /^[a-z]{2,3}(-[A-Za-z]{2,8})?$/.test(value) ? value : undefined;
}

/**
 * Runs one hosted-inference call (model/compute, asr/v1/model/compute, model/tryMe).
 * - The model must be visible to the caller (published, or the caller owns it / is ADMIN): else 404.
 * - `body.task`, when given, must be the model's task (400 TASK_MISMATCH); a streaming model is
 *   refused (400 STREAMING_MODEL: it is called over the streaming relay, modules/streaming).
 * - Limits: text per input and audio length, docs/product.md#constants-and-limits for web callers (150 characters, 1 minute),
 *   API_TEXT_MAX_CHARS / API_AUDIO_MAX_SECONDS for API keys (400 TEXT_TOO_LONG, AUDIO_TOO_LONG,
 *   NOT_AUDIO, NOT_IMAGE, MEDIA_URL, MISSING_INPUT, LANGUAGE_NOT_SUPPORTED).
 * - Model failures (unreachable, time limit, error status, too large, wrong answer) → 502 (504 for
 *   the time limit) MODEL_NOT_ACCESSIBLE with docs/product.md#messages's text; a model whose slots stay busy →
 *   503 MODEL_BUSY; past the answer budget or the owner's concurrent calls → 503 SERVER_BUSY
 *   (model-answers.size-limit.ts); a large answer that found no turn to be read within MODEL_QUEUE_WAIT_MS → 503
 *   SERVER_BUSY with docs/product.md#messages's text (docs/operations.md#model-answers). Counted in model_usage per API key ('' for web calls).
 * - `opts.limits` replaces the caller's limits (the sts batch job: a transcript may pass 150 characters).
 * - `opts.chain`: a pipeline stage, whose call comes out of the calls its chain holds (metering holdChainCalls).
 * Returns the model's answer, validated against its task's response schema.
 */
export async function runInference(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  caller: InferenceCaller,
  body: ModelComputeBody,
  opts: { audioOnly?: boolean; limits?: { textChars: number; audioSeconds: number }; chain?: metering.ChainHold } = {},
): Promise<ModelComputeAnswer> {
  const model = await models.getModelForCall(ctx, body.modelId, modelCaller(caller));
  if (body.task && body.task !== model.task) throw badRequest('TASK_MISMATCH', `This model is a ${model.task} model, not ${body.task}.`);
  // A socket endpoint cannot answer a POST: streaming models are tried through the streaming relay.
  if (isStreamingEndpoint(model.schema, model.callbackUrl))
    throw badRequest(
      'STREAMING_MODEL',
      `This is a streaming model: call it over the WebSocket at ${STREAMING_API[model.task === 'tts' ? 'tts' : 'asr']}.`,
    );
  if (opts.audioOnly && !AUDIO_INPUT_TASKS.includes(model.task))
    throw badRequest('TASK_MISMATCH', `This endpoint is for speech models; this model is a ${model.task} model.`);
  const limits = opts.limits ?? limitsOf(caller);

  const input =
    body.input ??
    (!AUDIO_INPUT_TASKS.includes(model.task) && !IMAGE_INPUT_TASKS.includes(model.task) && body.source
      ? [{ source: body.source }]
      : undefined);
  for (const [i, item] of (input ?? []).entries()) {
    if (item.source.length > limits.textChars) {
      const words = caller.apiKey ? `at most ${limits.textChars} characters per input` : `max ${TRY_TEXT_MAX_CHARS} characters of text`;
      throw badRequest('TEXT_TOO_LONG', `The text is ${item.source.length} characters long; ${words}.`, [
        { field: `input.${i}.source`, message: words },
      ]);
    }
  }
  const audio = AUDIO_INPUT_TASKS.includes(model.task) ? await audioOf(ctx, body, limits.audioSeconds) : undefined;
  const image = IMAGE_INPUT_TASKS.includes(model.task) ? await imageOf(ctx, body) : undefined;
  // Metered per API key and held to its daily quotas before the model is called (docs/api.md#usage-and-quotas).
  const units: metering.CallUnits = {
    charactersIn: audio || image ? 0 : (input ?? []).reduce((n, i) => n + i.source.length, 0),
    audioSecondsIn: audio?.durationSeconds ?? 0,
    images: image ? 1 : 0,
  };
  if (caller.apiKey) await metering.reserveQuota(ctx, caller.apiKey.keyId, units, opts.chain);
  const request = buildInferenceRequest({
    task: model.task,
    languages: model.languages,
    exampleRequest: (model.schema?.request ?? null) as Record<string, unknown> | null,
    input,
    sourceLanguage: body.sourceLanguage ?? (audio || image ? languageCodeIn(body.source) : undefined),
    targetLanguage: body.targetLanguage,
    gender: body.gender,
    audio,
    image,
  });
  if (model.task === 'translation' && caller.apiKey) return translateWithGlossary(ctx, caller, caller.apiKey.keyId, model, request, units);
  return callModel(ctx, caller, model, request, units);
}

/**
 * A translation requested with an application's API key honours its glossary for the pair
 * (glossary/service.ts): the platform's own models get the terms protected by placeholders and
 * their target texts put back into `output[].target` (`output[].source` is the caller's input);
 * a contributor's model gets the entries in `config.glossary` (`[{sourceText, targetText}]`; the
 * ULCA inference contract has none, so this field is ours) and applies them itself.
 */
async function translateWithGlossary(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices>,
  caller: InferenceCaller,
  keyId: string,
  model: models.ModelEndpoint,
  request: Record<string, unknown>,
  units: metering.CallUnits,
) {
  const config = request.config as { language: { sourceLanguage: string; targetLanguage: string } };
  const terms = await glossary.glossaryForTranslation(ctx, keyId, config.language.sourceLanguage, config.language.targetLanguage);
  if (terms.length === 0) return callModel(ctx, caller, model, request, units);
  if (!model.isReference) return callModel(ctx, caller, model, { ...request, config: { ...config, glossary: terms } }, units);
  const input = request.input as { source: string }[];
  const guarded = glossary.protectTerms(
    input.map((i) => i.source),
    terms,
    config.language.sourceLanguage,
  );
  if (!guarded.applied) return callModel(ctx, caller, model, request, units);
  const answer = await callModel(ctx, caller, model, { ...request, input: guarded.texts.map((source) => ({ source })) }, units);
  const output = Array.isArray(answer.output) ? (answer.output as Record<string, unknown>[]) : [];
  return {
    ...answer,
    output: output.map((o, i) => ({
      ...o,
      source: input[i]?.source ?? o.source,
      target: typeof o.target === 'string' ? guarded.restore(o.target) : o.target,
    })),
  };
}

/** tryMe: the uploaded file becomes the image (ocr, img-lang-detection) or audio (asr, audio detections) of the call. */
export async function runTryMe(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
  caller: InferenceCaller,
  modelId: string,
  file: TryMeFile,
  source?: string,
): Promise<ModelComputeAnswer> {
  const model = await models.getModelForCall(ctx, modelId, modelCaller(caller));
  const content = file.bytes.toString('base64');
  if (IMAGE_INPUT_TASKS.includes(model.task)) return runInference(ctx, caller, { modelId, imageContent: content, source });
  if (AUDIO_INPUT_TASKS.includes(model.task)) return runInference(ctx, caller, { modelId, audioContent: content, source });
  throw badRequest(
    'TASK_MISMATCH',
    `tryMe takes a file for image and speech models; this ${model.task} model takes text through model/compute.`,
  );
}

/** Seconds a call refused for want of a turn to read its large answer is asked to wait. */
const LARGE_ANSWER_RETRY_AFTER_SECONDS = 2;

/** Answer of a reference-model call on an API process that runs no reference engines (REFERENCE_MODELS=false). */
export const REFERENCE_NOT_HERE_MESSAGE =
  'This server does not run the reference models (REFERENCE_MODELS=false on this process). Please try again; the operator should send reference-model calls to servers that run them.';

async function callModel(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices>,
  caller: InferenceCaller,
  model: models.ModelEndpoint,
  request: Record<string, unknown>,
  units: metering.CallUnits,
): Promise<ModelComputeAnswer> {
  const keyId = caller.apiKey?.keyId ?? '';
  const calledAt = performance.now();
  // The key's metering counts the whole call, the wait for a slot included (docs/api.md#usage-and-quotas).
  const meter = (failed: boolean, answer?: ModelComputeAnswer) => {
    if (!keyId) return;
    const audioSecondsOut = answer && model.task === 'tts' ? metering.answeredAudioSeconds(answer) : 0;
    metering.recordCall(ctx, {
      keyId,
      modelId: model.modelId,
      task: model.task,
      failed,
      latencyMs: performance.now() - calledAt,
      audioSecondsOut,
      ...units,
    });
  };
  // A reference model is called on this process's own reference server, whose exact origin is the one loopback origin allowed;
  // a worker-only process (speech-to-speech batches) starts that engine on demand.
  const route = await referenceModels.reachModel(ctx, model);
  // A process without the engines (REFERENCE_MODELS=false) serves no reference model itself: a clear
  // refusal rather than a call to another process's loopback URL (docs/operations.md#running-it-in-production).
  if (model.isReference && !route.reachable) throw new ApiError(503, 'REFERENCE_MODEL_NOT_SERVED_HERE', REFERENCE_NOT_HERE_MESSAGE);
  // The metrics time the endpoint call itself, not the wait for the model's slot (ulca_model_call_duration_seconds).
  let started = 0;
  try {
    const state = ctx.services.inference;
    const maxBytes = answerCapOf(ctx.config, model.task);
    const { body } = await state.limiter.run(model.modelId, async () => {
      // Memory for the answer and one of the owner's slots, taken before the call (model-answers.size-limit.ts);
      // a refusal here is BUSY like a full model slot, so the clock starts after it.
      const release = state.answers.reserve(model.isReference ? null : model.userId, maxBytes);
      started = performance.now();
      try {
        return await callModelEndpoint(route.target, request, {
          allowedHosts: ctx.config.allowedFetchHosts,
          pools: ctx.services.outbound,
          allowedOrigins: route.allowedOrigins,
          timeoutMs: ctx.config.modelCallTimeoutMs,
          maxBytes,
          // Answers over 1 MiB are read in worker threads, a few at once (docs/operations.md#model-answers).
          answers: state.answerPool,
        });
      } finally {
        release();
      }
    });
    ctx.services.inference.count(keyId, model.modelId, false);
    meter(false, body);
    ctx.metrics.modelCall(model.modelId, 'success', (performance.now() - started) / 1000);
    // Checked against the task's response schema as it was read (net/model-call.ts): sent as it is.
    return body;
  } catch (err) {
    ctx.services.inference.count(keyId, model.modelId, true);
    meter(true);
    // A call refused before it started (the model's slot stayed busy, or no answer budget) is counted as BUSY with no time.
    ctx.metrics.modelCall(
      model.modelId,
      started ? (err instanceof ModelCallError ? err.code : 'ERROR') : 'BUSY',
      started ? (performance.now() - started) / 1000 : 0,
    );
    // The platform's own engines word their refusals for the person trying them (engine.ts EngineInputError): passed on as they are.
    if (err instanceof ModelCallError && model.isReference && route.reachable && err.status === 400 && err.endpointMessage) {
      throw badRequest('INPUT_REFUSED', err.endpointMessage);
    }
    // The model answered, but this process had no turn to read another large answer in time: busy, worth a retry.
    if (err instanceof ModelCallError && err.code === 'BUSY')
      throw new ApiError(503, 'SERVER_BUSY', MODEL_NOT_ACCESSIBLE_MESSAGE).retryAfter(LARGE_ANSWER_RETRY_AFTER_SECONDS);
    if (err instanceof ModelCallError) {
      // The endpoint's own words may quote the input: only with the caller's data tracking on.
      const detail = (await dataTrackingAllowed(ctx, caller.apiKey).catch(() => false)) ? err.message : undefined;
      ctx.log.warn({ modelId: model.modelId, task: model.task, code: err.code, status: err.status, detail }, 'model call failed');
      throw new ApiError(err.code === 'TIMEOUT' ? 504 : 502, 'MODEL_NOT_ACCESSIBLE', MODEL_NOT_ACCESSIBLE_MESSAGE);
    }
    throw err;
  }
}
