import type { AccessSamples } from '../access-matrix.ts';

/**
 * Master data: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/mdms/v0/fetch-master/bulk']: {
    sample: () => ({ body: { masterNames: ['languages', 'datasetFilterParams'] } }),
    okStatus: 200,
  },
  ['GET /ulca/mdms/v0/app-config']: { okStatus: 200 },
};
