import type pg from 'pg';
import { ALREADY_PUBLISHED, type StageStatus, type SubmissionStatus } from '@ulca/contracts';
import type { Db } from '../../db/pool.ts';
import { STAGES, type Stage } from './pipeline/types.ts';

/** Submission statuses of spec 01 §3 (SUBMISSION_STATUSES of @ulca/contracts). */
export type Status = SubmissionStatus;
/** Stage statuses: a submission's plus 'Not Run' (STAGE_STATUSES of @ulca/contracts). */
export type { StageStatus };
export { ALREADY_PUBLISHED };
/** Outcome message stored with ALREADY_PUBLISHED. */
export const ALREADY_PUBLISHED_MESSAGE = 'Every record of this dataset is already on the platform, so nothing new was published.';

export interface SubmissionRow {
  service_request_number: string;
  dataset_id: string;
  user_id: string;
  dataset_name: string;
  url: string;
  dataset_type: string | null;
  status: Status;
  submitted_on: Date;
  completed_on: Date | null;
  params: Record<string, unknown> | null;
  /** Why the submission failed; on a Completed submission, an outcome worth saying (ALREADY_PUBLISHED). */
  failure_code: string | null;
  failure_message: string | null;
  error_summary_key: string | null;
  error_detail_key: string | null;
}

export interface StageRow {
  stage: Stage;
  status: StageStatus;
  success_count: number;
  failed_count: number;
  success_seconds: number;
  failed_seconds: number;
  started_on: Date | null;
  ended_on: Date | null;
}

/** True for the shape of a service request number this server issues (digits only; safe in SQL identifiers). */
export function isServiceRequestNumber(srn: string): boolean {
  return /^\d{1,32}$/.test(srn);
}

/** Inserts a submission and its four Pending stages in one transaction. Throws pg error 23505 on a taken name. */
export async function insertSubmission(db: Db, s: { srn: string; datasetId: string; userId: string; datasetName: string; url: string }): Promise<void> {
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO dataset_submissions (service_request_number, dataset_id, user_id, dataset_name, url) VALUES ($1, $2, $3, $4, $5)`,
      [s.srn, s.datasetId, s.userId, s.datasetName, s.url],
    );
    await client.query(
      `INSERT INTO dataset_stages (service_request_number, stage, ord) SELECT $1, stage, ord - 1 FROM unnest($2::text[]) WITH ORDINALITY AS t(stage, ord)`,
      [s.srn, STAGES],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    client.release();
  }
}

export async function getSubmission(q: Db['pool'] | pg.PoolClient, srn: string): Promise<SubmissionRow | null> {
  const r = await q.query(`SELECT * FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
  return (r.rows[0] as SubmissionRow) ?? null;
}

export async function getStages(q: Db['pool'], srn: string): Promise<StageRow[]> {
  const r = await q.query(
    `SELECT stage, status, success_count, failed_count, success_seconds, failed_seconds, started_on, ended_on
       FROM dataset_stages WHERE service_request_number = $1 ORDER BY ord`,
    [srn],
  );
  return r.rows as StageRow[];
}

/** A user's submissions, newest first; `limit`/`offset` page it. */
export async function listSubmissions(q: Db['pool'], userId: string, limit: number | null, offset: number): Promise<{ rows: ContributionListRow[]; count: number }> {
  // One round trip: the window count rides along with the page (a hot, signed call; see bench/api.ts).
  const res = await q.query({
    name: 'dataset-list-by-user',
    text: `SELECT service_request_number, dataset_id, dataset_name, dataset_type, status, submitted_on,
              params->'domain' AS domain, params->'license' AS license, count(*) OVER ()::int AS total
         FROM dataset_submissions WHERE user_id = $1
        ORDER BY submitted_on DESC, service_request_number DESC LIMIT $2 OFFSET $3`,
    values: [userId, limit, offset],
  });
  const rows = res.rows as (ContributionListRow & { total: number })[];
  if (rows.length > 0 || offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the count.
  const count = await q.query(`SELECT count(*)::int AS n FROM dataset_submissions WHERE user_id = $1`, [userId]);
  return { rows, count: count.rows[0].n as number };
}

/** A row of the contribution list: the submission's list columns and its params' domain and license (raw JSON values). */
export interface ContributionListRow {
  service_request_number: string;
  dataset_id: string;
  dataset_name: string;
  dataset_type: string | null;
  status: Status;
  submitted_on: Date;
  domain: unknown;
  license: unknown;
}

/** Sets a stage's status (and start/end times; none for 'Not Run') and, when given, its counts (absolute values). */
export async function setStage(
  q: Db['pool'] | pg.PoolClient,
  srn: string,
  stage: Stage,
  status: StageStatus,
  counts?: { success: number; failed: number; successSeconds?: number; failedSeconds?: number },
): Promise<void> {
  await q.query(
    `UPDATE dataset_stages SET status = $3,
        started_on = CASE WHEN $3 = 'Not Run' THEN NULL ELSE coalesce(started_on, now()) END,
        ended_on = CASE WHEN $3 IN ('Completed', 'Failed') THEN now() ELSE NULL END,
        success_count = coalesce($4, success_count), failed_count = coalesce($5, failed_count),
        success_seconds = coalesce($6, success_seconds), failed_seconds = coalesce($7, failed_seconds)
      WHERE service_request_number = $1 AND stage = $2`,
    [srn, stage, status, counts?.success ?? null, counts?.failed ?? null, counts?.successSeconds ?? null, counts?.failedSeconds ?? null],
  );
}

/** Resets download/ingest/validate/publish to Pending with zero counts (a retried job starts over). */
export async function resetStages(q: Db['pool'] | pg.PoolClient, srn: string): Promise<void> {
  await q.query(
    `UPDATE dataset_stages SET status = 'Pending', success_count = 0, failed_count = 0, success_seconds = 0, failed_seconds = 0, started_on = NULL, ended_on = NULL
      WHERE service_request_number = $1`,
    [srn],
  );
}

export async function setSubmissionStatus(
  q: Db['pool'] | pg.PoolClient,
  srn: string,
  status: Status,
  extra: { failureCode?: string | null; failureMessage?: string | null } = {},
): Promise<void> {
  await q.query(
    `UPDATE dataset_submissions SET status = $2,
        completed_on = CASE WHEN $2 IN ('Completed', 'Failed') THEN now() ELSE NULL END,
        failure_code = $3, failure_message = $4
      WHERE service_request_number = $1`,
    [srn, status, extra.failureCode ?? null, extra.failureMessage ?? null],
  );
}
