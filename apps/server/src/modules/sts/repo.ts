/**
 * SQL of the speech-to-speech batches (tables sts_batches, sts_batch_files; migration 010_sts.sql).
 * Plain parameterised SQL on the pool: these tables are this module's alone.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { StsBatchesTable, StsBatchFilesTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';

/** A `sts_batches` row. */
export type StsBatchRow = Selectable<StsBatchesTable>;

/** A `sts_batch_files` row without its batch id. */
export type StsBatchFileRow = Omit<Selectable<StsBatchFilesTable>, 'batch_id'>;

/** Inserts a new Pending batch. */
export async function insertBatch(
  db: Db,
  b: Pick<
    StsBatchRow,
    | 'batch_id'
    | 'user_id'
    | 'url'
    | 'source_language'
    | 'target_language'
    | 'asr_model_id'
    | 'translation_model_id'
    | 'tts_model_id'
    | 'gender'
  >,
): Promise<void> {
  await db.db
    .insertInto('sts_batches')
    .values({
      batch_id: b.batch_id,
      user_id: b.user_id,
      url: b.url,
      source_language: b.source_language,
      target_language: b.target_language,
      asr_model_id: b.asr_model_id,
      translation_model_id: b.translation_model_id,
      tts_model_id: b.tts_model_id,
      gender: b.gender,
    })
    .execute();
}

/** The batch, or null. */
export async function getBatch(db: Db, batchId: string): Promise<StsBatchRow | null> {
  return (await db.db.selectFrom('sts_batches').selectAll().where('batch_id', '=', batchId).executeTakeFirst()) ?? null;
}

/** The user's batches, newest first, at most `limit`. */
export async function listBatchesOfUser(db: Db, userId: string, limit: number): Promise<StsBatchRow[]> {
  return db.db
    .selectFrom('sts_batches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_on', 'desc')
    .orderBy('batch_id')
    .limit(limit)
    .execute();
}

/** The batch's file rows in zip order. */
export async function listFiles(db: Db, batchId: string): Promise<StsBatchFileRow[]> {
  return db.db
    .selectFrom('sts_batch_files')
    .select(['seq', 'name', 'status', 'stage', 'message', 'transcript', 'translation'])
    .where('batch_id', '=', batchId)
    .orderBy('seq')
    .execute();
}

/**
 * Starts (or restarts, on a retried job) a batch: In-Progress with `total` audio files, counts
 * and file rows of an earlier attempt cleared, so a retry reaches the same final state.
 */
export async function startBatch(db: Db, batchId: string, total: number): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.db.deleteFrom('sts_batch_files').where('batch_id', '=', batchId).execute();
    await tx.db
      .updateTable('sts_batches')
      .set({ status: 'In-Progress', total, done: 0, failed: 0, skipped: 0, message: null, result_key: null, updated_on: sql<Date>`now()` })
      .where('batch_id', '=', batchId)
      .execute();
  });
}

/** Records one entry's outcome and bumps the matching counter in the same statement. */
export async function recordFile(db: Db, batchId: string, f: StsBatchFileRow): Promise<void> {
  // The counter is picked by CASE on the status parameter: no text is pasted into the statement.
  await db.pool.query(
    `WITH f AS (
       INSERT INTO sts_batch_files (batch_id, seq, name, status, stage, message, transcript, translation)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (batch_id, seq) DO NOTHING RETURNING 1),
     n AS (SELECT count(*)::int AS c FROM f)
     UPDATE sts_batches SET
       done = done + CASE WHEN $4 = 'done' THEN (SELECT c FROM n) ELSE 0 END,
       failed = failed + CASE WHEN $4 = 'failed' THEN (SELECT c FROM n) ELSE 0 END,
       skipped = skipped + CASE WHEN $4 NOT IN ('done', 'failed') THEN (SELECT c FROM n) ELSE 0 END,
       updated_on = now()
     WHERE batch_id = $1`,
    [batchId, f.seq, f.name, f.status, f.stage, f.message, f.transcript, f.translation],
  );
}

/** Ends a batch: Completed with its result zip, or Failed with the reason. */
export async function finishBatch(
  db: Db,
  batchId: string,
  end: { status: 'Completed'; resultKey: string } | { status: 'Failed'; message: string },
): Promise<void> {
  await db.db
    .updateTable('sts_batches')
    .set({
      status: end.status,
      result_key: end.status === 'Completed' ? end.resultKey : null,
      message: end.status === 'Failed' ? end.message : null,
      updated_on: sql<Date>`now()`,
    })
    .where('batch_id', '=', batchId)
    .execute();
}

/** Name of a batch's advisory lock (db/job-lock.ts). */
export const batchLockName = (batchId: string) => `sts-batch:${batchId}`;
