import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/**
 * Request headers a cross-origin client may send: the signed-call headers of docs/api.md#request-signatures (`key`,
 * `sig`, `payload`), those of the timestamped signature version (`x-ulca-timestamp`,
 * `x-ulca-nonce`), the JSON content type, and `ulcaApiKey` (the inference API's application key).
 */
export const CORS_ALLOWED_HEADERS = ['content-type', 'key', 'sig', 'payload', 'x-ulca-timestamp', 'x-ulca-nonce', 'ulcaapikey'] as const;

/** Methods the API uses. */
export const CORS_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** How long a browser may reuse a preflight answer, seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * Lets the browser origins of CORS_ORIGINS (config `corsOrigins`, exact `scheme://host[:port]`
 * strings) call the API, with @fastify/cors: preflight `OPTIONS` requests get 204 with the allowed
 * methods and headers; answers to a listed origin carry `Access-Control-Allow-Origin` for it and
 * `Vary: Origin`. No cookies are involved (calls are signed by headers), so credentials are not
 * allowed. With an empty list nothing is registered: no origin but the platform's own may read
 * its answers, and a preflight gets the usual 404 (docs/api.md#using-the-original-ulca-web-client).
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]): Promise<void> {
  if (origins.length === 0) return;
  await app.register(cors, {
    origin: [...origins],
    methods: [...CORS_METHODS],
    allowedHeaders: [...CORS_ALLOWED_HEADERS],
    exposedHeaders: ['content-disposition'],
    credentials: false,
    maxAge: CORS_MAX_AGE_SECONDS,
    // A browser always sends Origin and Access-Control-Request-Method on a preflight; other
    // OPTIONS requests are not preflights and get the usual answer.
    strictPreflight: true,
  });
}
