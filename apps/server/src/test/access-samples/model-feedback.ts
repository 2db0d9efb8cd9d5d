import { publishedModel, type AccessSamples } from '../access-matrix.ts';

/**
 * Model feedback: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/model/feedback/submit']: {
    sample: () => ({
      body: {
        taskType: 'translation',
        modelId: crypto.randomUUID(),
        feedback: [{ feedbackQuestion: 'Rate the translation', feedbackQuestionResponse: 4 }],
      },
    }),
    okStatus: 404,
    note: 'Anonymous, signed or ulcaApiKey; the sample names no model (404). Stored feedback, data tracking and the anonymous limit: model-feedback.int.test.ts.',
  },
  ['GET /ulca/apis/v0/model/feedback/list']: {
    sample: () => ({ url: `/ulca/apis/v0/model/feedback/list?modelId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: { expect: 403, request: async (fx) => ({ url: `/ulca/apis/v0/model/feedback/list?modelId=${await publishedModel(fx)}` }) },
    note: "The sample names no model (404 once admitted); the owner check reads the feedback of a published model the intruder does not own (403); the owner's own list: model-feedback.int.test.ts.",
  },
};
