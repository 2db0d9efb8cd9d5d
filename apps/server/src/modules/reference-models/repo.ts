import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** Owns `reference_model_hosts` (migration 012): which processes serve which reference models now. */

/** Records (or refreshes) that process `processId` serves `modelIds` now. */
export async function beat(db: Db, h: { processId: string; host: string; pid: number; modelIds: string[] }): Promise<void> {
  await db.db
    .insertInto('reference_model_hosts')
    .values({ process_id: h.processId, host: h.host, pid: h.pid, model_ids: h.modelIds })
    .onConflict((oc) =>
      oc.column('process_id').doUpdateSet((eb) => ({ model_ids: eb.ref('excluded.model_ids'), heartbeat_on: sql<Date>`now()` })),
    )
    .execute();
}

/** Forgets process `processId` (it stops serving). */
export async function removeHost(db: Db, processId: string): Promise<void> {
  await db.db.deleteFrom('reference_model_hosts').where('process_id', '=', processId).execute();
}

/**
 * Ids of the reference models served by a process whose heartbeat is younger than `ttlSeconds`;
 * rows ten times older (processes that died) are deleted on the way.
 */
export async function servedModelIds(db: Db, ttlSeconds: number): Promise<string[]> {
  await db.pool.query(`DELETE FROM reference_model_hosts WHERE heartbeat_on < now() - make_interval(secs => $1)`, [ttlSeconds * 10]);
  const r = await db.pool.query(
    `SELECT DISTINCT unnest(model_ids) AS id FROM reference_model_hosts WHERE heartbeat_on > now() - make_interval(secs => $1)`,
    [ttlSeconds],
  );
  return (r.rows as { id: string }[]).map((row) => row.id);
}
