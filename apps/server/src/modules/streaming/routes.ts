import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  STREAM_TICKET_INVALID_MESSAGE,
  STREAMING_API,
  streamQuery,
  streamTicketBody,
  streamTicketResponse,
  type StreamServerMessage,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../security/auth.ts';
import { currentCaller, SIGNATURE_OR_API_KEY, signedIn } from '../../security/access.ts';
import { ApiError } from '../../lib/errors.ts';
import { errorResponses, routeOptionsFor } from '../../lib/route-schemas.ts';
import { CLIENT_MAX_FRAME_BYTES, runStream, type StreamCaller, type StreamKind } from './service.ts';
import { issueStreamTicket, redeemStreamTicket } from './tickets.ts';
import type { StreamingServices } from './state.ts';
import type { ModelsServices } from '../models/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

const TAGS = ['inference'];
const route = routeOptionsFor(TAGS);

/**
 * The caller of a stream. Without `ticket`, the signature's user and/or the API key's application the
 * access hook verified (SIGNATURE_OR_API_KEY). With `ticket` the caller is the ticket's user, and nobody else: the
 * ticket is consumed here (single use), and an invalid one, or one sent with another user's
 * signature, is refused (null) rather than falling back to an anonymous caller.
 */
async function callerOf(
  ctx: AppContext,
  request: FastifyRequest,
  modelId: string,
  ticket: string | undefined,
): Promise<StreamCaller | null> {
  if (ticket !== undefined) {
    const user = await redeemStreamTicket(ctx, ticket, modelId);
    if (!user || (request.user && request.user.userId !== user.userId)) return null;
    return { user, apiKey: null, ip: request.ip };
  }
  return currentCaller(request);
}

function refuse(socket: WebSocket, msg: StreamServerMessage): void {
  socket.send(JSON.stringify(msg));
  socket.close(1008);
}

/**
 * Registers @fastify/websocket on the root app, before any route or scope (app.ts), so that its
 * hooks reach every route: an upgrade request answered by a plain route has its socket closed with
 * the answer (else Node no longer reads that socket and it stays open after its client left;
 * docs/operations.md#request-bodies). Browser frames over CLIENT_MAX_FRAME_BYTES close the socket.
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: CLIENT_MAX_FRAME_BYTES } });
}

/**
 * Streaming relay routes (protocol in @ulca/contracts api/streaming.ts): WebSocket
 * upgrades at STREAMING_API.asr and STREAMING_API.tts with `?modelId&language[&ticket]`. Callers
 * as for model/compute: anonymous (published models only), signed (owner or admin may stream an
 * unpublished model), with an application's `ulcaApiKey` header, or with a stream ticket from the
 * signed POST STREAMING_API.ticket (tickets.ts; how the browser streams an unpublished model, its
 * WebSocket having no signature headers). Browser frames over CLIENT_MAX_FRAME_BYTES close the
 * socket (1009). A plain GET (no upgrade) answers 426.
 */
export async function streamingRoutes(
  fastify: FastifyInstance,
  ctx: AppContext<ReferenceModelServices & StreamingServices & ModelsServices>,
): Promise<void> {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    STREAMING_API.ticket,
    route(signedIn(), {
      summary:
        'A single-use stream ticket for a browser WebSocket: bound to the caller and modelId, valid 60 s; open the stream with ?ticket=',
      description:
        'For streaming a model only the caller may call (unpublished: owner or admin) from a browser, whose WebSocket cannot send the signature headers. ' +
        "The ticket is random (only its hash is stored) and is consumed when the socket opens; a used, expired or other model's ticket is refused (error frame TICKET_INVALID).",
      body: streamTicketBody,
      response: { 200: streamTicketResponse, ...errorResponses(400, 401, 404) },
    }),
    async (req) => ({ data: await issueStreamTicket(ctx, currentUser(req), req.body.modelId) }),
  );
  await fastify.register(async (scope) => {
    for (const kind of ['asr', 'tts'] as StreamKind[]) {
      // wsHandler (not `websocket: true`, which hides the route from the OpenAPI document): a plain GET gets 426 from `handler`.
      scope.route({
        method: 'GET',
        url: STREAMING_API[kind],
        config: { access: SIGNATURE_OR_API_KEY },
        schema: {
          tags: TAGS,
          summary:
            kind === 'asr'
              ? 'Streaming ASR (WebSocket upgrade): binary 16 kHz 16-bit PCM frames in, {type:"partial"|"final"} text out; {type:"stop"} ends and punctuates'
              : 'Streaming TTS (WebSocket upgrade): {type:"infer", text, gender} in, {type:"audio", seq, audioContent} out',
          description:
            'Query modelId, language. Protocol: @ulca/contracts api/streaming.ts and README "Streaming ASR and TTS". A request that is not a WebSocket upgrade gets 426.',
          response: { ...errorResponses(426) },
        },
        handler: async (_request, reply) =>
          reply
            .status(426)
            .header('upgrade', 'websocket')
            .send({ message: 'Open this path as a WebSocket (streaming relay).', code: 'UPGRADE_REQUIRED' }),
        wsHandler: async (socket, request) => {
          const query = streamQuery.safeParse(request.query);
          if (!query.success)
            return refuse(socket, {
              type: 'error',
              code: 'BAD_REQUEST',
              message: 'modelId is required (and language must be a language code).',
            });
          let caller: StreamCaller | null;
          try {
            caller = await callerOf(ctx, request, query.data.modelId, query.data.ticket);
          } catch (err) {
            return refuse(socket, {
              type: 'error',
              code: 'BAD_REQUEST',
              message: err instanceof ApiError ? err.message : 'The caller could not be verified.',
            });
          }
          if (!caller) return refuse(socket, { type: 'error', code: 'TICKET_INVALID', message: STREAM_TICKET_INVALID_MESSAGE });
          await runStream(ctx, socket, kind, caller, query.data);
        },
      });
    }
  });
}
