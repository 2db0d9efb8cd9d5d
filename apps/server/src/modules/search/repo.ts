import type { Selectable } from 'kysely';
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
  await db.pool.query(`INSERT INTO search_requests (service_request_number, user_id, dataset_type, criteria) VALUES ($1, $2, $3, $4)`, [
    s.srn,
    s.userId,
    s.datasetType,
    JSON.stringify(s.criteria),
  ]);
}

/** The search `srn`, or null. */
export async function getSearch(db: Db, srn: string): Promise<SearchRequestRow | null> {
  const r = await db.pool.query(`SELECT * FROM search_requests WHERE service_request_number = $1`, [srn]);
  return (r.rows[0] as SearchRequestRow | undefined) ?? null;
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
  await db.pool.query(
    `UPDATE search_requests SET status = 'Completed', record_count = $2, duration_seconds = $3, files = $4, message = NULL, completed_on = now()
      WHERE service_request_number = $1`,
    [srn, r.count, r.durationSeconds, r.files],
  );
}

/** Marks a search Failed with a message for the user. */
export async function failSearch(db: Db, srn: string, message: string): Promise<void> {
  await db.pool.query(
    `UPDATE search_requests SET status = 'Failed', message = $2, completed_on = now() WHERE service_request_number = $1 AND status <> 'Completed'`,
    [srn, message],
  );
}
