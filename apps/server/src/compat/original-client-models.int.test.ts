/**
 * Contract tests for the original ULCA web client, model side (docs/migration.md#model-side). Each
 * of the nine calls it tripped on is sent as that client sends it (paths, query strings, bodies,
 * headers and MD5 signatures, read from ULCA-IN/ulca `frontend/main/webapp`), against the real app
 * with LEGACY_MD5_SIGNATURES=true and the reference models, and each answer is read the way that
 * client's components and reducers read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BENCHMARK_API, MODEL_API } from '@ulca/contracts';
import { buildApp } from '../app.ts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, type TestUser } from '../test/users.ts';
import { md5, originalClient } from '../test/original-client.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { uploadTestModel } from '../test/model-upload.ts';
import { until } from '../test/poll.ts';
import { startWorkers } from '../workers.ts';
import { ensureAdmin } from '../modules/accounts/service.ts';
import { publishBundledBenchmarks } from '../modules/benchmarks/service.ts';
import type { FastifyInstance } from 'fastify';
import { closeAll } from '../test/platform-hook.ts';

const CLIENT_ORIGIN = 'http://ulca-client.example.org:3000';
const PUBLIC_URL = 'http://api.example.org:8080';

type Obj = Record<string, unknown>;

let p: TestPlatform;
let models: TestModelServer;
let contributor: TestUser;
let admin: TestUser;
/** The contributor's published hi→ur translation model (a test double of their endpoint). */
let ownModelId: string;
const client = originalClient(() => p.app, PUBLIC_URL);

/** An app on the same platform with the legacy mode off, closed after `use`. */
async function withStrictApp(use: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const strict = await buildApp({ ...p.ctx, config: { ...p.ctx.config, legacyMd5Signatures: false } }, { logger: false });
  try {
    await use(strict);
  } finally {
    await strict.close();
  }
}

/** The client's model/search body (SearchModel.js): its filters, and userId null when signed out. */
const searchBody = (task: string) => ({ task, sourceLanguage: '', targetLanguage: '', domain: '', submitter: '', userId: null });

