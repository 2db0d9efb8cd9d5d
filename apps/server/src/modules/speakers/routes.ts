import type { FastifyInstance } from 'fastify';
import {
  SPEAKERS_API,
  speakerDeleteBody,
  speakerDeleteResponse,
  speakerEnrollBody,
  speakerEnrollResponse,
  speakerListResponse,
  speakerScopeQuery,
  speakerVerifyBody,
  speakerVerifyResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { errorResponses, typedRoutes } from '../../lib/route-schemas.ts';
import { currentUser } from '../../security/auth.ts';
import { signedIn } from '../../security/access.ts';
import * as service from './service.ts';
import type { SpeakerServices } from './dsp.ts';

/** A request may carry up to three base64 audio items; a minute of 16-bit 48 kHz stereo WAV is ~15 MiB as base64. */
const SPEAKER_BODY_LIMIT = 24 * 1024 * 1024;
const errors = { ...errorResponses(400, 401, 404, 413) };

/**
 * Speaker routes (docs/api.md#speakers; docs/product.md#speaker-recognition), signed calls of any role, each with the query
 * `appName` (one of the caller's API keys) and `serviceProviderName`:
 * GET speakers/list, POST speakers/enroll, speakers/verify, speakers/delete.
 */
export async function speakerRoutes(fastify: FastifyInstance, ctx: AppContext<SpeakerServices>): Promise<void> {
  const { app, route } = typedRoutes(fastify, ['speakers']);

  app.get(
    SPEAKERS_API.list,
    route(signedIn(), {
      summary: "The speakers enrolled in one of the caller's applications for a service provider, newest first",
      querystring: speakerScopeQuery,
      response: { 200: speakerListResponse, ...errors },
    }),
    async (req) => {
      const speakers = await service.listSpeakers(ctx, currentUser(req), req.query);
      return { message: speakers.length ? 'Speakers' : 'No records found.', speakers };
    },
  );

  app.post(
    SPEAKERS_API.enroll,
    route(
      signedIn(),
      {
        summary:
          'Enrol a speaker from up to three recordings (wav, mp3, flac or ogg; 1 minute each at most); engine: the MFCC-statistics baseline',
        querystring: speakerScopeQuery,
        body: speakerEnrollBody,
        response: { 200: speakerEnrollResponse, ...errors },
      },
      { bodyLimit: SPEAKER_BODY_LIMIT },
    ),
    async (req) => {
      const output = await service.enrollSpeaker(ctx, currentUser(req), req.query, req.body, {
        ip: req.ip,
      });
      return { message: output.message, taskType: 'speaker-enrollment' as const, output: [output] };
    },
  );

  app.post(
    SPEAKERS_API.verify,
    route(
      signedIn(),
      {
        summary:
          'Verify a voice against one speaker (config.speakerId) or find the best-matching speaker of the application; confidence is a fraction',
        querystring: speakerScopeQuery,
        body: speakerVerifyBody,
        response: { 200: speakerVerifyResponse, ...errors },
      },
      { bodyLimit: SPEAKER_BODY_LIMIT },
    ),
    async (req) => {
      const output = await service.verifySpeaker(ctx, currentUser(req), req.query, req.body);
      return {
        message: output.message,
        taskType: 'speaker-verification' as const,
        output: [output],
        engine: { name: service.SPEAKER_ENGINE, threshold: service.SPEAKER_THRESHOLD, baseline: true },
      };
    },
  );

  app.post(
    SPEAKERS_API.delete,
    route(signedIn(), {
      summary: "Delete speakers of one of the caller's applications",
      querystring: speakerScopeQuery,
      body: speakerDeleteBody,
      response: { 200: speakerDeleteResponse, ...errors },
    }),
    async (req) => {
      const deleted = await service.deleteSpeakers(ctx, currentUser(req), req.query, req.body, {
        ip: req.ip,
      });
      return { message: deleted === 1 ? 'Speaker deleted successfully' : `${deleted} speakers deleted successfully`, deleted };
    },
  );
}
