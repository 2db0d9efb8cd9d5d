import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Security headers on every response (issue #4 §4), with @fastify/helmet:
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
 *   X-Frame-Options SAMEORIGIN (older browsers; CSP frame-ancestors wins), Cross-Origin-Opener-Policy,
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

/** Registers the headers on `app` (call before the routes). */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY } },
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', `max-age=${HSTS_MAX_AGE}; includeSubDomains`);
  });
}
