import { sql } from 'kysely';
import type { Db } from '../db/pool.ts';

/**
 * SQL of the signature-v2 nonce store: table `signature_nonces` (migrations/005_signature_nonces.sql),
 * shared by every API process.
 */

/** One nonce to record: session key `publicKey` used `nonce`, remembered until `expiresAt`. */
export interface NonceClaim {
  publicKey: string;
  nonce: string;
  expiresAt: Date;
}

/** The key of a claim in the set {@link claimNonces} returns (header values hold no newline). */
export function nonceClaimKey(publicKey: string, nonce: string): string {
  return `${publicKey}\n${nonce}`;
}

// One statement, prepared once per connection, for any number of claims.
const CLAIM_SQL = `INSERT INTO signature_nonces (public_key, nonce, expires_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
ON CONFLICT (public_key, nonce) DO NOTHING
RETURNING public_key, nonce`;

/**
 * Records `claims` (distinct (publicKey, nonce) pairs) in one INSERT and one commit. Returns the
 * {@link nonceClaimKey}s this statement recorded; a claim missing from it was already there. Of
 * any number of concurrent statements with one (key, nonce), across processes, exactly one
 * records it (the primary key decides). Throws the database's error; then none was recorded.
 */
export async function claimNonces(db: Db, claims: readonly NonceClaim[]): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const res = await db.pool.query<{ public_key: string; nonce: string }>({
    name: 'ulca-claim-nonces',
    text: CLAIM_SQL,
    values: [claims.map((c) => c.publicKey), claims.map((c) => c.nonce), claims.map((c) => c.expiresAt.toISOString())],
  });
  return new Set(res.rows.map((r) => nonceClaimKey(r.public_key, r.nonce)));
}

/**
 * Records that session key `publicKey` used `nonce`, remembered until `expiresAt`. Returns true
 * when this call recorded it, false when the nonce was already there: of any number of concurrent
 * calls with one (key, nonce), across processes, exactly one gets true (the primary key decides).
 */
export async function claimNonce(db: Db, publicKey: string, nonce: string, expiresAt: Date): Promise<boolean> {
  return (await claimNonces(db, [{ publicKey, nonce, expiresAt }])).has(nonceClaimKey(publicKey, nonce));
}

/** Deletes the nonces whose window has passed. Returns how many were deleted. */
export async function pruneNonces(db: Db): Promise<number> {
  const res = await db.db
    .deleteFrom('signature_nonces')
    .where('expires_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
