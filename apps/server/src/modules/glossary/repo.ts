import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { GlossaryEntriesTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';

/** SQL of the glossary module: table `glossary_entries` (008_glossary.sql). */

/** A stored entry. */
export type GlossaryRow = Pick<
  Selectable<GlossaryEntriesTable>,
  'source_language' | 'target_language' | 'source_text' | 'target_text' | 'created_on'
>;

/** The entries of (key, provider), oldest first (then by source text, for a stable order). */
export async function listEntries(db: Db, keyId: string, provider: string): Promise<GlossaryRow[]> {
  return db.db
    .selectFrom('glossary_entries')
    .select(['source_language', 'target_language', 'source_text', 'target_text', 'created_on'])
    .where('key_id', '=', keyId)
    .where('provider_name', '=', provider)
    .orderBy('created_on')
    .orderBy('source_text')
    .execute();
}

/** The entries of (key, provider) for one language pair: what a translation honours. */
export async function entriesForPair(
  db: Db,
  keyId: string,
  provider: string,
  sourceLanguage: string,
  targetLanguage: string,
): Promise<{ source_text: string; target_text: string }[]> {
  return db.db
    .selectFrom('glossary_entries')
    .select(['source_text', 'target_text'])
    .where('key_id', '=', keyId)
    .where('provider_name', '=', provider)
    .where('source_language', '=', sourceLanguage)
    .where('target_language', '=', targetLanguage)
    .execute();
}

/**
 * Inserts an entry, or replaces the target text of the entry with the same languages and source
 * text. The (key, provider) pair is locked for the transaction, so concurrent adds cannot pass
 * `maxEntries` together. Returns 'added', 'updated', or 'full' (a new entry beyond maxEntries).
 */
export async function upsertEntry(
  db: Db,
  keyId: string,
  provider: string,
  e: { sourceLanguage: string; targetLanguage: string; sourceText: string; targetText: string },
  maxEntries: number,
): Promise<'added' | 'updated' | 'full'> {
  return inTransaction(db, async ({ db: trx }) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`glossary|${keyId}|${provider}`}, 0))`.execute(trx);
    const updated = await trx
      .updateTable('glossary_entries')
      .set({ target_text: e.targetText, updated_on: sql<Date>`now()` })
      .where('key_id', '=', keyId)
      .where('provider_name', '=', provider)
      .where('source_language', '=', e.sourceLanguage)
      .where('target_language', '=', e.targetLanguage)
      .where('source_text', '=', e.sourceText)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return 'updated';
    const n = await trx
      .selectFrom('glossary_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('key_id', '=', keyId)
      .where('provider_name', '=', provider)
      .executeTakeFirstOrThrow();
    if (Number(n.n) >= maxEntries) return 'full';
    await trx
      .insertInto('glossary_entries')
      .values({
        key_id: keyId,
        provider_name: provider,
        source_language: e.sourceLanguage,
        target_language: e.targetLanguage,
        source_text: e.sourceText,
        target_text: e.targetText,
      })
      .execute();
    return 'added';
  });
}

/** Deletes the named entries of (key, provider), matched by languages and source text. Returns how many were deleted. */
export async function deleteEntries(
  db: Db,
  keyId: string,
  provider: string,
  entries: { sourceLanguage: string; targetLanguage: string; sourceText: string }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const r = await db.db
    .deleteFrom('glossary_entries')
    .where('key_id', '=', keyId)
    .where('provider_name', '=', provider)
    .where((eb) =>
      eb.or(
        entries.map((e) =>
          eb.and([
            eb('source_language', '=', e.sourceLanguage),
            eb('target_language', '=', e.targetLanguage),
            eb('source_text', '=', e.sourceText),
          ]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
