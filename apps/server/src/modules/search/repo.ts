import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { SearchRequestsTable } from '../../db/schema.ts';

/** Status of a search request (docs/product.md#states-and-transitions: In-Progress, then Completed, or Failed). */
export type SearchStatus = SearchRequestRow['status'];

/** A row of search_requests (migration 002_search.sql). */
export type SearchRequestRow = Selectable<SearchRequestsTable>;

/** Records a submitted search as In-Progress. */
export async function insertSearch(
  db: Db,
  s: { srn: string; userId: string; datasetType: string; criteria: Record<string, unknown> },
): Promise<void> {
  await db.db
    .insertInto('search_requests')
    .values({ service_request_number: s.srn, user_id: s.userId, dataset_type: s.datasetType, criteria: JSON.stringify(s.criteria) })
    .execute();
}

/** The search `srn`, or null. */
export async function getSearch(db: Db, srn: string): Promise<SearchRequestRow | null> {
  return (await db.db.selectFrom('search_requests').selectAll().where('service_request_number', '=', srn).executeTakeFirst()) ?? null;
}

/** A user's searches, newest first; `limit` null for all. Also the total count. */
export async function listSearches(
  db: Db,
  userId: string,
  limit: number | null,
  offset: number,
): Promise<{ rows: SearchRequestRow[]; count: number }> {
  const r = await db.pool.query(
    `SELECT *, count(*) OVER () AS total FROM search_requests WHERE user_id = $1
      ORDER BY created_on DESC, service_request_number DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  let count = r.rows.length ? Number(r.rows[0].total) : 0;
  if (!r.rows.length && offset > 0) {
    const c = await db.pool.query(`SELECT count(*)::int AS n FROM search_requests WHERE user_id = $1`, [userId]);
    count = c.rows[0].n;
  }
  return { rows: r.rows as SearchRequestRow[], count };
}

/** Marks a search Completed with its outcome (the same values on a retry). */
export async function completeSearch(
  db: Db,
  srn: string,
  r: { count: number; durationSeconds: number | null; files: string[] },
): Promise<void> {
  await db.db
    .updateTable('search_requests')
    .set({
      status: 'Completed',
      record_count: r.count,
      duration_seconds: r.durationSeconds,
      files: r.files,
      message: null,
      completed_on: sql<Date>`now()`,
    })
    .where('service_request_number', '=', srn)
    .execute();
}

/** Marks a search Failed with a message for the user. */
export async function failSearch(db: Db, srn: string, message: string): Promise<void> {
  await db.db
    .updateTable('search_requests')
    .set({ status: 'Failed', message, completed_on: sql<Date>`now()` })
    .where('service_request_number', '=', srn)
    .where('status', '<>', 'Completed')
    .execute();
}
