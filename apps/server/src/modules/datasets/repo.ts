import type { Readable } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { ALREADY_PUBLISHED, type StageStatus, type SubmissionStatus } from '@ulca/contracts';
import { isServiceRequestNumber } from './srn.ts';
import type { MarkableRow, ReadyMadeRow } from './types.ts';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { DatasetErrorsTable, DatasetStagesTable, DatasetSubmissionsTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { STAGES, type Stage } from './stages/types.ts';

/** Submission statuses of docs/product.md#entities-and-fields (SUBMISSION_STATUSES of @ulca/contracts). */
export type Status = SubmissionStatus;
/** Stage statuses: a submission's plus 'Not Run' (STAGE_STATUSES of @ulca/contracts). */
export type { StageStatus };
export { ALREADY_PUBLISHED };
/** Outcome message stored with ALREADY_PUBLISHED. */
export const ALREADY_PUBLISHED_MESSAGE = 'Every record of this dataset is already on the platform, so nothing new was published.';

/**
 * A `dataset_submissions` row as read (db/schema.ts). `failure_code`/`failure_message` say why it
 * failed, or on a Completed submission an outcome worth saying (ALREADY_PUBLISHED); `kind` is
 * 'benchmark' for a benchmark dataset (published to benchmark_records, not dataset_records).
 */
export type SubmissionRow = Selectable<DatasetSubmissionsTable>;

/** A stage of a submission as read: its `dataset_stages` columns but the key and order, `stage` one of STAGES. */
export type StageRow = Omit<Selectable<DatasetStagesTable>, 'service_request_number' | 'ord' | 'stage'> & { stage: Stage };

/** Name of the submission's staging table (service request numbers are digits only). */
export function stagingTable(srn: string): string {
  if (!isServiceRequestNumber(srn)) throw new Error(`invalid service request number ${srn}`);
  return `staged_${srn}`;
}

/**
 * Inserts a submission and its four Pending stages in one transaction (kind 'dataset' unless
 * given). Throws pg error 23505 on a taken name.
 */
export async function insertSubmission(
  db: Db,
  s: { srn: string; datasetId: string; userId: string; datasetName: string; url: string; kind?: 'dataset' | 'benchmark' },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.db
      .insertInto('dataset_submissions')
      .values({
        service_request_number: s.srn,
        dataset_id: s.datasetId,
        user_id: s.userId,
        dataset_name: s.datasetName,
        url: s.url,
        kind: s.kind ?? 'dataset',
      })
      .execute();
    await tx.db
      .insertInto('dataset_stages')
      .values(STAGES.map((stage, ord) => ({ service_request_number: s.srn, stage, ord })))
      .execute();
  });
}

