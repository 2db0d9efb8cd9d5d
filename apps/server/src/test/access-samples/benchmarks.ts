import { publishedModel, randomTag, type AccessSamples } from '../access-matrix.ts';

/**
 * Benchmarks: the authorisation matrix's samples of this feature's routes (who may call each is
 * declared on the route: routes.ts `config.access`; see test/access-matrix.ts and docs/api.md#who-may-call-what).
 */
export const ACCESS_SAMPLES: AccessSamples = {
  ['POST /ulca/apis/v0/benchmark/submit']: {
    sample: () => ({ body: { datasetName: `matrix-bm-${randomTag()}`, url: 'https://example.org/benchmark.zip' } }),
    okStatus: 200,
    owner: {
      expect: 403,
      role: 'BENCHMARK-DATASET-CONTRIBUTOR',
      request: (_fx, owner) => ({
        body: { userId: owner.userId, datasetName: `matrix-bm-${randomTag()}`, url: 'https://example.org/benchmark.zip' },
      }),
    },
    note: 'Benchmark dataset contributors and admins; the job is queued, no worker runs in the matrix. Claiming another userId is 403.',
  },
  ['GET /ulca/apis/v0/benchmark/listByUserId']: {
    okStatus: 200,
    owner: {
      expect: 403,
      role: 'BENCHMARK-DATASET-CONTRIBUTOR',
      request: (_fx, owner) => ({ url: `/ulca/apis/v0/benchmark/listByUserId?userId=${owner.userId}` }),
    },
  },
  ['POST /ulca/apis/v0/benchmark/search']: {
    sample: () => ({ body: { task: 'translation', sourceLanguage: 'All', targetLanguage: '', domain: null, submitter: 'All' } }),
    okStatus: 200,
    note: 'The public benchmark list (published benchmarks only).',
  },
  ['GET /ulca/apis/v0/benchmark/getBenchmark']: {
    sample: () => ({ url: `/ulca/apis/v0/benchmark/getBenchmark?benchmarkId=${crypto.randomUUID()}` }),
    okStatus: 404,
    note: 'A published benchmark and its leaderboard are public; runs of unpublished models show only to their owner and admins.',
  },
  ['GET /ulca/apis/v0/benchmark/download']: {
    sample: () => ({ url: `/ulca/apis/v0/benchmark/download?benchmarkId=${crypto.randomUUID()}` }),
    okStatus: 404,
    note: 'The zip of an open bundled benchmark is public, as its leaderboard (a hidden one: its owner and admins); any other benchmark answers 404 (it downloads from its refUrl).',
  },
  ['POST /ulca/apis/v0/benchmark/visibility']: {
    sample: () => ({ body: { benchmarkId: crypto.randomUUID(), visibility: 'open' } }),
    okStatus: 404,
    owner: null,
    note: "The benchmark's owner or an admin; another user is 403 (test-set-visibility.int.test.ts changes a real benchmark's).",
  },
  ['POST /ulca/apis/v0/benchmark/getByTask']: {
    sample: () => ({ body: { modelId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx) => ({ body: { modelId: await publishedModel(fx) } }) },
    note: "The Run Benchmark modal of one's own model: another user's model is 404, as a missing one.",
  },
  ['POST /ulca/apis/v0/benchmark/execute']: {
    sample: () => ({ body: { modelId: crypto.randomUUID(), benchmarks: [{ benchmarkId: crypto.randomUUID(), metric: 'bleu' }] } }),
    okStatus: 404,
    owner: {
      expect: 404,
      request: async (fx) => ({
        body: { modelId: await publishedModel(fx), benchmarks: [{ benchmarkId: crypto.randomUUID(), metric: 'bleu' }] },
      }),
    },
    note: "Only the model's owner or an admin runs it; another user's model is 404 (benchmarks.int.test.ts runs real benchmarks).",
  },
  ['POST /ulca/apis/v0/benchmark/execute/allMetric']: {
    sample: () => ({ body: { modelId: crypto.randomUUID(), benchmarkId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: { expect: 404, request: async (fx) => ({ body: { modelId: await publishedModel(fx), benchmarkId: crypto.randomUUID() } }) },
    note: "The original ULCA client's Run Benchmark (every metric of one benchmark); another user's model is 404, as a missing one.",
  },
  ['GET /ulca/apis/v0/benchmark/process/status']: {
    sample: () => ({ url: `/ulca/apis/v0/benchmark/process/status?benchmarkProcessId=${crypto.randomUUID()}` }),
    okStatus: 404,
    owner: null,
    note: "A run needs a published benchmark dataset and a finished pipeline; benchmarks.int.test.ts shows another user's run is 404 and an admin's 200.",
  },
  ['POST /ulca/apis/v0/benchmark/rescore']: {
    sample: () => ({ body: { benchmarkProcessId: crypto.randomUUID() } }),
    okStatus: 404,
    owner: null,
    note: "Admins recompute any completed run; there is nothing of the caller's own to protect.",
  },
  ['GET /ulca/apis/v0/benchmark/run/outputs']: {
    sample: () => ({ url: `/ulca/apis/v0/benchmark/run/outputs?benchmarkProcessId=${crypto.randomUUID()}` }),
    okStatus: 404,
    note: "A published model's completed run is public, as on the leaderboard; an unpublished model's only to its owner and admins (run-outputs.int.test.ts).",
  },
  ['POST /ulca/apis/v0/benchmark/run/compare']: {
    sample: () => ({ body: { benchmarkProcessIds: [crypto.randomUUID(), crypto.randomUUID()] } }),
    okStatus: 404,
    note: 'Runs are visible as on the leaderboard (run-outputs.int.test.ts compares real runs).',
  },
};
