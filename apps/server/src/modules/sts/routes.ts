import type { FastifyInstance } from 'fastify';
import {
  STS_API,
  stsBatchDownloadParams,
  stsBatchDownloadQuery,
  stsBatchListResponse,
  stsBatchStatusQuery,
  stsBatchStatusResponse,
  stsBatchSubmitBody,
  stsBatchSubmitResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { PUBLIC, signedIn } from '../../security/access.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { notFound } from '../../lib/errors.ts';
import { sendObject } from '../../storage/send-object.ts';
import * as service from './service.ts';
import type { ModelsServices } from '../models/service.ts';

const LINK_GONE = 'This download link is not valid or has expired.';

/**
 * Speech-to-speech batch routes (docs/product.md#speech-to-speech "Speech-to-speech tab" batch field): submit
 * (signed), status and list (signed, the caller's own batches only), and the result download by a
 * signed link from the status answer.
 */
export async function stsRoutes(fastify: FastifyInstance, ctx: AppContext<ModelsServices>): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['sts']);

  app.post(
    STS_API.batchSubmit,
    route(signedIn(), {
      summary:
        'Queue a speech-to-speech batch: a public URL of a zip of audio files run through the chosen asr, translation and tts models',
      description:
        'The zip is downloaded under the outbound guard (private addresses refused, STS_BATCH_MAX_ZIP_BYTES), at most STS_BATCH_MAX_FILES audio files ' +
        '(wav, mp3, flac, ogg; other entries are listed as skipped), each at most 1 minute. The result zip holds per file <name>.transcript.txt, ' +
        '<name>.translation.txt and <name>.<target>.wav, plus summary.csv and summary.json.',
      body: stsBatchSubmitBody,
      response: { 200: stsBatchSubmitResponse, ...errorResponses(400, 401) },
    }),
    async (req) => ({
      message: service.STS_BATCH_SUBMITTED_MESSAGE,
      data: await service.submitBatch(ctx, currentUser(req), req.body),
    }),
  );

  app.get(
    STS_API.batchStatus,
    route(signedIn(), {
      summary:
        "A batch's progress (files done/failed of total), per-file outcomes and, when Completed, a signed download link (the caller's own batch; 404 otherwise)",
      querystring: stsBatchStatusQuery,
      response: { 200: stsBatchStatusResponse, ...errorResponses(401, 404) },
    }),
    async (req) => ({ data: await service.getBatchStatus(ctx, currentUser(req), req.query.batchId) }),
  );

  app.get(
    STS_API.batchList,
    route(signedIn(), {
      summary: "The caller's speech-to-speech batches, newest first",
      response: { 200: stsBatchListResponse, ...errorResponses(401) },
    }),
    async (req) => ({ data: await service.listBatches(ctx, currentUser(req)) }),
  );

  app.get(
    `${STS_API.batchDownload}/:batchId`,
    route(PUBLIC, {
      summary:
        'Downloads the result zip of a Completed batch by the link of its status answer (valid one hour; 404 when missing, altered or expired)',
      params: stsBatchDownloadParams,
      querystring: stsBatchDownloadQuery,
    }),
    async (req, reply) => {
      const { expires, token } = req.query;
      if (!expires || !token) throw notFound(LINK_GONE);
      const key = await service.resultForLink(ctx, req.params.batchId, Number(expires), token);
      if (!key) throw notFound(LINK_GONE);
      return sendObject(req, reply, ctx.store, key, {
        type: 'application/zip',
        filename: `sts-batch-${req.params.batchId}.zip`,
        missing: LINK_GONE,
      });
    },
  );
}
