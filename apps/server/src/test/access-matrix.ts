import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Role } from '@ulca/contracts';
import type { FullContext } from '../app-services.ts';
import type { TestUser } from './users.ts';
import { registerReferenceModel } from '../modules/models/service.ts';

/**
 * What the authorisation matrix (security/authorization-matrix.int.test.ts) needs to know about a
 * route beyond the access the route declares itself (docs/api.md#who-may-call-what): a request that
 * passes its validation, the status an admitted caller gets, and how to try another user's
 * resource. Each feature keeps its entries in `test/access-samples/<feature>.ts`, exported as
 * `ACCESS_SAMPLES`, keyed `'METHOD /path'` with the path as in the OpenAPI document (`{param}`).
 *
 * Adding a route? Add its entry there. Give a `sample` when the generated one (required fields
 * from the route's schema, `userId`/`userID` = the caller, path parameters 'x') would not pass
 * validation, and, for a signedIn route, `owner`: a check when the route reads or changes
 * something that belongs to a user, or null (say why in `note`).
 */

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
  ctx: FullContext;
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

/** One route's matrix entry. */
export interface AccessSample {
  /** A valid request for the caller (see {@link SampleRequest} for the defaults). */
  sample?: (s: SampleContext) => Promise<SampleRequest> | SampleRequest;
  /** Exact status an admitted caller must get with the sample; default any status but 401, 403 and 5xx. */
  okStatus?: number;
  /** Why the route is open or closed as it is, when not obvious. */
  note?: string;
  /** signedIn routes only, and required there: another user's resource, or null when the route has none. */
  owner?: OwnerCheck | null;
  /** signedIn routes only: the sample spends the caller's session (logout): the matrix signs it with a fresh session. */
  freshSession?: boolean;
}

/** A feature's entries, keyed `'METHOD /path'` as in the OpenAPI document. */
export type AccessSamples = Record<string, AccessSample>;

/** Path prefix of the user-management routes. */
export const USERS = '/ulca/user-mgmt/v1/users';

/** A random lower-case tag for unique names. */
export const randomTag = (): string => Math.random().toString(36).slice(2, 10);

/** Generates an API key for `owner` under a fresh app name; returns the full key, its identifier and the app name. */
export async function newApiKey(fx: MatrixFixture, owner: TestUser): Promise<{ ulcaApiKey: string; keyId: string; appName: string }> {
  const appName = `app-${randomTag()}`;
  const res = await fx.call(owner, 'POST', `${USERS}/generateApiKey`, { userID: owner.userId, appName });
  if (res.statusCode !== 200) throw new Error(`generateApiKey failed: ${res.body}`);
  const ulcaApiKey = res.json().data.ulcaApiKey as string;
  return { ulcaApiKey, keyId: ulcaApiKey.split('.')[0], appName };
}

/**
 * Submits a dataset as `owner` (the job is queued, no worker runs) and returns its service request
 * number; for a caller whose role may not submit (who will be refused anyway) a made-up number.
 */
export async function ownerSubmission(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const res = await fx.call(owner, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName: `matrix-${randomTag()}`,
    url: 'https://example.org/dataset.zip',
    userId: owner.userId,
  });
  if (res.statusCode === 403) return '17000000000001234';
  if (res.statusCode !== 200) throw new Error(`submit failed: ${res.body}`);
  return res.json().data.serviceRequestNumber as string;
}

/**
 * Registers a published transliteration model (en → hi) with a fresh name, owned by the platform's
 * reference-models account (no endpoint call), and returns its id: a model no matrix user owns.
 */
export async function publishedModel(fx: MatrixFixture): Promise<string> {
  const tag = randomTag();
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
        schema: {
          taskType: 'transliteration',
          request: { input: [{ source: 'namaste' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } },
        },
      },
    },
    engineCard: { kind: 'rule-based', engine: 'matrix', limits: [] },
    callbackUrl: 'http://127.0.0.1:9/transliteration',
  });
  return model.modelId;
}
