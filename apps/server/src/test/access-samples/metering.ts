import { newApiKey, type AccessSamples } from '../access-matrix.ts';

/**
 * Usage and quotas: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['GET /ulca/apis/v0/usage/key']: {
    sample: () => ({ url: '/ulca/apis/v0/usage/key?ulcaApiKey=ulca_000000000000' }),
    okStatus: 404,
    note: "Any signed-in user, for their own keys (an ADMIN for any key); the sample names a key nobody has (404, as for another user's key: the matrix's shared users are near the 50-key limit). 200 with usage: metering.int.test.ts.",
    owner: {
      expect: 404,
      request: async (fx, owner) => ({ url: `/ulca/apis/v0/usage/key?ulcaApiKey=${(await newApiKey(fx, owner)).keyId}` }),
    },
  },
  ['GET /ulca/apis/v0/usage/all']: { okStatus: 200, owner: null, note: "ADMIN only: every key's usage." },
  ['GET /ulca/apis/v0/usage/quota']: { okStatus: 200, owner: null, note: 'ADMIN only: the daily limits set.' },
  ['POST /ulca/apis/v0/usage/quota']: {
    sample: () => ({ body: { ulcaApiKey: 'ulca_000000000000', unit: 'calls', dailyLimit: 10 } }),
    okStatus: 404,
    owner: null,
    note: 'ADMIN only; the sample names a key nobody has (404). Setting limits: metering.int.test.ts.',
  },
};
