import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '@ulca/contracts';
import type { AppContext } from '../context.ts';
import { ApiError, forbidden } from '../lib/errors.ts';
import type { ApiKeyCaller } from './callers.ts';
import { clientIp } from '../lib/client-ip.ts';
import { authenticate } from './auth.ts';

/**
 * Who may call a route, declared once on the route itself as `config: { access }` and applied by
 * the one app-wide hook of {@link registerAccessHook} (docs/api.md#who-may-call-what):
 *
 * - {@link PUBLIC}: anyone; signature headers are ignored.
 * - {@link OPTIONAL_SIGNATURE}: anyone; a call carrying a `key` header must be correctly signed
 *   (401 otherwise), and then `request.user` is the caller.
 * - {@link signedIn}(roles?, {legacyUnsigned?}): a signed call of a live session (401 otherwise); with
 *   `roles`, a caller holding none of them gets 403 FORBIDDEN. With `legacyUnsigned` and
 *   LEGACY_MD5_SIGNATURES on, a call with no signature headers at all also passes, with no
 *   `request.user` (the original ULCA client sends such a route unsigned: docs/migration.md).
 * - {@link API_KEY}: an application's `ulcaApiKey` header (401 API_KEY_INVALID otherwise); sets
 *   `request.apiKeyCaller`.
 * - {@link SIGNATURE_OR_API_KEY}: anyone; a signed call is checked as under OPTIONAL_SIGNATURE and a
 *   `ulcaApiKey` header, when sent, as under API_KEY (401 when either fails); the route reads who
 *   called with {@link currentCaller} (the model-call routes: inference, feedback, streaming).
 */
export type RouteAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'optional-signature' }
  | { readonly kind: 'signed-in'; readonly roles: readonly Role[] | null; readonly legacyUnsigned?: boolean }
  | { readonly kind: 'api-key' }
  | { readonly kind: 'signature-or-api-key' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (security/access.ts); every route must declare it (security/route-access.ts). */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** Set by the access hook on an {@link API_KEY} route: the application whose `ulcaApiKey` header verified. */
    apiKeyCaller?: ApiKeyCaller;
  }
}

/** Anyone, signed or not; signature headers are ignored. */
export const PUBLIC: RouteAccess = Object.freeze({ kind: 'public' });

/** Anyone; a call that carries a `key` header must be correctly signed (its user is then `request.user`). */
export const OPTIONAL_SIGNATURE: RouteAccess = Object.freeze({ kind: 'optional-signature' });

/** An application's inference API key in the `ulcaApiKey` header (no session). */
export const API_KEY: RouteAccess = Object.freeze({ kind: 'api-key' });

/** Anyone; a signed call is verified (`request.user`) and a `ulcaApiKey` header, when sent, too (`request.apiKeyCaller`). */
export const SIGNATURE_OR_API_KEY: RouteAccess = Object.freeze({ kind: 'signature-or-api-key' });

/**
 * Signed calls of a signed-in user; with `roles` (e.g. CONTRIBUTORS of @ulca/contracts), only a
 * user holding one of them (403 FORBIDDEN for the others). Without, any role.
 */
export function signedIn(roles?: readonly Role[], opts: { legacyUnsigned?: boolean } = {}): RouteAccess {
  return Object.freeze({
    kind: 'signed-in',
    roles: roles ? Object.freeze([...roles]) : null,
    ...(opts.legacyUnsigned ? { legacyUnsigned: true } : {}),
  });
}

/** Header that carries an application's full API key. */
export const API_KEY_HEADER = 'ulcaApiKey';

/** The verified application caller of an {@link API_KEY} route; throws 401 API_KEY_INVALID when there is none. */
export function currentApiKeyCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKeyCaller) throw new ApiError(401, 'API_KEY_INVALID', 'An API key is required.');
  return request.apiKeyCaller;
}

