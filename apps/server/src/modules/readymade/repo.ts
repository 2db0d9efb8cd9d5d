import type { Db } from '../../db/pool.ts';

/**
 * SQL of the ready-made datasets (issue #3 §6). A ready-made dataset is a row of
 * dataset_submissions with `is_ready_made`; migration 004 adds when and by whom it was marked and
 * its record count, taken when it is marked (so the public list never scans dataset_records).
 */

/** A marked submission as the public list needs it. `params` is the dataset's params.json as stored by ingest. */
export interface ReadyMadeRow {
  service_request_number: string;
  dataset_id: string;
  dataset_name: string;
  dataset_type: string;
  params: Record<string, unknown> | null;
  completed_on: Date | null;
  ready_made_record_count: number | null;
}

/** What marking needs to know about a submission. */
export interface MarkableRow {
  service_request_number: string;
  dataset_id: string;
  dataset_type: string | null;
  dataset_name: string;
  /** The contributor who submitted it. */
  user_id: string;
  status: string;
  is_ready_made: boolean;
}

/** The marked submissions, newest publication first; of one type when `datasetType` is given. */
export async function listReadyMade(db: Db, datasetType: string | undefined): Promise<ReadyMadeRow[]> {
  const r = await db.pool.query(
    `SELECT service_request_number, dataset_id, dataset_name, dataset_type, params, completed_on, ready_made_record_count
       FROM dataset_submissions
      WHERE is_ready_made AND status = 'Completed' AND dataset_type IS NOT NULL AND ($1::text IS NULL OR dataset_type = $1)
      ORDER BY completed_on DESC NULLS LAST, service_request_number DESC`,
    [datasetType ?? null],
  );
  return r.rows as ReadyMadeRow[];
}

/** The marked, Completed submission with this dataset id, or null (unknown, unmarked or not published). */
export async function getReadyMadeByDatasetId(db: Db, datasetId: string): Promise<ReadyMadeRow | null> {
  const r = await db.pool.query(
    `SELECT service_request_number, dataset_id, dataset_name, dataset_type, params, completed_on, ready_made_record_count
       FROM dataset_submissions
      WHERE dataset_id = $1 AND is_ready_made AND status = 'Completed' AND dataset_type IS NOT NULL`,
    [datasetId],
  );
  return (r.rows[0] as ReadyMadeRow) ?? null;
}

export async function getMarkable(db: Db, srn: string): Promise<MarkableRow | null> {
  const r = await db.pool.query(
    `SELECT service_request_number, dataset_id, dataset_type, dataset_name, user_id, status, is_ready_made FROM dataset_submissions WHERE service_request_number = $1`,
    [srn],
  );
  return (r.rows[0] as MarkableRow) ?? null;
}

/**
 * Number of published records that belong to the dataset: records whose `dataset_ids` hold it
 * (records it published first, and records it re-submitted that another dataset published first).
 * One pass over dataset_records of the type; called when marking, not per page view.
 */
export async function countDatasetRecords(db: Db, datasetType: string, datasetId: string): Promise<number> {
  const r = await db.pool.query(`SELECT count(*)::bigint AS n FROM dataset_records WHERE dataset_type = $1 AND $2::uuid = ANY (dataset_ids)`, [
    datasetType,
    datasetId,
  ]);
  return r.rows[0].n as number;
}

/** Marks the submission ready-made with its record count. Only a Completed submission changes; returns whether one did. */
export async function setReadyMade(db: Db, srn: string, by: string, recordCount: number): Promise<boolean> {
  const r = await db.pool.query(
    `UPDATE dataset_submissions SET is_ready_made = true, ready_made_on = now(), ready_made_by = $2, ready_made_record_count = $3
      WHERE service_request_number = $1 AND status = 'Completed'`,
    [srn, by, recordCount],
  );
  return (r.rowCount ?? 0) > 0;
}

/** Takes the submission off the ready-made list (the count is dropped: it is taken again on the next mark). */
export async function clearReadyMade(db: Db, srn: string): Promise<void> {
  await db.pool.query(
    `UPDATE dataset_submissions SET is_ready_made = false, ready_made_on = NULL, ready_made_by = NULL, ready_made_record_count = NULL
      WHERE service_request_number = $1`,
    [srn],
  );
}

/** Stores a record count taken later (a row marked without one, e.g. by SQL); only while still marked. */
export async function storeRecordCount(db: Db, datasetId: string, recordCount: number): Promise<void> {
  await db.pool.query(`UPDATE dataset_submissions SET ready_made_record_count = $2 WHERE dataset_id = $1 AND is_ready_made`, [datasetId, recordCount]);
}