beforeAll(async () => {
  models = await startTestModelServer();
  p = await createTestPlatform({
    referenceModels: true,
    config: {
      corsOrigins: [CLIENT_ORIGIN],
      publicUrl: PUBLIC_URL,
      legacyMd5Signatures: true,
      trustProxy: false,
      modelCallTimeoutMs: 60_000,
    },
    startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }),
  });
  [contributor, admin] = await Promise.all([createSignedInUser(p, ['CONTRIBUTOR-USER']), createSignedInUser(p, ['ADMIN'])]);
  await ensureAdmin(p.ctx);
  await publishBundledBenchmarks(p.ctx);
  ownModelId = await uploadTestModel(p, contributor, {
    name: 'Original client hi-ur',
    callbackUrl: models.url('translation'),
    languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    request: { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
  });
  // An asr model whose descriptor leaves modelProcessingType out, as most uploaded ones do.
  await uploadTestModel(p, contributor, {
    name: 'Original client asr',
    task: 'asr',
    callbackUrl: models.url('asr'),
    languages: [{ sourceLanguage: 'hi' }],
    request: {
      audio: [{ audioContent: silentWav().toString('base64') }],
      config: { language: { sourceLanguage: 'hi' }, audioFormat: 'wav', samplingRate: 16000 },
    },
  });
  await until(
    async () => (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM benchmarks WHERE published_on IS NOT NULL`)).rows[0].n as number,
    (n) => n >= 5,
    180_000,
  );
  await p.referenceModels!.ready;
}, 300_000);

afterAll(() => closeAll(p, models));

describe('1. asr/tts models state modelProcessingType', () => {
  it('answers {type: "batch"} for every non-streaming asr and tts model, the reference eSpeak model included, in search and getModel', async () => {
    for (const task of ['tts', 'asr']) {
      const res = await client.publicPost(MODEL_API.search, searchBody(task));
      expect(res.statusCode, res.body).toBe(200);
      const cards = res.json().data as {
        modelId: string;
        name: string;
        inferenceEndPoint: { schema: { modelProcessingType: { type: string } } };
      }[];
      expect(cards.length, task).toBeGreaterThan(0);
      // CardComponent.jsx reads `.inferenceEndPoint.schema.modelProcessingType.type`.
      for (const card of cards) expect(['batch', 'streaming'], card.name).toContain(card.inferenceEndPoint.schema.modelProcessingType.type);
      if (task === 'tts') {
        const espeak = cards.find((c) => /espeak/i.test(c.name) && !/stream/i.test(c.name));
        expect(espeak?.inferenceEndPoint.schema.modelProcessingType).toEqual({ type: 'batch' });
        // GetModelDetails.js: an unsigned GET with only the JSON content type.
        const detail = await p.app.inject({
          method: 'GET',
          url: `${PUBLIC_URL}${MODEL_API.getModel}?modelId=${espeak!.modelId}`,
          headers: { 'content-type': 'application/json' },
        });
        expect(detail.statusCode, detail.body).toBe(200);
        expect(detail.json().inferenceEndPoint.schema).toMatchObject({ taskType: 'tts', modelProcessingType: { type: 'batch' } });
      }
    }
  });
});

describe('2. master data feedbackQns in the original shape', () => {
  it('answers feedbackQns[0] with initialQuestion and a question per task in values, while app-config stays flat', async () => {
    const res = await client.publicPost('/ulca/mdms/v0/fetch-master/bulk', { masterNames: ['feedbackQns', 'languages'] });
    expect(res.statusCode, res.body).toBe(200);
    const { feedbackQns, languages } = res.json().data as { feedbackQns: Obj[]; languages: unknown[] };
    expect(languages.length).toBeGreaterThan(10);
    const first = feedbackQns[0] as {
      code: string;
      initialQuestion: { question: string; answerType: string };
      values: { code: string; question: string }[];
    };
    expect(first.code).toBe('sts');
    expect(first.initialQuestion).toMatchObject({ question: expect.stringMatching(/\?$/), answerType: '5-star-rating' });
    // FeedbackTTranslation.jsx: feedbackQns[0].values.filter(q => q.code === taskType).
    for (const task of ['asr', 'translation', 'tts', 'transliteration', 'ocr']) {
      const questions = first.values.filter((q) => q.code === task);
      expect(questions, task).toHaveLength(1);
      expect(questions[0].question, task).toMatch(/\?$/);
    }
    // Every entry is also one of our flat questions.
    for (const q of feedbackQns) expect(q).toMatchObject({ code: expect.any(String), question: expect.any(String) });
    const config = await p.app.inject({ method: 'GET', url: '/ulca/mdms/v0/app-config' });
    for (const q of config.json().data.feedbackQns as Obj[]) expect(Object.keys(q).sort()).toEqual(['code', 'question']);
  });
});

describe('3. model upload signed over JSON.stringify(FormData)', () => {
  /** SubmitModel.js: multipart file + userId, payload = md5("{}"), sig = md5(privateKey|payload). */
  async function clientUpload(app: FastifyInstance, user: TestUser, name: string, payloadText = '{}') {
    const descriptor = {
      name,
      version: 'v1.0',
      description: 'Uploaded as the original client uploads.',
      task: { type: 'translation' },
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
      license: 'mit',
      domain: ['general'],
      submitter: { name: 'Test Lab' },
      trainingDataset: { description: 'none' },
      inferenceEndPoint: {
        callbackUrl: models.url('translation'),
        schema: {
          taskType: 'translation',
          request: { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
        },
      },
    };
    const fd = new FormData();
    fd.append('file', new Blob([JSON.stringify(descriptor)], { type: 'application/json' }), 'model.json');
    fd.append('userId', user.userId);
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const body = Buffer.from(await req.arrayBuffer());
    const payload = md5(payloadText);
    return app.inject({
      method: 'POST',
      url: `${PUBLIC_URL}${MODEL_API.upload}`,
      headers: {
        key: user.publicKey,
        sig: md5(`${user.privateKey}|${payload}`),
        payload,
        'content-type': req.headers.get('content-type')!,
      },
      payload: body,
    });
  }

  it('accepts the upload in legacy mode only, and md5("{}") on no other route', async () => {
    const ok = await clientUpload(p.app, contributor, 'Uploaded by the original client');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Uploaded by the original client', status: 'unpublished' });
    const forged = await clientUpload(p.app, contributor, 'Another payload', '{"a":1}');
    expect(forged.statusCode).toBe(401);
    await withStrictApp(async (strict) => {
      const refused = await clientUpload(strict, contributor, 'Refused upload');
      expect(refused.statusCode).toBe(401);
    });
    const elsewhere = await client.post(
      contributor,
      '/ulca/user-mgmt/v1/users/getApiKeysForProfile',
      'url',
      { userID: contributor.userId },
      { hashed: '{}' },
    );
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('4–6. Run Benchmark: getByTask unsigned, its answer shape, execute/allMetric', () => {
  /** RunBenchmark.js: no signature headers, ?userId= in the query, body {modelId}. */
  const getByTask = (app: FastifyInstance, modelId: string, userId: string = contributor.userId) =>
    app.inject({
      method: 'POST',
      url: `${PUBLIC_URL}${BENCHMARK_API.getByTask}${userId ? `?userId=${userId}` : ''}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ modelId }),
    });

  it("lists the public benchmarks of the model's task and languages as `benchmark` with metric names, unsigned in legacy mode only", async () => {
    const res = await getByTask(p.app, ownModelId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as {
      count: number;
      benchmark: {
        benchmarkId: string;
        name: string;
        description: string | null;
        domain: string[];
        metric: string[];
        availableMetric: string[];
      }[];
    };
    expect(answer.count).toBe(1);
    const [b] = answer.benchmark;
    expect(b.name).toBe('Demo benchmark: Hindi-Urdu translation');
    // reducers/Model/ModelView/RunBenchmark.js: dataset.domain.join, metric names checked against availableMetric.indexOf.
    expect(b.domain.join(',')).toEqual(expect.any(String));
    expect(b.metric).toContain('bleu');
    for (const m of b.availableMetric) expect(typeof m).toBe('string');
    expect(b.availableMetric).toContain('bleu');
    await withStrictApp(async (strict) => expect((await getByTask(strict, ownModelId)).statusCode).toBe(401));
  });

  it("answers for the owner's unpublished model when ?userId= names its owner: the client offers Run Benchmark only before publishing", async () => {
    const draftId = await uploadTestModel(p, contributor, {
      name: 'Original client hi-ur draft',
      callbackUrl: models.url('translation'),
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
      request: { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
      publish: false,
    });
    // ContributionList.jsx shows Run Benchmark only while status !== "published".
    const res = await getByTask(p.app, draftId);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().benchmark as { name: string }[]).map((b) => b.name)).toEqual(['Demo benchmark: Hindi-Urdu translation']);
    // Anyone else (another userId, or none) learns nothing of an unpublished model.
    const other = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    expect((await getByTask(p.app, draftId, other.userId)).statusCode).toBe(404);
    expect((await getByTask(p.app, draftId, '')).statusCode).toBe(404);
    await withStrictApp(async (strict) => expect((await getByTask(strict, draftId)).statusCode).toBe(401));
  });

  it('runs every computable metric of one benchmark with execute/allMetric, signed over the body; a repeat is 409', async () => {
    const [b] = (await getByTask(p.app, ownModelId)).json().benchmark as { benchmarkId: string; availableMetric: string[] }[];
    // SubmitBenchmark.js: body {modelId, benchmarkId}, payload = md5(JSON.stringify(body)).
    const run = await client.post(contributor, BENCHMARK_API.executeAllMetric, 'body', { modelId: ownModelId, benchmarkId: b.benchmarkId });
    expect(run.statusCode, run.body).toBe(200);
    const ids = run.json().benchmarkProcessIds as string[];
    const rows = (
      await p.ctx.db.pool.query(`SELECT metric FROM benchmark_runs WHERE benchmark_process_id = ANY($1::uuid[]) ORDER BY metric`, [ids])
    ).rows.map((r) => r.metric);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows).toEqual(expect.arrayContaining(['bleu']));
    const again = await client.post(contributor, BENCHMARK_API.executeAllMetric, 'body', {
      modelId: ownModelId,
      benchmarkId: b.benchmarkId,
    });
    expect(again.statusCode).toBe(409);
    // Another contributor's call on this model learns nothing.
    const other = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    expect(
      (await client.post(other, BENCHMARK_API.executeAllMetric, 'body', { modelId: ownModelId, benchmarkId: b.benchmarkId })).statusCode,
    ).toBe(404);
  });
});

