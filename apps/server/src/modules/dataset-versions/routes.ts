import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONTRIBUTORS,
  DATASET_VERSIONS_API,
  versionCiteQuery,
  versionDoiBody,
  versionListQuery,
  versionListResponse,
  versionSubmitBody,
  versionSubmitResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import * as service from './service.ts';

/**
 * Dataset version routes (docs/api.md#dataset-versions): submit a new version of one's own dataset
 * (signed contributors), list versions and download a version's frozen export (public).
 */
export async function datasetVersionRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['dataset versions']);

  app.post(
    DATASET_VERSIONS_API.submit,
    route(signedIn(CONTRIBUTORS), {
      summary: 'Submits a new zip of your own published dataset as its next version (through the dataset pipeline)',
      body: versionSubmitBody,
      response: { 200: versionSubmitResponse, ...errorResponses(400, 401, 403, 404, 409) },
    }),
    async (req) => ({ message: 'Version submitted successfully', data: await service.submitVersion(ctx, currentUser(req), req.body) }),
  );

  app.get(
    DATASET_VERSIONS_API.list,
    route(PUBLIC, {
      summary:
        "A published dataset's versions, oldest first: record counts, records added and removed, export sha-256, and version submissions that added nothing",
      querystring: versionListQuery,
      response: { 200: versionListResponse, ...errorResponses(400, 404) },
    }),
    async (req) => service.listVersions(ctx, req.query.datasetId),
  );

  app.get(
    `${DATASET_VERSIONS_API.download}/:datasetId/:version`,
    route(PUBLIC, {
      summary: "A version's frozen canonical export (JSON Lines), byte-identical on every download",
      params: z.object({ datasetId: z.string().max(100), version: z.coerce.number().int().min(1).max(1_000_000) }),
    }),
    async (req, reply) => service.sendVersionExport(ctx, req, reply, req.params.datasetId, req.params.version),
  );

  app.get(
    `${DATASET_VERSIONS_API.cite}/:datasetId/:version`,
    route(PUBLIC, {
      summary: "A version's citation (bibtex, cff, datacite JSON) or description (croissant JSON-LD, card: Markdown)",
      params: z.object({ datasetId: z.string().max(100), version: z.coerce.number().int().min(1).max(1_000_000) }),
      querystring: versionCiteQuery,
    }),
    async (req, reply) => {
      const out = await service.citeVersion(ctx, req.params.datasetId, req.params.version, req.query.format);
      return reply.type(out.type).send(out.body);
    },
  );

  app.post(
    DATASET_VERSIONS_API.doi,
    route(signedIn(CONTRIBUTORS), {
      summary: "Sets (or clears, with null) a version's DOI; the dataset's owner or an admin",
      body: versionDoiBody,
      response: {
        200: z.object({ message: z.string() }),
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (req) => {
      await service.setVersionDoi(ctx, currentUser(req), req.body);
      return { message: req.body.doi ? 'DOI saved.' : 'DOI cleared.' };
    },
  );
}
