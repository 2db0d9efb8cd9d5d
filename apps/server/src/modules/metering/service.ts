/**
 * Metering and quotas per API key (docs/api.md#usage-and-quotas).
 *
 * Metering: every model call made with an application's key (model/compute, tryMe, each pipeline
 * stage: the hosted-inference path calls {@link recordCall}) is counted per key, model, task and
 * UTC day in `key_usage`: calls, failures, latency, characters in (text tasks), seconds of audio in
 * (speech tasks) and out (tts, from the WAV answered), images. Counted in memory and written once a
 * second in one statement (at most a second of counts is lost if a process dies).
 *
 * Quotas: an admin sets per key, or as a default for every key ('*'), a daily limit per unit
 * (calls, characters, audioSecondsIn, audioSecondsOut, images). Before a call the units it sends are
 * reserved in `key_quota_usage` by one atomic upsert per unit ({@link reserveQuota}), so a limit
 * holds across API processes sharing the database; a call that would cross a limit is refused with
 * 429 QUOTA_EXCEEDED naming the limit, and `Retry-After` = seconds to the next UTC midnight.
 * Audio out is known only after the call: a key at its audioSecondsOut limit is refused, the
 * seconds answered are added after. A pipeline holds the calls of all its stages before its first
 * ({@link holdChainCalls}) and gets back those of stages that never reached their model.
 */
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import * as keys from '../keys/service.ts';
import * as repo from './repo.ts';
import { QUOTA_UNITS, type KeyUsageDelta, type QuotaUnit } from './repo.ts';
import type { MeteringServices } from './state.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { MeteringServices } from './state.ts';

/** The units one call sends (known before the model is called). */
export interface CallUnits {
  charactersIn: number;
  audioSecondsIn: number;
  images: number;
}

/** One finished call of an API key. */
export interface CallRecord extends CallUnits {
  keyId: string;
  modelId: string;
  task: string;
  failed: boolean;
  latencyMs: number;
  audioSecondsOut: number;
}

/** The UTC day of `t`, YYYY-MM-DD. */
export function utcDay(t = Date.now()): string {
  return new Date(t).toISOString().slice(0, 10);
}

/** Seconds from `t` to the next UTC midnight (at least 1). */
export function secondsToUtcMidnight(t = Date.now()): number {
  const d = new Date(t);
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - t) / 1000));
}

/** Counts one call of an API key (in memory; written by {@link flushMetering}). Never throws. */
export function recordCall(ctx: AppContext<MeteringServices>, r: CallRecord): void {
  const day = utcDay();
  const k = `${r.keyId}|${r.modelId}|${r.task}|${day}`;
  const { usage } = ctx.services.metering;
  const d = usage.get(k) ?? {
    keyId: r.keyId,
    modelId: r.modelId,
    task: r.task,
    day,
    calls: 0,
    failures: 0,
    latencyMsTotal: 0,
    charactersIn: 0,
    audioMsIn: 0,
    audioMsOut: 0,
    images: 0,
  };
  d.calls += 1;
  if (r.failed) d.failures += 1;
  d.latencyMsTotal += r.latencyMs;
  d.charactersIn += r.charactersIn;
  d.audioMsIn += r.audioSecondsIn * 1000;
  d.audioMsOut += r.audioSecondsOut * 1000;
  d.images += r.images;
  usage.set(k, d);
  if (r.audioSecondsOut > 0) void addAudioOut(ctx, r.keyId, r.audioSecondsOut);
}

async function addAudioOut(ctx: AppContext<MeteringServices>, keyId: string, seconds: number): Promise<void> {
  try {
    if ((await cachedLimits(ctx, keyId)).has('audioSecondsOut'))
      await repo.addReserved(ctx.db, keyId, utcDay(), 'audioSecondsOut', Math.ceil(seconds));
  } catch (err) {
    ctx.log.warn({ err }, 'could not count audio out against the quota');
  }
}

/** Writes the counts kept in memory to `key_usage` now (also every second and at close: state.ts). Never throws. */
export async function flushMetering(ctx: AppContext<MeteringServices>): Promise<void> {
  await ctx.services.metering.flush();
}

