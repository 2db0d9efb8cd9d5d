import type { Db } from '../db/pool.ts';

/** An active pg-boss job as the recovery scan sees it. */
export interface ActiveJob {
  id: string;
  /** The job's payload field named by the scan (`serviceRequestNumber` by default; `batchId` for sts batches). */
  srn: string;
  /** Seconds since a worker took it (database clock). */
  ageSeconds: number;
}

/**
 * Jobs of `queue` that pg-boss shows as active (taken by a worker), oldest first, with their age and
 * their payload field `field` (as `srn`: a service request number, or an sts batch id).
 * pg-boss 10 has no API that lists jobs by state, so this reads its `pgboss.job` table; every
 * change to a job goes through pg-boss's API (recovery.ts).
 */
export async function activeJobs(pool: Db['pool'], queue: string, field = 'serviceRequestNumber'): Promise<ActiveJob[]> {
  const r = await pool.query(
    `SELECT id::text AS id, data->>$2 AS srn, extract(epoch FROM now() - started_on)::float8 AS "ageSeconds" FROM pgboss.job
      WHERE name = $1 AND state = 'active' AND data ? $2
      ORDER BY started_on`,
    [queue, field],
  );
  return r.rows as ActiveJob[];
}

/**
 * True when `queue` has a job waiting to run (created, or failed and waiting for its retry) whose
 * payload field `field` equals `value`. Reads `pgboss.job` as {@link activeJobs} does.
 */
export async function hasWaitingJob(pool: Db['pool'], queue: string, field: string, value: string): Promise<boolean> {
  const r = await pool.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry') AND data->>$2 = $3 LIMIT 1`, [
    queue,
    field,
    value,
  ]);
  return (r.rowCount ?? 0) > 0;
}
