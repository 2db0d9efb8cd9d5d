import type { AccessSample, AccessSamples, MatrixFixture } from '../access-matrix.ts';
import type { TestUser } from '../users.ts';

/**
 * Submits a search as `owner` (the export job is queued, no worker runs) and returns its service
 * request number; for a caller whose role may not search (refused anyway) a made-up number. Throws
 * on any other refusal. The dataset viewer's samples use it too.
 */
export async function ownerSearch(fx: MatrixFixture, owner: TestUser): Promise<string> {
  const res = await fx.call(owner, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
    userId: owner.userId,
    datasetType: 'parallel-corpus',
    criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
  });
  if (res.statusCode === 403) return '17000000000004321';
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  return res.json().data.serviceRequestNumber as string;
}

/**
 * The sample of a GET `path` taking a search's serviceRequestNumber: the caller's own search
 * (answering `okStatus`), and, called with the owner's search, 404 (another user's search is not found).
 */
export function ownSearchSample(path: string, okStatus: number): AccessSample {
  const url = async (fx: MatrixFixture, user: TestUser) => ({ url: `${path}?serviceRequestNumber=${await ownerSearch(fx, user)}` });
  return { sample: ({ fx, caller }) => url(fx, caller), okStatus, owner: { expect: 404, request: url } };
}

/**
 * Dataset search and download: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/dataset/corpus/search']: {
    sample: ({ caller }) => ({
      body: { userId: caller.userId, datasetType: 'parallel-corpus', criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] } },
    }),
    okStatus: 200,
    owner: {
      expect: 403,
      request: (_fx, owner) => ({
        body: { userId: owner.userId, datasetType: 'parallel-corpus', criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] } },
      }),
    },
  },
  ['GET /ulca/apis/v0/dataset/corpus/search/listByUserId']: {
    sample: ({ caller }) => ({ url: `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${caller.userId}` }),
    okStatus: 200,
    owner: { expect: 403, request: (_fx, owner) => ({ url: `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${owner.userId}` }) },
  },
  ['GET /ulca/apis/v0/dataset/corpus/search/status']: ownSearchSample('/ulca/apis/v0/dataset/corpus/search/status', 200),
  ['GET /ulca/apis/v0/dataset/corpus/search/download/{serviceRequestNumber}/{file}']: {
    sample: () => ({ url: '/ulca/apis/v0/dataset/corpus/search/download/1234567890123/all.json?expires=9999999999&token=forged' }),
    okStatus: 404,
    note: 'The link is a bearer token (HMAC over search, file, owner and expiry; one hour): a forged, altered or expired token is 404 (search.int.test.ts).',
  },
};