/** Who called a {@link SIGNATURE_OR_API_KEY} route: the signature's user and/or the API key's application, and the client address. */
export interface Caller {
  user: { userId: string; roles: Role[] } | null;
  apiKey: { keyId: string; userID: string } | null;
  /** The parsed client address (lib/client-ip.ts). */
  ip: string;
}

/** The verified caller of a {@link SIGNATURE_OR_API_KEY} route (anonymous: both null), as the access hook left it. */
export function currentCaller(request: FastifyRequest): Caller {
  const { user, apiKeyCaller } = request;
  return {
    user: user ? { userId: user.userId, roles: user.roles } : null,
    apiKey: apiKeyCaller ? { keyId: apiKeyCaller.keyId, userID: apiKeyCaller.userID } : null,
    ip: clientIp(request),
  };
}

/**
 * Applies `access` to `request`: sets `request.user` / `request.apiKeyCaller` or throws ApiError
 * 401 (not signed in, bad or replayed signature, ended session, invalid API key: see
 * auth.ts authenticate and the registered API key check, callers.ts) or 403 FORBIDDEN (role not allowed).
 */
export async function applyAccess(ctx: AppContext, access: RouteAccess, request: FastifyRequest): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'optional-signature': {
      if (!hasKeyHeader(request)) return;
      request.user = await authenticate(ctx, request);
      return;
    }
    case 'signed-in': {
      if (access.legacyUnsigned && ctx.config.legacyMd5Signatures && request.headers.key === undefined && request.headers.sig === undefined)
        return;
      const user = await authenticate(ctx, request);
      request.user = user;
      if (access.roles && !user.roles.some((r) => access.roles!.includes(r))) throw forbidden();
      return;
    }
    case 'api-key': {
      const v = request.headers[API_KEY_HEADER.toLowerCase()];
      request.apiKeyCaller = await ctx.services.callers.verifyApiKey(ctx, typeof v === 'string' ? v : undefined);
      return;
    }
    case 'signature-or-api-key': {
      if (hasKeyHeader(request)) request.user = await authenticate(ctx, request);
      const v = request.headers[API_KEY_HEADER.toLowerCase()];
      if (v !== undefined) request.apiKeyCaller = await ctx.services.callers.verifyApiKey(ctx, typeof v === 'string' ? v : undefined);
      return;
    }
  }
}

/**
 * The app-wide auth hook: a `preHandler` (after body parsing and validation, so a signature is
 * checked over the exact bytes received) that applies each route's declared `config.access`.
 * Requests that matched no route (the not-found handler) have none and pass. Call before any
 * route or plugin is registered, so every scope inherits it.
 */
export function registerAccessHook(app: FastifyInstance, ctx: AppContext): void {
  // Callback style: a route anyone may call without a signature (a public page, an anonymous
  // model call) passes without a promise and a microtask (docs/benchmarks.md#inference-proxy).
  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return done();
    if (access.kind === 'optional-signature' && !hasKeyHeader(request)) return done();
    if (access.kind === 'signature-or-api-key' && !hasKeyHeader(request) && request.headers[API_KEY_HEADER.toLowerCase()] === undefined)
      return done();
    applyAccess(ctx, access, request).then(() => done(), done);
  });
}

/** Whether the call carries a non-empty `key` header (a signed call: optional-signature then authenticates it). */
function hasKeyHeader(request: FastifyRequest): boolean {
  const key = request.headers.key;
  return typeof key === 'string' && key !== '';
}

/**
 * A `userId` the caller sent (query, body or form field; the original ULCA client sends one) must
 * be their own: identity comes from the verified signature only (docs/api.md#conventions). An absent or
 * empty value passes.
 * @throws ApiError 403 FORBIDDEN when `claimed` is another user's id.
 */
export function refuseClaimedUser(claimed: unknown, userId: string): void {
  if (typeof claimed === 'string' && claimed !== '' && claimed !== userId)
    throw forbidden('You can only act as yourself: userId must be your own.');
}
