import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  DATASET_VIEWER_API,
  SEARCHERS,
  searchRecordsQuery,
  searchSummaryQuery,
  viewerRecordsQuery,
  viewerRecordsResponse,
  viewerSummaryQuery,
  viewerSummaryResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { currentUser } from '../../security/auth.ts';
import * as service from './service.ts';

/**
 * Dataset viewer routes (docs/api.md#dataset-viewer): records, summary and media of a published
 * dataset; public, as published records are on the dashboard.
 */
export async function datasetViewerRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['dataset viewer']);

  app.get(
    DATASET_VIEWER_API.records,
    route(PUBLIC, {
      summary:
        "A page (100) of a published dataset's records in id order, by `after` (keyset) or `page`, filtered by language, domain and collection method",
      querystring: viewerRecordsQuery,
      response: { 200: viewerRecordsResponse, ...errorResponses(400, 404) },
    }),
    async (req) => service.recordsPage(ctx, req.query),
  );

  app.get(
    DATASET_VIEWER_API.summary,
    route(PUBLIC, {
      summary:
        "Per-column summary of a published dataset's records: counts by language, domain, collection method and submitter, length or duration histogram",
      querystring: viewerSummaryQuery,
      response: { 200: viewerSummaryResponse, ...errorResponses(400, 404) },
    }),
    async (req) => service.summary(ctx, req.query.datasetId),
  );

  app.get(
    `${DATASET_VIEWER_API.media}/:datasetId/:recordId`,
    route(PUBLIC, {
      summary: "A record's audio or image, streamed from the object store; a single Range gets 206 with those bytes",
      params: z.object({ datasetId: z.string().max(100), recordId: z.string().max(100) }),
    }),
    async (req, reply) => service.sendMedia(ctx, req, reply, req.params.datasetId, req.params.recordId),
  );

  app.get(
    DATASET_VIEWER_API.searchRecords,
    route(signedIn(SEARCHERS), {
      summary:
        "A page (100) of the records a completed search matched (the caller's own search, or any for ADMIN), by `after` or `page`, with the same column filters",
      description:
        'The set is the search criteria over the records published when the search completed. 404 for an unknown search or one of another user, 409 SEARCH_NOT_COMPLETED while it runs or when it failed.',
      querystring: searchRecordsQuery,
      response: { 200: viewerRecordsResponse, ...errorResponses(400, 404, 409) },
    }),
    async (req) => service.searchRecordsPage(ctx, currentUser(req), req.query),
  );

  app.get(
    DATASET_VIEWER_API.searchSummary,
    route(signedIn(SEARCHERS), {
      summary: 'Per-column summary of the records a completed search matched (owner or ADMIN)',
      querystring: searchSummaryQuery,
      response: { 200: viewerSummaryResponse, ...errorResponses(400, 404, 409) },
    }),
    async (req) => service.searchSummary(ctx, currentUser(req), req.query.serviceRequestNumber),
  );
}
