/**
 * SQL of dataset versions (docs/api.md#dataset-versions): the tables it owns, dataset_versions and
 * dataset_version_members (014_dataset_versions.sql). Records themselves are read through
 * datasets/service.ts.
 */
import type { Selectable } from 'kysely';
import type pg from 'pg';
import type { Db } from '../../db/pool.ts';
import type { DatasetVersionsTable } from '../../db/schema.ts';

type Q = Db['pool'] | pg.PoolClient;

/** A dataset_versions row. */
export type VersionRow = Selectable<DatasetVersionsTable>;

/** The dataset a submission's dataset id carries a version of, or null when it carries none. */
export async function rootOfSubmissionDataset(q: Q, submissionDatasetId: string): Promise<string | null> {
  const r = await q.query(`SELECT dataset_id::text AS id FROM dataset_versions WHERE submission_dataset_id::text = $1`, [
    submissionDatasetId,
  ]);
  return (r.rows[0]?.id as string) ?? null;
}

/** Every version row of a dataset, oldest first. */
export async function versionsOf(q: Q, datasetId: string): Promise<VersionRow[]> {
  const r = await q.query(`SELECT * FROM dataset_versions WHERE dataset_id = $1 ORDER BY created_on, id`, [datasetId]);
  return r.rows as VersionRow[];
}

/** Inserts a Pending version row; throws pg 23505 when the dataset already has one pending. */
export async function insertPending(q: Q, v: { id: string; datasetId: string; srn: string; submissionDatasetId: string }): Promise<void> {
  await q.query(`INSERT INTO dataset_versions (id, dataset_id, service_request_number, submission_dataset_id) VALUES ($1, $2, $3, $4)`, [
    v.id,
    v.datasetId,
    v.srn,
    v.submissionDatasetId,
  ]);
}

/** Serialises the freezing of one dataset's versions (transaction-scoped lock). */
export async function lockDataset(client: pg.PoolClient, datasetId: string): Promise<void> {
  await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('dataset-versions:' || $1, 0))`, [datasetId]);
}

/**
 * One keyset page of the latest version's record hashes, in hash order: at most `limit` hashes
 * after `after` (null: from the start). Members that start at `newVersion` (being added in the
 * same transaction) are left out, so the page reads the previous version only.
 */
export async function currentMembersPage(
  q: Q,
  datasetId: string,
  newVersion: number,
  after: Buffer | null,
  limit: number,
): Promise<Buffer[]> {
  const r = await q.query<{ hash: Buffer }>(
    `SELECT hash FROM dataset_version_members
      WHERE dataset_id = $1 AND last_version IS NULL AND first_version < $2 AND ($3::bytea IS NULL OR hash > $3)
      ORDER BY hash LIMIT $4`,
    [datasetId, newVersion, after, limit],
  );
  return r.rows.map((x) => x.hash);
}

/** The dataset a version submission belongs to (its root dataset id), or null when `srn` submitted no version. */
export async function datasetOfVersionSubmission(q: Q, srn: string): Promise<string | null> {
  const r = await q.query(`SELECT dataset_id::text AS id FROM dataset_versions WHERE service_request_number = $1`, [srn]);
  return (r.rows[0]?.id as string) ?? null;
}

/** Records the membership change of new version `version`: `removed` end at version − 1, `added` start at it. */
export async function applyMembership(
  client: pg.PoolClient,
  datasetId: string,
  version: number,
  added: Buffer[],
  removed: Buffer[],
): Promise<void> {
  if (removed.length) {
    await client.query(
      `UPDATE dataset_version_members SET last_version = $2 WHERE dataset_id = $1 AND last_version IS NULL AND hash = ANY ($3::bytea[])`,
      [datasetId, version - 1, removed],
    );
  }
  for (let i = 0; i < added.length; i += 10_000) {
    await client.query(
      `INSERT INTO dataset_version_members (dataset_id, hash, first_version) SELECT $1, h, $2 FROM unnest($3::bytea[]) AS h`,
      [datasetId, version, added.slice(i, i + 10_000)],
    );
  }
}

/** Freezes a Pending row as Published version `version` with its counts, params and export. */
export async function markPublished(
  client: pg.PoolClient,
  id: string,
  v: {
    version: number;
    datasetType: string;
    records: number;
    added: number;
    removed: number;
    params: unknown;
    sha256: string;
    bytes: number;
  },
): Promise<void> {
  await client.query(
    `UPDATE dataset_versions SET status = 'Published', version = $2, dataset_type = $3, record_count = $4, added_count = $5, removed_count = $6,
        params = $7, export_sha256 = $8, export_bytes = $9, frozen_on = now() WHERE id = $1 AND status = 'Pending'`,
    [id, v.version, v.datasetType, v.records, v.added, v.removed, JSON.stringify(v.params ?? null), v.sha256, v.bytes],
  );
}

/** Ends a Pending row without a version: Identical (nothing added) or Failed, with the reason. */
export async function markEnded(q: Q, id: string, status: 'Identical' | 'Failed', message: string): Promise<void> {
  await q.query(`UPDATE dataset_versions SET status = $2, message = $3, frozen_on = now() WHERE id = $1 AND status = 'Pending'`, [
    id,
    status,
    message,
  ]);
}

/** Sets (or clears, with null) the DOI of a published version; false when there is no such version. */
export async function setDoi(q: Q, datasetId: string, version: number, doi: string | null): Promise<boolean> {
  const r = await q.query(`UPDATE dataset_versions SET doi = $3 WHERE dataset_id = $1 AND version = $2 AND status = 'Published'`, [
    datasetId,
    version,
    doi,
  ]);
  return (r.rowCount ?? 0) > 0;
}
