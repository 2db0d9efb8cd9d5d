import { sql, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../db/pool.ts';
import type { ApiKeyProvidersTable, ApiKeysTable, Database } from '../../db/schema.ts';

/** SQL of the API keys module: tables `api_keys` and `api_key_providers` (003_accounts.sql). */

/** Anything that runs queries: the pool's Kysely or a transaction. */
type Q = { db: Kysely<Database> };

/** An API key row as read. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A provider row as read. */
export type ProviderRow = Selectable<ApiKeyProvidersTable>;

/** Inserts a key. Returns false when the user already has a key with this app name (any case). */
export async function insertApiKey(db: Db, k: { keyId: string; userId: string; appName: string; secretHash: string }): Promise<boolean> {
  const row = await db.db
    .insertInto('api_keys')
    .values({ key_id: k.keyId, user_id: k.userId, app_name: k.appName, secret_hash: k.secretHash })
    .onConflict((oc) => oc.expression(sql`user_id, lower(app_name)`).doNothing())
    .returning('key_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Number of keys a user holds. */
export async function countApiKeys(db: Db, userId: string): Promise<number> {
  const r = await db.db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The user's keys, newest first. */
export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return (await db.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_on', 'desc')
    .execute()) as ApiKeyRow[];
}

/** Provider rows of these keys. */
export async function listProviders(db: Db, keyIds: string[]): Promise<ProviderRow[]> {
  if (!keyIds.length) return [];
  return (await db.db.selectFrom('api_key_providers').selectAll().where('key_id', 'in', keyIds).execute()) as ProviderRow[];
}

/** The key `keyId` if it belongs to `userId`, else undefined. */
export async function findOwnKey(db: Db, userId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  return (await db.db.selectFrom('api_keys').selectAll().where('key_id', '=', keyId).where('user_id', '=', userId).executeTakeFirst()) as
    ApiKeyRow | undefined;
}

/** The user's key for `appName` (any case, as app names are unique per user), else undefined. */
export async function findOwnKeyByApp(db: Db, userId: string, appName: string): Promise<ApiKeyRow | undefined> {
  return (await db.db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where(sql<string>`lower(app_name)`, '=', appName.toLowerCase())
    .executeTakeFirst()) as ApiKeyRow | undefined;
}

/** The key `keyId` with its user's active flag, for verifying a presented key. */
export async function findKeyForAuth(db: Db, keyId: string): Promise<(ApiKeyRow & { is_active: boolean }) | undefined> {
  return (await db.db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.user_id', 'k.user_id')
    .selectAll('k')
    .select('u.is_active')
    .where('k.key_id', '=', keyId)
    .executeTakeFirst()) as (ApiKeyRow & { is_active: boolean }) | undefined;
}

/** Deletes a key (and its provider rows). Returns true when it existed. */
export async function deleteApiKey(db: Db, userId: string, keyId: string): Promise<boolean> {
  const r = await db.db.deleteFrom('api_keys').where('key_id', '=', keyId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Deletes every key of a user (deactivation). Returns how many. */
export async function deleteApiKeysOfUser(q: Q, userId: string): Promise<number> {
  const r = await q.db.deleteFrom('api_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Records a use of the key at most once per `minIntervalSeconds`. */
export async function touchApiKey(db: Db, keyId: string, minIntervalSeconds = 60): Promise<void> {
  await db.db
    .updateTable('api_keys')
    .set({ last_used: sql<Date>`now()` })
    .where('key_id', '=', keyId)
    .where((eb) =>
      eb.or([eb('last_used', 'is', null), eb('last_used', '<', sql<Date>`now() - make_interval(secs => ${minIntervalSeconds})`)]),
    )
    .execute();
}

/**
 * Sets the provider's inference key of an API key unless one exists. Returns false when the key
 * already has one for this provider.
 */
export async function setProviderKey(
  db: Db,
  keyId: string,
  provider: string,
  k: { name: string; hash: string; masked: string },
): Promise<boolean> {
  const row = await db.db
    .insertInto('api_key_providers')
    .values({
      key_id: keyId,
      provider_name: provider,
      inference_key_name: k.name,
      inference_key_hash: k.hash,
      inference_key_masked: k.masked,
    })
    .onConflict((oc) =>
      oc
        .columns(['key_id', 'provider_name'])
        .doUpdateSet({
          inference_key_name: k.name,
          inference_key_hash: k.hash,
          inference_key_masked: k.masked,
          updated_on: sql<Date>`now()`,
        })
        .where('api_key_providers.inference_key_hash', 'is', null),
    )
    .returning('key_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the provider's inference key (keeps the data-tracking choice). Returns false when there was none. */
export async function clearProviderKey(db: Db, keyId: string, provider: string): Promise<boolean> {
  const r = await db.db
    .updateTable('api_key_providers')
    .set({ inference_key_name: null, inference_key_hash: null, inference_key_masked: null, updated_on: sql<Date>`now()` })
    .where('key_id', '=', keyId)
    .where('provider_name', '=', provider)
    .where('inference_key_hash', 'is not', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** Sets the data-tracking switch of (key, provider). */
export async function setDataTracking(db: Db, keyId: string, provider: string, on: boolean): Promise<void> {
  await db.db
    .insertInto('api_key_providers')
    .values({ key_id: keyId, provider_name: provider, data_tracking: on })
    .onConflict((oc) => oc.columns(['key_id', 'provider_name']).doUpdateSet({ data_tracking: on, updated_on: sql<Date>`now()` }))
    .execute();
}

/** The data-tracking switch of (key, provider); false when never set. */
export async function getDataTracking(db: Db, keyId: string, provider: string): Promise<boolean> {
  const r = await db.db
    .selectFrom('api_key_providers')
    .select('data_tracking')
    .where('key_id', '=', keyId)
    .where('provider_name', '=', provider)
    .executeTakeFirst();
  return r?.data_tracking ?? false;
}