/** How long a process reuses a key's limits, ms: a limit set on another process applies within this time (the counts themselves are never cached). */
export { QUOTA_LIMITS_CACHE_MS } from './state.ts';

/** The limits of `keyId` (its own, else the default), cached per process (state.ts). */
function cachedLimits(ctx: AppContext<MeteringServices>, keyId: string): Promise<Map<QuotaUnit, number>> {
  return ctx.services.metering.limits(keyId);
}

const UNIT_WORDS: Record<QuotaUnit, string> = {
  calls: 'calls',
  characters: 'characters',
  audioSecondsIn: 'seconds of audio in',
  audioSecondsOut: 'seconds of audio out',
  images: 'images',
};

/** 429 QUOTA_EXCEEDED naming the unit and limit, with `Retry-After` = seconds to the next UTC midnight. */
function quotaExceeded(unit: QuotaUnit, limit: number, needed: number, what = 'this call'): ApiError {
  const err = new ApiError(
    429,
    'QUOTA_EXCEEDED',
    `This API key's daily limit of ${limit} ${UNIT_WORDS[unit]} is reached (${what} needs ${needed}); it resets at 00:00 UTC.`,
    [{ field: unit, message: `daily limit ${limit}` }],
  );
  err.headers = { 'retry-after': String(secondsToUtcMidnight()) };
  return err;
}

/**
 * The calls a chain of model calls (a pipeline) holds for its key today, taken whole before its
 * first stage ({@link holdChainCalls}); each stage that reaches its model uses one
 * ({@link reserveQuota} with the hold), and {@link releaseChainCalls} gives back the rest.
 */
export interface ChainHold {
  keyId: string;
  /** The UTC day the calls were reserved on (they are given back on that day's count). */
  day: string;
  /** Calls reserved in `key_quota_usage` (0 when the key has no calls limit). */
  held: number;
  /** Calls of stages that reached their reservation point (charged as on model/compute). */
  used: number;
}

/**
 * Reserves the calls of a whole chain of `calls` stages for `keyId` in one atomic upsert
 * (docs/api.md#usage-and-quotas "a pipeline … is refused whole"), so parallel chains cannot each
 * pass their first stage and be refused at a later one. No calls limit: nothing is reserved.
 * @throws ApiError 429 QUOTA_EXCEEDED (unit calls, Retry-After) when the day's calls cannot hold
 *   the whole chain; nothing is reserved then.
 */
export async function holdChainCalls(ctx: AppContext<MeteringServices>, keyId: string, calls: number): Promise<ChainHold> {
  const day = utcDay();
  const limit = (await cachedLimits(ctx, keyId)).get('calls');
  if (limit === undefined || calls <= 0) return { keyId, day, held: 0, used: 0 };
  if ((await repo.reserve(ctx.db, keyId, day, 'calls', calls, limit)) === null)
    throw quotaExceeded('calls', limit, calls, `this ${calls}-stage pipeline`);
  return { keyId, day, held: calls, used: 0 };
}

/**
 * Gives back the calls of a chain's stages that never reached their model (the chain was refused or
 * a stage failed, docs/api.md#usage-and-quotas); at most once per hold. Never throws (a failed
 * refund is logged: the count then errs towards the limit, never past it).
 */
export async function releaseChainCalls(ctx: AppContext, hold: ChainHold): Promise<void> {
  const unused = hold.held - hold.used;
  if (unused <= 0) return;
  hold.held = hold.used;
  try {
    await repo.release(ctx.db, hold.keyId, hold.day, 'calls', unused);
  } catch (err) {
    ctx.log.warn({ err, keyId: hold.keyId, unused }, 'could not give back the calls of a pipeline');
  }
}

/**
 * Reserves today's units of one call of `keyId` against its limits (its own, else the default).
 * A stage of a chain passes its {@link ChainHold}: its call then comes out of the calls the chain
 * holds instead of being reserved again, and only its other units are reserved here.
 * @throws ApiError 429 QUOTA_EXCEEDED naming the unit and limit, with `Retry-After` (seconds to the
 *   next UTC midnight); nothing stays reserved then (the hold's call stays unused).
 */
