import { newApiKey, USERS, type AccessSample, type AccessSamples, type MatrixFixture, type SampleRequest } from '../access-matrix.ts';
import type { TestUser } from '../users.ts';

/** A valid glossary entry for the matrix samples. */
const GLOSSARY_SAMPLE = { sourceLanguage: 'hi', targetLanguage: 'ur', sourceText: 'राम', targetText: 'رام' };

/**
 * Glossary calls: the sample names an app of the caller (a fresh API key); the intruder naming the
 * owner's app gets 404 APP_NOT_FOUND, as for an app nobody has.
 */
const glossaryCall = (request: (fx: MatrixFixture, caller: TestUser, appName: string) => Promise<SampleRequest>): AccessSample => ({
  sample: async ({ fx, caller }) => request(fx, caller, (await newApiKey(fx, caller)).appName),
  owner: {
    expect: 404,
    request: async (fx, owner) => {
      const { appName } = await newApiKey(fx, owner);
      // Built (and, for delete, the entry created) as the owner; sent by the intruder.
      return request(fx, owner, appName);
    },
  },
});

/**
 * Glossary (docs/api.md#glossary): the app must be one of the caller's API keys: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  [`GET ${USERS}/glossary/fetch-all`]: {
    ...glossaryCall(async (fx, caller, appName) => ({
      url: `${USERS}/glossary/fetch-all?appName=${encodeURIComponent(appName)}&serviceProviderName=ulca-reference-models`,
    })),
    okStatus: 200,
  },
  [`POST ${USERS}/glossary/create`]: {
    ...glossaryCall(async (fx, caller, appName) => ({
      body: { appName, serviceProviderName: 'ulca-reference-models', glossary: [GLOSSARY_SAMPLE] },
    })),
    okStatus: 200,
  },
  [`POST ${USERS}/glossary/delete`]: {
    ...glossaryCall(async (fx, caller, appName) => {
      const res = await fx.call(caller, 'POST', `${USERS}/glossary/create`, {
        appName,
        serviceProviderName: 'ulca-reference-models',
        glossary: [GLOSSARY_SAMPLE],
      });
      if (res.statusCode !== 200) throw new Error(`glossary create failed: ${res.body}`);
      return { body: { appName, serviceProviderName: 'ulca-reference-models', glossary: [GLOSSARY_SAMPLE] } };
    }),
    okStatus: 200,
  },
};
