import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** Units a daily quota can limit (key_quotas.unit). */
export const QUOTA_UNITS = ['calls', 'characters', 'audioSecondsIn', 'audioSecondsOut', 'images'] as const;
export type QuotaUnit = (typeof QUOTA_UNITS)[number];

/** Counts of one (key, model, task, day) of `key_usage` (015_metering.sql; owned by this module). */
export interface KeyUsageDelta {
  keyId: string;
  modelId: string;
  task: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
  failures: number;
  latencyMsTotal: number;
  charactersIn: number;
  audioMsIn: number;
  audioMsOut: number;
  images: number;
}

/** Adds the deltas to `key_usage` in one statement (rows created as needed). */
export async function addUsage(db: Db, deltas: KeyUsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.db
    .insertInto('key_usage')
    .values(
      deltas.map((d) => ({
        key_id: d.keyId,
        model_id: d.modelId,
        task: d.task,
        day: d.day,
        calls: String(d.calls),
        failures: String(d.failures),
        latency_ms_total: String(Math.round(d.latencyMsTotal)),
        characters_in: String(d.charactersIn),
        audio_ms_in: String(Math.round(d.audioMsIn)),
        audio_ms_out: String(Math.round(d.audioMsOut)),
        images: String(d.images),
      })),
    )
    .onConflict((oc) =>
      oc.columns(['key_id', 'day', 'model_id', 'task']).doUpdateSet({
        calls: sql`key_usage.calls + excluded.calls`,
        failures: sql`key_usage.failures + excluded.failures`,
        latency_ms_total: sql`key_usage.latency_ms_total + excluded.latency_ms_total`,
        characters_in: sql`key_usage.characters_in + excluded.characters_in`,
        audio_ms_in: sql`key_usage.audio_ms_in + excluded.audio_ms_in`,
        audio_ms_out: sql`key_usage.audio_ms_out + excluded.audio_ms_out`,
        images: sql`key_usage.images + excluded.images`,
      }),
    )
    .execute();
}

/** Name and version of each of `modelIds` that still exists (a usage row outlives a deleted model). */
export async function modelNamesOf(db: Db, modelIds: readonly string[]): Promise<Map<string, { name: string; version: string }>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db.db
    .selectFrom('models')
    .select(['model_id', 'name', 'version'])
    .where('model_id', 'in', [...modelIds])
    .execute();
  return new Map(rows.map((r) => [r.model_id, { name: r.name, version: r.version }]));
}

/** Usage rows since `fromDay` (inclusive), of some keys (null = every key), newest day first. */
export async function usageSince(db: Db, keyIds: string[] | null, fromDay: string): Promise<KeyUsageDelta[]> {
  if (keyIds && keyIds.length === 0) return [];
  let q = db.db
    .selectFrom('key_usage')
    .select([
      'key_id',
      'model_id',
      'task',
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'calls',
      'failures',
      'latency_ms_total',
      'characters_in',
      'audio_ms_in',
      'audio_ms_out',
      'images',
    ])
    .where('day', '>=', fromDay);
  if (keyIds) q = q.where('key_id', 'in', keyIds);
  const rows = await q.orderBy('day', 'desc').orderBy('key_id').orderBy('model_id').orderBy('task').execute();
  return rows.map((r) => ({
    keyId: r.key_id,
    modelId: r.model_id,
    task: r.task,
    day: r.day,
    calls: Number(r.calls),
    failures: Number(r.failures),
    latencyMsTotal: Number(r.latency_ms_total),
    charactersIn: Number(r.characters_in),
    audioMsIn: Number(r.audio_ms_in),
    audioMsOut: Number(r.audio_ms_out),
    images: Number(r.images),
  }));
}

/** The limits that apply to `keyId`: its own per unit, else the default ('*'). */
export async function limitsOf(db: Db, keyId: string): Promise<Map<QuotaUnit, number>> {
  const rows = await db.db.selectFrom('key_quotas').select(['key_id', 'unit', 'daily_limit']).where('key_id', 'in', [keyId, '*']).execute();
  const out = new Map<QuotaUnit, number>();
  for (const r of rows.filter((x) => x.key_id === '*')) out.set(r.unit as QuotaUnit, Number(r.daily_limit));
  for (const r of rows.filter((x) => x.key_id === keyId)) out.set(r.unit as QuotaUnit, Number(r.daily_limit));
  return out;
}