describe('7. signed-out benchmark list', () => {
  it('accepts userId null in benchmark/search', async () => {
    const res = await client.publicPost(BENCHMARK_API.search, searchBody('translation'));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as { name: string }[]).map((b) => b.name)).toContain('Demo benchmark: Hindi-Urdu translation');
  });

  it('answers an empty list, not 400, for a model task without benchmarks (the TTS tab of Benchmark Datasets)', async () => {
    // BenchmarkModelTask (configs/DatasetItems.js) has a TTS tab; its search body is the model list's, with "All" filters.
    const body = { ...searchBody('tts'), domain: 'All', submitter: 'All' };
    const res = await client.publicPost(BENCHMARK_API.search, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    // A task that is no model task stays a 400.
    expect((await client.publicPost(BENCHMARK_API.search, { ...body, task: 'no-such-task' })).statusCode).toBe(400);
  });
});

describe('8. admin edit user by e-mail', () => {
  it('finds the user by e-mail and keeps what is not sent (no userID, no orgID)', async () => {
    const target = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    // UpdateUserDetails.js: signed over the URL, body {users: [userInfo]}.
    const res = await client.post(admin, '/ulca/user-mgmt/v1/users/update', 'url', {
      users: [{ firstName: 'Renamed', email: target.email, roles: ['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR'] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await p.ctx.db.pool.query(`SELECT first_name, roles, org FROM users WHERE user_id = $1`, [target.userId])).rows[0];
    expect(row.first_name).toBe('Renamed');
    expect(row.roles).toEqual(['CONTRIBUTOR-USER', 'BENCHMARK-DATASET-CONTRIBUTOR']);
    const unknown = await client.post(admin, '/ulca/user-mgmt/v1/users/update', 'url', {
      users: [{ firstName: 'Nobody', email: 'nobody@example.org', roles: ['CONTRIBUTOR-USER'] }],
    });
    expect(unknown.statusCode).toBe(404);
    // The admin cannot edit themselves this way either.
    const self = await client.post(admin, '/ulca/user-mgmt/v1/users/update', 'url', {
      users: [{ firstName: 'Me', email: admin.email, roles: ['ADMIN'] }],
    });
    expect(self.statusCode).toBe(403);
  });
});

describe('9. transliteration suggestions for a word already in the target script', () => {
  it('answers the word itself, as react-transliterate reads output[0].target', async () => {
    const id = await p.app.inject({
      method: 'GET',
      url: `${PUBLIC_URL}${MODEL_API.transliterationModelId}?sourceLanguage=en&targetLanguage=hi`,
    });
    expect(id.statusCode, id.body).toBe(200);
    const modelId = id.json().modelId as string;
    // The input library's call: unsigned, {modelId, task, input: [{source: word}]}, no config.
    const ask = (word: string) =>
      p.app.inject({
        method: 'POST',
        url: `${PUBLIC_URL}${MODEL_API.compute}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ modelId, task: 'transliteration', input: [{ source: word }] }),
      });
    const typed = await ask('namaste');
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().output[0].target[0]).toBe('नमस्ते');
    const already = await ask('नमस्ते');
    expect(already.statusCode, already.body).toBe(200);
    expect(already.json().output[0].target).toEqual(['नमस्ते']);
  });
});
