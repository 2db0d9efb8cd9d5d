import type { AccessSamples } from '../access-matrix.ts';

/**
 * Hosted inference: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/model/compute']: {
    sample: () => ({ body: { modelId: crypto.randomUUID(), task: 'translation', input: [{ source: 'hello' }] } }),
    okStatus: 404,
    note: 'Public try-it (anonymous, signed or ulcaApiKey); an unknown or unpublished model is 404 (inference.int.test.ts: owner and admin reach unpublished models).',
  },
  ['POST /ulca/apis/asr/v1/model/compute']: {
    sample: () => ({ body: { modelId: crypto.randomUUID(), task: 'asr', source: 'hi', audioUri: 'https://example.org/a.wav' } }),
    okStatus: 404,
    note: 'As model/compute, for speech models.',
  },
  ['POST /ulca/apis/v0/model/tryMe']: {
    note: 'Multipart upload to an image/speech model (anonymous, signed over the exact multipart bytes, or ulcaApiKey); a signature, when sent, must verify: owners and admins try unpublished models this way. A JSON body is refused before any model is called.',
  },
};
