import { newApiKey, type AccessSamples, type MatrixFixture } from '../access-matrix.ts';

/**
 * One key of a user of its own, reused by every sample here: these routes read no session, and the
 * matrix's shared users are near the 50 keys a user may hold.
 */
const keys = new WeakMap<MatrixFixture, Promise<{ ulcaApiKey: string; userId: string }>>();
function keyOf(fx: MatrixFixture): Promise<{ ulcaApiKey: string; userId: string }> {
  let k = keys.get(fx);
  if (!k) {
    k = fx.createUser().then(async (u) => ({ ulcaApiKey: (await newApiKey(fx, u)).ulcaApiKey, userId: u.userId }));
    keys.set(fx, k);
  }
  return k;
}

/**
 * Pipelines: the authorisation matrix's samples of this feature's routes (who may call each is declared on
 * the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/model/pipeline/search']: {
    sample: () => ({ body: { pipelineTasks: [{ taskType: 'translation' }] } }),
    okStatus: 200,
    note: 'Public: which task sequences the published models serve (no model endpoint or key is answered).',
  },
  ['POST /ulca/apis/v0/model/getModelsPipeline']: {
    sample: async ({ fx }) => ({
      headers: { ulcaApiKey: (await keyOf(fx)).ulcaApiKey, userID: (await keyOf(fx)).userId },
      body: { pipelineTasks: [{ taskType: 'translation', config: { language: { sourceLanguage: 'zz', targetLanguage: 'yy' } } }] },
    }),
    okStatus: 400,
    note: 'An application key (ulcaApiKey) and its owner (userID); the sample asks for a pair no model serves: 400 NO_MODEL_FOR_TASK once admitted (pipeline.int.test.ts).',
  },
  ['POST /ulca/apis/v0/model/pipeline/compute']: {
    sample: async ({ fx }) => ({
      headers: { ulcaApiKey: (await keyOf(fx)).ulcaApiKey },
      body: {
        pipelineTasks: [{ taskType: 'translation', config: { serviceId: crypto.randomUUID() } }],
        inputData: { input: [{ source: 'hello' }] },
      },
    }),
    okStatus: 400,
    note: 'An application key (ulcaApiKey); an unknown serviceId is 400 UNKNOWN_SERVICE_ID naming the stage once admitted.',
  },
};
