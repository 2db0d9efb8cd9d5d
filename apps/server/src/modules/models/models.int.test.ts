import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  INFERENCE_TASKS,
  MODEL_API,
  TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE,
  UNPUBLISH_REASON_REQUIRED_MESSAGE,
  type InferenceTask,
} from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { TEST_MODEL_LANGUAGES } from '../../test/model-descriptors.ts';
import { signedHeaders } from '../../security/signing.ts';
import { MODEL_ENDPOINT_CACHE_TTL_MS, MODEL_NOT_FOUND_MESSAGE, getModelForCall, registerReferenceModel } from './service.ts';

// Our own descriptors, one per task, shaped like the published ULCA ones (nothing read from outside the repository).

type Obj = Record<string, unknown>;
const KEY_VALUE = 'Bearer test-key';
const wav = { audioContent: silentWav(0.05).toString('base64') };
const png = { imageUri: 'https://media.example.org/scans/page-3.png' };
const lang = (sourceLanguage: string, targetLanguage?: string) => ({ sourceLanguage, ...(targetLanguage ? { targetLanguage } : {}) });

const requests: Record<InferenceTask, Obj> = {
  translation: { input: [{ source: 'The river is calm today.' }], config: { language: lang('en', 'hi') } },
  transliteration: { input: [{ source: 'namaste' }], config: { numSuggestions: 2, language: lang('en', 'hi') } },
  asr: { audio: [wav], config: { language: lang('hi'), audioFormat: 'wav', samplingRate: 16000 } },
  tts: { input: [{ source: 'Welcome to the library.' }], config: { language: lang('hi'), gender: 'female' } },
  ocr: { image: [png], config: { language: lang('hi') } },
  ner: { input: [{ source: 'Meera moved to Pune' }], config: { language: lang('hi') } },
  'txt-lang-detection': { input: [{ source: 'नमस्ते दोस्तों' }] },
  'audio-lang-detection': { audio: [wav] },
  'audio-gender-detection': { audio: [wav] },
  'img-lang-detection': { image: [png] },
  itn: { input: [{ source: 'twenty five apples' }], config: { language: lang('hi') } },
  'text-normalization': { input: [{ source: '25 apples' }], config: { language: lang('hi') } },
};
/** The test descriptors' languages, except that detection models here declare none (they match any filter). */
const languages: Partial<Record<InferenceTask, Obj[]>> = Object.fromEntries(
  Object.entries(TEST_MODEL_LANGUAGES).filter(([task]) => !task.endsWith('-detection')),
);

let ms: TestModelServer;

/** A complete descriptor of `task` whose endpoint is the test model server's path for it. */
function descriptor(task: InferenceTask, name: string, over: Obj = {}): Obj {
  return {
    name,
    version: 'v1.0',
    description: `A small ${task} model the harbour lab serves for testing.`,
    refUrl: 'https://lab.example.org/models',
    task: { type: task },
    ...(languages[task] ? { languages: languages[task] } : {}),
    license: 'cc-by-4.0',
    domain: ['general'],
    submitter: { name: 'Harbour Lab', aboutMe: 'A university speech and text group' },
    inferenceEndPoint: {
      callbackUrl: ms.url(task),
      schema: { taskType: task, ...(task === 'ner' ? { tagsFormat: 'IOB' } : {}), request: requests[task] },
    },
    trainingDataset: { description: 'Public news text and read speech' },
    ...over,
  };
}

