import type { AccessSamples } from '../access-matrix.ts';

/**
 * Speech-to-speech batches: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/model/sts/batch/submit']: {
    // A literal public address (no DNS lookup), then models that do not exist: 400 UNKNOWN_MODEL once admitted.
    sample: () => ({
      body: {
        url: 'https://93.184.216.34/clips.zip',
        sourceLanguage: 'hi',
        targetLanguage: 'ur',
        asrModelId: crypto.randomUUID(),
        translationModelId: crypto.randomUUID(),
        ttsModelId: crypto.randomUUID(),
      },
    }),
    okStatus: 400,
    owner: null,
    note: 'Creates a batch of the caller; names nothing of another user. Batches end to end: sts.int.test.ts.',
  },
  ['GET /ulca/apis/v0/model/sts/batch/status']: {
    sample: () => ({ url: `/ulca/apis/v0/model/sts/batch/status?batchId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: null,
    note: "A batch needs three published models and a zip; sts.int.test.ts shows another user's batch is 404 and absent from their list.",
  },
  ['GET /ulca/apis/v0/model/sts/batch/list']: {
    okStatus: 200,
    owner: null,
    note: "Lists the caller's own batches only (sts.int.test.ts).",
  },
  ['GET /ulca/apis/v0/model/sts/batch/download/{batchId}']: {
    sample: () => ({ url: `/ulca/apis/v0/model/sts/batch/download/${crypto.randomUUID()}?expires=9999999999&token=forged` }),
    okStatus: 404,
    note: 'The link is a bearer token (HMAC over batch, owner and expiry; one hour): a forged, altered or expired token is 404 (sts.int.test.ts).',
  },
};
