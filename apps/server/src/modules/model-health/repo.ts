import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { ModelHealthTable } from '../../db/schema.ts';

/** A `model_health` row (migration 006; owned by this module): the last check of one model. */
export type HealthRow = Selectable<ModelHealthTable>;

/** The outcome of one check, as recorded. */
export interface HealthCheckOutcome {
  modelId: string;
  status: 'available' | 'unavailable';
  checkedOn: Date;
  /** Whole milliseconds of the call (polling included); null when no answer came. */
  latencyMs: number | null;
  outputCheck: string | null;
  error: string | null;
}

/**
 * Records a check: one row per model, replaced each time; `last_success` moves to `checkedOn` on an
 * available check and is kept otherwise. A model deleted meanwhile is skipped (no row, no error).
 */
export async function recordCheck(db: Db, o: HealthCheckOutcome): Promise<void> {
  const lastSuccess = o.status === 'available' ? o.checkedOn : null;
  try {
    await db.db
      .insertInto('model_health')
      .values({
        model_id: o.modelId,
        status: o.status,
        checked_on: o.checkedOn,
        last_success: lastSuccess,
        latency_ms: o.latencyMs,
        output_check: o.outputCheck,
        error: o.error,
      })
      .onConflict((oc) =>
        oc.column('model_id').doUpdateSet({
          status: (eb) => eb.ref('excluded.status'),
          checked_on: (eb) => eb.ref('excluded.checked_on'),
          last_success: sql`COALESCE(excluded.last_success, model_health.last_success)`,
          latency_ms: (eb) => eb.ref('excluded.latency_ms'),
          output_check: (eb) => eb.ref('excluded.output_check'),
          error: (eb) => eb.ref('excluded.error'),
        }),
      )
      .execute();
    // Every round is also kept (30 days, pruneRounds) for uptime: docs/api.md#inference.
    await db.db
      .insertInto('model_health_rounds')
      .values({
        model_id: o.modelId,
        checked_on: o.checkedOn,
        status: o.status,
        latency_ms: o.latencyMs,
        reason: o.status === 'available' ? null : (o.error ?? o.outputCheck),
      })
      .onConflict((oc) => oc.columns(['model_id', 'checked_on']).doNothing())
      .execute();
  } catch (err) {
    // 23503: the model was deleted while it was being checked; there is nothing to record.
    if ((err as { code?: string }).code === '23503') return;
    throw err;
  }
}

/** Deletes the rounds older than `days` days. Returns how many. */
export async function pruneRounds(db: Db, days: number): Promise<number> {
  const r = await db.db
    .deleteFrom('model_health_rounds')
    .where('checked_on', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The stored rounds of some models since `since`, oldest first. */
export async function roundsOf(
  db: Db,
  modelIds: string[],
  since: Date,
): Promise<
  { model_id: string; checked_on: Date; status: 'available' | 'unavailable'; latency_ms: number | null; reason: string | null }[]
> {
  if (modelIds.length === 0) return [];
  return db.db
    .selectFrom('model_health_rounds')
    .selectAll()
    .where('model_id', 'in', modelIds)
    .where('checked_on', '>=', since)
    .orderBy('checked_on')
    .execute();
}

/** The health rows of these models (any order); models never checked have none. */
export async function healthOf(db: Db, modelIds: string[]): Promise<HealthRow[]> {
  if (modelIds.length === 0) return [];
  return db.db.selectFrom('model_health').selectAll().where('model_id', 'in', modelIds).execute();
}
