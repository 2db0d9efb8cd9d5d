/**
 * Speaker enrolment and verification (docs/product.md#speaker-recognition "Speaker recognition page", docs/product.md#entities-and-fields, docs/product.md#validation-rules, docs/api.md#speakers; docs/product.md#speaker-recognition).
 *
 * A speaker belongs to the signed-in user, one of that user's applications (the API key whose
 * app name is `appName`) and one service provider; every query carries all three, so another
 * user's or application's speaker is never found, listed, scored or deleted, and an unknown id and
 * a foreign one get the same answer. Audio comes as base64 or as a link downloaded through the
 * outbound guard (net/safe-fetch.ts: public hosts only, size and time limits).
 *
 * Engine: the reference MFCC baseline (embedding.ts) in worker threads (dsp.ts). Contributors'
 * models are not consulted: the ULCA model schema (SupportedTasks) has no speaker enrolment or
 * verification task, so no published model can declare one.
 */
import { randomUUID } from 'node:crypto';
import type { SpeakerDeleteBody, SpeakerEnrollBody, SpeakerScopeQuery, SpeakerVerifyBody } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import { describeBytes } from '../../net/safe-fetch.ts';
import { downloadMedia } from '../inference/service.ts';
import type { AuthUser } from '../../security/auth.ts';
import { listApiKeys } from '../keys/service.ts';
import { BACKGROUND } from './background.ts';
import { averageVectors, confidenceOf, normalisedCosine } from './embedding.ts';
import * as repo from './repo.ts';
import { SPEAKER_THRESHOLD } from '@ulca/contracts';
import type { SpeakerServices } from './dsp.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { SpeakerServices } from './dsp.ts';

/** Name of the engine, stored with each speaker (a later engine's vectors are not comparable). */
export const SPEAKER_ENGINE = 'mfcc-stats-baseline-v1';
/** Re-exported for the feature's tests and callers; defined once in @ulca/contracts. */
export { SPEAKER_THRESHOLD };
/** Speakers one application may hold per provider (verification against any speaker scores them all). */
export const MAX_SPEAKERS_PER_APP = 500;

export const SPEAKER_NOT_FOUND_MESSAGE = 'No speaker with this ID in this application.';
export const APP_NOT_FOUND_MESSAGE = 'You have no API key with this app name.';
export const ENROLLED_MESSAGE = 'Speaker enrolled successfully';

