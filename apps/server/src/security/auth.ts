import type { FastifyRequest } from 'fastify';
import { isRole, MODEL_API } from '@ulca/contracts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../lib/errors.ts';
import { decryptSecret, secretKey } from './crypto.ts';
import type { AuthUser } from './types.ts';
import { sessionCacheFor, type CachedSession } from './session-cache.ts';
import {
  hexEquals,
  NONCE_HEADER,
  NONCE_PATTERN,
  payloadForBody,
  payloadForUrl,
  payloadV2,
  signRequest,
  TIMESTAMP_HEADER,
  type SignatureHash,
} from './signing.ts';
import { pruneNonces } from './nonce-repo.ts';

/**
 * Verification of signed calls (docs/api.md#request-signatures; algorithms in signing.ts).
 * Version 2 (headers `key`, `payload`, `sig`, `x-ulca-timestamp`, `x-ulca-nonce`): the timestamp
 * must be within SIGNATURE_WINDOW_SECONDS of the server's clock, the payload is recomputed from the
 * method, path and query, timestamp, nonce and raw body received, `sig` is checked in constant
 * time, and then the nonce is claimed for the key in PostgreSQL (concurrent claims of one process
 * grouped into one statement, ctx.services.nonceClaims): a second use, in any API process, is
 * refused. So a captured call cannot be replayed, on its route or another.
 * Version 1 (body only, or the URL, no time, as the original ULCA clients sign) is accepted only
 * with LEGACY_MD5_SIGNATURES=true.
 */

export type { AuthUser } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the access hook (security/access.ts) when the call carries a valid signature. */
    user?: AuthUser;
  }
}

export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to continue.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in to continue.';
export const SIGNATURE_INVALID_MESSAGE = 'Request signature is invalid.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is not active. Please sign in to continue.';
export const SIGNATURE_EXPIRED_MESSAGE = "Request signature has expired or is not yet valid. Check this device's clock and try again.";
export const SIGNATURE_REPLAYED_MESSAGE = 'This signed request has already been used. Sign every request afresh.';
export const SIGNATURE_V2_REQUIRED_MESSAGE =
  'Request signature is invalid: sign with x-ulca-timestamp and x-ulca-nonce (signature version 2).';

/** Expired nonces are deleted at most this often per process, seconds (ctx.services.noncePrune). */
export const NONCE_PRUNE_INTERVAL_SECONDS = 60;

/** `last_used` is written at most once per this many seconds per key. */
export const LAST_USED_INTERVAL_SECONDS = 60;

const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * The URL of `request` as its client wrote it, e.g. `http://api.example.org:8080/ulca/x?y=1`:
 * scheme and host from the connection and the Host header, or from X-Forwarded-Proto/-Host when
 * the peer is a proxy named in TRUST_PROXY (Fastify's request.protocol/host), then the path and
 * query as received. Undefined without a Host header.
 */
export function requestFullUrl(request: FastifyRequest): string | undefined {
  const host = request.host;
  return host ? `${request.protocol}://${host}${request.url}` : undefined;
}

/**
 * The v1 `payload` values the server accepts for this request: the hash of the exact body bytes
 * received (request.rawBody; '' when a POST/PUT has none), or for a body-less GET/HEAD/DELETE the
 * hash of the path and query as received, SHA-256 or MD5; and for any method the MD5 of the full
 * URL ({@link requestFullUrl}), which the original ULCA web client signs for its GETs and several
 * POSTs. Only called with LEGACY_MD5_SIGNATURES=true.
 */
export function expectedPayloads(request: FastifyRequest): { payload: string; algorithm: SignatureHash }[] {
  const algorithms: SignatureHash[] = ['sha256', 'md5'];
  const useUrl = request.rawBody === undefined && BODYLESS_METHODS.has(request.method);
  const expected = algorithms.map((algorithm) => ({
    algorithm,
    payload: useUrl ? payloadForUrl(request.url, algorithm) : payloadForBody(request.rawBody ?? '', algorithm),
  }));
  const fullUrl = requestFullUrl(request);
  if (fullUrl !== undefined) expected.push({ algorithm: 'md5', payload: payloadForUrl(fullUrl, 'md5') });
  // The original client signs its multipart model upload over JSON.stringify(FormData), always "{}":
  // a payload that covers nothing, accepted on that route only (docs/migration.md#legacy-weaknesses).
  if (request.method === 'POST' && request.url.split('?')[0] === MODEL_API.upload)
    expected.push({ algorithm: 'md5', payload: payloadForBody('{}', 'md5') });
  return expected;
}

function invalidSignature(): ApiError {
  return new ApiError(401, 'SIGNATURE_INVALID', SIGNATURE_INVALID_MESSAGE);
}

/**
 * Checks a v2 signature's timestamp and payload against what was received and returns the
 * nonce's expiry (timestamp + window). Throws ApiError 401 SIGNATURE_INVALID (malformed header,
 * payload mismatch) or SIGNATURE_EXPIRED (timestamp outside the window).
 */
function checkV2(
  ctx: AppContext,
  request: FastifyRequest,
  payload: string,
  timestamp: string | undefined,
  nonce: string | undefined,
): Date {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !nonce || !NONCE_PATTERN.test(nonce)) throw invalidSignature();
  const window = ctx.config.signatureWindowSeconds;
  const seconds = Number(timestamp);
  if (Math.abs(Date.now() / 1000 - seconds) > window) throw new ApiError(401, 'SIGNATURE_EXPIRED', SIGNATURE_EXPIRED_MESSAGE);
  const expected = payloadV2({ method: request.method, url: request.url, timestamp, nonce, body: request.rawBody });
  if (!hexEquals(expected, payload)) throw invalidSignature();
  return new Date((seconds + window) * 1000);
}