export async function getSubmission(q: Db['pool'] | pg.PoolClient, srn: string): Promise<SubmissionRow | null> {
  const r = await q.query(`SELECT * FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
  return (r.rows[0] as SubmissionRow) ?? null;
}

/** The submitted URL of each of the submissions `srns` (those that exist), by service request number. */
export async function submissionUrls(q: Db['pool'], srns: string[]): Promise<Map<string, string>> {
  if (srns.length === 0) return new Map();
  const r = await q.query<Pick<SubmissionRow, 'service_request_number' | 'url'>>(
    `SELECT service_request_number, url FROM dataset_submissions WHERE service_request_number = ANY ($1)`,
    [srns],
  );
  return new Map(r.rows.map((x) => [x.service_request_number, x.url]));
}

export async function getStages(q: Db['pool'], srn: string): Promise<StageRow[]> {
  const r = await q.query<StageRow>(
    `SELECT stage, status, success_count, failed_count, success_seconds, failed_seconds, started_on, ended_on
       FROM dataset_stages WHERE service_request_number = $1 ORDER BY ord`,
    [srn],
  );
  return r.rows;
}

/** A user's submissions of `kind` (default datasets; benchmark datasets have their own tab), newest first; `limit`/`offset` page it. */
export async function listSubmissions(
  q: Db['pool'],
  userId: string,
  limit: number | null,
  offset: number,
  kind: 'dataset' | 'benchmark' = 'dataset',
): Promise<{ rows: ContributionListRow[]; count: number }> {
  // One round trip: the window count rides along with the page (a hot, signed call; see bench/api.ts).
  const res = await q.query({
    name: 'dataset-list-by-user',
    text: `SELECT service_request_number, dataset_id, dataset_name, dataset_type, status, submitted_on,
              params->'domain' AS domain, params->'license' AS license, count(*) OVER ()::int AS total
         FROM dataset_submissions WHERE user_id = $1 AND kind = $4
        ORDER BY submitted_on DESC, service_request_number DESC LIMIT $2 OFFSET $3`,
    values: [userId, limit, offset, kind],
  });
  const rows = res.rows as (ContributionListRow & { total: number })[];
  if (rows.length > 0 || offset === 0) return { rows, count: rows[0]?.total ?? 0 };
  // A page past the end has no row to carry the count.
  const count = await q.query(`SELECT count(*)::int AS n FROM dataset_submissions WHERE user_id = $1 AND kind = $2`, [userId, kind]);
  return { rows, count: count.rows[0].n as number };
}

/** A row of the contribution list: the submission's list columns and its params' domain and license (raw JSON values). */
export type ContributionListRow = Pick<
  SubmissionRow,
  'service_request_number' | 'dataset_id' | 'dataset_name' | 'dataset_type' | 'status' | 'submitted_on'
> & { domain: unknown; license: unknown };

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

/** Staged-record columns, in COPY order (see {@link createStagingTable}). */
export const STAGED_COLUMNS = [
  'seq',
  'hash',
  'source_language',
  'target_language',
  'domain',
  'collection_method',
  'submitter',
  'duration_seconds',
  'data',
];
/** `dataset_errors` columns, in COPY order. */
export const ERROR_COLUMNS = ['service_request_number', 'stage', 'code', 'message', 'record_index', 'record'];

/**
 * Creates the submission's UNLOGGED staging table on `client` (the connection that then COPYs into
 * it) unless a resumed attempt left it. Dropping a per-submission table is instant, where deleting
 * a million staged rows is not.
 */
export async function createStagingTable(client: pg.PoolClient, srn: string): Promise<void> {
  await client.query(
    `CREATE UNLOGGED TABLE IF NOT EXISTS ${stagingTable(srn)} (seq integer PRIMARY KEY, hash bytea NOT NULL, source_language text NOT NULL, target_language text,
       domain text NOT NULL, collection_method text NOT NULL, submitter text NOT NULL, duration_seconds double precision, data jsonb NOT NULL)`,
  );
}

/** Drops the submission's staging table when present. */
export async function dropStagingTable(db: Db, srn: string): Promise<void> {
  await db.pool.query(`DROP TABLE IF EXISTS ${stagingTable(srn)}`);
}

/** Clears what an earlier attempt left: staging table, row errors and publish cursor (not the published records). */
export async function clearAttempt(db: Db, srn: string): Promise<void> {
  await dropStagingTable(db, srn);
  await db.db.deleteFrom('dataset_errors').where('service_request_number', '=', srn).execute();
  await db.db.deleteFrom('publish_cursor').where('service_request_number', '=', srn).execute();
}

/** Records the downloaded archive's sha-256 (hex) and size in bytes. */
export async function setDownloadResult(db: Db, srn: string, dl: { sha256: string; bytes: number }): Promise<void> {
  await db.db
    .updateTable('dataset_submissions')
    .set({ download_sha256: dl.sha256, download_bytes: dl.bytes })
    .where('service_request_number', '=', srn)
    .execute();
}

/** Records the dataset type and params read from params.json. */
export async function setDatasetParams(db: Db, srn: string, type: string, params: unknown): Promise<void> {
  await db.db
    .updateTable('dataset_submissions')
    .set({ dataset_type: type, params: JSON.stringify(params) })
    .where('service_request_number', '=', srn)
    .execute();
}

/** Records a whole-submission error (no record) of `stage`. */
export async function insertSubmissionError(db: Db, srn: string, stage: Stage, code: string, message: string): Promise<void> {
  await db.db
    .insertInto('dataset_errors')
    .values({ service_request_number: srn, stage, code, message, record_index: null, record: null })
    .execute();
}

/** Sort key of a stage in report SQL: download, ingest, validate, publish. */
const STAGE_ORDER_SQL = `CASE stage WHEN 'download' THEN 0 WHEN 'ingest' THEN 1 WHEN 'validate' THEN 2 ELSE 3 END`;

/** Number of error rows of a submission. */
export async function countErrors(db: Db, srn: string): Promise<number> {
  const row = await db.db
    .selectFrom('dataset_errors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('service_request_number', '=', srn)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores (or clears, with nulls) the object-store keys of the submission's error reports. */
export async function setReportKeys(db: Db, srn: string, keys: { summary: string | null; detail: string | null }): Promise<void> {
  await db.db
    .updateTable('dataset_submissions')
    .set({ error_summary_key: keys.summary, error_detail_key: keys.detail })
    .where('service_request_number', '=', srn)
    .execute();
}

/**
 * Streams the error report `kind` of a submission as CSV with a header (COPY … TO STDOUT, so a
 * large report never sits in memory) into `consume`; the connection is held until it resolves.
 * summary: stage, error, message, count; detail: stage, error, message, record_number, record.
 */
export async function copyErrorReportCsv(
  db: Db,
  srn: string,
  kind: 'summary' | 'detail',
  consume: (csv: Readable) => Promise<unknown>,
): Promise<void> {
  // COPY cannot take bind parameters: the number is checked to be digits before it goes in the SQL.
  if (!isServiceRequestNumber(srn)) throw new Error(`invalid service request number ${srn}`);
  const lit = `'${srn}'`;
  const sql =
    kind === 'summary'
      ? `COPY (SELECT stage, code AS error, min(message) AS message, count(*) AS count FROM dataset_errors
            WHERE service_request_number = ${lit} GROUP BY stage, code ORDER BY min(${STAGE_ORDER_SQL}), count(*) DESC)
         TO STDOUT WITH (FORMAT csv, HEADER true)`
      : `COPY (SELECT stage, code AS error, message, record_index + 1 AS record_number, record FROM dataset_errors
            WHERE service_request_number = ${lit} ORDER BY record_index NULLS FIRST, ${STAGE_ORDER_SQL}, code, message)
         TO STDOUT WITH (FORMAT csv, HEADER true)`;
  const client = await db.pool.connect();
  let clean = false;
  try {
    await consume(client.query(copyTo(sql)));
    clean = true;
  } finally {
    // A COPY stopped half-way leaves the connection busy: discard it rather than pool it.
    client.release(clean ? undefined : new Error('error report COPY stopped early'));
  }
}

/** The error summary rows `{ stage, code, message, count }` of a submission. */
export async function errorSummaryRows(
  db: Db,
  srn: string,
): Promise<(Pick<Selectable<DatasetErrorsTable>, 'stage' | 'code' | 'message'> & { count: number })[]> {
  const r = await db.pool.query<Pick<Selectable<DatasetErrorsTable>, 'stage' | 'code' | 'message'> & { count: number }>(
    `SELECT stage, code, min(message) AS message, count(*)::int AS count FROM dataset_errors WHERE service_request_number = $1
      GROUP BY stage, code ORDER BY min(${STAGE_ORDER_SQL}), count(*) DESC`,
    [srn],
  );
  return r.rows;
}

/** True once the bundled demo datasets were submitted (app_settings 'demo_datasets'). */
export async function demoDatasetsSubmitted(db: Db): Promise<boolean> {
  const done = await db.db.selectFrom('app_settings').select('key').where('key', '=', 'demo_datasets').executeTakeFirst();
  return done !== undefined;
}

/** Remembers that the demo datasets `names` were submitted. */
export async function recordDemoDatasets(db: Db, names: string[]): Promise<void> {
  await db.db
    .insertInto('app_settings')
    .values({ key: 'demo_datasets', value: JSON.stringify(names) })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Claims the once-only submission of the bundled demo benchmarks (app_settings 'demo_benchmarks',
 * value `names`): true for the one caller that recorded it, false when an earlier start (or a
 * concurrent one) already had, so two processes starting together never both submit them.
 */
export async function claimDemoBenchmarks(db: Db, names: string[]): Promise<boolean> {
  const r = await db.db
    .insertInto('app_settings')
    .values({ key: 'demo_benchmarks', value: JSON.stringify(names) })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Service request numbers of the benchmark submissions whose URL starts with `urlPrefix` (the bundled ones), oldest first. */
export async function benchmarkSubmissionsByUrlPrefix(db: Db, urlPrefix: string): Promise<string[]> {
  const rows = await db.db
    .selectFrom('dataset_submissions')
    .select('service_request_number')
    .where('kind', '=', 'benchmark')
    .where(sql<boolean>`starts_with(url, ${urlPrefix})`)
    .orderBy('submitted_on')
    .orderBy('service_request_number')
    .execute();
  return rows.map((row) => row.service_request_number);
}

// ── ready-made flag (migration 004): set by the readymade module through service.ts ──

/** The marked, Completed submissions (with a type, so `dataset_type` is never null in a ReadyMadeRow). */
function readyMade(db: Db) {
  return db.db
    .selectFrom('dataset_submissions')
    .select(['service_request_number', 'dataset_id', 'dataset_name', 'dataset_type', 'params', 'completed_on', 'ready_made_record_count'])
    .where('is_ready_made', '=', true)
    .where('status', '=', 'Completed')
    .where('dataset_type', 'is not', null);
}

/** The marked submissions, newest publication first; of one type when `datasetType` is given. */
export async function listReadyMade(db: Db, datasetType: string | undefined): Promise<ReadyMadeRow[]> {
  const rows = await readyMade(db)
    .$if(datasetType !== undefined, (qb) => qb.where('dataset_type', '=', datasetType as string))
    .orderBy(sql`completed_on DESC NULLS LAST`)
    .orderBy('service_request_number', 'desc')
    .execute();
  return rows as ReadyMadeRow[];
}

/** The marked, Completed submission with this dataset id, or null (unknown, unmarked or not published). */
export async function getReadyMadeByDatasetId(db: Db, datasetId: string): Promise<ReadyMadeRow | null> {
  const row = await readyMade(db).where('dataset_id', '=', datasetId).executeTakeFirst();
  return (row as ReadyMadeRow | undefined) ?? null;
}

/** The submission `srn` as marking needs it, or null. */
export async function getMarkable(db: Db, srn: string): Promise<MarkableRow | null> {
  const row = await db.db
    .selectFrom('dataset_submissions')
    .select(['service_request_number', 'dataset_id', 'dataset_type', 'dataset_name', 'user_id', 'status', 'is_ready_made'])
    .where('service_request_number', '=', srn)
    .executeTakeFirst();
  return row ?? null;
}

/** Marks the submission ready-made with its record count. Only a Completed submission changes; returns whether one did. */
export async function setReadyMade(db: Db, srn: string, by: string, recordCount: number): Promise<boolean> {
  const r = await db.db
    .updateTable('dataset_submissions')
    .set({ is_ready_made: true, ready_made_on: sql<Date>`now()`, ready_made_by: by, ready_made_record_count: recordCount })
    .where('service_request_number', '=', srn)
    .where('status', '=', 'Completed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Takes the submission off the ready-made list (the count is dropped: it is taken again on the next mark). */
export async function clearReadyMade(db: Db, srn: string): Promise<void> {
  await db.db
    .updateTable('dataset_submissions')
    .set({ is_ready_made: false, ready_made_on: null, ready_made_by: null, ready_made_record_count: null })
    .where('service_request_number', '=', srn)
    .execute();
}

/** Stores a record count taken later (a row marked without one, e.g. by SQL); only while still marked. */
export async function storeRecordCount(db: Db, datasetId: string, recordCount: number): Promise<void> {
  await db.db
    .updateTable('dataset_submissions')
    .set({ ready_made_record_count: recordCount })
    .where('dataset_id', '=', datasetId)
    .where('is_ready_made', '=', true)
    .execute();
}

// ── dataset params, read by search exports through service.ts ──

/**
 * The params.json of each dataset among `ids` that has them, as `{ id, params }` (id as text).
 */
export async function paramsOfDatasets(db: Db, ids: string[]): Promise<{ id: string; params: Record<string, unknown> | null }[]> {
  if (ids.length === 0) return [];
  return db.db
    .selectFrom('dataset_submissions')
    .select(['dataset_id as id', 'params'])
    .where('dataset_id', '=', sql<string>`ANY (${ids}::uuid[])`)
    .execute();
}

/** The params.json of every dataset of `datasetType` that has them, as `{ id, params }`. */
export async function paramsOfType(db: Db, datasetType: string): Promise<{ id: string; params: Record<string, unknown> | null }[]> {
  return db.db
    .selectFrom('dataset_submissions')
    .select(['dataset_id as id', 'params'])
    .where('dataset_type', '=', datasetType)
    .where('params', 'is not', null)
    .execute();
}

/**
 * SQL relation of every dataset's params: columns `dataset_id` (uuid) and `params` (jsonb), for
 * search SQL that filters records by their dataset's params (search/record-query.ts joins it as
 * `s`). The datasets module owns `dataset_submissions`; others see only this relation.
 */
export const DATASET_PARAMS_RELATION = '(SELECT dataset_id, params FROM dataset_submissions)';
