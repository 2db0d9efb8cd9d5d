import type { Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { ModelsTable } from '../../db/schema.ts';

/** A row of `models` (migration 006); owned by this module. */
export type ModelRow = Selectable<ModelsTable>;

/** The model with this id, or undefined. */
export async function findModel(db: Db, modelId: string): Promise<ModelRow | undefined> {
  return db.db.selectFrom('models').selectAll().where('model_id', '=', modelId).executeTakeFirst();
}

/** Every published model, oldest first (the health job's round). */
export async function listPublishedModelRows(db: Db): Promise<ModelRow[]> {
  return db.db.selectFrom('models').selectAll().where('status', '=', 'published').orderBy('published_on', 'asc').execute();
}
