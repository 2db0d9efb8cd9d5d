import type { Db } from '../db/pool.ts';

/** An active pg-boss job as the recovery scan sees it. */
export interface ActiveJob {
  id: string;
  /** The job's payload field named by the scan (`serviceRequestNumber` by default; `batchId` for sts batches). */
  srn: string;
}

/**
 * Jobs of `queue` that pg-boss shows as active (taken by a worker) since more than `graceSeconds`,
 * with their payload field `field`.
 * pg-boss 10 has no API that lists jobs by state, so this reads its `pgboss.job` table; every
 * change to a job goes through pg-boss's API (recovery.ts).
 */
export async function activeJobsOlderThan(pool: Db['pool'], queue: string, graceSeconds: number, field = 'serviceRequestNumber'): Promise<ActiveJob[]> {
  const r = await pool.query(
    `SELECT id::text AS id, data->>$3 AS srn FROM pgboss.job
      WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2) AND data ? $3
      ORDER BY started_on`,
    [queue, graceSeconds, field],
  );
  return r.rows as ActiveJob[];
}

/**
 * True when `queue` has a job waiting to run (created, or failed and waiting for its retry) whose
 * payload field `field` equals `value`. Reads `pgboss.job` as {@link activeJobsOlderThan} does.
 */
export async function hasWaitingJob(pool: Db['pool'], queue: string, field: string, value: string): Promise<boolean> {
  const r = await pool.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>$2 = $3 LIMIT 1`, [queue, field, value]);
  return (r.rowCount ?? 0) > 0;
}
