/**
 * SQL of the dataset viewer (docs/api.md#dataset-viewer): the table it owns,
 * dataset_viewer_summaries (013_dataset_viewer.sql). Records are read through datasets/service.ts.
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
