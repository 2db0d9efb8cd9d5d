import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { API_KEY, currentApiKeyCaller, signedIn } from '../../security/access.ts';
import * as service from './service.ts';
import { errorResponses, messageResponse, typedRoutes } from '../../lib/route-schemas.ts';
import {
  apiKeyListResponse,
  apiKeysForProfileBody as profileBody,
  dataTrackingBody as trackingBody,
  generateApiKeyBody as generateBody,
  generateApiKeyResponse,
  KEYS_API,
  providerKeyBody as providerBody,
  providerKeyResponse,
  revokeApiKeyBody as keyBody,
  whoamiHeaders,
  whoamiResponse,
} from '@ulca/contracts';

/**
 * API key routes (docs/api.md#route-groups; contracts "Accounts"): generateApiKey, getApiKeysForProfile,
 * revokeApiKey, generateServiceProviderKey, removeServiceProviderKey, dataTrackingToggle under
 * /ulca/user-mgmt/v1/users (signed; userID must be the caller), and GET /ulca/apis/v0/api-key/whoami
 * (header ulcaApiKey).
 */
export async function keyRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['api keys']);
  const meta = (ip: string) => ({ ip });

  app.post(
    KEYS_API.generate,
    route(signedIn(), {
      summary: 'Generate an API key for an app; the full key is in this answer only',
      body: generateBody,
      response: { 200: generateApiKeyResponse, ...errorResponses(400, 401, 403, 409) },
    }),
    async (request) => {
      const body = request.body;
      const data = await service.generateApiKey(ctx, currentUser(request), body, meta(request.ip));
      return { message: 'API key generated. Copy it now: it will not be shown again.', data };
    },
  );

  app.post(
    KEYS_API.list,
    route(signedIn(), {
      summary: "The caller's API keys (identifiers only) with their service-provider keys (masked) and data-tracking switches",
      body: profileBody,
      response: { 200: apiKeyListResponse, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const body = request.body;
      return { message: 'API keys', data: await service.listApiKeys(ctx, currentUser(request), body) };
    },
  );

  app.post(
    KEYS_API.revoke,
    route(signedIn(), {
      summary: 'Revoke an API key (identifier or full key); its next call is refused',
      body: keyBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      await service.revokeApiKey(ctx, currentUser(request), request.body, meta(request.ip));
      return { message: 'API key revoked.' };
    },
  );

  app.post(
    KEYS_API.generateProviderKey,
    route(signedIn(), {
      summary: "Generate a service provider's inference key for an API key; the full value is in this answer only",
      body: providerBody,
      response: { 200: providerKeyResponse, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => {
      const data = await service.generateProviderKey(ctx, currentUser(request), request.body, meta(request.ip));
      return { message: 'Service provider key generated.', data };
    },
  );

  app.post(
    KEYS_API.removeProviderKey,
    route(signedIn(), {
      summary: "Remove a service provider's inference key from an API key",
      body: providerBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      await service.removeProviderKey(ctx, currentUser(request), request.body, meta(request.ip));
      return { message: 'Service provider key removed.' };
    },
  );

  app.post(
    KEYS_API.dataTracking,
    route(signedIn(), {
      summary: 'Allow or stop keeping the inputs and outputs of the inference calls made with an API key (off by default)',
      body: trackingBody,
      response: { 200: messageResponse, ...errorResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const body = request.body;
      await service.toggleDataTracking(ctx, currentUser(request), body, meta(request.ip));
      return { message: body.dataTracking ? 'Data tracking turned on.' : 'Data tracking turned off.' };
    },
  );

  app.get(
    KEYS_API.whoami,
    route(API_KEY, {
      summary: 'The user and app of the API key in the ulcaApiKey header (how the inference API authenticates applications)',
      headers: whoamiHeaders,
      response: { 200: whoamiResponse, ...errorResponses(401) },
    }),
    async (request) => {
      const caller = currentApiKeyCaller(request);
      return { data: { userID: caller.userID, appName: caller.appName } };
    },
  );
}
