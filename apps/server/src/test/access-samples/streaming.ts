import type { AccessSamples } from '../access-matrix.ts';
import { insertTestModel } from '../models.ts';

/**
 * Streaming relay: WebSocket upgrades; a plain GET is 426 after the caller checks: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/apis/v0/model/streaming/asr']: {
    sample: () => ({ url: `/ulca/apis/v0/model/streaming/asr?modelId=${crypto.randomUUID()}` }),
    okStatus: 426,
    note: 'Streaming ASR over a WebSocket, callers as model/compute; the model checks (published, or owner/admin) run on the socket (streaming.int.test.ts).',
  },
  ['GET /ulca/apis/v0/model/streaming/tts']: {
    sample: () => ({ url: `/ulca/apis/v0/model/streaming/tts?modelId=${crypto.randomUUID()}` }),
    okStatus: 426,
    note: 'Streaming TTS over a WebSocket, as streaming/asr.',
  },
  ['POST /ulca/apis/v0/model/streaming/ticket']: {
    sample: () => ({ body: { modelId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        body: {
          modelId: await insertTestModel(fx.ctx, {
            userId: owner.userId,
            task: 'asr',
            callbackUrl: 'ws://127.0.0.1:1/asr/',
            status: 'unpublished',
          }),
        },
      }),
    },
    note: "A stream ticket is issued only for a streaming model the caller may call: another user's unpublished model is 404 (streaming.int.test.ts attacks the tickets: replay, other model, other user, expiry, concurrent use).",
  },
};
