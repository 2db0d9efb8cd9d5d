import { ownerSubmission, randomTag, type AccessSamples } from '../access-matrix.ts';

/**
 * Datasets (docs/api.md#route-groups): the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/dataset/corpus/submit']: {
    sample: ({ caller }) => ({ body: { datasetName: `matrix-${randomTag()}`, url: 'https://example.org/d.zip', userId: caller.userId } }),
    okStatus: 200,
    owner: {
      expect: 403,
      request: (_fx, owner) => ({ body: { datasetName: 'intruder-dataset', url: 'https://example.org/d.zip', userId: owner.userId } }),
    },
  },
  ['GET /ulca/apis/v0/dataset/listByUserId']: {
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/dataset/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/dataset/listByUserId?userId=${owner.userId}` }) },
  },
  ['GET /ulca/apis/v0/dataset/getByServiceRequestNumber']: {
    sample: async ({ fx, caller }) => ({
      url: `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${await ownerSubmission(fx, caller)}`,
    }),
    okStatus: 200,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${await ownerSubmission(fx, owner)}`,
      }),
    },
  },
  ['POST /ulca/error-consumer/v0/error/report']: {
    sample: async ({ fx, caller }) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, caller) } }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, owner) } }) },
  },
  ['GET /ulca/apis/v0/dataset/error-report/{serviceRequestNumber}/{file}']: {
    sample: () => ({ url: '/ulca/apis/v0/dataset/error-report/1234567890123/summary.csv?token=forged' }),
    okStatus: 404,
    note: 'Protected by the HMAC token of the error-report link, not by a session: a forged token is 404.',
  },
  ['GET /ulca/apis/v0/dataset/samples']: {
    sample: () => ({ url: '/ulca/apis/v0/dataset/samples' }),
    okStatus: 200,
    note: 'Public: the bundled sample datasets a newcomer can submit.',
  },
  ['GET /ulca/apis/v0/dataset/samples/{file}']: {
    sample: () => ({ url: '/ulca/apis/v0/dataset/samples/parallel-en-hi.zip' }),
    okStatus: 200,
    note: 'Public: one bundled sample dataset as a zip.',
  },
};
