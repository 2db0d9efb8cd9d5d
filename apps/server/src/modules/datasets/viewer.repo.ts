/**
 * Reads of a published dataset's records for the dataset viewer (docs/api.md#dataset-viewer).
 * dataset_records belongs to this feature; the viewer feature reaches these through service.ts.
 *
 * Pages are keyset pages in primary-key order (dataset_type, hash): "after" a record's hash reads
 * the next rows straight from the primary-key index, so the first page of a 10M-record dataset
 * costs the same as that of a small one; a small dataset among many records is found through the
 * GIN index on dataset_ids instead (the planner picks by the containment's estimated selectivity).
 */
import type { Db } from '../../db/pool.ts';
import { aggregatesOfGroupingRows, type GroupingSetsCount, type RecordAggregates } from './record-aggregates.ts';

/** A published (Completed) dataset submission, as the viewer shows it. */
export interface PublishedDataset {
  datasetId: string;
  serviceRequestNumber: string;
  datasetName: string;
  datasetType: string;
  userId: string;
  completedOn: Date;
  params: Record<string, unknown> | null;
}

/** The published dataset `datasetId` (not a benchmark), or null (ids that are not UUIDs are not found). */
export async function findPublishedDataset(db: Db, datasetId: string): Promise<PublishedDataset | null> {
  const r = await db.pool.query(
    `SELECT dataset_id::text AS "datasetId", service_request_number AS "serviceRequestNumber", dataset_name AS "datasetName",
            dataset_type AS "datasetType", user_id AS "userId", completed_on AS "completedOn", params
       FROM dataset_submissions WHERE dataset_id::text = $1 AND status = 'Completed' AND kind = 'dataset' AND dataset_type IS NOT NULL`,
    [datasetId],
  );
  return (r.rows[0] as PublishedDataset) ?? null;
}

/** Column filters of a page; undefined = any. */
export interface RecordFilters {
  sourceLanguage?: string;
  targetLanguage?: string;
  domain?: string;
  collectionMethod?: string;
}

/** A published record as the viewer shows it. */
export interface ViewerRecord {
  hash: Buffer;
  sourceLanguage: string;
  targetLanguage: string | null;
  domain: string;
  collectionMethod: string;
  durationSeconds: number | null;
  submitters: string[];
  datasetIds: string[];
  data: Record<string, unknown>;
}

/**
 * Up to `limit` records of the dataset in hash order: after the record `after` (keyset) or, without
 * it, after skipping `offset` matching records.
 */
export async function recordsPage(
  db: Db,
  q: { datasetType: string; datasetId: string; after: Buffer | null; offset: number; limit: number; filters: RecordFilters },
): Promise<ViewerRecord[]> {
  const f = q.filters;
  const r = await db.pool.query(
    `SELECT hash, source_language AS "sourceLanguage", target_language AS "targetLanguage", domain, collection_method AS "collectionMethod",
            duration_seconds AS "durationSeconds", submitters, dataset_ids::text[] AS "datasetIds", data
       FROM dataset_records
      WHERE dataset_type = $1 AND dataset_ids @> ARRAY[$2::uuid] AND ($3::bytea IS NULL OR hash > $3)
        AND ($4::text IS NULL OR source_language = $4) AND ($5::text IS NULL OR target_language = $5)
        AND ($6::text IS NULL OR domain = $6) AND ($7::text IS NULL OR collection_method = $7)
      ORDER BY dataset_type, hash LIMIT $8 OFFSET $9`,
    [
      q.datasetType,
      q.datasetId,
      q.after,
      f.sourceLanguage ?? null,
      f.targetLanguage ?? null,
      f.domain ?? null,
      f.collectionMethod ?? null,
      q.limit,
      q.offset,
    ],
  );
  return r.rows as ViewerRecord[];
}

