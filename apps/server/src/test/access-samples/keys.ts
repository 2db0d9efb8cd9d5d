import { newApiKey, randomTag, USERS, type AccessSample, type AccessSamples, type MatrixFixture } from '../access-matrix.ts';
import type { TestUser } from '../users.ts';

/** Key calls: userID must be the caller; a foreign key is 404. */
const keyCall = (extra: (fx: MatrixFixture, caller: TestUser, keyId: string) => Record<string, unknown>): AccessSample => ({
  sample: async ({ fx, caller }) => {
    const { keyId } = await newApiKey(fx, caller);
    return { body: { userID: caller.userId, ulcaApiKey: keyId, ...extra(fx, caller, keyId) } };
  },
  owner: {
    expect: 404,
    request: async (fx, owner, intruder) => {
      const { keyId } = await newApiKey(fx, owner);
      return { body: { userID: intruder.userId, ulcaApiKey: keyId, ...extra(fx, intruder, keyId) } };
    },
  },
});

/**
 * API keys (docs/product.md#profile-and-api-keys Profile, docs/product.md#entities-and-fields, docs/api.md#route-groups): the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  [`POST ${USERS}/generateApiKey`]: {
    sample: ({ caller }) => ({ body: { userID: caller.userId, appName: `app-${randomTag()}` } }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ body: { userID: owner.userId, appName: 'intruder-app' } }) },
  },
  [`POST ${USERS}/getApiKeysForProfile`]: {
    sample: ({ caller }) => ({ body: { userID: caller.userId } }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ body: { userID: owner.userId } }) },
  },
  [`POST ${USERS}/revokeApiKey`]: { ...keyCall(() => ({})), okStatus: 200 },
  [`POST ${USERS}/generateServiceProviderKey`]: { ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models' })), okStatus: 200 },
  [`POST ${USERS}/removeServiceProviderKey`]: {
    ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models' })),
    okStatus: 404,
    note: 'The sample key has no provider key yet: 404 once admitted.',
  },
  [`POST ${USERS}/dataTrackingToggle`]: {
    ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models', dataTracking: true })),
    okStatus: 200,
  },
  ['GET /ulca/apis/v0/api-key/whoami']: {
    sample: async ({ fx, caller }) => {
      const res = await fx.call(caller, 'POST', `${USERS}/generateApiKey`, { userID: caller.userId, appName: `app-${randomTag()}` });
      return { headers: { ulcaApiKey: res.json().data.ulcaApiKey as string } };
    },
    okStatus: 200,
    note: 'Authenticated by the ulcaApiKey header (an application key), not by a session; key checks in keys.int.test.ts.',
  },
};
