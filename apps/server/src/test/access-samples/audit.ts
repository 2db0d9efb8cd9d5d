import type { AccessSamples } from '../access-matrix.ts';

/**
 * The audit log (admins): the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/user-mgmt/v1/audit']: { owner: null, sample: () => ({ url: '/ulca/user-mgmt/v1/audit?offset=0&limit=5' }), okStatus: 200 },
};
