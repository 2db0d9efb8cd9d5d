import type { FastifyInstance } from 'fastify';
import { MODEL_API, MODEL_HEALTH_CHECK_PATH, modelHealthCheckResponse, modelHealthQuery, modelHealthResponse } from '@ulca/contracts';
import {
  MODEL_HEALTH_HISTORY_PATH,
  MODEL_UPTIME_PATH,
  modelHealthHistoryQuery,
  modelHealthHistoryResponse,
  modelUptimeListResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { ADMIN_ONLY } from '@ulca/contracts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { healthHistory, listModelHealth, queueHealthRound, uptimeOfAll } from './service.ts';

/**
 * An admin's "check now" queues at most one round per this many seconds: a double press queues one
 * round, and an admin who changed an endpoint need not wait for the next minute to see it checked.
 */
const ADMIN_CHECK_SLOT_SECONDS = 10;

/**
 * Model health routes (docs/product.md#models-health "Models health check"; docs/architecture.md#calling-models):
 * - GET model/getModelHealthStatus (public; `taskType`, `startPage`/`endPage`/`pageSize`) →
 *   `{modelHealthStatusList, count}`: every published model with its last check, 'unknown' when
 *   never checked; never a callbackUrl.
 * - POST model/health/check (ADMIN) → queues a health round now (`{message, data:{jobId}}`).
 */
export async function modelHealthRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['models']);

  app.get(
    MODEL_API.health,
    route(PUBLIC, {
      summary:
        'Health of every published model: status available / unavailable / unknown (never checked), last check, last success, latency, why the output was unusable',
      querystring: modelHealthQuery,
      response: { 200: modelHealthResponse, ...errorResponses(400) },
    }),
    async (request) => listModelHealth(ctx, request.query),
  );

  app.get(
    MODEL_HEALTH_HISTORY_PATH,
    route(PUBLIC, {
      summary:
        "A published model's health rounds of the last `days` days (default 7, kept 30), uptime over 24 h and 7 d, p50/p95 latency and the last failure",
      querystring: modelHealthHistoryQuery,
      response: { 200: modelHealthHistoryResponse, ...errorResponses(400, 404) },
    }),
    async (request) => ({ data: await healthHistory(ctx, request.query.modelId, request.query.days) }),
  );

  app.get(
    MODEL_UPTIME_PATH,
    route(PUBLIC, {
      summary: 'Every published model with its health rounds of the last 7 days and its uptime (the status page)',
      response: { 200: modelUptimeListResponse },
    }),
    async () => ({ data: await uptimeOfAll(ctx) }),
  );

  app.post(
    MODEL_HEALTH_CHECK_PATH,
    route(signedIn(ADMIN_ONLY), {
      summary: 'Check every published model now (ADMIN): queues a health round for the job workers',
      response: { 200: modelHealthCheckResponse, ...errorResponses(401, 403) },
    }),
    async () => {
      const jobId = await queueHealthRound(ctx, ADMIN_CHECK_SLOT_SECONDS);
      return {
        message: jobId
          ? 'A health check of every published model is queued.'
          : 'A health check was queued less than 10 seconds ago; it will run shortly.',
        data: { jobId },
      };
    },
  );
}
