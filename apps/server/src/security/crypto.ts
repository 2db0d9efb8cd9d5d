import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Server-secret handling and encryption at rest of session private keys (docs/api.md#conventions:
 * "Private keys are stored encrypted with the server secret").
 */

const SECRET_FILE = 'secret.key';
const cache = new Map<string, Buffer>();
const HEX_KEY = /^[0-9a-f]{64}$/i;

/**
 * The 32-byte server secret. From `config.secret` (ULCA_SECRET, checked by config.ts) when set;
 * otherwise read from `<dataDir>/secret.key`, which is created on first use with 32 random bytes in
 * hex and mode 0600, so every process sharing the data folder agrees on it. The two forms are
 * interchangeable (docs/operations.md#running-it-in-production): an ULCA_SECRET of exactly 64 hex
 * characters is the key bytes themselves, as the file's content is, so copying the file's hex into
 * the variable keeps every encrypted key readable; any other ULCA_SECRET (at least 16 characters)
 * is hashed with SHA-256 to 32 bytes. Throws when ULCA_SECRET is too short or the file is
 * unreadable/corrupt.
 */
export function secretKey(config: Pick<Config, 'dataDir' | 'secret'>): Buffer {
  const fromEnv = config.secret;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 16) throw new Error('ULCA_SECRET must be at least 16 characters long');
    if (HEX_KEY.test(fromEnv)) return Buffer.from(fromEnv, 'hex');
    return createHash('sha256').update(fromEnv, 'utf8').digest();
  }
  const file = path.join(config.dataDir, SECRET_FILE);
  const cached = cache.get(file);
  if (cached) return cached;
  const secret = readOrCreateSecretFile(file);
  cache.set(file, secret);
  return secret;
}

function readOrCreateSecretFile(file: string): Buffer {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together never overwrite each other.
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!HEX_KEY.test(text)) {
    throw new Error(`${file} does not hold a 64-character hex secret; restore it or set ULCA_SECRET`);
  }
  return Buffer.from(text, 'hex');
}

/** The AES-256 key for user private keys, derived from the server secret with HKDF-SHA256. */
const derived = new WeakMap<Buffer, Buffer>();
function privateKeyCipherKey(secret: Buffer): Buffer {
  let key = derived.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'ulca/user-keys/v1', 32));
    derived.set(secret, key);
  }
  return key;
}

/**
 * Encrypts `plaintext` with AES-256-GCM. `context` (the public key) is bound as additional
 * authenticated data so a ciphertext copied to another row does not decrypt.
 * Returns `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function encryptSecret(secret: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', privateKeyCipherKey(secret), iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/**
 * Decrypts a value from {@link encryptSecret}. Throws when the format is unknown, or the secret
 * or `context` differ from those used to encrypt (GCM authentication fails).
 */
export function decryptSecret(secret: Buffer, encrypted: string, context: string): string {
  const parts = encrypted.split('.');
  if (parts.length !== 4 || parts[0] !== 'v1') throw new Error('unknown encrypted key format');
  const [, iv, tag, ct] = parts.map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', privateKeyCipherKey(secret), iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
}

/** `bytes` random bytes as lower-case hex (user ids: 16, key pairs: 32). */
export function randomHex(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

/** A single-use token: 32 random bytes, base64url (43 characters). Store only {@link tokenHash}. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha-256 hex of a token, the form kept in the database. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
