import type pg from 'pg';
import type { Db } from '../../db/pool.ts';
import type { Stage } from './stages/types.ts';
import { stagingTable } from './repo.ts';

/**
 * SQL of job resumption (issue 9 #5): the per-submission ingest lock, what a dead attempt left
 * staged or published, and stage counts that only move forward.
 */

type Queryable = Db['pool'] | pg.PoolClient;

/**
 * Takes the session-level advisory lock that marks a submission as being processed by this
 * connection's process; false when another session holds it. PostgreSQL drops it when that
 * session ends, so a killed worker never keeps it.
 */
export async function tryIngestLock(client: pg.PoolClient, srn: string): Promise<boolean> {
  const r = await client.query(`SELECT pg_try_advisory_lock(hashtext('ingest:' || $1)) AS ok`, [srn]);
  return r.rows[0].ok as boolean;
}

/** Releases {@link tryIngestLock}'s lock on this connection. */
export async function releaseIngestLock(client: pg.PoolClient, srn: string): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(hashtext('ingest:' || $1))`, [srn]);
}

/**
 * The first record index (seq) that still needs staging: every valid record below it is in the
 * staging table (committed segments) or already published (the publish cursor). 0 when nothing
 * survived (the staging table is UNLOGGED: a PostgreSQL crash empties it, the cursor remains).
 */
export async function firstUnstagedSeq(q: Queryable, srn: string): Promise<number> {
  const table = stagingTable(srn);
  const r = await q.query(
    `SELECT to_regclass($2) IS NOT NULL AS staged, (SELECT next_seq FROM publish_cursor WHERE service_request_number = $1) AS cursor`,
    [srn, table],
  );
  let next = (r.rows[0].cursor as number | null) ?? 0;
  if (r.rows[0].staged) {
    const m = await q.query(`SELECT coalesce(max(seq) + 1, 0) AS next FROM ${table}`);
    next = Math.max(next, m.rows[0].next as number);
  }
  return next;
}

/** Deletes the per-record ingest and validate errors of a submission (a resumed read writes them again); publish errors stay. */
export async function clearRowErrors(q: Queryable, srn: string): Promise<void> {
  await q.query(`DELETE FROM dataset_errors WHERE service_request_number = $1 AND stage IN ('ingest', 'validate')`, [srn]);
}

/**
 * Marks a stage In-Progress with counts that never go down: each count becomes the larger of the
 * stored and the given value, so a resumed read that counts from the start again does not show
 * falling numbers on the status page.
 */
export async function raiseStageCounts(
  q: Queryable,
  srn: string,
  stage: Stage,
  c: { success: number; failed: number; successSeconds?: number; failedSeconds?: number },
): Promise<void> {
  await q.query(
    `UPDATE dataset_stages SET status = 'In-Progress', started_on = coalesce(started_on, now()), ended_on = NULL,
        success_count = greatest(success_count, $3), failed_count = greatest(failed_count, $4),
        success_seconds = greatest(success_seconds, coalesce($5::double precision, 0)), failed_seconds = greatest(failed_seconds, coalesce($6::double precision, 0))
      WHERE service_request_number = $1 AND stage = $2`,
    [srn, stage, c.success, c.failed, c.successSeconds ?? null, c.failedSeconds ?? null],
  );
}
