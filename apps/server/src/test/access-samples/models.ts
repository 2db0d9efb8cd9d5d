import { publishedModel, type AccessSamples } from '../access-matrix.ts';

/**
 * Models: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/model/upload']: {
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/model/upload?userId=${caller.userId}`, body: {} }),
    okStatus: 400,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/model/upload?userId=${owner.userId}`, body: {} }) },
    note: 'The matrix sends JSON: an admitted caller hears 400 "send the file as multipart"; multipart uploads are tested in models.int.test.ts. Claiming another userId is 403.',
  },
  ['GET /ulca/apis/v0/model/listByUserId']: {
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/model/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/model/listByUserId?userId=${owner.userId}` }) },
  },
  ['POST /ulca/apis/v0/model/search']: {
    sample: () => ({
      body: { task: 'parallel-corpus', sourceLanguage: '', targetLanguage: '', domain: 'All', submitter: 'All', userId: null },
    }),
    okStatus: 200,
    note: "Public explore search (published models only); a dataset type as task lists ready-made datasets (the original ULCA client's ready-made page).",
  },
  ['GET /ulca/apis/v0/model/getModel']: {
    sample: async ({ fx }) => ({ url: `/ulca/apis/v0/model/getModel?modelId=${await publishedModel(fx)}` }),
    okStatus: 200,
    note: 'A published model is public; an unpublished one answers its owner and admins only (404 to others, models.int.test.ts).',
  },
  ['POST /ulca/apis/v0/model/status/change']: {
    sample: () => ({ body: { modelId: crypto.randomUUID(), status: 'published' } }),
    okStatus: 404,
    owner: {
      expect: 403,
      request: async (fx) => ({ body: { modelId: await publishedModel(fx), status: 'unpublished', unpublishReason: 'intruder' } }),
    },
    note: "The sample names no model (404 once admitted); the owner check tries to unpublish a published model the intruder does not own (403); another user's unpublished model is 404 (models.int.test.ts).",
  },
  ['GET /ulca/apis/v0/model/getTransliterationModelId']: {
    sample: async ({ fx }) => {
      await publishedModel(fx);
      return { url: '/ulca/apis/v0/model/getTransliterationModelId?sourceLanguage=en&targetLanguage=hi' };
    },
    okStatus: 200,
  },
};
