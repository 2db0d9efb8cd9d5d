import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { verifyApiKey, type ApiKeyCaller } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireApiKey when the call carries a valid `ulcaApiKey` header. */
    apiKeyCaller?: ApiKeyCaller;
  }
}

/** Header that carries an application's full API key. */
export const API_KEY_HEADER = 'ulcaApiKey';

/**
 * Fastify preHandler for routes called by applications with an API key (the inference API):
 * reads the `ulcaApiKey` header (full key), verifies it (service.ts verifyApiKey) and sets
 * `request.apiKeyCaller`; 401 API_KEY_INVALID when it is missing, unknown, revoked or its user is
 * deactivated. Usage: `app.post(path, { preHandler: requireApiKey(ctx) }, handler)`, then
 * {@link currentApiKeyCaller}(request).
 */
export function requireApiKey(ctx: AppContext): preHandlerAsyncHookHandler {
  return async function requireApiKeyHandler(request) {
    const v = request.headers[API_KEY_HEADER.toLowerCase()];
    request.apiKeyCaller = await verifyApiKey(ctx, typeof v === 'string' ? v : undefined);
  };
}

/** The verified application caller; throws 401 when the route ran without requireApiKey. */
export function currentApiKeyCaller(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKeyCaller) throw new ApiError(401, 'API_KEY_INVALID', 'An API key is required.');
  return request.apiKeyCaller;
}