/** One record of the dataset by hash, or null when the dataset does not contain it. */
export async function recordOfDataset(db: Db, datasetType: string, datasetId: string, hash: Buffer): Promise<ViewerRecord | null> {
  const r = await db.pool.query(
    `SELECT hash, source_language AS "sourceLanguage", target_language AS "targetLanguage", domain, collection_method AS "collectionMethod",
            duration_seconds AS "durationSeconds", submitters, dataset_ids::text[] AS "datasetIds", data
       FROM dataset_records WHERE dataset_type = $1 AND hash = $2 AND dataset_ids @> ARRAY[$3::uuid]`,
    [datasetType, hash, datasetId],
  );
  return (r.rows[0] as ViewerRecord) ?? null;
}

/**
 * Aggregates over every record of the dataset (one scan): per-column counts (most frequent first)
 * and the histogram of `measure`: the duration in seconds, or the characters of the record's main
 * text (sourceText, text or groundTruth). `edges` ascending, starting at 0.
 */
export async function aggregateRecords(
  db: Db,
  datasetType: string,
  datasetId: string,
  measure: 'characters' | 'seconds',
  edges: readonly number[],
): Promise<RecordAggregates> {
  // The measure per record: seconds of audio, or characters of the main text (two literal statements).
  const r =
    measure === 'seconds'
      ? await db.pool.query(
          `SELECT source_language, target_language, domain, collection_method, s AS submitter, bin, count(*)::bigint AS n,
                  GROUPING(source_language, target_language, domain, collection_method, s, bin) AS g
             FROM (SELECT source_language, coalesce(target_language, '') AS target_language, domain, collection_method, submitter AS s,
                          width_bucket(coalesce(duration_seconds, 0)::float8, $3::float8[]) AS bin
                     FROM dataset_records WHERE dataset_type = $1 AND dataset_ids @> ARRAY[$2::uuid]) t
            GROUP BY GROUPING SETS ((source_language), (target_language), (domain), (collection_method), (s), (bin), ())`,
          [datasetType, datasetId, edges],
        )
      : await db.pool.query(
          `SELECT source_language, target_language, domain, collection_method, s AS submitter, bin, count(*)::bigint AS n,
                  GROUPING(source_language, target_language, domain, collection_method, s, bin) AS g
             FROM (SELECT source_language, coalesce(target_language, '') AS target_language, domain, collection_method, submitter AS s,
                          width_bucket(char_length(coalesce(data->>'sourceText', data->>'text', data->>'groundTruth', ''))::float8, $3::float8[]) AS bin
                     FROM dataset_records WHERE dataset_type = $1 AND dataset_ids @> ARRAY[$2::uuid]) t
            GROUP BY GROUPING SETS ((source_language), (target_language), (domain), (collection_method), (s), (bin), ())`,
          [datasetType, datasetId, edges],
        );
  return aggregatesOfGroupingRows(r.rows as GroupingSetsCount[], measure, edges);
}

const RECORD_PAGE = `SELECT hash FROM dataset_records
  WHERE dataset_type = $1 AND dataset_ids @> ARRAY[$2::uuid] AND ($3::bytea IS NULL OR hash > $3)
  ORDER BY dataset_type, hash LIMIT $4`;
const RECORD_PAGE_WITH_DATA = `SELECT hash, data FROM dataset_records
  WHERE dataset_type = $1 AND dataset_ids @> ARRAY[$2::uuid] AND ($3::bytea IS NULL OR hash > $3)
  ORDER BY dataset_type, hash LIMIT $4`;

/**
 * One keyset page of the records of the submission dataset `datasetId` (the records its zip
 * published or merged into), in hash order: at most `limit` rows whose hash sorts after `after`
 * (null: from the start), each with its published data when `withData`. For dataset versions
 * (docs/api.md#dataset-versions), which read a dataset of any size a page at a time.
 */
export async function recordPage(
  db: Db,
  datasetType: string,
  datasetId: string,
  after: Buffer | null,
  limit: number,
  withData: boolean,
): Promise<{ hash: Buffer; data?: Record<string, unknown> }[]> {
  const r = await db.pool.query(withData ? RECORD_PAGE_WITH_DATA : RECORD_PAGE, [datasetType, datasetId, after, limit]);
  return r.rows as { hash: Buffer; data?: Record<string, unknown> }[];
}
