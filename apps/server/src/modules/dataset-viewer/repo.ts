/**
 * SQL of the dataset viewer (docs/api.md#dataset-viewer): the tables it owns,
 * dataset_viewer_summaries (013_dataset_viewer.sql) and search_viewer_summaries (018). Records are read through datasets/service.ts.
 */
import type { Db } from '../../db/pool.ts';

/** The cached summary of a dataset if it was computed from `stamp`, else null. */
export async function cachedSummary(db: Db, datasetId: string, stamp: string): Promise<{ summary: unknown; computedOn: Date } | null> {
  const r = await db.pool.query(`SELECT summary, computed_on FROM dataset_viewer_summaries WHERE dataset_id = $1 AND stamp = $2`, [
    datasetId,
    stamp,
  ]);
  return r.rows[0] ? { summary: r.rows[0].summary, computedOn: r.rows[0].computed_on as Date } : null;
}

/** Stores (or replaces) a dataset's summary computed from `stamp`; returns when it was stored. */
export async function storeSummary(db: Db, datasetId: string, stamp: string, summary: unknown): Promise<Date> {
  const r = await db.pool.query(
    `INSERT INTO dataset_viewer_summaries (dataset_id, stamp, summary) VALUES ($1, $2, $3)
     ON CONFLICT (dataset_id) DO UPDATE SET stamp = EXCLUDED.stamp, summary = EXCLUDED.summary, computed_on = now() RETURNING computed_on`,
    [datasetId, stamp, JSON.stringify(summary)],
  );
  return r.rows[0].computed_on as Date;
}

/** The stored summary of completed search `srn`, or null when none was computed yet. */
export async function cachedSearchSummary(db: Db, srn: string): Promise<{ summary: unknown; computedOn: Date } | null> {
  const r = await db.pool.query(`SELECT summary, computed_on FROM search_viewer_summaries WHERE service_request_number = $1`, [srn]);
  return r.rows[0] ? { summary: r.rows[0].summary, computedOn: r.rows[0].computed_on as Date } : null;
}

/** Stores the summary of completed search `srn` (the first of two concurrent computations wins); returns when it was stored. */
export async function storeSearchSummary(db: Db, srn: string, summary: unknown): Promise<Date> {
  const r = await db.pool.query(
    `INSERT INTO search_viewer_summaries (service_request_number, summary) VALUES ($1, $2)
     ON CONFLICT (service_request_number) DO UPDATE SET service_request_number = EXCLUDED.service_request_number RETURNING computed_on`,
    [srn, JSON.stringify(summary)],
  );
  return r.rows[0].computed_on as Date;
}
