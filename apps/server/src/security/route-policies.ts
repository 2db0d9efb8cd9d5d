import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Role } from './roles.ts';
import type { TestUser } from '../test/users.ts';
import { silentWav } from '../test/model-server.ts';
import { registerReferenceModel } from '../modules/models/service.ts';
import { insertTestModel } from '../test/models.ts';

/**
 * Who may call what: one entry per route of the OpenAPI document (issue #4 §4, the authorisation
 * matrix). `authorization-matrix.int.test.ts` reads this table and, for every route in
 * GET /ulca/docs/json, sends the route's sample request as
 *
 *   anonymous · key header only · a wrong signature · a valid signature replayed with another body
 *   (or query) · each of the 5 roles · another user's resource (same role, not ADMIN)
 *
 * and checks the status against the entry. A route in the document without an entry, or an entry
 * without a route, fails the test with its name.
 *
 * Adding a route? Add `'METHOD /path'` here, the path exactly as in the OpenAPI document (`{param}`
 * for path parameters). Give a `sample` when the generated one (required fields from the route's
 * schema, `userId`/`userID` = the caller, path parameters 'x') would not pass validation, and an
 * `owner` check when the route reads or changes something that belongs to a user.
 */

/** Every role (a signed route open to any signed-in user). */
export const ANY_ROLE: readonly Role[] = ['CONTRIBUTOR-USER', 'READONLY-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'EXTERNAL-CONSORTIUM-MEMBER', 'ADMIN'];
/** Dataset contributors (spec 01 §6: My Contribution, Submit Dataset). */
export const CONTRIBUTORS: readonly Role[] = ['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'];
/** Who may search and download records (spec 01 §6; not consortium members). */
export const SEARCHERS: readonly Role[] = ['READONLY-USER', 'CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'];
/** Administrators only. */
export const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/** A request of the matrix: the URL (path with parameters filled, plus query) and the JSON body. */
export interface SampleRequest {
  /** Path and query, e.g. `/ulca/apis/v0/dataset/listByUserId?userId=…`. Default: the path with each `{param}` = 'x', required query fields generated. */
  url?: string;
  /** JSON body (POST/PUT/PATCH). Default: generated from the route's body schema (required fields only). */
  body?: unknown;
  /** Extra request headers (e.g. `ulcaApiKey`). */
  headers?: Record<string, string>;
}

/** What the matrix offers to sample and owner builders. */
export interface MatrixFixture {
  app: FastifyInstance;
  ctx: AppContext;
  /** One signed-in user per role, shared by the whole matrix (do not log them out). */
  users: Record<Role, TestUser>;
  /** Creates an active user with these roles (default CONTRIBUTOR-USER) and signs it in. */
  createUser(roles?: Role[]): Promise<TestUser>;
  /** Sends a JSON request signed as `user`; anonymous when `user` is undefined. */
  call(user: TestUser | undefined, method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

/** The caller a sample is built for (for anonymous and tampered calls: the ADMIN user, whose key is then misused). */
export interface SampleContext {
  fx: MatrixFixture;
  caller: TestUser;
}

/** How to try to reach another user's resource. */
export interface OwnerCheck {
  /**
   * Builds a request for something that belongs to `owner` (create it here), which `intruder`, a
   * different user with the same role, will send.
   */
  request(fx: MatrixFixture, owner: TestUser, intruder: TestUser): Promise<SampleRequest> | SampleRequest;
  /** What the intruder must get: 404 when the route hides that the resource exists, 403 when it refuses openly. */
  expect: 403 | 404;
  /** Role of owner and intruder (default CONTRIBUTOR-USER; must be one of the route's roles, not ADMIN). */
  role?: Role;
}

interface CommonPolicy {
  /** A valid request for the caller (see {@link SampleRequest} for the defaults). */
  sample?: (s: SampleContext) => Promise<SampleRequest> | SampleRequest;
  /** Exact status an admitted caller must get with the sample; default any status but 401, 403 and 5xx. */
  okStatus?: number;
  /** Why the route is open or closed as it is, when not obvious. */
  note?: string;
}

/** Anyone, signed or not; signature headers are ignored. */
export interface PublicPolicy extends CommonPolicy {
  access: 'public';
}

/** Anyone; a call that carries a `key` header must be correctly signed (optionalAuth). */
export interface OptionalPolicy extends CommonPolicy {
  access: 'optional';
}

/** Signed calls (requireAuth) by the listed roles; 401 unsigned or badly signed, 403 other roles. */
export interface SignedPolicy extends CommonPolicy {
  access: 'signed';
  roles: readonly Role[];
  /** Another user's resource, or null when the route has no per-user resource (say why in `note`). */
  owner: OwnerCheck | null;
  /** The sample spends the caller's session (logout): the matrix signs it with a fresh session. */
  freshSession?: boolean;
}

/** One entry of {@link ROUTE_POLICIES}. */
export type RoutePolicy = PublicPolicy | OptionalPolicy | SignedPolicy;

const USERS = '/ulca/user-mgmt/v1/users';
const STRONG_PASSWORD = 'N3w&Password';

/** An active contributor's e-mail whose account the caller does not own (admin targets). */
async function otherUser(fx: MatrixFixture): Promise<TestUser> {
  return fx.createUser(['CONTRIBUTOR-USER']);
}

/** Generates an API key for `owner` and returns its identifier. */
async function ownerApiKey(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const res = await fx.call(owner, 'POST', `${USERS}/generateApiKey`, { userID: owner.userId, appName: `app-${Math.random().toString(36).slice(2, 10)}` });
  if (res.statusCode !== 200) throw new Error(`generateApiKey failed: ${res.body}`);
  return (res.json().data.ulcaApiKey as string).split('.')[0];
}

/** App names made by {@link appNameOf}, per user: the matrix calls each route many times and a user holds at most 50 keys. */
const speakerApps = new Map<string, string>();

/** An app name of one of `user`'s API keys (generated once per user; the speaker routes' `appName`). */
async function appNameOf(fx: MatrixFixture, user: TestUser): Promise<string> {
  const known = speakerApps.get(user.userId);
  if (known) return known;
  const appName = `app-${Math.random().toString(36).slice(2, 10)}`;
  const res = await fx.call(user, 'POST', `${USERS}/generateApiKey`, { userID: user.userId, appName });
  if (res.statusCode !== 200) throw new Error(`generateApiKey failed: ${res.body}`);
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
const SPEAKERS = `${USERS}/speakers`;

/**
 * Submits a dataset as `owner` (the job is queued, no worker runs) and returns its service request
 * number; for a caller whose role may not submit (who will be refused anyway) a made-up number.
 */
async function ownerSubmission(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const res = await fx.call(owner, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName: `matrix-${Math.random().toString(36).slice(2, 10)}`,
    url: 'https://example.org/dataset.zip',
    userId: owner.userId,
  });
  if (res.statusCode === 403) return '17000000000001234';
  if (res.statusCode !== 200) throw new Error(`submit failed: ${res.body}`);
  return res.json().data.serviceRequestNumber as string;
}

/**
 * Submits a search as `owner` (the export job is queued, no worker runs) and returns its service
 * request number; for a caller whose role may not search (refused anyway) a made-up number.
 */
async function ownerSearch(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const res = await fx.call(owner, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
    userId: owner.userId,
    datasetType: 'parallel-corpus',
    criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
  });
  if (res.statusCode === 403) return '17000000000004321';
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  return res.json().data.serviceRequestNumber as string;
}

/** Key calls of spec 02 §7: userID must be the caller; a foreign key is 404. */
const keyCall = (extra: (fx: MatrixFixture, caller: TestUser, keyId: string) => Record<string, unknown>): SignedPolicy => ({
  access: 'signed',
  roles: ANY_ROLE,
  sample: async ({ fx, caller }) => {
    const keyId = await ownerApiKey(fx, caller);
    return { body: { userID: caller.userId, ulcaApiKey: keyId, ...extra(fx, caller, keyId) } };
  },
  owner: {
    expect: 404,
    request: async (fx, owner, intruder) => {
      const keyId = await ownerApiKey(fx, owner);
      return { body: { userID: intruder.userId, ulcaApiKey: keyId, ...extra(fx, intruder, keyId) } };
    },
  },
});

/** A valid glossary entry for the matrix samples. */
const GLOSSARY_SAMPLE = { sourceLanguage: 'hi', targetLanguage: 'ur', sourceText: 'राम', targetText: 'رام' };

/**
 * Glossary calls: signed, any role; the sample names an app of the caller (a fresh API key); the
 * intruder naming the owner's app gets 404 APP_NOT_FOUND, as for an app nobody has.
 */
const glossaryCall = (request: (fx: MatrixFixture, caller: TestUser, appName: string) => Promise<SampleRequest>): SignedPolicy => ({
  access: 'signed',
  roles: ANY_ROLE,
  sample: async ({ fx, caller }) => request(fx, caller, await ownerAppName(fx, caller)),
  owner: {
    expect: 404,
    request: async (fx, owner, intruder) => {
      const appName = await ownerAppName(fx, owner);
      // Built (and, for delete, the entry created) as the owner; sent by the intruder.
      const req = await request(fx, owner, appName);
      void intruder;
      return req;
    },
  },
});

/** Generates an API key for `owner` and returns its app name. */
async function ownerAppName(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const appName = `app-${Math.random().toString(36).slice(2, 10)}`;
  const res = await fx.call(owner, 'POST', `${USERS}/generateApiKey`, { userID: owner.userId, appName });
  if (res.statusCode !== 200) throw new Error(`generateApiKey failed: ${res.body}`);
  return appName;
}

/**
 * Registers a published transliteration model (en → hi) with a fresh name, owned by the platform's
 * reference-models account (no endpoint call), and returns its id: a model no matrix user owns.
 */
async function publishedModel(fx: MatrixFixture): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const model = await registerReferenceModel(fx.ctx, {
    descriptor: {
      name: `Matrix transliteration ${tag}`,
      description: 'A transliteration model registered by the authorisation matrix.',
      task: { type: 'transliteration' },
      languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
      license: 'mit',
      domain: ['general'],
      submitter: { name: 'Matrix Lab' },
      trainingDataset: { description: 'none' },
      inferenceEndPoint: {
        callbackUrl: 'http://127.0.0.1:9/transliteration',
        schema: { taskType: 'transliteration', request: { input: [{ source: 'namaste' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } } },
      },
    },
    engineCard: { kind: 'rule-based', engine: 'matrix', limits: [] },
    callbackUrl: 'http://127.0.0.1:9/transliteration',
  });
  return model.modelId;
}

/**
 * The policy table. Keys: `'METHOD /path'` as in the OpenAPI document.
 * Keep entries grouped by module; each module's owner keeps its entries right.
 */
export const ROUTE_POLICIES: Record<string, RoutePolicy> = {
  // ── accounts (spec 01 §7) ────────────────────────────────────────────────────────────────────
  [`POST ${USERS}/signup`]: {
    access: 'public',
    sample: () => ({ body: { users: [{ firstName: 'Matrix User', email: `m${Math.random().toString(36).slice(2, 10)}@example.org`, password: STRONG_PASSWORD }] } }),
    okStatus: 200,
  },
  [`POST ${USERS}/verify-user`]: { access: 'public', sample: () => ({ body: { email: 'a@example.org', userID: 'x', token: 'x' } }), okStatus: 400 },
  [`POST ${USERS}/login`]: {
    access: 'public',
    sample: async ({ fx }) => {
      const u = await otherUser(fx);
      return { body: { authenticator: 'ULCA', data: { email: u.email, password: u.password } } };
    },
    okStatus: 200,
  },
  [`POST ${USERS}/logout`]: { access: 'signed', roles: ANY_ROLE, owner: null, freshSession: true, sample: () => ({ body: {} }), note: 'Ends the session that signed it; nothing of another user to name.' },
  [`GET ${USERS}/me`]: { access: 'signed', roles: ANY_ROLE, owner: null, okStatus: 200, note: 'Always the caller.' },
  [`POST ${USERS}/forgot-password`]: { access: 'public', sample: () => ({ body: { email: 'nobody@example.org' } }), okStatus: 200 },
  [`POST ${USERS}/get/token/status`]: { access: 'public', sample: () => ({ body: { token: 'x'.repeat(43) } }), okStatus: 400 },
  [`POST ${USERS}/reset-password`]: {
    access: 'public',
    sample: () => ({ body: { email: 'nobody@example.org', token: 'x'.repeat(43), password: STRONG_PASSWORD } }),
    okStatus: 400,
  },

  // ── API keys (spec 02 §2 Profile, §3, §7) ─────────────────────────────────────────────────────
  [`POST ${USERS}/generateApiKey`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: ({ caller }) => ({ body: { userID: caller.userId, appName: `app-${Math.random().toString(36).slice(2, 10)}` } }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ body: { userID: owner.userId, appName: 'intruder-app' } }) },
  },
  [`POST ${USERS}/getApiKeysForProfile`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: ({ caller }) => ({ body: { userID: caller.userId } }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ body: { userID: owner.userId } }) },
  },
  [`POST ${USERS}/revokeApiKey`]: { ...keyCall(() => ({})), okStatus: 200 },
  [`POST ${USERS}/generateServiceProviderKey`]: { ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models' })), okStatus: 200 },
  [`POST ${USERS}/removeServiceProviderKey`]: { ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models' })), okStatus: 404, note: 'The sample key has no provider key yet: 404 once admitted.' },
  [`POST ${USERS}/dataTrackingToggle`]: { ...keyCall(() => ({ serviceProviderName: 'ulca-reference-models', dataTracking: true })), okStatus: 200 },
  // ── glossary (spec 02 §7; DESIGN.md §11): the app must be one of the caller's API keys ────────
  [`GET ${USERS}/glossary/fetch-all`]: {
    ...glossaryCall(async (fx, caller, appName) => ({ url: `${USERS}/glossary/fetch-all?appName=${encodeURIComponent(appName)}&serviceProviderName=ulca-reference-models` })),
    okStatus: 200,
  },
  [`POST ${USERS}/glossary/create`]: {
    ...glossaryCall(async (fx, caller, appName) => ({ body: { appName, serviceProviderName: 'ulca-reference-models', glossary: [GLOSSARY_SAMPLE] } })),
    okStatus: 200,
  },
  [`POST ${USERS}/glossary/delete`]: {
    ...glossaryCall(async (fx, caller, appName) => {
      const res = await fx.call(caller, 'POST', `${USERS}/glossary/create`, { appName, serviceProviderName: 'ulca-reference-models', glossary: [GLOSSARY_SAMPLE] });
      if (res.statusCode !== 200) throw new Error(`glossary create failed: ${res.body}`);
      return { body: { appName, serviceProviderName: 'ulca-reference-models', glossary: [GLOSSARY_SAMPLE] } };
    }),
    okStatus: 200,
  },
  ['GET /ulca/apis/v0/api-key/whoami']: {
    access: 'public',
    sample: async ({ fx, caller }) => {
      const res = await fx.call(caller, 'POST', `${USERS}/generateApiKey`, { userID: caller.userId, appName: `app-${Math.random().toString(36).slice(2, 10)}` });
      return { headers: { ulcaApiKey: res.json().data.ulcaApiKey as string } };
    },
    okStatus: 200,
    note: 'Authenticated by the ulcaApiKey header (an application key), not by a session; key checks in keys.int.test.ts.',
  },

  // ── admin user management (spec 02 §2, §5, §7) ────────────────────────────────────────────────
  [`POST ${USERS}/search`]: { access: 'signed', roles: ADMIN_ONLY, owner: null, sample: () => ({ body: { offset: 0, limit: 10 } }), okStatus: 200 },
  [`POST ${USERS}/update`]: {
    access: 'signed',
    roles: ADMIN_ONLY,
    owner: null,
    sample: async ({ fx }) => {
      const u = await otherUser(fx);
      return { body: { users: [{ userID: u.userId, email: u.email, firstName: 'Renamed User', roles: ['CONTRIBUTOR-USER'], orgID: 'UNDEFINED' }] } };
    },
    okStatus: 200,
    note: "Admins act on every user's row but their own (403 SELF_EDIT, tested in admin-users.int.test.ts).",
  },
  [`POST ${USERS}/update/active/status`]: {
    access: 'signed',
    roles: ADMIN_ONLY,
    owner: null,
    sample: async ({ fx }) => ({ body: { email: (await otherUser(fx)).email, is_active: false } }),
    okStatus: 200,
  },
  ['GET /ulca/user-mgmt/v1/audit']: { access: 'signed', roles: ADMIN_ONLY, owner: null, sample: () => ({ url: '/ulca/user-mgmt/v1/audit?offset=0&limit=5' }), okStatus: 200 },

  // ── datasets (spec 01 §7; issue #2) ───────────────────────────────────────────────────────────
  ['POST /ulca/apis/v0/dataset/corpus/submit']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: ({ caller }) => ({ body: { datasetName: `matrix-${Math.random().toString(36).slice(2, 10)}`, url: 'https://example.org/d.zip', userId: caller.userId } }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ body: { datasetName: 'intruder-dataset', url: 'https://example.org/d.zip', userId: owner.userId } }) },
  },
  ['GET /ulca/apis/v0/dataset/listByUserId']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/dataset/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/dataset/listByUserId?userId=${owner.userId}` }) },
  },
  ['GET /ulca/apis/v0/dataset/getByServiceRequestNumber']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: async ({ fx, caller }) => ({ url: `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${await ownerSubmission(fx, caller)}` }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ url: `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${await ownerSubmission(fx, owner)}` }) },
  },
  ['POST /ulca/error-consumer/v0/error/report']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: async ({ fx, caller }) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, caller) } }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, owner) } }) },
  },
  ['GET /ulca/apis/v0/dataset/error-report/{serviceRequestNumber}/{file}']: {
    access: 'public',
    sample: () => ({ url: '/ulca/apis/v0/dataset/error-report/1234567890123/summary.csv?token=forged' }),
    okStatus: 404,
    note: 'Protected by the HMAC token of the error-report link, not by a session: a forged token is 404.',
  },

  // ── dashboard metrics (spec 01 §7; public, answered from the rollup) ──────────────────────────
  ['POST /ulca/data-metric/v0/store/search']: { access: 'public', sample: () => ({ body: { type: 'parallel-corpus', criterions: null, groupby: null } }), okStatus: 200 },
  ['POST /ulca/data-metric/v0/store/reports']: { access: 'public', sample: () => ({ body: {} }), okStatus: 200 },
  ['POST /ulca/data-metric/v0/store/reportdata']: { access: 'public', sample: () => ({ body: {} }), okStatus: 200, note: 'The original ULCA client\'s path of store/reports.' },

  // ── ready-made datasets (issue #3 §6) ─────────────────────────────────────────────────────────
  ['GET /ulca/apis/v0/dataset/readymade/list']: { access: 'public', okStatus: 200 },
  ['POST /ulca/apis/v0/dataset/readymade/mark']: {
    access: 'signed',
    roles: ADMIN_ONLY,
    owner: null,
    sample: async ({ fx }) => ({ body: { serviceRequestNumber: await ownerSubmission(fx, await fx.createUser()), readyMade: false } }),
    okStatus: 200,
    note: "Admins list or unlist anyone's published dataset; there is nothing of the caller's own to protect.",
  },
  ['GET /ulca/apis/v0/dataset/readymade/{datasetId}/download.{format}']: {
    access: 'public',
    sample: () => ({ url: `/ulca/apis/v0/dataset/readymade/${crypto.randomUUID()}/download.json` }),
    okStatus: 404,
    note: 'Public by design, but only for datasets an admin has listed as ready-made: any other id is 404.',
  },

  // models (issue #11)
  ['POST /ulca/apis/v0/model/upload']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/model/upload?userId=${caller.userId}`, body: {} }),
    okStatus: 400,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/model/upload?userId=${owner.userId}`, body: {} }) },
    note: 'The matrix sends JSON: an admitted caller hears 400 "send the file as multipart"; multipart uploads are tested in models.int.test.ts. Claiming another userId is 403.',
  },
  ['GET /ulca/apis/v0/model/listByUserId']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/model/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/model/listByUserId?userId=${owner.userId}` }) },
  },
  ['POST /ulca/apis/v0/model/search']: {
    access: 'public',
    sample: () => ({ body: { task: 'parallel-corpus', sourceLanguage: '', targetLanguage: '', domain: 'All', submitter: 'All', userId: null } }),
    okStatus: 200,
    note: 'Public explore search (published models only); a dataset type as task lists ready-made datasets (the original ULCA client\'s ready-made page).',
  },
  ['GET /ulca/apis/v0/model/getModel']: {
    access: 'optional',
    sample: async ({ fx }) => ({ url: `/ulca/apis/v0/model/getModel?modelId=${await publishedModel(fx)}` }),
    okStatus: 200,
    note: 'A published model is public; an unpublished one answers its owner and admins only (404 to others, models.int.test.ts).',
  },
  ['POST /ulca/apis/v0/model/status/change']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: () => ({ body: { modelId: crypto.randomUUID(), status: 'published' } }),
    okStatus: 404,
    owner: { expect: 403, request: async (fx) => ({ body: { modelId: await publishedModel(fx), status: 'unpublished', unpublishReason: 'intruder' } }) },
    note: "The sample names no model (404 once admitted); the owner check tries to unpublish a published model the intruder does not own (403); another user's unpublished model is 404 (models.int.test.ts).",
  },
  ['GET /ulca/apis/v0/model/getTransliterationModelId']: {
    access: 'public',
    sample: async ({ fx }) => {
      await publishedModel(fx);
      return { url: '/ulca/apis/v0/model/getTransliterationModelId?sourceLanguage=en&targetLanguage=hi' };
    },
    okStatus: 200,
  },

  // benchmarks (issue #13)
  ['POST /ulca/apis/v0/benchmark/submit']: {
    access: 'signed',
    roles: ['BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'],
    sample: () => ({ body: { datasetName: `matrix-bm-${Math.random().toString(36).slice(2, 10)}`, url: 'https://example.org/benchmark.zip' } }),
    okStatus: 200,
    owner: {
      expect: 403,
      role: 'BENCHMARK-DATASET-CONTRIBUTOR',
      request: (_fx, owner) => ({ body: { userId: owner.userId, datasetName: `matrix-bm-${Math.random().toString(36).slice(2, 10)}`, url: 'https://example.org/benchmark.zip' } }),
    },
    note: 'Benchmark dataset contributors and admins (spec 01 §6); the job is queued, no worker runs in the matrix. Claiming another userId is 403.',
  },
  ['GET /ulca/apis/v0/benchmark/listByUserId']: {
    access: 'signed',
    roles: ['BENCHMARK-DATASET-CONTRIBUTOR', 'ADMIN'],
    okStatus: 200,
    owner: { expect: 403, role: 'BENCHMARK-DATASET-CONTRIBUTOR', request: (_fx, owner) => ({ url: `/ulca/apis/v0/benchmark/listByUserId?userId=${owner.userId}` }) },
  },
  ['POST /ulca/apis/v0/benchmark/search']: {
    access: 'public',
    sample: () => ({ body: { task: 'translation', sourceLanguage: 'All', targetLanguage: '', domain: null, submitter: 'All' } }),
    okStatus: 200,
    note: 'The public benchmark list (published benchmarks only).',
  },
  ['GET /ulca/apis/v0/benchmark/getBenchmark']: {
    access: 'optional',
    sample: () => ({ url: `/ulca/apis/v0/benchmark/getBenchmark?benchmarkId=${crypto.randomUUID()}` }),
    okStatus: 404,
    note: 'A published benchmark and its leaderboard are public; runs of unpublished models show only to their owner and admins.',
  },
  ['POST /ulca/apis/v0/benchmark/getByTask']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: () => ({ body: { modelId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx) => ({ body: { modelId: await publishedModel(fx) } }) },
    note: "The Run Benchmark modal of one's own model: another user's model is 404, as a missing one.",
  },
  ['POST /ulca/apis/v0/benchmark/execute']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: () => ({ body: { modelId: crypto.randomUUID(), benchmarks: [{ benchmarkId: crypto.randomUUID(), metric: 'bleu' }] } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx) => ({ body: { modelId: await publishedModel(fx), benchmarks: [{ benchmarkId: crypto.randomUUID(), metric: 'bleu' }] } }) },
    note: "Only the model's owner or an admin runs it; another user's model is 404 (benchmarks.int.test.ts runs real benchmarks).",
  },
  ['POST /ulca/apis/v0/benchmark/execute/allMetric']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: () => ({ body: { modelId: crypto.randomUUID(), benchmarkId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx) => ({ body: { modelId: await publishedModel(fx), benchmarkId: crypto.randomUUID() } }) },
    note: "The original ULCA client's Run Benchmark (every metric of one benchmark); another user's model is 404, as a missing one.",
  },
  ['GET /ulca/apis/v0/benchmark/process/status']: {
    access: 'signed',
    roles: CONTRIBUTORS,
    sample: () => ({ url: `/ulca/apis/v0/benchmark/process/status?benchmarkProcessId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: null,
    note: "A run needs a published benchmark dataset and a finished pipeline; benchmarks.int.test.ts shows another user's run is 404 and an admin's 200.",
  },
  ['POST /ulca/apis/v0/benchmark/rescore']: {
    access: 'signed',
    roles: ADMIN_ONLY,
    sample: () => ({ body: { benchmarkProcessId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: null,
    note: 'Admins recompute any completed run; there is nothing of the caller\'s own to protect.',
  },

  // speakers (issue #14): every route needs one of the caller's app names; another user's app is 404
  [`GET ${SPEAKERS}/list`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: async ({ fx, caller }) => ({ url: `${SPEAKERS}/list${speakerQuery(await appNameOf(fx, caller))}` }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ url: `${SPEAKERS}/list${speakerQuery(await appNameOf(fx, owner))}` }) },
  },
  [`POST ${SPEAKERS}/enroll`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: async ({ fx, caller }) => ({
      url: `${SPEAKERS}/enroll${speakerQuery(await appNameOf(fx, caller))}`,
      body: { pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName: 'Matrix' } }], inputData: { audio: [{ audioContent: voicedWavBase64() }] } },
    }),
    okStatus: 200,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `${SPEAKERS}/enroll${speakerQuery(await appNameOf(fx, owner))}`,
        body: { pipelineTasks: [{ taskType: 'speaker-enrollment', config: { speakerName: 'Intruder' } }], inputData: { audio: [{ audioContent: voicedWavBase64() }] } },
      }),
    },
  },
  [`POST ${SPEAKERS}/verify`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: async ({ fx, caller }) => ({
      url: `${SPEAKERS}/verify${speakerQuery(await appNameOf(fx, caller))}`,
      body: { pipelineTasks: [{ taskType: 'speaker-verification', config: { speakerId: crypto.randomUUID() } }], inputData: { audio: [{ audioContent: voicedWavBase64() }] } },
    }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        url: `${SPEAKERS}/verify${speakerQuery(await appNameOf(fx, owner))}`,
        body: { pipelineTasks: [{ taskType: 'speaker-verification', config: {} }], inputData: { audio: [{ audioContent: voicedWavBase64() }] } },
      }),
    },
    note: 'A speaker id outside the caller\'s app reads as unknown (404); speakers.int.test.ts verifies real voices and tries foreign ids.',
  },
  [`POST ${SPEAKERS}/delete`]: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: async ({ fx, caller }) => ({ url: `${SPEAKERS}/delete${speakerQuery(await appNameOf(fx, caller))}`, body: { config: { speakerId: [crypto.randomUUID()] } } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx, owner) => ({ url: `${SPEAKERS}/delete${speakerQuery(await appNameOf(fx, owner))}`, body: { config: { speakerId: [crypto.randomUUID()] } } }) },
  },

  // ── master data and search (issue #3 §3-§5) ─────────────────────────────────────────────────
  ['POST /ulca/mdms/v0/fetch-master/bulk']: { access: 'public', sample: () => ({ body: { masterNames: ['languages', 'datasetFilterParams'] } }), okStatus: 200 },
  ['GET /ulca/mdms/v0/app-config']: { access: 'public', okStatus: 200 },
  ['POST /ulca/apis/v0/dataset/corpus/search']: {
    access: 'signed',
    roles: SEARCHERS,
    sample: ({ caller }) => ({ body: { userId: caller.userId, datasetType: 'parallel-corpus', criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] } } }),
    okStatus: 200,
    owner: {
      expect: 403,
      request: (_fx, owner) => ({ body: { userId: owner.userId, datasetType: 'parallel-corpus', criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] } } }),
    },
  },
  ['GET /ulca/apis/v0/dataset/corpus/search/listByUserId']: {
    access: 'signed',
    roles: SEARCHERS,
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${owner.userId}` }) },
  },
  ['GET /ulca/apis/v0/dataset/corpus/search/status']: {
    access: 'signed',
    roles: SEARCHERS,
    sample: async ({ fx, caller }) => ({ url: `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${await ownerSearch(fx, caller)}` }),
    okStatus: 200,
    owner: { expect: 404, request: async (fx, owner) => ({ url: `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${await ownerSearch(fx, owner)}` }) },
  },
  ['GET /ulca/apis/v0/dataset/corpus/search/download/{serviceRequestNumber}/{file}']: {
    access: 'public',
    sample: () => ({ url: '/ulca/apis/v0/dataset/corpus/search/download/1234567890123/all.json?expires=9999999999&token=forged' }),
    okStatus: 404,
    note: 'The link is a bearer token (HMAC over search, file, owner and expiry; one hour): a forged, altered or expired token is 404 (search.int.test.ts).',
  },

  // inference, health, feedback (issue #11)
  ['POST /ulca/apis/v0/model/compute']: {
    access: 'optional',
    sample: () => ({ body: { modelId: crypto.randomUUID(), task: 'translation', input: [{ source: 'hello' }] } }),
    okStatus: 404,
    note: 'Public try-it (anonymous, signed or ulcaApiKey); an unknown or unpublished model is 404 (inference.int.test.ts: owner and admin reach unpublished models).',
  },
  ['POST /ulca/apis/asr/v1/model/compute']: {
    access: 'optional',
    sample: () => ({ body: { modelId: crypto.randomUUID(), task: 'asr', source: 'hi', audioUri: 'https://example.org/a.wav' } }),
    okStatus: 404,
    note: 'As model/compute, for speech models.',
  },
  ['POST /ulca/apis/v0/model/tryMe']: {
    access: 'optional',
    note: 'Multipart upload to an image/speech model (anonymous, signed over the exact multipart bytes, or ulcaApiKey); a signature, when sent, must verify: owners and admins try unpublished models this way. A JSON body is refused before any model is called.',
  },

  // streaming relay (issue #14; modules/streaming): WebSocket upgrades; a plain GET is 426 after the caller checks.
  ['GET /ulca/apis/v0/model/streaming/asr']: {
    access: 'optional',
    sample: () => ({ url: `/ulca/apis/v0/model/streaming/asr?modelId=${crypto.randomUUID()}` }),
    okStatus: 426,
    note: 'Streaming ASR over a WebSocket, callers as model/compute; the model checks (published, or owner/admin) run on the socket (streaming.int.test.ts).',
  },
  ['GET /ulca/apis/v0/model/streaming/tts']: {
    access: 'optional',
    sample: () => ({ url: `/ulca/apis/v0/model/streaming/tts?modelId=${crypto.randomUUID()}` }),
    okStatus: 426,
    note: 'Streaming TTS over a WebSocket, as streaming/asr.',
  },
  ['POST /ulca/apis/v0/model/streaming/ticket']: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: () => ({ body: { modelId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx, owner) => ({
        body: { modelId: await insertTestModel(fx.ctx, { userId: owner.userId, task: 'asr', callbackUrl: 'ws://127.0.0.1:1/asr/', status: 'unpublished' }) },
      }),
    },
    note: "A stream ticket is issued only for a streaming model the caller may call: another user's unpublished model is 404 (streaming.int.test.ts attacks the tickets: replay, other model, other user, expiry, concurrent use).",
  },

  // ── model health and feedback (issue #11 points 7, 8; modules/model-health, modules/model-feedback) ──
  ['GET /ulca/apis/v0/model/getModelHealthStatus']: {
    access: 'public',
    okStatus: 200,
    note: 'The public health table of published models; never a callbackUrl (model-health.int.test.ts).',
  },
  ['POST /ulca/apis/v0/model/health/check']: {
    access: 'signed',
    roles: ADMIN_ONLY,
    okStatus: 200,
    owner: null,
    note: 'Queues one health round over every published model (at most one a minute); nothing belongs to a user.',
  },
  ['POST /ulca/apis/v0/model/feedback/submit']: {
    access: 'optional',
    sample: () => ({ body: { taskType: 'translation', modelId: crypto.randomUUID(), feedback: [{ feedbackQuestion: 'Rate the translation', feedbackQuestionResponse: 4 }] } }),
    okStatus: 404,
    note: 'Anonymous, signed or ulcaApiKey (spec 02 §6); the sample names no model (404). Stored feedback, data tracking and the anonymous limit: model-feedback.int.test.ts.',
  },
  ['GET /ulca/apis/v0/model/feedback/list']: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: () => ({ url: `/ulca/apis/v0/model/feedback/list?modelId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: { expect: 403, request: async (fx) => ({ url: `/ulca/apis/v0/model/feedback/list?modelId=${await publishedModel(fx)}` }) },
    note: "The sample names no model (404 once admitted); the owner check reads the feedback of a published model the intruder does not own (403); the owner's own list: model-feedback.int.test.ts.",
  },

  // ── speech-to-speech batches (issue #14 point 1; modules/sts) ──
  ['POST /ulca/apis/v0/model/sts/batch/submit']: {
    access: 'signed',
    roles: ANY_ROLE,
    // A literal public address (no DNS lookup), then models that do not exist: 400 UNKNOWN_MODEL once admitted.
    sample: () => ({
      body: { url: 'https://93.184.216.34/clips.zip', sourceLanguage: 'hi', targetLanguage: 'ur', asrModelId: crypto.randomUUID(), translationModelId: crypto.randomUUID(), ttsModelId: crypto.randomUUID() },
    }),
    okStatus: 400,
    owner: null,
    note: 'Creates a batch of the caller; names nothing of another user. Batches end to end: sts.int.test.ts.',
  },
  ['GET /ulca/apis/v0/model/sts/batch/status']: {
    access: 'signed',
    roles: ANY_ROLE,
    sample: () => ({ url: `/ulca/apis/v0/model/sts/batch/status?batchId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: null,
    note: "A batch needs three published models and a zip; sts.int.test.ts shows another user's batch is 404 and absent from their list.",
  },
  ['GET /ulca/apis/v0/model/sts/batch/list']: {
    access: 'signed',
    roles: ANY_ROLE,
    okStatus: 200,
    owner: null,
    note: "Lists the caller's own batches only (sts.int.test.ts).",
  },
  ['GET /ulca/apis/v0/model/sts/batch/download/{batchId}']: {
    access: 'public',
    sample: () => ({ url: `/ulca/apis/v0/model/sts/batch/download/${crypto.randomUUID()}?expires=9999999999&token=forged` }),
    okStatus: 404,
    note: 'The link is a bearer token (HMAC over batch, owner and expiry; one hour): a forged, altered or expired token is 404 (sts.int.test.ts).',
  },
};
