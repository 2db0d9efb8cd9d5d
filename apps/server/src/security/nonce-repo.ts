import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/**
 * SQL of the signature-v2 nonce store: table `signature_nonces` (migrations/005_signature_nonces.sql),
 * shared by every API process.
 */

/**
 * Records that session key `publicKey` used `nonce`, remembered until `expiresAt`. Returns true
 * when this call recorded it, false when the nonce was already there: of any number of concurrent
 * calls with one (key, nonce), across processes, exactly one gets true (the primary key decides).
 */
export async function claimNonce(db: Db, publicKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
  const row = await db.db
    .insertInto('signature_nonces')
    .values({ public_key: publicKey, nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['public_key', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the nonces whose window has passed. Returns how many were deleted. */
export async function pruneNonces(db: Db): Promise<number> {
  const res = await db.db.deleteFrom('signature_nonces').where('expires_at', '<', sql<Date>`now()`).executeTakeFirst();
  return Number(res.numDeletedRows);
}
