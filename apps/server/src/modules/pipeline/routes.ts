import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  PIPELINE_API,
  pipelineComputeBody,
  pipelineComputeResponse,
  pipelineConfigBody,
  pipelineConfigResponse,
  pipelineSearchBody,
  pipelineSearchResponse,
  pipelineStageErrorResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { API_KEY, API_KEY_HEADER, currentApiKeyCaller, PUBLIC } from '../../security/access.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { forbidden } from '../../lib/errors.ts';
import * as service from './service.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { ModelsServices } from '../models/service.ts';
import type { InferenceServices } from '../inference/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/** A compute body may carry five minutes of base64 speech, or an image (the limits themselves are the inference path's). */
const COMPUTE_BODY_LIMIT = 24 * 1024 * 1024;
const keyHeaders = z.object({
  ulcaapikey: z.string().optional().describe('The full API key of the application (header ulcaApiKey)'),
  userid: z.string().optional().describe("The key owner's user id (header userID); when sent, it must be the key's owner"),
});

/** The key as presented (the access hook verified it). */
function presentedKey(request: FastifyRequest): string {
  const v = request.headers[API_KEY_HEADER.toLowerCase()];
  return typeof v === 'string' ? v.trim() : '';
}

/**
 * Pipeline routes (docs/api.md#pipelines): search (public), getModelsPipeline (headers userID +
 * ulcaApiKey) and compute (ulcaApiKey). A compute call refused or failed at a stage answers that
 * stage and the stages before it (pipelineStageErrorResponse): 400 for input it refuses, 424 when
 * its model failed.
 */
export async function pipelineRoutes(
  fastify: FastifyInstance,
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['pipeline']);

  app.post(
    PIPELINE_API.search,
    route(PUBLIC, {
      summary:
        'Which task sequences the published models can serve, with their languages (a sequence whose languages do not connect is absent)',
      body: pipelineSearchBody,
      response: { 200: pipelineSearchResponse, ...errorResponses(400) },
    }),
    async (request) => service.searchPipelines(ctx, request.body.pipelineTasks),
  );

  app.post(
    PIPELINE_API.config,
    route(API_KEY, {
      summary: 'The candidate models (serviceId) of each task of a sequence, the languages served, and the compute endpoint with its key',
      headers: keyHeaders,
      body: pipelineConfigBody,
      response: { 200: pipelineConfigResponse, ...errorResponses(400, 401, 403) },
    }),
    async (request) => {
      const caller = currentApiKeyCaller(request);
      const userID = request.headers.userid;
      if (typeof userID === 'string' && userID !== '' && userID !== caller.userID)
        throw forbidden('The userID header is not the owner of this API key.');
      return service.pipelineConfig(ctx, request.body, presentedKey(request));
    },
  );

  app.post(
    PIPELINE_API.compute,
    route(
      API_KEY,
      {
        summary: "Runs a chain of models in one call: each stage's output feeds the next; pipelineResponse has one entry per task",
        description:
          'A stage refused (400: unknown serviceId, languages that do not connect, input over the limits) or failed (424: its model unreachable, too slow, ' +
          "or answering something that is not its task's answer) stops the chain: the answer names the stage (failedStage) and carries the stages before it.",
        headers: keyHeaders,
        body: pipelineComputeBody,
        response: {
          200: pipelineComputeResponse,
          400: pipelineStageErrorResponse,
          404: pipelineStageErrorResponse,
          413: pipelineStageErrorResponse,
          424: pipelineStageErrorResponse,
          ...errorResponses(401, 429),
        },
      },
      { bodyLimit: COMPUTE_BODY_LIMIT },
    ),
    async (request, reply) => {
      const key = currentApiKeyCaller(request);
      const body = request.body;
      try {
        return { pipelineResponse: await service.runPipeline(ctx, { user: null, apiKey: { keyId: key.keyId, userID: key.userID } }, body) };
      } catch (err) {
        if (!(err instanceof service.PipelineStageError)) throw err;
        return reply.status(err.status as 400 | 404 | 413 | 424).send({
          message: err.message,
          code: err.code,
          ...(err.errors ? { errors: err.errors } : {}),
          failedStage: { index: err.index, taskType: err.taskType, serviceId: err.serviceId },
          pipelineResponse: err.completed,
        });
      }
    },
  );
}
