import type { Selectable } from 'kysely';
import { sql } from 'kysely';
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

/** The values every `models` row is inserted with: ids, name + version, task, descriptor and endpoint. */
export interface ModelIdentity {
  modelId: string;
  userId: string;
  name: string;
  version: string;
  task: string;
  descriptor: unknown;
  callbackUrl: string;
}

/** The values of a new `models` row (the descriptor already stripped of its key value). */
export interface NewModel extends ModelIdentity {
  inferenceKeyName: string | null;
  inferenceKeyEnc: string | null;
  sampleResponse: unknown;
}

/** Postgres unique violation: `models_name_version` (name + version taken, any case). */
export function isNameVersionTaken(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'models_name_version';
}

/** The columns every model row is inserted with: ids, name + version, task, descriptor (JSON text) and endpoint. */
function identityColumns(m: ModelIdentity) {
  return {
    model_id: m.modelId,
    user_id: m.userId,
    name: m.name,
    version: m.version,
    task: m.task,
    descriptor: JSON.stringify(m.descriptor),
    callback_url: m.callbackUrl,
  };
}

/** Inserts an unpublished model. Throws the pg error 23505 (see isNameVersionTaken) when name + version exist. */
export async function insertModel(db: Db, m: NewModel): Promise<ModelRow> {
  return db.db
    .insertInto('models')
    .values({
      ...identityColumns(m),
      inference_key_name: m.inferenceKeyName,
      inference_key_enc: m.inferenceKeyEnc,
      sample_response: m.sampleResponse === undefined ? null : JSON.stringify(m.sampleResponse),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The model of this name and version (case-insensitive), or undefined. */
export async function findByNameVersion(db: Db, name: string, version: string): Promise<ModelRow | undefined> {
  return db.db
    .selectFrom('models')
    .selectAll()
    .where(sql<boolean>`lower(name) = lower(${name}) AND lower(version) = lower(${version})`)
    .executeTakeFirst();
}

/** A page of `userId`'s models, newest first, optionally those whose name contains `name` (any case); with the total matching. */
export async function listUserModels(
  db: Db,
  q: { userId: string; name?: string; limit: number | null; offset: number },
): Promise<{ rows: ModelRow[]; total: number }> {
  let base = db.db.selectFrom('models').where('user_id', '=', q.userId);
  if (q.name) base = base.where(sql<boolean>`strpos(lower(name), lower(${q.name})) > 0`);
  let page = base.selectAll().orderBy('submitted_on', 'desc').orderBy('model_id').offset(q.offset);
  if (q.limit !== null) page = page.limit(q.limit);
  const [rows, total] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Filters of the public search; undefined = any. Languages: for a paired task both lists apply to
 * one pair (source side, target side); `anySide` matches either side of any pair. A model that
 * declares no languages (detection tasks: any language) matches every language filter.
 */
export interface PublishedFilter {
  task: string;
  sources?: string[];
  targets?: string[];
  anySide?: string[];
  domains?: string[];
  submitter?: string;
}

const languagesOf = sql`coalesce(descriptor->'languages', '[]'::jsonb)`;
const noLanguages = sql<boolean>`jsonb_array_length(${languagesOf}) = 0`;

/** Published models of a task matching `f`, newest publication first. */
export async function searchPublished(db: Db, f: PublishedFilter): Promise<ModelRow[]> {
  let q = db.db.selectFrom('models').selectAll().where('status', '=', 'published').where('task', '=', f.task);
  if (f.sources || f.targets) {
    const src = f.sources ? sql`l->>'sourceLanguage' = ANY(${f.sources}::text[])` : sql`true`;
    const tgt = f.targets ? sql`l->>'targetLanguage' = ANY(${f.targets}::text[])` : sql`true`;
    q = q.where(sql<boolean>`(${noLanguages} OR EXISTS (SELECT 1 FROM jsonb_array_elements(${languagesOf}) l WHERE ${src} AND ${tgt}))`);
  }
  if (f.anySide) {
    q = q.where(
      sql<boolean>`(${noLanguages} OR EXISTS (SELECT 1 FROM jsonb_array_elements(${languagesOf}) l WHERE l->>'sourceLanguage' = ANY(${f.anySide}::text[]) OR l->>'targetLanguage' = ANY(${f.anySide}::text[])))`,
    );
  }
  if (f.domains) q = q.where(sql<boolean>`descriptor->'domain' ?| ${f.domains}::text[]`);
  if (f.submitter) q = q.where(sql<boolean>`lower(descriptor->'submitter'->>'name') = lower(${f.submitter})`);
  return q.orderBy('published_on', 'desc').orderBy('submitted_on', 'desc').execute();
}

/** How many models of `userId` are published now. */
export async function countPublishedOfUser(db: Db, userId: string): Promise<number> {
  const row = await db.db
    .selectFrom('models')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets a model's status: publishing stamps published_on and clears the reason; unpublishing keeps published_on and stores the reason. */
export async function setModelStatus(
  db: Db,
  modelId: string,
  status: 'published' | 'unpublished',
  reason: string | null,
): Promise<ModelRow | undefined> {
  return db.db
    .updateTable('models')
    .set(status === 'published' ? { status, unpublish_reason: null, published_on: sql`now()` } : { status, unpublish_reason: reason })
    .where('model_id', '=', modelId)
    .returningAll()
    .executeTakeFirst();
}

/** The newest published transliteration model serving `source` → `target` (any target when undefined). */
export async function findTransliterationModel(db: Db, source: string, target: string | undefined): Promise<ModelRow | undefined> {
  const tgt = target ? sql`l->>'targetLanguage' = ${target}` : sql`true`;
  return db.db
    .selectFrom('models')
    .selectAll()
    .where('status', '=', 'published')
    .where('task', '=', 'transliteration')
    .where(sql<boolean>`EXISTS (SELECT 1 FROM jsonb_array_elements(${languagesOf}) l WHERE l->>'sourceLanguage' = ${source} AND ${tgt})`)
    .orderBy('is_reference', 'asc')
    .orderBy('published_on', 'desc')
    .executeTakeFirst();
}

/** A reference model's row: published, is_reference, owned by the platform's system user. */
export interface ReferenceModelValues extends ModelIdentity {
  engineCard: unknown;
}

/**
 * Inserts or refreshes a reference model keyed by name + version (case-insensitive): the
 * descriptor, callback URL and card are rewritten; an existing row keeps its id and its status
 * (an admin may have unpublished it) and its publication date. Safe when two processes start together.
 * Returns undefined, changing nothing, when a contributor's model already holds that name + version.
 */
export async function upsertReferenceModel(db: Db, m: ReferenceModelValues): Promise<ModelRow | undefined> {
  return db.db
    .insertInto('models')
    .values({
      ...identityColumns(m),
      status: 'published',
      published_on: sql`now()`,
      is_reference: true,
      engine_card: JSON.stringify(m.engineCard),
    })
    .onConflict((oc) =>
      oc
        .expression(sql`lower(name), lower(version)`)
        .doUpdateSet({
          task: m.task,
          descriptor: JSON.stringify(m.descriptor),
          callback_url: m.callbackUrl,
          engine_card: JSON.stringify(m.engineCard),
        })
        .where('models.is_reference', '=', true),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Unpublishes, with `reason`, the published reference models whose id is not in `keep`. Returns how many. */
export async function unpublishReferenceModelsExcept(db: Db, keep: string[], reason: string): Promise<number> {
  const r = await db.db
    .updateTable('models')
    .set({ status: 'unpublished', unpublish_reason: reason })
    .where('is_reference', '=', true)
    .where('status', '=', 'published')
    .where(sql<boolean>`NOT (model_id = ANY (${keep}::text[]))`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Publishes again the reference models of `ids` that were unpublished with `reason` (never an admin's unpublish). Returns how many. */
export async function republishReferenceModels(db: Db, ids: string[], reason: string): Promise<number> {
  const r = await db.db
    .updateTable('models')
    .set({ status: 'published', unpublish_reason: null })
    .where('is_reference', '=', true)
    .where('status', '=', 'unpublished')
    .where('unpublish_reason', '=', reason)
    .where(sql<boolean>`model_id = ANY (${ids}::text[])`)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
