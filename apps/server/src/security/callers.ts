/**
 * What security/ needs of the features that know callers, as interfaces: the accounts feature's
 * session keys and the keys feature's API keys. The composition root (services.ts) registers their
 * implementations at start as the ground service `ctx.services.callers`, so security/ names no
 * feature (docs/architecture.md#boundaries).
 */
import type { Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Db } from '../db/pool.ts';
import type { UsersTable } from '../db/schema.ts';

/** A session key and its user, as stored (`user_keys` joined with `users`). */
export interface SessionKeyRecord {
  publicKey: string;
  /** The private key, encrypted with the server secret (security/crypto.ts). */
  privateKeyEnc: string;
  lastUsed: Date | null;
  user: Selectable<UsersTable>;
}

/** The caller of an API-key-authenticated request. */
export interface ApiKeyCaller {
  userID: string;
  appName: string;
  /** The key's identifier (`ulca_<12 hex>`). */
  keyId: string;
}

/** The feature implementations security/ calls through; built by services.ts, reached as `ctx.services.callers`. */
export interface CallerResolvers {
  /** The session key `publicKey` and its user, undefined when there is none (accounts). */
  findSessionKey(ctx: { db: Db }, publicKey: string): Promise<SessionKeyRecord | undefined>;
  /** Records the use of session key `publicKey`, at most once per `minIntervalSeconds` (accounts). */
  touchSessionKey(ctx: { db: Db }, publicKey: string, minIntervalSeconds: number): Promise<void>;
  /**
   * The application whose full key was presented (keys; it records the use).
   * @throws ApiError 401 API_KEY_INVALID for a missing, unknown, revoked or inactive user's key.
   */
  verifyApiKey(ctx: CallerContext, presented: string | undefined): Promise<ApiKeyCaller>;
  /** Nothing to stop. */
  close(): void;
}

/** What an API key check needs of the context (the pool and the log). */
export interface CallerContext {
  db: Db;
  log: Logger;
}
