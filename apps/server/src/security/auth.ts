import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden } from '../lib/errors.ts';
import { decryptSecret, secretKey } from './crypto.ts';
import { findKeyWithUser, touchKey } from '../modules/accounts/service.ts';
import { isRole, type Role } from './roles.ts';
import { sessionCacheFor, type CachedSession } from './session-cache.ts';
import { hexEquals, payloadForBody, payloadForUrl, signRequest, type SignatureHash } from './signing.ts';

/**
 * Verification of signed calls (DESIGN.md §5, spec 01 §7): headers `key`, `payload`, `sig`.
 * The server recomputes the payload from what it received, rejects a mismatch, then checks
 * `sig` = hash(privateKey + '|' + payload) in constant time. A signature covers the body (or the
 * path and query) only, not the method or a time, as in the original ULCA protocol.
 */

/** The signed-in caller, set on `request.user` by {@link requireAuth}. */
export interface AuthUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  /** Organisation code, null when none (shown as UNDEFINED). */
  org: string | null;
  roles: Role[];
  /** The session key the call was signed with (logout deletes it). */
  publicKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth / optionalAuth when the call carries a valid signature. */
    user?: AuthUser;
  }
}

export const NOT_SIGNED_IN_MESSAGE = 'Please sign in to continue.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in to continue.';
export const SIGNATURE_INVALID_MESSAGE = 'Request signature is invalid.';
export const ACCOUNT_DISABLED_MESSAGE = 'This account is not active. Please sign in to continue.';

/** `last_used` is written at most once per this many seconds per key. */
export const LAST_USED_INTERVAL_SECONDS = 60;

const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS']);

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/**
 * The `payload` values the server accepts for this request: the hash of the exact JSON body
 * received (request.rawBody; '' when a POST/PUT has none), or for a body-less GET/HEAD/DELETE the
 * hash of the path and query as received. Non-JSON bodies (e.g. multipart) are not captured, so
 * they are signed as ''. SHA-256 always, MD5 too when `legacyMd5`.
 */
export function expectedPayloads(request: FastifyRequest, legacyMd5: boolean): { payload: string; algorithm: SignatureHash }[] {
  const algorithms: SignatureHash[] = legacyMd5 ? ['sha256', 'md5'] : ['sha256'];
  const useUrl = request.rawBody === undefined && BODYLESS_METHODS.has(request.method);
  return algorithms.map((algorithm) => ({
    algorithm,
    payload: useUrl ? payloadForUrl(request.url, algorithm) : payloadForBody(request.rawBody ?? '', algorithm),
  }));
}

function invalidSignature(): ApiError {
  return new ApiError(401, 'SIGNATURE_INVALID', SIGNATURE_INVALID_MESSAGE);
}

/**
 * Verifies the signature headers of `request` and returns the caller.
 * Throws ApiError 401: NOT_SIGNED_IN (a header missing), SIGNATURE_INVALID (payload does not match
 * what was received, or wrong sig), SESSION_ENDED (unknown or logged-out key), ACCOUNT_DISABLED
 * (user deactivated).
 */
export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const key = header(request, 'key');
  const payload = header(request, 'payload')?.toLowerCase();
  const sig = header(request, 'sig')?.toLowerCase();
  if (!key || !payload || !sig) throw new ApiError(401, 'NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);

  const legacy = ctx.config.legacyMd5Signatures;
  if (!expectedPayloads(request, legacy).some((e) => hexEquals(e.payload, payload))) throw invalidSignature();

  const session = await loadSession(ctx, request, key);
  const sigAlgorithms: SignatureHash[] = legacy ? ['sha256', 'md5'] : ['sha256'];
  if (!sigAlgorithms.some((a) => hexEquals(signRequest(session.privateKey, payload, a), sig))) throw invalidSignature();

  if (!session.isActive) throw new ApiError(401, 'ACCOUNT_DISABLED', ACCOUNT_DISABLED_MESSAGE);

  const now = Date.now();
  if (session.lastUsedMs === null || now - session.lastUsedMs >= LAST_USED_INTERVAL_SECONDS * 1000) {
    // Set before the write so concurrent calls on this process do not all write.
    session.lastUsedMs = now;
    await touchKey(ctx.db, session.publicKey, LAST_USED_INTERVAL_SECONDS).catch((err: unknown) =>
      request.log.warn({ err }, 'could not record key use'),
    );
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
  const found = await findKeyWithUser(ctx.db, key);
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
 * Fastify preHandler for signed routes: sets `request.user` or fails with 401 (see
 * {@link authenticate}); with `roles`, a caller holding none of them gets 403 FORBIDDEN.
 * Usage: `app.get(path, { preHandler: requireAuth(ctx, { roles: ['ADMIN'] }) }, handler)`.
 */
export function requireAuth(ctx: AppContext, opts: { roles?: Role[] } = {}): preHandlerAsyncHookHandler {
  return async function requireAuthHandler(request) {
    const user = await authenticate(ctx, request);
    request.user = user;
    if (opts.roles && !user.roles.some((r) => opts.roles!.includes(r))) throw forbidden();
  };
}

/**
 * Fastify preHandler for public routes that use the caller when known: without a `key` header the
 * call stays anonymous (`request.user` undefined); with one, it must verify as in requireAuth.
 */
export function optionalAuth(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function optionalAuthHandler(request) {
    if (header(request, 'key') === undefined) return;
    request.user = await authenticate(ctx, request);
  };
}

/** Throws 401 NOT_SIGNED_IN when the route ran without requireAuth; returns the caller. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new ApiError(401, 'NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
  return request.user;
}
