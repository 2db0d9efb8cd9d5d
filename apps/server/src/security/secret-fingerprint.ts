import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

/**
 * The fleet's secret fingerprint (docs/operations.md#running-it-in-production): every process on one
 * database must hold the same server secret, or the sessions and links one process made are refused
 * by the others. The first process to start stores a fingerprint of its secret in app_settings; a
 * process whose secret gives another fingerprint refuses to start.
 */

/** The app_settings key of the fingerprint. */
export const SECRET_FINGERPRINT_SETTING = 'secret_fingerprint';

/**
 * HMAC-SHA256 of a fixed label keyed with the 32-byte server secret (security/crypto.ts secretKey),
 * as 64 hex characters. It reveals nothing of the secret without the secret; like the encrypted
 * session keys already in the database, it can only confirm a guess of the whole secret.
 */
export function secretFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('ulca/secret-fingerprint/v1').digest('hex');
}

/** Thrown when this process's secret is not the one the database was started with; its message is the one line to print. */
export class SecretMismatchError extends Error {
  constructor() {
    super(
      'ULCA_SECRET differs from the secret of the other processes on this database (fingerprint in app_settings): ' +
        'give every process the same ULCA_SECRET (or the same <ULCA_DATA_DIR>/secret.key) and start again',
    );
    this.name = 'SecretMismatchError';
  }
}

/**
 * Stores the fingerprint of `key` when the database has none yet (first start; concurrent first
 * starts agree: the first insert wins and the others compare with it), else compares. With
 * `store: false` (a backup) only compares, and a database without a fingerprint passes. Throws
 * {@link SecretMismatchError} when the stored fingerprint is another secret's, or the pool's error.
 */
export async function checkSecretFingerprint(pool: pg.Pool, key: Buffer, opts: { store?: boolean } = {}): Promise<void> {
  const mine = secretFingerprint(key);
  if (opts.store !== false) {
    await pool.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING`, [
      SECRET_FINGERPRINT_SETTING,
      JSON.stringify(mine),
    ]);
  }
  const r = await pool.query(`SELECT value FROM app_settings WHERE key = $1`, [SECRET_FINGERPRINT_SETTING]);
  if (!r.rows.length) return;
  const stored = String(r.rows[0].value);
  if (stored.length !== mine.length || !timingSafeEqual(Buffer.from(stored), Buffer.from(mine))) throw new SecretMismatchError();
}

/**
 * Sets the stored fingerprint to `key`'s, replacing any: used by a restore, which brings the
 * backup's secret back (ops/backup.ts). `client` may be inside a transaction.
 */
export async function recordSecretFingerprint(client: pg.Pool | pg.PoolClient, key: Buffer): Promise<void> {
  await client.query(`INSERT INTO app_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [
    SECRET_FINGERPRINT_SETTING,
    JSON.stringify(secretFingerprint(key)),
  ]);
}