/** Sets (or with null removes) the daily limit of `unit` for `keyId` ('*' = every key's default). */
export async function setLimit(db: Db, keyId: string, unit: QuotaUnit, dailyLimit: number | null, setBy: string): Promise<void> {
  if (dailyLimit === null) {
    await db.db.deleteFrom('key_quotas').where('key_id', '=', keyId).where('unit', '=', unit).execute();
    return;
  }
  await db.db
    .insertInto('key_quotas')
    .values({ key_id: keyId, unit, daily_limit: dailyLimit, set_by: setBy })
    .onConflict((oc) => oc.columns(['key_id', 'unit']).doUpdateSet({ daily_limit: dailyLimit, set_by: setBy, set_on: sql`now()` }))
    .execute();
}

/** Every limit set, default ('*') first. */
export async function listLimits(db: Db): Promise<{ keyId: string; unit: QuotaUnit; dailyLimit: number }[]> {
  const rows = await db.db.selectFrom('key_quotas').select(['key_id', 'unit', 'daily_limit']).orderBy('key_id').orderBy('unit').execute();
  return rows
    .map((r) => ({ keyId: r.key_id, unit: r.unit as QuotaUnit, dailyLimit: Number(r.daily_limit) }))
    .sort((a, b) => Number(b.keyId === '*') - Number(a.keyId === '*'));
}

/**
 * Reserves `amount` of `unit` for `keyId` today, when the day's total stays within `limit`: one
 * atomic upsert (the row lock orders concurrent processes). Returns the new total, or null when the
 * reservation would cross the limit (nothing is changed then). `amount` 0 checks that the limit is
 * not reached yet (for units counted after the call).
 */
export async function reserve(db: Db, keyId: string, day: string, unit: QuotaUnit, amount: number, limit: number): Promise<number | null> {
  if (amount > limit || (amount === 0 && limit === 0)) return null;
  const r = await sql<{ used: string }>`
    INSERT INTO key_quota_usage (key_id, day, unit, used) VALUES (${keyId}, ${day}, ${unit}, ${amount})
    ON CONFLICT (key_id, day, unit) DO UPDATE SET used = key_quota_usage.used + excluded.used
    WHERE key_quota_usage.used + excluded.used <= ${limit} AND (excluded.used > 0 OR key_quota_usage.used < ${limit})
    RETURNING used`.execute(db.db);
  return r.rows[0] ? Number(r.rows[0].used) : null;
}

/** Adds `amount` of `unit` for `keyId` today without a check (units known only after the call). */
export async function addReserved(db: Db, keyId: string, day: string, unit: QuotaUnit, amount: number): Promise<void> {
  if (amount <= 0) return;
  await sql`
    INSERT INTO key_quota_usage (key_id, day, unit, used) VALUES (${keyId}, ${day}, ${unit}, ${amount})
    ON CONFLICT (key_id, day, unit) DO UPDATE SET used = key_quota_usage.used + excluded.used`.execute(db.db);
}

/** Units used today per unit for `keyId`. */
export async function usedToday(db: Db, keyId: string, day: string): Promise<Map<QuotaUnit, number>> {
  const rows = await db.db
    .selectFrom('key_quota_usage')
    .select(['unit', 'used'])
    .where('key_id', '=', keyId)
    .where('day', '=', day)
    .execute();
  return new Map(rows.map((r) => [r.unit as QuotaUnit, Number(r.used)]));
}

/** Gives back `amount` of `unit` reserved today (a call refused on another unit after this one was reserved). */
export async function release(db: Db, keyId: string, day: string, unit: QuotaUnit, amount: number): Promise<void> {
  if (amount <= 0) return;
  await db.db
    .updateTable('key_quota_usage')
    .set({ used: sql`greatest(used - ${amount}, 0)` })
    .where('key_id', '=', keyId)
    .where('day', '=', day)
    .where('unit', '=', unit)
    .execute();
}
