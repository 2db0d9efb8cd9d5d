import { ownerSubmission, type AccessSamples } from '../access-matrix.ts';

/**
 * Ready-made datasets: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/apis/v0/dataset/readymade/list']: { okStatus: 200 },
  ['POST /ulca/apis/v0/dataset/readymade/mark']: {
    owner: null,
    sample: async ({ fx }) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, await fx.createUser()), readyMade: false } }),
    okStatus: 200,
    note: "Admins list or unlist anyone's published dataset; there is nothing of the caller's own to protect.",
  },
  ['GET /ulca/apis/v0/dataset/readymade/{datasetId}/download.{format}']: {
    sample: () => ({ url: `/ulca/apis/v0/dataset/readymade/${crypto.randomUUID()}/download.json` }),
    okStatus: 404,
    note: 'Public by design, but only for datasets an admin has listed as ready-made: any other id is 404.',
  },
};
