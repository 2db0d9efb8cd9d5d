import type { Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { BenchmarkRecordsTable, DatasetStagesTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { stagingTable } from './repo.ts';
import { bumpLocalVersion, ROLLUP_TOPIC } from '../../db/local-versions.ts';

/** Rows merged per publish transaction; small enough that progress moves, big enough for set-based speed. */
export const DEFAULT_PUBLISH_CHUNK_ROWS = 50_000;

export interface PublishProgress {
  success: number;
  failed: number;
  successSeconds: number;
  failedSeconds: number;
}

/**
 * Publish stage (docs/architecture.md#dataset-stages): merges the submission's staged records into `dataset_records`
 * chunk by chunk. Each chunk is one transaction that (1) inserts records whose (dataset_type, hash)
 * is new, (2) for a record already published by anyone adds this dataset and submitter to its
 * lists, counting it as DUPLICATE_RECORD, (3) adds the new records to the dashboard rollup,
 * (4) writes the duplicate errors, and (5) advances `publish_cursor` and the stage counts. A
 * crash between chunks loses nothing and a retry resumes at the cursor, so counts stay exact.
 * `onProgress` receives the cumulative counts after each chunk.
 */
export async function publishStaged(
  db: Db,
  sub: { srn: string; datasetId: string; datasetType: string },
  opts: { chunkRows?: number; onChunk?: (p: PublishProgress) => Promise<void> | void } = {},
): Promise<PublishProgress> {
  const chunkRows = opts.chunkRows ?? DEFAULT_PUBLISH_CHUNK_ROWS;
  await db.pool.query(`INSERT INTO publish_cursor (service_request_number) VALUES ($1) ON CONFLICT DO NOTHING`, [sub.srn]);
  for (;;) {
    const done = await inTransaction(db, async ({ client }) => {
      // The chunk is sorted twice (by seq, then by hash); keep those sorts in memory.
      await client.query(`SET LOCAL work_mem = '128MB'`);
      const cur = await client.query(`SELECT next_seq FROM publish_cursor WHERE service_request_number = $1 FOR UPDATE`, [sub.srn]);
      const nextSeq = cur.rows[0].next_seq as number;
      const r = await client.query(
        `WITH chunk AS (
           SELECT * FROM ${stagingTable(sub.srn)} WHERE seq >= $2 ORDER BY seq LIMIT $3
         ), firsts AS (
           SELECT DISTINCT ON (hash) * FROM chunk ORDER BY hash, seq
         ), ins AS (
           INSERT INTO dataset_records AS r (dataset_type, hash, source_language, target_language, domain, collection_method, submitter, duration_seconds, dataset_ids, submitters, data)
           SELECT $4, hash, source_language, target_language, domain, collection_method, submitter, duration_seconds, ARRAY[$5::uuid], ARRAY[submitter], data
             FROM firsts ORDER BY hash
           ON CONFLICT (dataset_type, hash) DO UPDATE SET
             dataset_ids = CASE WHEN $5::uuid = ANY (r.dataset_ids) THEN r.dataset_ids ELSE r.dataset_ids || $5::uuid END,
             submitters = CASE WHEN EXCLUDED.submitter = ANY (r.submitters) THEN r.submitters ELSE r.submitters || EXCLUDED.submitter END
           RETURNING r.hash, (r.xmax = 0) AS inserted
         ), published AS (
           SELECT f.* FROM firsts f JOIN ins i ON i.hash = f.hash AND i.inserted
         ), roll AS (
           INSERT INTO record_rollup AS t (dataset_type, source_language, target_language, domain, collection_method, submitter, record_count, duration_seconds)
           SELECT $4, source_language, coalesce(target_language, ''), domain, collection_method, submitter, count(*), coalesce(sum(duration_seconds), 0)
             FROM published GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
           ON CONFLICT (dataset_type, source_language, target_language, domain, collection_method, submitter) DO UPDATE SET
             record_count = t.record_count + EXCLUDED.record_count,
             duration_seconds = t.duration_seconds + EXCLUDED.duration_seconds
           RETURNING 1
         ), dups AS (
           INSERT INTO dataset_errors (service_request_number, stage, code, message, record_index, record)
           SELECT $1, 'publish', 'DUPLICATE_RECORD', 'The record is already published (by this or an earlier dataset).', c.seq, left(c.data::text, 200)
             FROM chunk c WHERE NOT EXISTS (SELECT 1 FROM published p WHERE p.seq = c.seq)
           RETURNING 1
         )
         SELECT (SELECT count(*) FROM chunk)::int AS chunk_rows,
                (SELECT max(seq) FROM chunk) AS last_seq,
                (SELECT count(*) FROM published)::int AS published,
                (SELECT coalesce(sum(duration_seconds), 0) FROM published)::float8 AS published_seconds,
                (SELECT coalesce(sum(duration_seconds), 0) FROM chunk)::float8 AS chunk_seconds,
                (SELECT count(*) FROM roll)::int AS roll_rows,
                (SELECT count(*) FROM dups)::int AS dup_rows`,
        [sub.srn, nextSeq, chunkRows, sub.datasetType, sub.datasetId],
      );
      const row = r.rows[0] as {
        chunk_rows: number;
        last_seq: number | null;
        published: number;
        published_seconds: number;
        chunk_seconds: number;
      };
      if (row.chunk_rows === 0) return true;
      const failed = row.chunk_rows - row.published;
      await client.query(`UPDATE publish_cursor SET next_seq = $2 WHERE service_request_number = $1`, [
        sub.srn,
        (row.last_seq as number) + 1,
      ]);
      await client.query(
        `UPDATE dataset_stages SET status = 'In-Progress', success_count = success_count + $2, failed_count = failed_count + $3,
            success_seconds = success_seconds + $4, failed_seconds = failed_seconds + $5
          WHERE service_request_number = $1 AND stage = 'publish'`,
        [sub.srn, row.published, failed, row.published_seconds, row.chunk_seconds - row.published_seconds],
      );
      return false;
    });
    if (!done) bumpLocalVersion(db, ROLLUP_TOPIC);
    const p = await readPublishCounts(db, sub.srn);
    if (opts.onChunk && !done) await opts.onChunk(p);
    if (done) return p;
  }
}

/**
 * Publish stage of a benchmark dataset: copies every staged row into
 * `benchmark_records` as the benchmark's rows, in file order, in one transaction. No global
 * de-duplication, no rollup: a benchmark's rows stay out of the public records, the dashboard and
 * search. Idempotent (a retry after a crash inserts nothing twice). Returns the counts.
 */
export async function publishBenchmarkStaged(db: Db, sub: { srn: string; datasetId: string }): Promise<PublishProgress> {
  await inTransaction(db, async ({ client }) => {
    await client.query(`INSERT INTO publish_cursor (service_request_number) VALUES ($1) ON CONFLICT DO NOTHING`, [sub.srn]);
    await client.query(
      `INSERT INTO benchmark_records (dataset_id, seq, source_language, target_language, data)
       SELECT $1::uuid, seq, source_language, target_language, data FROM ${stagingTable(sub.srn)} ORDER BY seq
       ON CONFLICT (dataset_id, seq) DO NOTHING`,
      [sub.datasetId],
    );
    const n = await client.query(
      `SELECT count(*)::int AS n, coalesce(max(seq) + 1, 0) AS next FROM benchmark_records WHERE dataset_id = $1`,
      [sub.datasetId],
    );
    await client.query(`UPDATE publish_cursor SET next_seq = $2 WHERE service_request_number = $1`, [sub.srn, n.rows[0].next]);
    await client.query(
      `UPDATE dataset_stages SET status = 'In-Progress', success_count = $2, failed_count = 0 WHERE service_request_number = $1 AND stage = 'publish'`,
      [sub.srn, n.rows[0].n],
    );
  });
  return readPublishCounts(db, sub.srn);
}

/** The rows of a published benchmark dataset in file order: `{seq, sourceLanguage, targetLanguage, data}` (data = the row's own fields). */
export async function readBenchmarkRecords(
  db: Db,
  datasetId: string,
): Promise<{ seq: number; sourceLanguage: string; targetLanguage: string | null; data: Record<string, unknown> }[]> {
  const r = await db.pool.query<
    Pick<Selectable<BenchmarkRecordsTable>, 'seq' | 'source_language' | 'target_language'> & { data: Record<string, unknown> }
  >(`SELECT seq, source_language, target_language, data FROM benchmark_records WHERE dataset_id = $1 ORDER BY seq`, [datasetId]);
  return r.rows.map((x) => ({
    seq: x.seq,
    sourceLanguage: x.source_language,
    targetLanguage: x.target_language,
    data: x.data,
  }));
}

/** Cumulative publish-stage counts as stored. */
export async function readPublishCounts(db: Db, srn: string): Promise<PublishProgress> {
  const r = await db.pool.query<
    Pick<Selectable<DatasetStagesTable>, 'success_count' | 'failed_count' | 'success_seconds' | 'failed_seconds'>
  >(
    `SELECT success_count, failed_count, success_seconds, failed_seconds FROM dataset_stages WHERE service_request_number = $1 AND stage = 'publish'`,
    [srn],
  );
  const s = r.rows[0];
  return { success: s.success_count, failed: s.failed_count, successSeconds: s.success_seconds, failedSeconds: s.failed_seconds };
}

/**
 * Takes back what a submission published (used when its file is rejected after some segments
 * were already published, or before a retry starts over): records only this dataset holds are
 * deleted and subtracted from the rollup; records shared with other datasets just lose this
 * dataset id. Also clears the submission's publish errors, counts and cursor. One transaction;
 * a no-op when nothing was published.
 */
export async function unpublish(db: Db, srn: string, datasetId: string): Promise<number> {
  const removedCount = await inTransaction(db, async ({ client }) => {
    const cur = await client.query(`SELECT next_seq FROM publish_cursor WHERE service_request_number = $1 FOR UPDATE`, [srn]);
    if (!cur.rowCount) return null;
    const removed = await client.query(
      `WITH del AS (
         DELETE FROM dataset_records WHERE dataset_ids = ARRAY[$1::uuid]
         RETURNING dataset_type, source_language, coalesce(target_language, '') AS target_language, domain, collection_method, submitter, duration_seconds
       ), sums AS (
         SELECT dataset_type, source_language, target_language, domain, collection_method, submitter, count(*) AS n, coalesce(sum(duration_seconds), 0) AS secs
           FROM del GROUP BY 1, 2, 3, 4, 5, 6
       ), roll AS (
         UPDATE record_rollup t SET record_count = t.record_count - s.n, duration_seconds = t.duration_seconds - s.secs
           FROM sums s
          WHERE t.dataset_type = s.dataset_type AND t.source_language = s.source_language AND t.target_language = s.target_language
            AND t.domain = s.domain AND t.collection_method = s.collection_method AND t.submitter = s.submitter
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM del)::int AS n, (SELECT count(*) FROM roll)::int AS r`,
      [datasetId],
    );
    await client.query(`UPDATE dataset_records SET dataset_ids = array_remove(dataset_ids, $1::uuid) WHERE $1::uuid = ANY (dataset_ids)`, [
      datasetId,
    ]);
    // A benchmark submission published its rows here instead.
    await client.query(`DELETE FROM benchmark_records WHERE dataset_id = $1`, [datasetId]);
    await client.query(`DELETE FROM dataset_errors WHERE service_request_number = $1 AND stage = 'publish'`, [srn]);
    await client.query(`DELETE FROM publish_cursor WHERE service_request_number = $1`, [srn]);
    await client.query(
      `UPDATE dataset_stages SET success_count = 0, failed_count = 0, success_seconds = 0, failed_seconds = 0 WHERE service_request_number = $1 AND stage = 'publish'`,
      [srn],
    );
    return removed.rows[0].n as number;
  });
  if (removedCount === null) return 0;
  bumpLocalVersion(db, ROLLUP_TOPIC);
  return removedCount;
}