export async function reserveQuota(ctx: AppContext<MeteringServices>, keyId: string, units: CallUnits, hold?: ChainHold): Promise<void> {
  const limits = await cachedLimits(ctx, keyId);
  const chained = hold !== undefined && hold.keyId === keyId;
  if (limits.size === 0) {
    if (chained) hold.used += 1;
    return;
  }
  const day = utcDay();
  const amounts: Record<QuotaUnit, number> = {
    calls: 1,
    characters: units.charactersIn,
    audioSecondsIn: Math.ceil(units.audioSecondsIn),
    audioSecondsOut: 0,
    images: units.images,
  };
  const done: [QuotaUnit, number][] = [];
  for (const unit of QUOTA_UNITS) {
    const limit = limits.get(unit);
    if (limit === undefined || (amounts[unit] === 0 && unit !== 'audioSecondsOut')) continue;
    // The chain reserved this stage's call before its first stage (or the key had no calls limit then).
    if (unit === 'calls' && chained) continue;
    const total = await repo.reserve(ctx.db, keyId, day, unit, amounts[unit], limit);
    if (total === null) {
      for (const [u, a] of done) await repo.release(ctx.db, keyId, day, u, a);
      throw quotaExceeded(unit, limit, amounts[unit]);
    }
    done.push([unit, amounts[unit]]);
  }
  if (chained) hold.used += 1;
}

/** A key's usage answer: per day, model and task, with the limits and what is left today. */
export interface KeyUsageReport {
  keyId: string;
  appName: string;
  rows: KeyUsageRow[];
  quota: { unit: QuotaUnit; dailyLimit: number; usedToday: number; remainingToday: number }[];
}

/** One row of a usage answer (seconds rounded to 0.1). */
export interface KeyUsageRow {
  keyId: string;
  day: string;
  modelId: string;
  /** The model's name and version (e.g. "Sahyadri MT v1.0"); null once the model is deleted. */
  modelName: string | null;
  task: string;
  calls: number;
  failures: number;
  meanLatencyMs: number;
  charactersIn: number;
  audioSecondsIn: number;
  audioSecondsOut: number;
  images: number;
}

const tenth = (ms: number) => Math.round(ms / 100) / 10;
function toRow(d: KeyUsageDelta, names: ReadonlyMap<string, { name: string; version: string }>): KeyUsageRow {
  const model = names.get(d.modelId);
  return {
    keyId: d.keyId,
    day: d.day,
    modelId: d.modelId,
    modelName: model ? `${model.name} ${model.version}` : null,
    task: d.task,
    calls: d.calls,
    failures: d.failures,
    meanLatencyMs: d.calls ? Math.round(d.latencyMsTotal / d.calls) : 0,
    charactersIn: d.charactersIn,
    audioSecondsIn: tenth(d.audioMsIn),
    audioSecondsOut: tenth(d.audioMsOut),
    images: d.images,
  };
}

/** Usage deltas as answer rows, each with its model's name (one query for all the models). */
async function toRows(ctx: AppContext, deltas: readonly KeyUsageDelta[]): Promise<KeyUsageRow[]> {
  const names = await repo.modelNamesOf(ctx.db, [...new Set(deltas.map((d) => d.modelId))]);
  return deltas.map((d) => toRow(d, names));
}

/** First day of a window of `days` days ending today (UTC). */
function fromDay(days: number): string {
  return utcDay(Date.now() - (Math.max(1, days) - 1) * 86_400_000);
}

/**
 * Usage of one key over the last `days` days: its owner or an ADMIN (404 KEY_NOT_FOUND for anyone
 * else, as for a key that does not exist). Flushes this process's counts first.
 */
export async function usageOfKey(
  ctx: AppContext<MeteringServices>,
  user: { userId: string; roles: readonly string[] },
  keyIdOrKey: string,
  days: number,
): Promise<KeyUsageReport> {
  const keyId = keys.keyIdOf(keyIdOrKey);
  const owner = keyId ? await keys.keyOwner(ctx, keyId) : undefined;
  if (!keyId || !owner || (owner.userId !== user.userId && !user.roles.includes('ADMIN'))) throw notFound(keys.KEY_NOT_FOUND_MESSAGE);
  await flushMetering(ctx);
  const [rows, limits, used] = await Promise.all([
    repo.usageSince(ctx.db, [keyId], fromDay(days)),
    repo.limitsOf(ctx.db, keyId),
    repo.usedToday(ctx.db, keyId, utcDay()),
  ]);
  return {
    keyId,
    appName: owner.appName,
    rows: await toRows(ctx, rows),
    quota: [...limits].map(([unit, dailyLimit]) => ({
      unit,
      dailyLimit,
      usedToday: used.get(unit) ?? 0,
      remainingToday: Math.max(0, dailyLimit - (used.get(unit) ?? 0)),
    })),
  };
}

