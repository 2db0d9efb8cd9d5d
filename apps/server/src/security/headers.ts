import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every response, with @fastify/helmet:
 *
 * - Content-Security-Policy: scripts only from this origin, never inline (the built web app loads
 *   one module script; swagger-ui at /ulca/docs loads three script files). Inline *styles* are
 *   allowed because MUI/emotion and swagger-ui inject them; images may be data:/blob: URLs (icons,
 *   previews), media blob:/data: (audio played back in the browser). `frame-ancestors 'none'`:
 *   no page of the platform can be framed (clickjacking).
 * - Strict-Transport-Security only on responses to requests that arrived over https (directly, or
 *   through a trusted proxy's X-Forwarded-Proto, see TRUST_PROXY): sending it over plain http
 *   would be ignored by browsers anyway and would break a local http-only start.
 * - helmet's defaults for the rest: X-Content-Type-Options nosniff, Referrer-Policy no-referrer,
 *   X-Frame-Options DENY (older browsers; the same rule as frame-ancestors 'none'), Cross-Origin-Opener-Policy,
 *   Cross-Origin-Resource-Policy same-origin, X-DNS-Prefetch-Control off, Origin-Agent-Cluster.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} as const;

/** max-age of HSTS, seconds (180 days). */
export const HSTS_MAX_AGE = 15_552_000;

/** Options given to @fastify/helmet. */
const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
} as const;

/**
 * Routes whose answers carry a secret (login's private key, API and service-provider keys, stream
 * tickets): `Cache-Control: no-store`, so no browser or proxy cache keeps a copy.
 */
export const NO_STORE_ROUTES: ReadonlySet<string> = new Set([
  '/ulca/user-mgmt/v1/users/login',
  '/ulca/user-mgmt/v1/users/generateApiKey',
  '/ulca/user-mgmt/v1/users/getApiKeysForProfile',
  '/ulca/user-mgmt/v1/users/generateServiceProviderKey',
  '/ulca/apis/v0/model/streaming/ticket',
]);

/** Response headers every HTTP exchange has anyway (not security headers). */
const TRANSPORT_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The headers @fastify/helmet sets with our options, computed once: the plugin builds a new
 * helmet middleware (and re-parses the CSP) on every request, which measured ~0.1 ms of CPU per
 * request, as much as the rest of a trivial route. The headers do not depend on the request (no
 * CSP nonces), so they are taken from one response of a probe instance and copied onto every reply.
 */
export async function securityHeaderSet(): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!TRANSPORT_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  }
  if (!headers['content-security-policy']) throw new Error('@fastify/helmet produced no Content-Security-Policy');
  return headers;
}

/** Registers the headers on `app` for every response, 404s and errors included (call before the routes). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await securityHeaderSet();
  const hsts = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (NO_STORE_ROUTES.has(request.routeOptions.url ?? '')) reply.header('cache-control', 'no-store');
    done();
  });
}
