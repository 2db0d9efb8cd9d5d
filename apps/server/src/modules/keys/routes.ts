import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { API_KEY, currentApiKeyCaller, signedIn } from '../../security/access.ts';
import { messageResponse, USERS_PATH, validatedBody } from '../../lib/route-schemas.ts';
import * as service from './service.ts';
import { SIGNED, errorResponse } from '../../lib/route-schemas.ts';
import { generateBody, keyBody, profileBody, providerBody, providerEntry, trackingBody } from './schemas.ts';

const TAGS = ['api keys'];

/**
 * API key routes (spec 02 §7; contracts "Accounts"): generateApiKey, getApiKeysForProfile,
 * revokeApiKey, generateServiceProviderKey, removeServiceProviderKey, dataTrackingToggle under
 * /ulca/user-mgmt/v1/users (signed; userID must be the caller), and GET /ulca/apis/v0/api-key/whoami
 * (header ulcaApiKey).
 */
export async function keyRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const meta = (ip: string) => ({ ip });

  app.post(
    `${USERS_PATH}/generateApiKey`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Generate an API key for an app; the full key is in this answer only',
        security: SIGNED,
        body: generateBody,
        response: {
          200: z.object({ message: z.string(), data: z.object({ appName: z.string(), ulcaApiKey: z.string().describe('Full key, shown once'), serviceProviderKeys: z.array(providerEntry) }) }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const body = validatedBody(generateBody, request);
      const data = await service.generateApiKey(ctx, currentUser(request), body, meta(request.ip));
      return { message: 'API key generated. Copy it now: it will not be shown again.', data };
    },
  );

  app.post(
    `${USERS_PATH}/getApiKeysForProfile`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: "The caller's API keys (identifiers only) with their service-provider keys (masked) and data-tracking switches",
        security: SIGNED,
        body: profileBody,
        response: {
          200: z.object({
            message: z.string(),
            data: z.array(z.object({ appName: z.string(), ulcaApiKey: z.string().describe('Identifier only'), createdOn: z.string(), serviceProviderKeys: z.array(providerEntry) })),
          }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async (request) => {
      const body = validatedBody(profileBody, request);
      return { message: 'API keys', data: await service.listApiKeys(ctx, currentUser(request), body) };
    },
  );

  app.post(
    `${USERS_PATH}/revokeApiKey`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key (identifier or full key); its next call is refused',
        security: SIGNED,
        body: keyBody,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await service.revokeApiKey(ctx, currentUser(request), validatedBody(keyBody, request), meta(request.ip));
      return { message: 'API key revoked.' };
    },
  );

  app.post(
    `${USERS_PATH}/generateServiceProviderKey`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: "Generate a service provider's inference key for an API key; the full value is in this answer only",
        security: SIGNED,
        body: providerBody,
        response: { 200: z.object({ message: z.string(), data: providerEntry }), 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (request) => {
      const data = await service.generateProviderKey(ctx, currentUser(request), validatedBody(providerBody, request), meta(request.ip));
      return { message: 'Service provider key generated.', data };
    },
  );

  app.post(
    `${USERS_PATH}/removeServiceProviderKey`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: "Remove a service provider's inference key from an API key",
        security: SIGNED,
        body: providerBody,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      await service.removeProviderKey(ctx, currentUser(request), validatedBody(providerBody, request), meta(request.ip));
      return { message: 'Service provider key removed.' };
    },
  );

  app.post(
    `${USERS_PATH}/dataTrackingToggle`,
    {
      config: { access: signedIn() },
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Allow or stop keeping the inputs and outputs of the inference calls made with an API key (off by default)',
        security: SIGNED,
        body: trackingBody,
        response: { 200: messageResponse, 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const body = validatedBody(trackingBody, request);
      await service.toggleDataTracking(ctx, currentUser(request), body, meta(request.ip));
      return { message: body.dataTracking ? 'Data tracking turned on.' : 'Data tracking turned off.' };
    },
  );

  app.get(
    '/ulca/apis/v0/api-key/whoami',
    {
      config: { access: API_KEY },
      schema: {
        tags: TAGS,
        summary: 'The user and app of the API key in the ulcaApiKey header (how the inference API authenticates applications)',
        headers: z.object({ ulcaapikey: z.string().optional().describe('The full API key (header ulcaApiKey)') }),
        response: { 200: z.object({ data: z.object({ userID: z.string(), appName: z.string() }) }), 401: errorResponse },
      },
    },
    async (request) => {
      const caller = currentApiKeyCaller(request);
      return { data: { userID: caller.userID, appName: caller.appName } };
    },
  );
}
