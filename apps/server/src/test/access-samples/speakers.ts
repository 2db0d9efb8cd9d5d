import { newApiKey, USERS, type AccessSamples, type MatrixFixture } from '../access-matrix.ts';
import { silentWav } from '../model-server.ts';
import type { TestUser } from '../users.ts';

const SPEAKERS = `${USERS}/speakers`;

/** App names made by {@link appNameOf}, per user: the matrix calls each route many times and a user holds at most 50 keys. */
const speakerApps = new Map<string, string>();

/** An app name of one of `user`'s API keys (generated once per user; the speaker routes' `appName`). */
async function appNameOf(fx: MatrixFixture, user: TestUser): Promise<string> {
  const known = speakerApps.get(user.userId);
  if (known) return known;
  const { appName } = await newApiKey(fx, user);
  speakerApps.set(user.userId, appName);
  return appName;
}

/** One second of a voiced-sounding 16 kHz PCM WAV (a 150 Hz pulse train with harmonics), base64. */
function voicedWavBase64(): string {
  const buf = silentWav(1, 16000);
  for (let i = 0; i < 16000; i++) {
    let v = 0;
    for (let h = 1; h <= 10; h++) v += Math.sin((2 * Math.PI * 150 * h * i) / 16000) / h;
    buf.writeInt16LE(Math.round(v * 6000), 44 + i * 2);
  }
  return buf.toString('base64');
}

/** The speaker routes' query for an app of `user`. */
const speakerQuery = (appName: string) => `?appName=${encodeURIComponent(appName)}&serviceProviderName=ulca-reference-models`;

/**
 * Speakers: every route needs one of the caller's app names; another user's app is 404: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  [`GET ${SPEAKERS}/list`]: {
    sample: async ({ fx, caller }) => ({ url: `${SPEAKERS}/list${speakerQuery(await appNameOf(fx, caller))}` }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ url: `${SPEAKERS}/list${speakerQuery(await appNameOf(fx, owner))}` }) },
  },
  [`POST ${SPEAKERS}/enroll`]: {
    sample: async ({ fx, caller }) => ({
      url: `${SPEAKERS}/enroll${speakerQuery(await appNameOf(fx, caller))}`,
      body: {
        pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName: 'Matrix' } }],
        inputData: { audio: [{ audioContent: voicedWavBase64() }] },
      },
    }),
    okStatus: 200,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `${SPEAKERS}/enroll${speakerQuery(await appNameOf(fx, owner))}`,
        body: {
          pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName: 'Intruder' } }],
          inputData: { audio: [{ audioContent: voicedWavBase64() }] },
        },
      }),
    },
  },
  [`POST ${SPEAKERS}/verify`]: {
    sample: async ({ fx, caller }) => ({
      url: `${SPEAKERS}/verify${speakerQuery(await appNameOf(fx, caller))}`,
      body: {
        pipelineTasks: [{ taskType: 'speaker-verification', config: { speakerId: crypto.randomUUID() } }],
        inputData: { audio: [{ audioContent: voicedWavBase64() }] },
      },
    }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `${SPEAKERS}/verify${speakerQuery(await appNameOf(fx, owner))}`,
        body: {
          pipelineTasks: [{ taskType: 'speaker-verification', config: {} }],
          inputData: { audio: [{ audioContent: voicedWavBase64() }] },
        },
      }),
    },
    note: "A speaker id outside the caller's app reads as unknown (404); speakers.int.test.ts verifies real voices and tries foreign ids.",
  },
  [`POST ${SPEAKERS}/delete`]: {
    sample: async ({ fx, caller }) => ({
      url: `${SPEAKERS}/delete${speakerQuery(await appNameOf(fx, caller))}`,
      body: { config: { speakerId: [crypto.randomUUID()] } },
    }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `${SPEAKERS}/delete${speakerQuery(await appNameOf(fx, owner))}`,
        body: { config: { speakerId: [crypto.randomUUID()] } },
      }),
    },
  },
};