/** Deletes expired nonces, at most once a minute per process, without delaying the call. */
function pruneNoncesNow(ctx: AppContext, request: FastifyRequest): void {
  if (!ctx.services.noncePrune.due()) return;
  pruneNonces(ctx.db).catch((err: unknown) => request.log.warn({ err }, 'could not prune signature nonces'));
}

/**
 * Verifies the signature headers of `request` and returns the caller.
 * Throws ApiError 401: NOT_SIGNED_IN (key, payload or sig missing), SIGNATURE_INVALID (payload
 * does not match what was received, wrong sig, malformed v2 header, or a v1 signature while
 * LEGACY_MD5_SIGNATURES is off), SIGNATURE_EXPIRED (v2 timestamp outside
 * SIGNATURE_WINDOW_SECONDS), SIGNATURE_REPLAYED (v2 nonce already used by this key),
 * SESSION_ENDED (unknown or logged-out key), ACCOUNT_DISABLED (user deactivated).
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const key = header(request, 'key');
  const payload = header(request, 'payload')?.toLowerCase();
  const sig = header(request, 'sig')?.toLowerCase();
  if (!key || !payload || !sig) throw new ApiError(401, 'NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);

  const timestamp = header(request, TIMESTAMP_HEADER);
  const nonce = header(request, NONCE_HEADER);
  const v2 = timestamp !== undefined || nonce !== undefined;
  let nonceExpires: Date | undefined;
  if (v2) {
    nonceExpires = checkV2(ctx, request, payload, timestamp, nonce);
  } else {
    if (!ctx.config.legacyMd5Signatures) throw new ApiError(401, 'SIGNATURE_INVALID', SIGNATURE_V2_REQUIRED_MESSAGE);
    if (!expectedPayloads(request).some((e) => hexEquals(e.payload, payload))) throw invalidSignature();
  }

  const session = await loadSession(ctx, request, key);
  const sigAlgorithms: SignatureHash[] = v2 ? ['sha256'] : ['sha256', 'md5'];
  if (!sigAlgorithms.some((a) => hexEquals(signRequest(session.privateKey, payload, a), sig))) throw invalidSignature();

  if (nonceExpires) {
    // Only a verified call claims its nonce, so nobody can use up another key's nonces.
    if (!(await ctx.services.nonceClaims.claim(session.publicKey, nonce!, nonceExpires))) {
      throw new ApiError(401, 'SIGNATURE_REPLAYED', SIGNATURE_REPLAYED_MESSAGE);
    }
    pruneNoncesNow(ctx, request);
  }

  if (!session.isActive) throw new ApiError(401, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE);

  const now = Date.now();
  if (session.lastUsedMs === null || now - session.lastUsedMs >= LAST_USED_INTERVAL_SECONDS * 1000) {
    // Set before the write so concurrent calls on this process do not all write.
    session.lastUsedMs = now;
    await ctx.services.callers
      .touchSessionKey(ctx, session.publicKey, LAST_USED_INTERVAL_SECONDS)
      .catch((err: unknown) => request.log.warn({ err }, 'could not record key use'));
  }
  return {
    userId: session.userId,
    email: session.email,
    firstName: session.firstName,
    lastName: session.lastName,
    org: session.org,
    roles: session.roles,
    publicKey: session.publicKey,
  };
}

/**
 * The session of public key `key`: from the in-memory cache (session-cache.ts) when present,
 * else read from `user_keys` + `users`, its private key decrypted, and cached. Throws 401
 * SESSION_ENDED for an unknown key or one that cannot be decrypted.
 */
async function loadSession(ctx: AppContext, request: FastifyRequest, key: string): Promise<CachedSession> {
  const cache = sessionCacheFor(ctx);
  const cached = cache?.get(key);
  if (cached) return cached;
  const epoch = cache?.epoch ?? 0;
  const found = await ctx.services.callers.findSessionKey(ctx, key);
  if (!found) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  let privateKey: string;
  try {
    privateKey = decryptSecret(secretKey(ctx.config), found.privateKeyEnc, found.publicKey);
  } catch (err) {
    // The server secret changed (or the row was tampered with): the session cannot be verified.
    request.log.warn({ err }, 'session key could not be decrypted');
    throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  }
  const user = found.user;
  const session: CachedSession = {
    publicKey: found.publicKey,
    privateKey,
    userId: user.user_id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    org: user.org,
    roles: user.roles.filter(isRole),
    isActive: user.is_active,
    lastUsedMs: found.lastUsed ? found.lastUsed.getTime() : null,
  };
  cache?.set(session, epoch);
  return session;
}

/**
 * The caller of a route declared signedIn (security/access.ts). Throws 401 NOT_SIGNED_IN when
 * the call carried no verified signature (a route that is not signedIn, called anonymously).
 */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  return request.user;
}
