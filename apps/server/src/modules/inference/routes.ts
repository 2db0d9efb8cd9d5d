import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MODEL_API, modelComputeBody, modelComputeResponse, modelSpeechComputeResponse, tryMeQuery } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { currentCaller, SIGNATURE_OR_API_KEY } from '../../security/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { multipartBytesParser, readMultipartForm } from '../../lib/multipart.ts';
import { describeBytes } from '../../net/safe-fetch.ts';
import { answerBytesOf } from '../../net/model-call.ts';
import * as service from './service.ts';
import { computeBodyGuard, computeMediaBodyBytes } from './compute-body.size-limit.ts';
import type { InferenceServices } from './state.ts';
import type { ModelsServices } from '../models/service.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

const TAGS = ['inference'];
/** Multipart overhead allowed on tryMe beyond the file itself (boundaries, part headers, modelId and source). */
const TRY_ME_FORM_SLACK_BYTES = 64 * 1024;
/** 413 of a tryMe file over INFERENCE_MAX_MEDIA_BYTES. */
const mediaTooLarge = (ctx: AppContext) => () =>
  new ApiError(413, 'MEDIA_TOO_LARGE', `The file is larger than ${describeBytes(ctx.config.inferenceMaxMediaBytes)}.`);
const errors = { ...errorResponses(400, 401, 404, 413, 502, 503, 504) };

/** Bytes of a large answer sent per stream chunk. */
const ANSWER_SLICE_BYTES = 64 * 1024;

/** `bytes` as views of ANSWER_SLICE_BYTES each (no copy). */
function* slices(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += ANSWER_SLICE_BYTES) yield bytes.subarray(at, at + ANSWER_SLICE_BYTES);
}

/** Sends `bytes`, a model's validated JSON answer, as they are (a stream of slices: no copy). */
function sendAnswerBytes(reply: FastifyReply, bytes: Buffer): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('content-length', bytes.length)
    .send(Readable.from(slices(bytes)));
}

/**
 * The serializer of the routes that answer a model's answer: the answer was checked against its
 * task's response schema once, when it was read (net/model-call.ts), so it is not parsed a second
 * time against the union of every task's schema that documents the route (docs/architecture.md#calling-models).
 */
const sendAsChecked = () => (data: unknown) => JSON.stringify(data);

/**
 * Hosted inference routes (docs/api.md#inference; docs/api.md#route-groups): POST model/compute (every task),
 * POST asr/v1/model/compute (speech: `{data: output[0]}` plus the answer), POST model/tryMe
 * (multipart `file` + `modelId`, image and speech tasks). Anonymous, signed (optional signature)
 * or with an application's `ulcaApiKey` header.
 */
export async function inferenceRoutes(
  fastify: FastifyInstance,
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Text bodies get kilobytes; only a body sending media the media limit (compute-body.size-limit.ts).
  const computeBodyLimit = computeMediaBodyBytes(ctx.config);
  const computeGuard = computeBodyGuard(ctx.config);

  app.post(
    MODEL_API.compute,
    {
      config: { access: SIGNATURE_OR_API_KEY },
      bodyLimit: computeBodyLimit,
      preParsing: computeGuard,
      serializerCompiler: sendAsChecked,
      schema: {
        tags: TAGS,
        summary:
          "Call a model: the compute body becomes the task's ULCA inference request; the answer is the model's (output[0].target, audio[0].audioContent, …)",
        description:
          'Anonymous calls are held to the try-panel limits (150 characters of text, 1 minute of speech); API-key calls to 5000 characters and 5 minutes.',
        body: modelComputeBody,
        response: { 200: modelComputeResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const answer = await service.runInference(ctx, currentCaller(request), body);
      // A large answer is sent as the model's own (validated) bytes: re-serialising megabytes of
      // audio would block the loop (docs/operations.md#model-answers). They are in shared memory,
      // which Fastify sends as it is only from a stream; in slices, so that no step after (the
      // compression) copies megabytes at once.
      const bytes = answerBytesOf(answer);
      return bytes ? sendAnswerBytes(reply, bytes) : answer;
    },
  );

  app.post(
    MODEL_API.computeSpeech,
    {
      config: { access: SIGNATURE_OR_API_KEY },
      bodyLimit: computeBodyLimit,
      preParsing: computeGuard,
      schema: {
        tags: TAGS,
        summary:
          'Call a speech model (asr, audio language or gender detection) with audioContent (base64) or audioUri; data = output[0] (data.source is the transcript)',
        body: modelComputeBody,
        response: { 200: modelSpeechComputeResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const answer = await service.runInference(ctx, currentCaller(request), body, { audioOnly: true });
      // The original ULCA speech endpoint's shape, for its clients: output[0] again as `data`.
      const output: unknown = answer.output;
      return { ...answer, data: Array.isArray(output) && output.length > 0 ? output[0] : {} };
    },
  );

  // Multipart only here (encapsulated): read as bytes, so an owner's signature over them verifies
  // (the models upload reads its file the same way); the rest of the API stays JSON.
  await app.register(async (scope) => {
    if (scope.hasContentTypeParser('multipart/form-data')) scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser(
      'multipart/form-data',
      multipartBytesParser(ctx.config.inferenceMaxMediaBytes + TRY_ME_FORM_SLACK_BYTES, mediaTooLarge(ctx)),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      MODEL_API.tryMe,
      {
        config: { access: SIGNATURE_OR_API_KEY },
        serializerCompiler: sendAsChecked,
        schema: {
          tags: TAGS,
          summary: 'Try an image or speech model with an uploaded file (multipart: file, modelId; modelId may also be in the query)',
          description:
            'Anonymous, signed (the optional signature covers the exact multipart bytes, so an owner or admin can try an unpublished model) ' +
            `or with an application's ulcaApiKey header. The file may be at most ${describeBytes(ctx.config.inferenceMaxMediaBytes)} (413).`,
          consumes: ['multipart/form-data'],
          querystring: tryMeQuery,
          response: { 200: modelComputeResponse, ...errors },
        },
      },
      async (request) => {
        const form = await readMultipartForm(request, () =>
          badRequest('NOT_MULTIPART', 'Send the file as multipart/form-data with the fields file and modelId.'),
        );
        const field = (name: string) => {
          const v = form.get(name);
          return typeof v === 'string' ? v : undefined;
        };
        const modelId = field('modelId') ?? request.query.modelId;
        if (!modelId) throw badRequest('VALIDATION_FAILED', 'modelId is required.', [{ field: 'modelId', message: 'Required' }]);
        const file = form.get('file');
        const bytes = file && typeof file !== 'string' ? Buffer.from(await file.arrayBuffer()) : undefined;
        if (!bytes || bytes.length === 0)
          throw badRequest('MISSING_INPUT', 'Please choose a file to upload.', [{ field: 'file', message: 'Required' }]);
        if (bytes.length > ctx.config.inferenceMaxMediaBytes) throw mediaTooLarge(ctx)();
        return service.runTryMe(
          ctx,
          currentCaller(request),
          modelId,
          { bytes, filename: file && typeof file !== 'string' ? file.name : undefined },
          field('source'),
        );
      },
    );
  });
}
