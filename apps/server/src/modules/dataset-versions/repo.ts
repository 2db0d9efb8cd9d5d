/**
 * SQL of dataset versions (docs/api.md#dataset-versions): the tables it owns, dataset_versions and
 * dataset_version_members (014_dataset_versions.sql). Records themselves are read through
 * datasets/service.ts.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type pg from 'pg';
import type { Database, DatasetVersionsTable } from '../../db/schema.ts';

/** Runs queries: the pool's Db, or a transaction of db/transaction.ts (docs/architecture.md#data-access). */
type Q = { db: Kysely<Database> };

/** A dataset_versions row. */
export type VersionRow = Selectable<DatasetVersionsTable>;

/** The dataset a submission's dataset id carries a version of, or null when it carries none. */
export async function rootOfSubmissionDataset(q: Q, submissionDatasetId: string): Promise<string | null> {
  const row = await q.db
    .selectFrom('dataset_versions')
    .select('dataset_id')
    .where(sql<string>`submission_dataset_id::text`, '=', submissionDatasetId)
    .executeTakeFirst();
  return row?.dataset_id ?? null;
}

/** Every version row of a dataset, oldest first. */
export async function versionsOf(q: Q, datasetId: string): Promise<VersionRow[]> {
  return q.db.selectFrom('dataset_versions').selectAll().where('dataset_id', '=', datasetId).orderBy('created_on').orderBy('id').execute();
}

/** Inserts a Pending version row; throws pg 23505 when the dataset already has one pending. */
export async function insertPending(q: Q, v: { id: string; datasetId: string; srn: string; submissionDatasetId: string }): Promise<void> {
  await q.db
    .insertInto('dataset_versions')
    .values({ id: v.id, dataset_id: v.datasetId, service_request_number: v.srn, submission_dataset_id: v.submissionDatasetId })
    .execute();
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
  const rows = await q.db
    .selectFrom('dataset_version_members')
    .select('hash')
    .where('dataset_id', '=', datasetId)
    .where('last_version', 'is', null)
    .where('first_version', '<', newVersion)
    .$if(after !== null, (qb) => qb.where('hash', '>', after as Buffer))
    .orderBy('hash')
    .limit(limit)
    .execute();
  return rows.map((x) => x.hash);
}

/** The dataset a version submission belongs to (its root dataset id), or null when `srn` submitted no version. */
export async function datasetOfVersionSubmission(q: Q, srn: string): Promise<string | null> {
  const row = await q.db.selectFrom('dataset_versions').select('dataset_id').where('service_request_number', '=', srn).executeTakeFirst();
  return row?.dataset_id ?? null;
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
  q: Q,
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
  await q.db
    .updateTable('dataset_versions')
    .set({
      status: 'Published',
      version: v.version,
      dataset_type: v.datasetType,
      record_count: v.records,
      added_count: v.added,
      removed_count: v.removed,
      params: JSON.stringify(v.params ?? null),
      export_sha256: v.sha256,
      export_bytes: v.bytes,
      frozen_on: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .execute();
}

/** Ends a Pending row without a version: Identical (nothing added) or Failed, with the reason. */
export async function markEnded(q: Q, id: string, status: 'Identical' | 'Failed', message: string): Promise<void> {
  await q.db
    .updateTable('dataset_versions')
    .set({ status, message, frozen_on: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'Pending')
    .execute();
}

/** Sets (or clears, with null) the DOI of a published version; false when there is no such version. */
export async function setDoi(q: Q, datasetId: string, version: number, doi: string | null): Promise<boolean> {
  const r = await q.db
    .updateTable('dataset_versions')
    .set({ doi })
    .where('dataset_id', '=', datasetId)
    .where('version', '=', version)
    .where('status', '=', 'Published')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