/** Request metadata for the log. */
export interface SpeakerRequestMeta {
  ip: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The caller's scope for `appName` + `serviceProviderName`: 400 UNKNOWN_PROVIDER for a provider
 * not configured (SERVICE_PROVIDERS), 404 APP_NOT_FOUND when the caller has no key of that app
 * name (exact, else any case: app names are unique per user in any case).
 */
async function scopeOf(ctx: AppContext, user: AuthUser, query: SpeakerScopeQuery): Promise<repo.SpeakerScope> {
  if (!ctx.config.serviceProviders.includes(query.serviceProviderName)) {
    throw badRequest('UNKNOWN_PROVIDER', 'Unknown service provider.', [
      { field: 'serviceProviderName', message: `One of: ${ctx.config.serviceProviders.join(', ')}` },
    ]);
  }
  const keys = await listApiKeys(ctx, user, { userID: user.userId });
  const key = keys.find((k) => k.appName === query.appName) ?? keys.find((k) => k.appName.toLowerCase() === query.appName.toLowerCase());
  if (!key) throw notFound(APP_NOT_FOUND_MESSAGE);
  return { userId: user.userId, keyId: key.ulcaApiKey, provider: query.serviceProviderName };
}

/** The bytes of one audio input: base64 decoded, or the link downloaded under the outbound guard. 400 / 413 with the reason. */
async function audioBytes(ctx: AppContext, input: { audioContent?: string; audioUri?: string }, index: number): Promise<Uint8Array> {
  const maxBytes = ctx.config.inferenceMaxMediaBytes;
  const which = `Audio ${index + 1}`;
  if (input.audioContent) {
    const text = input.audioContent.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
    if (!text || !BASE64.test(text)) throw badRequest('BAD_MEDIA', `${which}: audioContent is not base64.`);
    if (Math.floor((text.length * 3) / 4) > maxBytes + 2)
      throw new ApiError(413, 'MEDIA_TOO_LARGE', `${which} is larger than ${describeBytes(maxBytes)}.`);
    return Buffer.from(text, 'base64');
  }
  return downloadMedia(input.audioUri ?? '', `${which}: the audio link`, {
    allowedHosts: ctx.config.allowedFetchHosts,
    maxBytes,
    timeoutMs: Math.min(ctx.config.modelCallTimeoutMs, 20_000),
  });
}

/** Speaker vectors of the request's audio items (decoded and analysed in worker threads). 400 with the audio's problem. */
async function vectorsOf(
  ctx: AppContext<SpeakerServices>,
  audio: { audioContent?: string; audioUri?: string }[],
): Promise<{ vector: number[]; voicedSeconds: number }> {
  const vectors: number[][] = [];
  let voicedSeconds = 0;
  // One after another: a request holds at most one worker thread, others' requests get the rest.
  for (const [i, input] of audio.entries()) {
    const result = await ctx.services.speechPool.analyse(await audioBytes(ctx, input, i));
    if (!result.ok) throw badRequest(result.code, audio.length > 1 ? `Audio ${i + 1}: ${result.message}` : result.message);
    vectors.push(result.vector);
    voicedSeconds += result.voicedFrames / 100;
  }
  return { vector: averageVectors(vectors), voicedSeconds };
}

/** The baseline's score of a voice against an enrolled speaker, in [0, 1]. */
function score(vector: number[], speaker: repo.SpeakerRow): number {
  return Number(confidenceOf(normalisedCosine(vector, speaker.vector, BACKGROUND)).toFixed(4));
}

/** speakers/list: the scope's speakers, newest first. */
export async function listSpeakers(ctx: AppContext, user: AuthUser, query: SpeakerScopeQuery) {
  const scope = await scopeOf(ctx, user, query);
  const rows = await repo.listSpeakers(ctx.db, scope, MAX_SPEAKERS_PER_APP);
  return rows.map((r) => ({ speakerId: r.speaker_id, speakerName: r.speaker_name, createdOn: r.created_on.toISOString() }));
}

/**
 * speakers/enroll: a new speaker from `config.speakerName` and the audio (several items are
 * averaged). 400 for bad audio (NOT_AUDIO, UNSUPPORTED_AUDIO_FORMAT, AUDIO_TOO_LONG, NO_SPEECH,
 * MEDIA_URL), 400 TOO_MANY_SPEAKERS beyond {@link MAX_SPEAKERS_PER_APP}.
 */
export async function enrollSpeaker(
  ctx: AppContext<SpeakerServices>,
  user: AuthUser,
  query: SpeakerScopeQuery,
  body: SpeakerEnrollBody,
  meta: SpeakerRequestMeta,
) {
  const scope = await scopeOf(ctx, user, query);
  const speakerName = body.pipelineTasks[0].config.speakerName ?? '';
  if ((await repo.countSpeakers(ctx.db, scope)) >= MAX_SPEAKERS_PER_APP) {
    throw badRequest('TOO_MANY_SPEAKERS', `This application holds ${MAX_SPEAKERS_PER_APP} speakers; delete some first.`);
  }
  const { vector, voicedSeconds } = await vectorsOf(ctx, body.inputData.audio);
  const speakerId = randomUUID();
  await repo.insertSpeaker(ctx.db, scope, { speakerId, speakerName, engine: SPEAKER_ENGINE, vector, voicedSeconds });
  ctx.log.info({ userId: user.userId, keyId: scope.keyId, provider: scope.provider, speakerId, ip: meta.ip }, 'speaker enrolled');
  return { speakerId, speakerName, message: ENROLLED_MESSAGE };
}

/**
 * speakers/verify: with `config.speakerId`, how well the voice matches that speaker (404
 * SPEAKER_NOT_FOUND when the id is not one of this scope's, whoever owns it); without it, the
 * best-matching speaker of the scope (404 NO_SPEAKERS when none is enrolled). `verified` when the
 * confidence reaches {@link SPEAKER_THRESHOLD}; speakerId/speakerName are null when no speaker
 * of the scope matches in the "any speaker" mode.
 */
export async function verifySpeaker(ctx: AppContext<SpeakerServices>, user: AuthUser, query: SpeakerScopeQuery, body: SpeakerVerifyBody) {
  const scope = await scopeOf(ctx, user, query);
  const wanted = body.pipelineTasks[0].config.speakerId;
  let candidates: repo.SpeakerRow[];
  if (wanted) {
    const row = UUID.test(wanted) ? await repo.findSpeaker(ctx.db, scope, wanted) : undefined;
    if (!row) throw new ApiError(404, 'SPEAKER_NOT_FOUND', SPEAKER_NOT_FOUND_MESSAGE);
    candidates = [row];
  } else {
    candidates = await repo.listSpeakers(ctx.db, scope, MAX_SPEAKERS_PER_APP);
    if (candidates.length === 0) throw new ApiError(404, 'NO_SPEAKERS', 'No speaker is enrolled in this application yet: enrol one first.');
  }
  const { vector } = await vectorsOf(ctx, body.inputData.audio);
  const scored = candidates.map((s) => ({ s, confidence: score(vector, s) })).sort((a, b) => b.confidence - a.confidence);
  const best = scored[0];
  const verified = best.confidence >= SPEAKER_THRESHOLD;
  if (wanted) {
    return {
      message: verified ? `The voice matches ${best.s.speaker_name}.` : `The voice does not match ${best.s.speaker_name}.`,
      speakerId: best.s.speaker_id,
      speakerName: best.s.speaker_name,
      confidence: best.confidence,
      verified,
    };
  }
  return verified
    ? {
        message: `The voice matches ${best.s.speaker_name}.`,
        speakerId: best.s.speaker_id,
        speakerName: best.s.speaker_name,
        confidence: best.confidence,
        verified,
      }
    : { message: 'The voice matches no enrolled speaker.', speakerId: null, speakerName: null, confidence: best.confidence, verified };
}

/**
 * speakers/delete: deletes the listed speakers of the scope. 404 SPEAKER_NOT_FOUND when none of
 * the ids is one of the scope's (ids of other scopes are ignored, never deleted).
 */
export async function deleteSpeakers(
  ctx: AppContext,
  user: AuthUser,
  query: SpeakerScopeQuery,
  body: SpeakerDeleteBody,
  meta: SpeakerRequestMeta,
): Promise<number> {
  const scope = await scopeOf(ctx, user, query);
  const ids = [...new Set(body.config.speakerId.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
  const deleted = ids.length ? await repo.deleteSpeakers(ctx.db, scope, ids) : 0;
  if (deleted === 0) throw new ApiError(404, 'SPEAKER_NOT_FOUND', SPEAKER_NOT_FOUND_MESSAGE);
  ctx.log.info({ userId: user.userId, keyId: scope.keyId, provider: scope.provider, deleted, ip: meta.ip }, 'speakers deleted');
  return deleted;
}
