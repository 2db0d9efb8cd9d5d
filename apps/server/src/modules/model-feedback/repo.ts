import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { ModelFeedbackTable } from '../../db/schema.ts';

/** A `model_feedback` row (migration 006; owned by this module). */
export type FeedbackRow = Selectable<ModelFeedbackTable>;

/** Stores one feedback (jsonb fields as given; null for none). */
export async function insertFeedback(db: Db, row: Omit<FeedbackRow, 'created_on'>): Promise<void> {
  await db.db
    .insertInto('model_feedback')
    .values({
      ...row,
      feedback: row.feedback === null ? null : JSON.stringify(row.feedback),
      detailed_feedback: row.detailed_feedback === null ? null : JSON.stringify(row.detailed_feedback),
    })
    .execute();
}

/**
 * The feedback of one model, newest first, at most `limit` rows: feedback about it, and
 * speech-to-speech feedback with a stage (`detailedFeedback[].modelId`) naming it.
 */
export async function listFeedbackOfModel(db: Db, modelId: string, limit: number): Promise<FeedbackRow[]> {
  const rows = await db.db
    .selectFrom('model_feedback')
    .selectAll()
    .where((eb) =>
      eb.or([eb('model_id', '=', modelId), eb('detailed_feedback', '@>', sql<unknown>`${JSON.stringify([{ modelId }])}::jsonb`)]),
    )
    .orderBy('created_on', 'desc')
    .orderBy('feedback_id', 'desc')
    .limit(limit)
    .execute();
  return rows;
}
