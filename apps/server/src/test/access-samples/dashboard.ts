import type { AccessSamples } from '../access-matrix.ts';

/**
 * Dashboard metrics (docs/api.md#route-groups; public, answered from the rollup): the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/data-metric/v0/store/search']: {
    sample: () => ({ body: { type: 'parallel-corpus', criterions: null, groupby: null } }),
    okStatus: 200,
  },
  ['POST /ulca/data-metric/v0/store/reports']: { sample: () => ({ body: {} }), okStatus: 200 },
  ['POST /ulca/data-metric/v0/store/reportdata']: {
    sample: () => ({ body: {} }),
    okStatus: 200,
    note: "The original ULCA client's path of store/reports.",
  },
};
