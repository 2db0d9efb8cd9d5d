import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { STREAMING_API, streamQuery, type StreamServerMessage } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { optionalAuth } from '../../security/auth.ts';
import { ApiError } from '../../lib/errors.ts';
import { errorResponse } from '../../lib/route-schemas.ts';
import { verifyApiKey } from '../keys/service.ts';
import { CLIENT_MAX_FRAME_BYTES, runStream, type StreamCaller, type StreamKind } from './service.ts';

const TAGS = ['inference'];

async function callerOf(ctx: AppContext, request: FastifyRequest): Promise<StreamCaller> {
  const header = request.headers.ulcaapikey;
  const apiKey = header === undefined ? null : await verifyApiKey(ctx, typeof header === 'string' ? header : undefined);
  return {
    user: request.user ? { userId: request.user.userId, roles: request.user.roles } : null,
    apiKey: apiKey ? { keyId: apiKey.keyId, userID: apiKey.userID } : null,
    ip: request.ip,
  };
}

function refuse(socket: WebSocket, msg: StreamServerMessage): void {
  socket.send(JSON.stringify(msg));
  socket.close(1008);
}

/**
 * Streaming relay routes (issue #14; protocol in @ulca/contracts api/streaming.ts): WebSocket
 * upgrades at STREAMING_API.asr and STREAMING_API.tts with `?modelId&language`. Callers as for
 * model/compute: anonymous (published models only), signed (owner or admin may stream an
 * unpublished model) or with an application's `ulcaApiKey` header. Browser frames over
 * CLIENT_MAX_FRAME_BYTES close the socket (1009). A plain GET (no upgrade) answers 426.
 */
export async function streamingRoutes(fastify: FastifyInstance, ctx: AppContext): Promise<void> {
  const optional = optionalAuth(ctx);
  await fastify.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: CLIENT_MAX_FRAME_BYTES } });
    for (const kind of ['asr', 'tts'] as StreamKind[]) {
      // wsHandler (not `websocket: true`, which hides the route from the OpenAPI document): a plain GET gets 426 from `handler`.
      scope.route({
        method: 'GET',
        url: STREAMING_API[kind],
        preHandler: optional,
        schema: {
          tags: TAGS,
          summary:
            kind === 'asr'
              ? 'Streaming ASR (WebSocket upgrade): binary 16 kHz 16-bit PCM frames in, {type:"partial"|"final"} text out; {type:"stop"} ends and punctuates'
              : 'Streaming TTS (WebSocket upgrade): {type:"infer", text, gender} in, {type:"audio", seq, audioContent} out',
          description: 'Query modelId, language. Protocol: @ulca/contracts api/streaming.ts and README "Streaming ASR and TTS". A request that is not a WebSocket upgrade gets 426.',
          response: { 426: errorResponse },
        },
        handler: async (_request, reply) => reply.status(426).header('upgrade', 'websocket').send({ message: 'Open this path as a WebSocket (streaming relay).', code: 'UPGRADE_REQUIRED' }),
        wsHandler: async (socket, request) => {
          const query = streamQuery.safeParse(request.query);
          if (!query.success) return refuse(socket, { type: 'error', code: 'BAD_REQUEST', message: 'modelId is required (and language must be a language code).' });
          let caller: StreamCaller;
          try {
            caller = await callerOf(ctx, request);
          } catch (err) {
            return refuse(socket, { type: 'error', code: 'BAD_REQUEST', message: err instanceof ApiError ? err.message : 'The caller could not be verified.' });
          }
          await runStream(ctx, socket, kind, caller, query.data);
        },
      });
    }
  });
}