/** A usage row of the admin's view: with the key's application and owner (null for a deleted key). */
export interface KeyUsageRowWithOwner extends KeyUsageRow {
  appName: string | null;
  userId: string | null;
}

/** Every key's usage over the last `days` days (ADMIN), each row with its key's application and owner. */
export async function usageOfAllKeys(ctx: AppContext<MeteringServices>, days: number): Promise<KeyUsageRowWithOwner[]> {
  await flushMetering(ctx);
  const rows = await toRows(ctx, await repo.usageSince(ctx.db, null, fromDay(days)));
  const ids = [...new Set(rows.map((r) => r.keyId))];
  const owners = new Map(await Promise.all(ids.map(async (id) => [id, await keys.keyOwner(ctx, id)] as const)));
  return rows.map((r) => {
    const o = owners.get(r.keyId);
    return { ...r, appName: o?.appName ?? null, userId: o?.userId ?? null };
  });
}

/**
 * Sets (dailyLimit null: removes) an admin's daily limit of `unit` for a key (identifier or full
 * key) or, with `ulcaApiKey` '*', the default for every key. 404 for an unknown key, 400 for a unit
 * not in QUOTA_UNITS.
 */
export async function setQuota(
  ctx: AppContext<MeteringServices>,
  admin: { userId: string },
  body: { ulcaApiKey: string; unit: string; dailyLimit: number | null },
): Promise<void> {
  if (!(QUOTA_UNITS as readonly string[]).includes(body.unit))
    throw badRequest('UNKNOWN_UNIT', `The unit must be one of ${QUOTA_UNITS.join(', ')}.`, [{ field: 'unit', message: 'unknown unit' }]);
  let keyId = '*';
  if (body.ulcaApiKey !== '*') {
    const k = keys.keyIdOf(body.ulcaApiKey);
    if (!k || !(await keys.keyOwner(ctx, k))) throw notFound(keys.KEY_NOT_FOUND_MESSAGE);
    keyId = k;
  }
  await repo.setLimit(ctx.db, keyId, body.unit as QuotaUnit, body.dailyLimit, admin.userId);
  ctx.services.metering.forgetLimits();
}

/** Every limit set (ADMIN), the default ('*') first. */
export async function listQuotas(ctx: AppContext) {
  return repo.listLimits(ctx.db);
}

/**
 * Seconds of speech in a tts answer's `audio[]` (base64 WAV: data chunk size / byte rate, read from
 * the header alone); 0 for another format or an audioUri.
 */
export function answeredAudioSeconds(answer: Record<string, unknown>): number {
  const items = Array.isArray(answer.audio) ? (answer.audio as Record<string, unknown>[]) : [];
  let total = 0;
  for (const item of items) {
    const b64 = typeof item.audioContent === 'string' ? item.audioContent : '';
    if (b64.length < 64) continue;
    const head = Buffer.from(b64.slice(0, 4096), 'base64');
    if (head.subarray(0, 4).toString() !== 'RIFF' || head.subarray(8, 12).toString() !== 'WAVE') continue;
    // Padding counted from the end: a regex over megabytes of base64 would hold the loop (docs/operations.md#model-answers).
    let end = b64.length;
    while (end > 0 && b64.charCodeAt(end - 1) === 61 /* '=' */) end--;
    const size = Math.floor((end * 3) / 4);
    let at = 12;
    let byteRate = 0;
    while (at + 8 <= head.length) {
      const id = head.subarray(at, at + 4).toString();
      const len = head.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 16 <= head.length) byteRate = head.readUInt32LE(at + 16);
      if (id === 'data') {
        if (byteRate > 0) total += Math.min(len, size - at - 8) / byteRate;
        break;
      }
      at += 8 + len + (len % 2);
    }
  }
  return total;
}
