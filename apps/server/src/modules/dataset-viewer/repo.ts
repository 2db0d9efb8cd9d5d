/**
 * SQL of the dataset viewer (docs/api.md#dataset-viewer): the tables it owns,
 * dataset_viewer_summaries (013_dataset_viewer.sql) and search_viewer_summaries (018). Records are read through datasets/service.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/pool.ts';

/** The cached summary of a dataset if it was computed from `stamp`, else null. */
export async function cachedSummary(db: Db, datasetId: string, stamp: string): Promise<{ summary: unknown; computedOn: Date } | null> {
  const row = await db.db
    .selectFrom('dataset_viewer_summaries')
    .select(['summary', 'computed_on'])
    .where('dataset_id', '=', datasetId)
    .where('stamp', '=', stamp)
    .executeTakeFirst();
  return row ? { summary: row.summary, computedOn: row.computed_on } : null;
}

/** Stores (or replaces) a dataset's summary computed from `stamp`; returns when it was stored. */
export async function storeSummary(db: Db, datasetId: string, stamp: string, summary: unknown): Promise<Date> {
  const row = await db.db
    .insertInto('dataset_viewer_summaries')
    .values({ dataset_id: datasetId, stamp, summary: JSON.stringify(summary) })
    .onConflict((oc) =>
      oc
        .column('dataset_id')
        .doUpdateSet((eb) => ({ stamp: eb.ref('excluded.stamp'), summary: eb.ref('excluded.summary'), computed_on: sql<Date>`now()` })),
    )
    .returning('computed_on')
    .executeTakeFirstOrThrow();
  return row.computed_on;
}

/** The stored summary of completed search `srn`, or null when none was computed yet. */
export async function cachedSearchSummary(db: Db, srn: string): Promise<{ summary: unknown; computedOn: Date } | null> {
  const row = await db.db
    .selectFrom('search_viewer_summaries')
    .select(['summary', 'computed_on'])
    .where('service_request_number', '=', srn)
    .executeTakeFirst();
  return row ? { summary: row.summary, computedOn: row.computed_on } : null;
}

/** Stores the summary of completed search `srn` (the first of two concurrent computations wins); returns when it was stored. */
export async function storeSearchSummary(db: Db, srn: string, summary: unknown): Promise<Date> {
  // The no-op update makes RETURNING answer the stored row's time when another computation won.
  const row = await db.db
    .insertInto('search_viewer_summaries')
    .values({ service_request_number: srn, summary: JSON.stringify(summary) })
    .onConflict((oc) =>
      oc.column('service_request_number').doUpdateSet((eb) => ({ service_request_number: eb.ref('excluded.service_request_number') })),
    )
    .returning('computed_on')
    .executeTakeFirstOrThrow();
  return row.computed_on;
}
