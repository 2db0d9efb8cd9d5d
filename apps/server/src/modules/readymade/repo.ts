import type { Db } from '../../db/pool.ts';

/**
 * SQL of the ready-made datasets. A ready-made dataset is a submission marked
 * `is_ready_made`; that flag, when and by whom it was set and the record count taken then live on
 * `dataset_submissions` (migration 004), which the datasets module owns: read and set them through
 * datasets/service.ts. This file only counts a dataset's published records.
 */

/**
 * Number of published records that belong to the dataset: records whose `dataset_ids` hold it
 * (records it published first, and records it re-submitted that another dataset published first).
 * One pass over dataset_records of the type; called when marking, not per page view.
 */
export async function countDatasetRecords(db: Db, datasetType: string, datasetId: string): Promise<number> {
  const r = await db.pool.query(
    `SELECT count(*)::bigint AS n FROM dataset_records WHERE dataset_type = $1 AND $2::uuid = ANY (dataset_ids)`,
    [datasetType, datasetId],
  );
  return r.rows[0].n as number;
}
