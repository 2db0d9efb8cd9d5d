import type { FastifyInstance } from 'fastify';
import {
  GLOSSARY_API,
  glossaryChangeResponse,
  glossaryCreateBody,
  glossaryDeleteBody,
  glossaryListResponse,
  glossaryQuery,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { signedIn } from '../../security/access.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import * as service from './service.ts';

const errors = { ...errorResponses(400, 401, 403, 404) };

/**
 * Glossary routes (docs/api.md#glossary): GET fetch-all?appName&serviceProviderName,
 * POST create {appName, serviceProviderName, glossary:[one entry]}, POST delete {…, glossary:[entries]},
 * under /ulca/user-mgmt/v1/users/glossary. Signed, any role; the app must be one of the caller's
 * API keys (404 APP_NOT_FOUND otherwise).
 */
export async function glossaryRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['glossary']);

  app.get(
    GLOSSARY_API.fetchAll,
    route(signedIn(), {
      summary: "The glossary of one of the caller's apps (API keys) for a service provider, oldest entry first",
      querystring: glossaryQuery,
      response: { 200: glossaryListResponse, ...errors },
    }),
    async (request) => {
      const glossary = await service.listGlossary(ctx, currentUser(request), request.query);
      return { message: glossary.length ? 'Glossary fetched' : 'No records found.', glossary, count: glossary.length };
    },
  );

  app.post(
    GLOSSARY_API.create,
    route(signedIn(), {
      summary: 'Add one glossary entry; an entry with the same languages and sourceText gets the new targetText',
      description:
        'All four fields required; targetLanguage ≠ sourceLanguage; texts trimmed, at most 500 characters, no HTML; 23 languages (docs/product.md#glossary); ' +
        "at most 1000 entries per app and provider. Translations requested with the app's ulcaApiKey honour the glossary of the first service provider.",
      body: glossaryCreateBody,
      response: { 200: glossaryChangeResponse, ...errors },
    }),
    async (request) => {
      const body = request.body;
      const message = await service.addGlossaryEntry(ctx, currentUser(request), body, { ip: request.ip });
      return { message, count: 1 };
    },
  );

  app.post(
    GLOSSARY_API.delete,
    route(signedIn(), {
      summary: 'Delete glossary entries (matched by sourceLanguage, targetLanguage and sourceText); 404 when none exists',
      body: glossaryDeleteBody,
      response: { 200: glossaryChangeResponse, ...errors },
    }),
    async (request) => {
      const body = request.body;
      return service.deleteGlossaryEntries(ctx, currentUser(request), body, { ip: request.ip });
    },
  );
}