describe('models: upload, my models, explore, detail, publish', () => {
  let p: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;
  let reader: TestUser;
  /** Every body the API answered in this file: the key and the callbackUrl must never be in one. */
  const answered: string[] = [];
  const keep = <T extends { body: string }>(res: T): T => {
    answered.push(res.body);
    return res;
  };

  beforeAll(async () => {
    ms = await startTestModelServer();
    p = await createTestPlatform({ config: { modelUploadCheckTimeoutMs: 1500 } });
    alice = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    bob = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    admin = await createSignedInUser(p, ['ADMIN']);
    reader = await createSignedInUser(p, ['READONLY-USER']);
  });
  afterAll(async () => {
    await p?.close();
    await ms?.close();
  });

  /** Uploads `file` (a descriptor object, or raw text/bytes) as multipart, signed as `user`. */
  async function upload(user: TestUser, file: Obj | string | Buffer, opts: { url?: string; userId?: string } = {}) {
    const fd = new FormData();
    const bytes = Buffer.isBuffer(file) ? file : Buffer.from(typeof file === 'string' ? file : JSON.stringify(file));
    fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/json' }), 'model.json');
    if (opts.userId) fd.append('userId', opts.userId);
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const body = Buffer.from(await req.arrayBuffer());
    const url = opts.url ?? MODEL_API.upload;
    return keep(
      await p.app.inject({
        method: 'POST',
        url,
        headers: { ...signedHeaders(user, { method: 'POST', url, body }), 'content-type': req.headers.get('content-type')! },
        payload: body,
      }),
    );
  }
  const call = async (user: TestUser | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
    keep(
      user
        ? await signedInject(p.app, user, method, url, body)
        : await p.app.inject({ method, url, ...(body !== undefined ? { payload: body as Obj } : {}) }),
    );
  const search = (body: Obj, user: TestUser | null = null) => call(user, 'POST', MODEL_API.search, body);
  const getModel = (id: string, user: TestUser | null = null) =>
    call(user, 'GET', `${MODEL_API.getModel}?modelId=${encodeURIComponent(id)}`);
  const setStatus = (user: TestUser, body: Obj) => call(user, 'POST', MODEL_API.statusChange, body);
  const countNamed = async (name: string) =>
    Number(
      (
        await p.ctx.db.db
          .selectFrom('models')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('name', 'ilike', name)
          .executeTakeFirstOrThrow()
      ).n,
    );

  const ids = {} as Record<InferenceTask, string>;

  it('uploads a model of every task: its endpoint is called once with the example request, and the model starts unpublished', async () => {
    for (const task of INFERENCE_TASKS) {
      const before = ms.calls.length;
      const res = await upload(alice, descriptor(task, `Harbour ${task} model`));
      expect(res.statusCode, `${task}: ${res.body}`).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        name: `Harbour ${task} model`,
        version: 'v1.0',
        task: { type: task },
        status: 'unpublished',
        publishedOn: null,
        isReferenceModel: false,
        benchmarkPerformance: [],
      });
      expect(data.inferenceEndPoint).toEqual({
        schema: expect.objectContaining({ taskType: task, request: requests[task] }),
        isSyncApi: true,
      });
      ids[task] = data.modelId;
      // Exactly one call, to the task's path, with the descriptor's own example request.
      const made = ms.calls.slice(before);
      expect(made.map((c) => c.path)).toEqual([`/${task}`]);
      expect(made[0].body).toEqual(requests[task]);
      const row = await p.ctx.db.db.selectFrom('models').selectAll().where('model_id', '=', data.modelId).executeTakeFirstOrThrow();
      expect(row.sample_response).toEqual(expect.any(Object));
      expect(row.user_id).toBe(alice.userId);
    }
  });

  it('sends the inference key to the endpoint, keeps it encrypted at rest and never answers it', async () => {
    const d = descriptor('translation', 'Harbour keyed translation', {
      inferenceEndPoint: {
        callbackUrl: ms.url('key/translation'),
        inferenceApiKey: { name: 'Authorization', value: KEY_VALUE },
        schema: { taskType: 'translation', request: requests.translation },
      },
    });
    const res = await upload(alice, d);
    expect(res.statusCode, res.body).toBe(200);
    const { modelId } = res.json().data;
    expect(ms.calls.at(-1)!.headers.authorization).toBe(KEY_VALUE);
    const row = await p.ctx.db.db.selectFrom('models').selectAll().where('model_id', '=', modelId).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(KEY_VALUE);
    expect(row.inference_key_name).toBe('Authorization');
    expect((row.descriptor as { inferenceEndPoint: Obj }).inferenceEndPoint.inferenceApiKey).toBeUndefined();
    // The inference feature decrypts it through the service.
    const ep = await getModelForCall(p.ctx, modelId, { userId: alice.userId, roles: ['CONTRIBUTOR-USER'] });
    expect(ep.inferenceApiKey).toEqual({ name: 'Authorization', value: KEY_VALUE });
    expect(ep.callbackUrl).toBe(ms.url('key/translation'));
    // Without the key the same endpoint refuses, and the upload says so.
    const keyless = await upload(alice, {
      ...d,
      name: 'Harbour keyless translation',
      inferenceEndPoint: { ...(d.inferenceEndPoint as Obj), inferenceApiKey: undefined },
    });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().message).toMatch(/401/);
  });

  it("lists the caller's own models, newest first, with paging, a name filter, metrics and no benchmark runs yet", async () => {
    const res = await call(alice, 'GET', `${MODEL_API.listByUserId}?userId=${alice.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.totalCount).toBe(INFERENCE_TASKS.length + 1);
    expect(body.count).toBe(INFERENCE_TASKS.length + 1);
    const names = (body.data as Obj[]).map((m) => m.name);
    expect(names[0]).toBe('Harbour keyed translation');
    expect(names.at(-1)).toBe('Harbour translation model');
    for (const m of body.data as { benchmarkPerformance: unknown[]; metric: string[]; task: { type: string } }[]) {
      expect(m.benchmarkPerformance).toEqual([]);
      if (m.task.type === 'asr') expect(m.metric).toEqual(['wer', 'cer']);
      if (m.task.type === 'translation') expect(m.metric).toContain('bleu');
    }
    const page2 = (await call(alice, 'GET', `${MODEL_API.listByUserId}?startPage=2&endPage=2&pageSize=5`)).json();
    expect(page2).toMatchObject({ count: 5, totalCount: INFERENCE_TASKS.length + 1 });
    expect((page2.data as Obj[]).map((m) => m.name)).toEqual(names.slice(5, 10));
    const named = (await call(alice, 'GET', `${MODEL_API.listByUserId}?name=TRANSLIT`)).json();
    expect((named.data as Obj[]).map((m) => m.name)).toEqual(['Harbour transliteration model']);
    // Bob has none; asking for Alice's list by id is refused.
    expect((await call(bob, 'GET', MODEL_API.listByUserId)).json()).toMatchObject({ data: [], count: 0, totalCount: 0 });
    expect((await call(bob, 'GET', `${MODEL_API.listByUserId}?userId=${alice.userId}`)).statusCode).toBe(403);
    expect((await call(reader, 'GET', MODEL_API.listByUserId)).statusCode).toBe(403);
    expect((await call(null, 'GET', MODEL_API.listByUserId)).statusCode).toBe(401);
  });

  it('hides unpublished models from everyone but their owner and admins', async () => {
    const id = ids.translation;
    const missing = await getModel('00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    for (const who of [null, bob]) {
      const res = await getModel(id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(missing.json().message);
      expect(res.json().message).toBe(MODEL_NOT_FOUND_MESSAGE);
    }
    expect((await getModel(id, alice)).json()).toMatchObject({ modelId: id, status: 'unpublished' });
    expect((await getModel(id, admin)).statusCode).toBe(200);
    expect((await search({ task: 'translation', sourceLanguage: 'en', targetLanguage: 'hi' })).json()).toMatchObject({
      data: [],
      count: 0,
    });
    expect((await search({ task: 'translation' }, alice)).json().data).toEqual([]);
  });

  it('publishes and unpublishes: owner or admin only, a reason required to unpublish, audited', async () => {
    const id = ids.translation;
    // Another user's unpublished model does not exist for them; a published one is refused openly.
    expect((await setStatus(bob, { modelId: id, status: 'published' })).statusCode).toBe(404);
    const pub = await setStatus(alice, { modelId: id, status: 'published', userId: alice.userId });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json().data.status).toBe('published');
    expect(pub.json().data.publishedOn).toBeGreaterThan(Date.now() - 60_000);
    expect((await setStatus(bob, { modelId: id, status: 'unpublished', unpublishReason: 'mine now' })).statusCode).toBe(403);
    expect((await setStatus(bob, { modelId: id, status: 'unpublished', unpublishReason: 'x', userId: alice.userId })).statusCode).toBe(403);
    for (const reason of [undefined, '', '   ']) {
      const res = await setStatus(alice, {
        modelId: id,
        status: 'unpublished',
        ...(reason !== undefined ? { unpublishReason: reason } : {}),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNPUBLISH_REASON_REQUIRED_MESSAGE);
    }
    const unpub = await setStatus(admin, { modelId: id, status: 'unpublished', unpublishReason: ' Endpoint moves next week ' });
    expect(unpub.statusCode, unpub.body).toBe(200);
    expect(unpub.json().data).toMatchObject({ status: 'unpublished', unpublishReason: 'Endpoint moves next week' });
    expect((await getModel(id)).statusCode).toBe(404);
    const audit = await p.ctx.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['model.publish', 'model.unpublish'])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.actor_user_id, a.target_user_id])).toEqual([
      ['model.publish', alice.userId, alice.userId],
      ['model.unpublish', admin.userId, alice.userId],
    ]);
    expect((await setStatus(alice, { modelId: id, status: 'published' })).statusCode).toBe(200);
    expect((await getModel(id)).json()).toMatchObject({ modelId: id, status: 'published', unpublishReason: null });
  });

  it('explore: published models of a task, newest first, filtered by language, domain and submitter', async () => {
    for (const task of INFERENCE_TASKS)
      if (task !== 'translation') expect((await setStatus(alice, { modelId: ids[task], status: 'published' })).statusCode).toBe(200);
    // A second translation model, en → ta in the legal domain, by another lab, published last.
    const ta = await upload(
      bob,
      descriptor('translation', 'Delta legal translation', {
        languages: [lang('en', 'ta')],
        domain: ['legal'],
        submitter: { name: 'Delta Lab' },
      }),
    );
    expect(ta.statusCode, ta.body).toBe(200);
    const taId = ta.json().data.modelId;
    expect((await setStatus(bob, { modelId: taId, status: 'published' })).statusCode).toBe(200);

    const names = async (body: Obj) => {
      const res = await search(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().count).toBe(res.json().data.length);
      return (res.json().data as Obj[]).map((m) => m.name);
    };
    const all = { sourceLanguage: '', targetLanguage: '', domain: 'All', submitter: 'All', userId: null };
    expect(await names({ task: 'translation', ...all })).toEqual(['Delta legal translation', 'Harbour translation model']);
    expect(await names({ task: 'translation', sourceLanguage: 'en', targetLanguage: 'hi' })).toEqual(['Harbour translation model']);
    expect(await names({ task: 'translation', sourceLanguage: 'en', targetLanguage: ['ta', 'bn'] })).toEqual(['Delta legal translation']);
    expect(await names({ task: 'translation', sourceLanguage: 'hi', targetLanguage: 'en' })).toEqual([]);
    expect(await names({ task: 'translation', domain: ['legal'] })).toEqual(['Delta legal translation']);
    expect(await names({ task: 'translation', submitter: 'harbour lab' })).toEqual(['Harbour translation model']);
    // Other tasks: the one 'Language' filter matches either side; detection models (no languages) match any.
    expect(await names({ task: 'asr', targetLanguage: 'hi' })).toEqual(['Harbour asr model']);
    expect(await names({ task: 'asr', targetLanguage: 'ta' })).toEqual([]);
    expect(await names({ task: 'txt-lang-detection', targetLanguage: 'ta' })).toEqual(['Harbour txt-lang-detection model']);
    // The answer carries each model's languages: the web derives the targets offered for a source.
    const detail = (await search({ task: 'translation' })).json().data as { languages: Obj[]; inferenceEndPoint: Obj }[];
    expect(detail.map((m) => m.languages[0].targetLanguage)).toEqual(['ta', 'hi']);
    // An unpublished model disappears again; unknown tasks are refused; old task names answer empty lists.
    expect((await setStatus(bob, { modelId: taId, status: 'unpublished', unpublishReason: 'retraining' })).statusCode).toBe(200);
    expect(await names({ task: 'translation' })).toEqual(['Harbour translation model']);
    expect(await names({ task: 'document-layout' })).toEqual([]);
    const bad = await search({ task: 'video-magic' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('task');
    // A dataset type is still the ready-made page's (nothing marked here).
    expect((await search({ task: 'parallel-corpus', ...all })).json()).toMatchObject({ data: [], count: 0 });
  });

  it('finds a published transliteration model for a language pair, in the spec words when there is none', async () => {
    const res = await call(null, 'GET', `${MODEL_API.transliterationModelId}?sourceLanguage=en&targetLanguage=hi`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ modelId: ids.transliteration });
    expect((await call(null, 'GET', `${MODEL_API.transliterationModelId}?sourceLanguage=en`)).json()).toEqual({
      modelId: ids.transliteration,
    });
    const none = await call(null, 'GET', `${MODEL_API.transliterationModelId}?sourceLanguage=ta&targetLanguage=hi`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(TRANSLITERATION_MODEL_NOT_PRESENT_MESSAGE);
  });

  describe('bad uploads: a clear message and nothing stored', () => {
    const refused = async (file: Obj | string | Buffer, status: number, pattern: RegExp, field?: string) => {
      const res = await upload(alice, file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(pattern);
      if (field) expect((res.json().errors as { field: string }[]).map((e) => e.field)).toContain(field);
      return res.json();
    };

    it('refuses files that are not a descriptor, with per-field errors', async () => {
      await refused('{"name": "Broken', 400, /not valid JSON/, 'file');
      await refused(descriptor('translation', 'Harbour extra field', { colour: 'blue' }), 400, /unknown field 'colour'/);
      await refused(descriptor('translation', 'Harbour odd task', { task: { type: 'telepathy' } }), 400, /unknown task/, 'task.type');
      await refused(
        descriptor('translation', 'Harbour odd language', { languages: [lang('en', 'xx')] }),
        400,
        /unknown language/,
        'languages.0.targetLanguage',
      );
      const { trainingDataset: _t, ...noTraining } = descriptor('asr', 'Harbour missing training');
      await refused(noTraining, 400, /missing required field/, 'trainingDataset');
      const body = await refused(
        descriptor('translation', 'Harbour bad url', {
          inferenceEndPoint: { callbackUrl: 'ftp://x.example.org/a', schema: { taskType: 'translation', request: requests.translation } },
        }),
        400,
        /./,
      );
      expect(body.errors[0].field).toBe('inferenceEndPoint.callbackUrl');
      // 1 MB cap on the file; a 50 MB upload is refused as soon as it is announced.
      await refused(Buffer.alloc(1024 * 1024 + 10, 0x20), 413, /too large/);
      await refused(Buffer.alloc(50 * 1024 * 1024, 0x20), 413, /too large/);
      expect(await countNamed('Harbour %')).toBe(INFERENCE_TASKS.length + 1);
    });

    it('refuses an upload without a file, or made as another user', async () => {
      const json = await call(alice, 'POST', MODEL_API.upload, { file: descriptor('asr', 'Harbour json upload') });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toMatch(/multipart/);
      expect((await upload(alice, descriptor('asr', 'Harbour impostor one'), { userId: bob.userId })).statusCode).toBe(403);
      expect(
        (await upload(alice, descriptor('asr', 'Harbour impostor two'), { url: `${MODEL_API.upload}?userId=${bob.userId}` })).statusCode,
      ).toBe(403);
      expect((await upload(reader, descriptor('asr', 'Harbour reader model'))).statusCode).toBe(403);
      expect(await countNamed('Harbour impostor%')).toBe(0);
    });

    it('refuses endpoints on private or metadata addresses, and endpoints that fail', async () => {
      const port = new URL(ms.url('x')).port;
      const withUrl = (name: string, callbackUrl: string) =>
        descriptor('translation', name, {
          inferenceEndPoint: { callbackUrl, schema: { taskType: 'translation', request: requests.translation } },
        });
      const before = ms.calls.length;
      // 127.0.0.2 is loopback but not allow-listed (the tests allow 127.0.0.1 and localhost only).
      await refused(
        withUrl('Harbour loopback', `http://127.0.0.2:${port}/translation`),
        400,
        /loopback address/,
        'inferenceEndPoint.callbackUrl',
      );
      await refused(
        withUrl('Harbour metadata', 'http://169.254.169.254/latest/meta-data'),
        400,
        /link-local address/,
        'inferenceEndPoint.callbackUrl',
      );
      await refused(withUrl('Harbour private', 'http://10.1.2.3/translation'), 400, /private address/);
      expect(ms.calls.length).toBe(before);
      await refused(withUrl('Harbour hanging', ms.url('hang/translation')), 400, /did not answer within 1.5 seconds/);
      await refused(withUrl('Harbour failing', ms.url('error/translation')), 400, /HTTP 500/);
      await refused(withUrl('Harbour garbage', ms.url('garbage/translation')), 400, /not JSON/);
      await refused(withUrl('Harbour wrong shape', ms.url('wrong/translation')), 400, /translation response schema at output/);
      await refused(withUrl('Harbour huge', ms.url('huge/translation?mb=50')), 400, /too large/);
      await refused(withUrl('Harbour nowhere', `http://127.0.0.1:1/translation`), 400, /could not be reached|refused/);
      expect(await countNamed('Harbour %')).toBe(INFERENCE_TASKS.length + 1);
      // The server is still up.
      expect((await search({ task: 'asr' })).statusCode).toBe(200);
    });

    it('refuses a taken name + version in any case, and stores exactly one of concurrent duplicates', async () => {
      const dup = await refused(descriptor('asr', 'HARBOUR ASR MODEL', { version: 'V1.0' }), 409, /already exists/);
      expect(dup.code).toBe('MODEL_EXISTS');
      // Another version of the same name is a new model.
      expect((await upload(alice, descriptor('asr', 'Harbour asr model', { version: 'v2.0' }))).statusCode).toBe(200);
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, i) => upload(i % 2 ? alice : bob, descriptor('tts', 'Racing tts model'))),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect(await countNamed('Racing tts model')).toBe(1);
    });
  });

  it('registers reference models idempotently, published and owned by the platform', async () => {
    const input = {
      descriptor: descriptor('transliteration', 'Reference sanscript transliteration', {
        languages: [lang('hi', 'ta')],
        submitter: { name: 'ULCA reference models' },
      }),
      engineCard: { kind: 'rule-based' as const, engine: 'sanscript 1.0', limits: ['no schwa deletion'] },
      callbackUrl: 'http://127.0.0.1:9/sanscript',
    };
    const first = await registerReferenceModel(p.ctx, input);
    expect(first).toMatchObject({ status: 'published', isReferenceModel: true, engineCard: input.engineCard });
    // Cached by the first call; the refresh below must drop it (the reference server's port changed).
    expect((await getModelForCall(p.ctx, first.modelId, null)).callbackUrl).toBe('http://127.0.0.1:9/sanscript');
    const second = await registerReferenceModel(p.ctx, { ...input, callbackUrl: 'http://127.0.0.1:10/sanscript' });
    expect(second.modelId).toBe(first.modelId);
    expect((await getModelForCall(p.ctx, first.modelId, null)).callbackUrl).toBe('http://127.0.0.1:10/sanscript');
    expect(await countNamed('Reference sanscript transliteration')).toBe(1);
    const owner = await p.ctx.db.db
      .selectFrom('users')
      .innerJoin('models', 'models.user_id', 'users.user_id')
      .select(['users.is_active', 'users.first_name'])
      .where('model_id', '=', first.modelId)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ is_active: false, first_name: 'ULCA reference models' });
    expect((await call(null, 'GET', `${MODEL_API.transliterationModelId}?sourceLanguage=hi&targetLanguage=ta`)).json()).toEqual({
      modelId: first.modelId,
    });
    // A contributor's name is never taken over.
    await expect(registerReferenceModel(p.ctx, { ...input, descriptor: descriptor('asr', 'Harbour asr model') })).rejects.toThrow(
      /already holds/,
    );
  });

  it('the endpoint lookup of the inference path is cached, and a change of status is seen at once in this process', async () => {
    const id = ids.translation;
    expect((await setStatus(alice, { modelId: id, status: 'published' })).statusCode).toBe(200);
    const cached = await getModelForCall(p.ctx, id, null);
    // Served from memory: the same (frozen) object, the key decrypted once.
    expect(await getModelForCall(p.ctx, id, null)).toBe(cached);
    expect(Object.isFrozen(cached)).toBe(true);
    // Calls that miss together share one read.
    const other = ids.tts;
    const [a, b] = await Promise.all([getModelForCall(p.ctx, other, null), getModelForCall(p.ctx, other, null)]);
    expect(a).toBe(b);

    expect((await setStatus(alice, { modelId: id, status: 'unpublished', unpublishReason: 'maintenance' })).statusCode).toBe(200);
    await expect(getModelForCall(p.ctx, id, null)).rejects.toMatchObject({ status: 404, message: MODEL_NOT_FOUND_MESSAGE });
    await expect(getModelForCall(p.ctx, id, { userId: bob.userId, roles: ['CONTRIBUTOR-USER'] })).rejects.toMatchObject({ status: 404 });
    // The visibility check runs on every call, cached or not.
    expect((await getModelForCall(p.ctx, id, { userId: alice.userId, roles: [] })).status).toBe('unpublished');
    expect((await getModelForCall(p.ctx, id, { userId: admin.userId, roles: ['ADMIN'] })).status).toBe('unpublished');
    expect((await setStatus(alice, { modelId: id, status: 'published' })).statusCode).toBe(200);
    expect((await getModelForCall(p.ctx, id, null)).status).toBe('published');
  });

  it('a change made by another process (straight in the database) is seen after MODEL_ENDPOINT_CACHE_TTL_MS at the latest', async () => {
    const id = ids.translation;
    expect((await getModelForCall(p.ctx, id, null)).status).toBe('published');
    await p.ctx.db.db
      .updateTable('models')
      .set({ status: 'unpublished', unpublish_reason: 'elsewhere' })
      .where('model_id', '=', id)
      .execute();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + MODEL_ENDPOINT_CACHE_TTL_MS + 1);
    try {
      await expect(getModelForCall(p.ctx, id, null)).rejects.toMatchObject({ status: 404 });
    } finally {
      clock.mockRestore();
    }
    await p.ctx.db.db.updateTable('models').set({ status: 'published', unpublish_reason: null }).where('model_id', '=', id).execute();
    vi.spyOn(Date, 'now').mockReturnValue(now + 2 * MODEL_ENDPOINT_CACHE_TTL_MS + 2);
    try {
      expect((await getModelForCall(p.ctx, id, null)).status).toBe('published');
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('never answers the inference key or a callbackUrl', () => {
    expect(answered.length).toBeGreaterThan(50);
    const base = new URL(ms.url('x')).origin;
    for (const body of answered) {
      expect(body).not.toContain(KEY_VALUE);
      expect(body).not.toContain(base);
      // As a key of an answered object (error answers name the uploader's own field 'inferenceEndPoint.callbackUrl').
      expect(body).not.toContain('"callbackUrl"');
    }
  });
});
