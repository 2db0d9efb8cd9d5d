import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { MODEL_API, modelComputeBody, modelComputeResponse, modelSpeechComputeResponse } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { optionalAuth } from '../../security/auth.ts';
import { errorResponse, validatedBody } from '../../lib/route-schemas.ts';
import { badRequest } from '../../lib/errors.ts';
import { verifyApiKey } from '../keys/service.ts';
import * as service from './service.ts';

const TAGS = ['inference'];
/** Bodies of the compute routes may carry a base64 minute of audio or an image. */
const COMPUTE_BODY_LIMIT = 24 * 1024 * 1024;
const errors = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 413: errorResponse, 502: errorResponse, 503: errorResponse, 504: errorResponse };

/** The verified caller: the signature's user (optionalAuth ran) and/or the `ulcaApiKey` header's key (401 when invalid). */
async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<service.InferenceCaller> {
  const header = request.headers.ulcaapikey;
  const apiKey = header === undefined ? null : await verifyApiKey(ctx, typeof header === 'string' ? header : undefined);
  return {
    user: request.user ? { userId: request.user.userId, roles: request.user.roles } : null,
    apiKey: apiKey ? { keyId: apiKey.keyId, userID: apiKey.userID } : null,
  };
}

/**
 * Hosted inference routes (spec 02 §7; DESIGN.md §11): POST model/compute (every task),
 * POST asr/v1/model/compute (speech: `{data: output[0]}` plus the answer), POST model/tryMe
 * (multipart `file` + `modelId`, image and speech tasks). Anonymous, signed (optional signature)
 * or with an application's `ulcaApiKey` header.
 */
export async function inferenceRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const optional = optionalAuth(ctx);
  app.addHook('onClose', async () => service.closeInference(ctx));

  app.post(
    MODEL_API.compute,
    {
      preHandler: optional,
      attachValidation: true,
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: "Call a model: the compute body becomes the task's ULCA inference request; the answer is the model's (output[0].target, audio[0].audioContent, …)",
        description: 'Anonymous calls are held to the try-panel limits (150 characters of text, 1 minute of speech); API-key calls to 5000 characters and 5 minutes.',
        body: modelComputeBody,
        response: { 200: modelComputeResponse, ...errors },
      },
    },
    async (request) => {
      const body = validatedBody(modelComputeBody, request);
      return service.runInference(ctx, await callerOf(ctx, request), body);
    },
  );

  app.post(
    MODEL_API.computeSpeech,
    {
      preHandler: optional,
      attachValidation: true,
      bodyLimit: COMPUTE_BODY_LIMIT,
      schema: {
        tags: TAGS,
        summary: 'Call a speech model (asr, audio language or gender detection) with audioContent (base64) or audioUri; data = output[0] (data.source is the transcript)',
        body: modelComputeBody,
        response: { 200: modelSpeechComputeResponse, ...errors },
      },
    },
    async (request) => {
      const body = validatedBody(modelComputeBody, request);
      const answer = await service.runInference(ctx, await callerOf(ctx, request), body, { audioOnly: true });
      const output = Array.isArray(answer.output) ? (answer.output as Record<string, unknown>[]) : [];
      return { ...answer, data: output[0] ?? {} };
    },
  );

  // Multipart only here (encapsulated): the rest of the API stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ctx.config.inferenceMaxMediaBytes, files: 1, fields: 10, fieldSize: 1000 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      MODEL_API.tryMe,
      {
        schema: {
          tags: TAGS,
          summary: 'Try an image or speech model with an uploaded file (multipart: file, modelId; modelId may also be in the query)',
          description: 'Signatures are not read on this multipart route; an application may send its ulcaApiKey header. Unpublished models are tried by their owners through model/compute.',
          consumes: ['multipart/form-data'],
          querystring: z.object({ modelId: z.string().max(100).optional() }),
          response: { 200: modelComputeResponse, ...errors },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw badRequest('NOT_MULTIPART', 'Send the file as multipart/form-data with the fields file and modelId.');
        let file: Buffer | undefined;
        let filename: string | undefined;
        const fields: Record<string, string> = {};
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || file) {
              part.file.resume();
              continue;
            }
            file = await part.toBuffer();
            filename = part.filename;
          } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
        const modelId = fields.modelId ?? request.query.modelId;
        if (!modelId) throw badRequest('VALIDATION_FAILED', 'modelId is required.', [{ field: 'modelId', message: 'Required' }]);
        if (!file || file.length === 0) throw badRequest('MISSING_INPUT', 'Please choose a file to upload.', [{ field: 'file', message: 'Required' }]);
        return service.runTryMe(ctx, await callerOf(ctx, request), modelId, { bytes: file, filename }, fields.source);
      },
    );
  });
}
