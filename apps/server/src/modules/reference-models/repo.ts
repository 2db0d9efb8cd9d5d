import type { Db } from '../../db/pool.ts';

/** Owns `reference_model_hosts` (migration 012): which processes serve which reference models now. */

/** Records (or refreshes) that process `processId` serves `modelIds` now. */
export async function beat(db: Db, h: { processId: string; host: string; pid: number; modelIds: string[] }): Promise<void> {
  await db.pool.query(
    `INSERT INTO reference_model_hosts (process_id, host, pid, model_ids) VALUES ($1, $2, $3, $4)
     ON CONFLICT (process_id) DO UPDATE SET model_ids = EXCLUDED.model_ids, heartbeat_on = now()`,
    [h.processId, h.host, h.pid, h.modelIds],
  );
}

/** Forgets process `processId` (it stops serving). */
export async function removeHost(db: Db, processId: string): Promise<void> {
  await db.pool.query(`DELETE FROM reference_model_hosts WHERE process_id = $1`, [processId]);
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
