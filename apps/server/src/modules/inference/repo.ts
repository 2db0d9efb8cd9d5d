import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** Counts of one (key, model, day) of `model_usage` (migration 006; owned by this module). */
export interface UsageDelta {
  /** api_keys.key_id, or '' for web (signed-in or anonymous) calls. */
  keyId: string;
  modelId: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  calls: number;
  failures: number;
}

/** Adds the deltas to `model_usage` in one statement (rows created as needed). */
export async function addUsage(db: Db, deltas: UsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await db.db
    .insertInto('model_usage')
    .values(deltas.map((d) => ({ key_id: d.keyId, model_id: d.modelId, day: d.day, calls: String(d.calls), failures: String(d.failures) })))
    .onConflict((oc) =>
      oc.columns(['key_id', 'model_id', 'day']).doUpdateSet({
        calls: sql`model_usage.calls + excluded.calls`,
        failures: sql`model_usage.failures + excluded.failures`,
      }),
    )
    .execute();
}

/** Usage rows of an API key (or of web calls with ''), newest day first. */
export async function usageOfKey(db: Db, keyId: string): Promise<UsageDelta[]> {
  const rows = await db.db
    .selectFrom('model_usage')
    .select(['key_id', 'model_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'calls', 'failures'])
    .where('key_id', '=', keyId)
    .orderBy('day', 'desc')
    .orderBy('model_id')
    .execute();
  return rows.map((r) => ({ keyId: r.key_id, modelId: r.model_id, day: r.day, calls: Number(r.calls), failures: Number(r.failures) }));
}
