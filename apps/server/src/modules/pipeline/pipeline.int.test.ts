/**
 * Pipelines (docs/api.md#pipelines): search, config and compute
 * with an application's key for asr → translation → tts (a contributor's ASR double that "hears"
 * a Hindi sentence, the platform's Apertium hi→ur and eSpeak ur), translation → tts,
 * transliteration (Sanscript en→hi) and ocr → translation (an OCR double); the glossary of the
 * key's app in the translation stage; and the bad inputs: languages that do not connect, an
 * unknown serviceId, a revoked key, 10 MB of text, a stage that hangs or answers garbage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_API, PIPELINE_API, type PipelineConfigResponse } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, generateApiKey, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, viaLocalhost, type TestModelServer } from '../../test/model-server.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { insertHearingAsr, referenceSpeechChain } from '../../test/speech-chain.ts';
import { insertTestModel, type TestModelSpec } from '../../test/models.ts';
import { invalidateModelEndpoint } from '../models/service.ts';

type Json = Record<string, unknown>;
const USERS = '/ulca/user-mgmt/v1/users';
const HINDI = 'मेरा नाम राम है।';
const URDU_SCRIPT = /[\u0600-\u06FF]/;
/** The time limit of a model call here: long enough for the warm reference engines, short for the hanging double. */
const CALL_TIMEOUT_MS = 8000;

let p: TestPlatform;
let ms: TestModelServer;
let alice: TestUser;
let bob: TestUser;
let key = '';
let asrId = '';
let ocrId = '';
let translationId = '';
let ttsId = '';
let transliterationId = '';
let hangingId = '';
let garbageId = '';
let doubleTtsId = '';

const compute = (body: Json, k = key) =>
  p.app.inject({ method: 'POST', url: PIPELINE_API.compute, payload: body, headers: { ulcaApiKey: k } });
const config = (body: Json, k = key, userID?: string) =>
  p.app.inject({ method: 'POST', url: PIPELINE_API.config, payload: body, headers: { ulcaApiKey: k, ...(userID ? { userID } : {}) } });
const task = (taskType: string, serviceId: string, language: Json) => ({ taskType, config: { serviceId, language } });
const sts = (asr = asrId, tr = translationId, tts = ttsId) => [
  task('asr', asr, { sourceLanguage: 'hi' }),
  task('translation', tr, { sourceLanguage: 'hi', targetLanguage: 'ur' }),
  task('tts', tts, { sourceLanguage: 'ur' }),
];
const audioIn = () => ({ audio: [{ audioContent: silentWav(0.5).toString('base64') }] });

function wavSeconds(b64: string): number {
  const b = Buffer.from(b64, 'base64');
  expect(b.subarray(0, 4).toString()).toBe('RIFF');
  return (b.length - 44) / b.readUInt32LE(28);
}

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({
    referenceModels: true,
    config: { allowedFetchHosts: ['localhost'], modelCallTimeoutMs: CALL_TIMEOUT_MS },
  });
  [alice, bob] = await Promise.all([createSignedInUser(p), createSignedInUser(p)]);
  asrId = await insertHearingAsr(p, ms, bob.userId, HINDI, { status: 'published' });
  // Bob's published doubles on the test model server, reached as localhost.
  const double = (path: string, spec: Omit<TestModelSpec, 'userId' | 'callbackUrl' | 'status'>) =>
    insertTestModel(p.ctx, { userId: bob.userId, status: 'published', callbackUrl: viaLocalhost(ms.url(path)), ...spec });
  const hiToUr = [{ sourceLanguage: 'hi', targetLanguage: 'ur' }];
  ocrId = await double(`say/ocr?text=${encodeURIComponent(HINDI)}`, {
    task: 'ocr',
    name: 'Reads Hindi',
    languages: [{ sourceLanguage: 'hi' }],
  });
  hangingId = await double('hang/translation', { name: 'Hangs', languages: hiToUr });
  garbageId = await double('garbage/translation', { name: 'Garbage', languages: hiToUr });
  doubleTtsId = await double('tts', { task: 'tts', name: 'Silent TTS', languages: [{ sourceLanguage: 'ur' }] });
  ({ translationId, ttsId } = referenceSpeechChain(p));
  transliterationId = p.referenceModels!.models.find((m) => m.task.type === 'transliteration')!.modelId;
  await p.referenceModels!.ready;
  key = await generateApiKey(p.app, alice, 'Speech App');
  // The app's glossary: राम is rendered as شری رام in its translations.
  const g = await signedInject(p.app, alice, 'POST', GLOSSARY_API.create, {
    appName: 'Speech App',
    serviceProviderName: 'ulca-reference-models',
    glossary: [{ sourceLanguage: 'hi', targetLanguage: 'ur', sourceText: 'राम', targetText: 'شری رام' }],
  });
  expect(g.statusCode, g.body).toBe(200);
}, 180_000);

afterAll(() => closeAll(p, ms));

describe('pipeline search and config', () => {
  it('search lists asr → translation → tts with hi → ur among the usual chains, and answers an asked sequence', async () => {
    const res = await p.app.inject({ method: 'POST', url: PIPELINE_API.search, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      pipelineTasks: { taskType: string }[];
      languages: { sourceLanguage: string; targetLanguageList: string[] }[];
    }[];
    const chain = data.find((d) => d.pipelineTasks.map((t) => t.taskType).join('>') === 'asr>translation>tts')!;
    expect(chain.languages.find((l) => l.sourceLanguage === 'hi')!.targetLanguageList).toContain('ur');
    const asked = await p.app.inject({
      method: 'POST',
      url: PIPELINE_API.search,
      payload: { pipelineTasks: [{ taskType: 'ocr' }, { taskType: 'translation' }] },
    });
    expect(asked.json().data[0].languages).toContainEqual(
      expect.objectContaining({ sourceLanguage: 'hi', targetLanguageList: expect.arrayContaining(['ur']) }),
    );
    // asr only hears hi here; a translation from ta cannot follow it.
    const none = await p.app.inject({
      method: 'POST',
      url: PIPELINE_API.search,
      payload: {
        pipelineTasks: [
          { taskType: 'asr' },
          { taskType: 'translation', config: { language: { sourceLanguage: 'ta', targetLanguage: 'hi' } } },
        ],
      },
    });
    expect(none.json().data).toEqual([]);
  });

  it('config answers the candidates of each task, the languages, and the compute endpoint with the key', async () => {
    const res = await config(
      {
        pipelineTasks: [{ taskType: 'asr' }, { taskType: 'translation' }, { taskType: 'tts' }],
        pipelineRequestConfig: { submitter: 'ULCA' },
      },
      key,
      alice.userId,
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json() as PipelineConfigResponse;
    expect(c.languages.find((l) => l.sourceLanguage === 'hi')!.targetLanguageList).toContain('ur');
    expect(c.pipelineResponseConfig.map((t) => t.taskType)).toEqual(['asr', 'translation', 'tts']);
    expect(c.pipelineResponseConfig[0].config.map((m) => m.serviceId)).toContain(asrId);
    expect(c.pipelineResponseConfig[1].config).toContainEqual(
      expect.objectContaining({ serviceId: translationId, language: { sourceLanguage: 'hi', targetLanguage: 'ur' } }),
    );
    expect(c.pipelineResponseConfig[2].config.map((m) => m.serviceId)).toContain(ttsId);
    // Every translation candidate takes what some asr candidate answers in (hi here).
    expect(c.pipelineResponseConfig[1].config.every((m) => m.language.sourceLanguage === 'hi')).toBe(true);
    expect(c.pipelineInferenceAPIEndPoint.callbackUrl).toMatch(new RegExp(`${PIPELINE_API.compute}$`));
    expect(c.pipelineInferenceAPIEndPoint.inferenceApiKey).toEqual({ name: 'ulcaApiKey', value: key });
    expect(c.pipelineInferenceSocketEndPoint?.callbackUrl).toMatch(/^ws/);
  });

  it('config refuses languages that do not connect, naming the stage; another user id or no key is refused', async () => {
    const res = await config({
      pipelineTasks: [
        { taskType: 'asr', config: { language: { sourceLanguage: 'hi' } } },
        { taskType: 'translation', config: { language: { sourceLanguage: 'ur', targetLanguage: 'hi' } } },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'LANGUAGES_DO_NOT_CONNECT', errors: [{ field: 'pipelineTasks.1.config.language' }] });
    expect(res.json().message).toMatch(/^Stage 2 \(translation\)/);
    expect((await config({ pipelineTasks: [{ taskType: 'asr' }] }, key, bob.userId)).statusCode).toBe(403);
    expect(
      (await p.app.inject({ method: 'POST', url: PIPELINE_API.config, payload: { pipelineTasks: [{ taskType: 'asr' }] } })).statusCode,
    ).toBe(401);
  });
});

describe('pipeline compute', () => {
  it('asr → translation → tts: each stage feeds the next; the glossary of the key’s app applies to the translation', async () => {
    const res = await compute({ pipelineTasks: sts(), inputData: audioIn() });
    expect(res.statusCode, res.body).toBe(200);
    const [asr, tr, tts] = res.json().pipelineResponse as Json[];
    expect(asr).toMatchObject({ taskType: 'asr', serviceId: asrId, output: [{ source: HINDI }], audio: null });
    expect(tr).toMatchObject({
      taskType: 'translation',
      serviceId: translationId,
      config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } },
    });
    const urdu = (tr.output as Json[])[0].target as string;
    expect(urdu).toMatch(URDU_SCRIPT);
    expect(urdu).toContain('شری رام');
    expect((tr.output as Json[])[0].source).toBe(HINDI);
    expect(tts).toMatchObject({ taskType: 'tts', serviceId: ttsId, output: null });
    expect(wavSeconds((tts.audio as Json[])[0].audioContent as string)).toBeGreaterThan(0.3);
  }, 60_000);

  it('translation → tts: text in, speech out', async () => {
    const res = await compute({ pipelineTasks: sts().slice(1), inputData: { input: [{ source: 'पानी' }] } });
    expect(res.statusCode, res.body).toBe(200);
    const [tr, tts] = res.json().pipelineResponse as Json[];
    expect((tr.output as Json[])[0].target).toMatch(URDU_SCRIPT);
    expect(wavSeconds((tts.audio as Json[])[0].audioContent as string)).toBeGreaterThan(0.1);
  }, 60_000);

  it('transliteration alone: en → hi', async () => {
    const res = await compute({
      pipelineTasks: [task('transliteration', transliterationId, { sourceLanguage: 'en', targetLanguage: 'hi' })],
      inputData: { input: [{ source: 'bharat' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [tl] = res.json().pipelineResponse as Json[];
    const target = (tl.output as Json[])[0].target;
    expect(Array.isArray(target) ? target[0] : target).toMatch(/^[\u0900-\u097F]+$/);
  });

  it('ocr → translation: the text read from the image is translated; languages taken from the stage before when not given', async () => {
    const res = await compute({
      pipelineTasks: [task('ocr', ocrId, { sourceLanguage: 'hi' }), { taskType: 'translation', config: { serviceId: translationId } }],
      inputData: { image: [{ imageContent: Buffer.from('an image').toString('base64') }] },
    });
    // Not a real image: the platform checks images before calling the model.
    if (res.statusCode === 400) {
      expect(res.json()).toMatchObject({ failedStage: { index: 0, taskType: 'ocr' }, pipelineResponse: [] });
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
      const ok = await compute({
        pipelineTasks: [task('ocr', ocrId, { sourceLanguage: 'hi' }), { taskType: 'translation', config: { serviceId: translationId } }],
        inputData: { image: [{ imageContent: png.toString('base64') }] },
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const [ocr, tr] = ok.json().pipelineResponse as Json[];
      expect((ocr.output as Json[])[0].source).toBe(HINDI);
      expect(tr.config).toMatchObject({ language: { sourceLanguage: 'hi', targetLanguage: 'ur' } });
      expect((tr.output as Json[])[0].target).toMatch(URDU_SCRIPT);
    } else expect(res.statusCode, res.body).toBe(200);
  }, 60_000);
});

describe('pipeline compute: bad input names the stage; nothing after it runs', () => {
  const callsTo = (path: string) => ms.calls.filter((c) => c.path.startsWith(path)).length;

  it('languages that do not connect: asr in hi, then translation from ur — refused before any model is called', async () => {
    const before = ms.calls.length;
    const res = await compute({
      pipelineTasks: [
        task('asr', asrId, { sourceLanguage: 'hi' }),
        task('translation', translationId, { sourceLanguage: 'ur', targetLanguage: 'hi' }),
      ],
      inputData: audioIn(),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'LANGUAGES_DO_NOT_CONNECT',
      failedStage: { index: 1, taskType: 'translation', serviceId: translationId },
      pipelineResponse: [],
    });
    expect(ms.calls.length).toBe(before);
  });

  it('an unknown serviceId, a task of the wrong kind, input the first stage cannot take', async () => {
    const unknown = await compute({
      pipelineTasks: [sts()[0], task('translation', crypto.randomUUID(), { sourceLanguage: 'hi', targetLanguage: 'ur' })],
      inputData: audioIn(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'UNKNOWN_SERVICE_ID',
      failedStage: { index: 1 },
      errors: [{ field: 'pipelineTasks.1.config.serviceId' }],
    });
    const wrong = await compute({ pipelineTasks: [task('asr', ttsId, { sourceLanguage: 'ur' })], inputData: audioIn() });
    expect(wrong.json()).toMatchObject({ code: 'TASK_MISMATCH', failedStage: { index: 0 } });
    const noAudio = await compute({ pipelineTasks: sts(), inputData: { input: [{ source: 'x' }] } });
    expect(noAudio.json()).toMatchObject({ code: 'MISSING_INPUT', failedStage: { index: 0 } });
    const textToAsr = await compute({
      pipelineTasks: [sts()[1], task('asr', asrId, { sourceLanguage: 'ur' })],
      inputData: { input: [{ source: 'पानी' }] },
    });
    expect(textToAsr.json()).toMatchObject({ code: 'TASKS_DO_NOT_CONNECT', failedStage: { index: 1 } });
  });

  it('audio over the key’s limit (5 minutes) is refused at the asr stage; nothing is called', async () => {
    const before = ms.calls.length;
    const res = await compute({ pipelineTasks: sts(), inputData: { audio: [{ audioContent: silentWav(301, 8000).toString('base64') }] } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AUDIO_TOO_LONG', failedStage: { index: 0, taskType: 'asr' }, pipelineResponse: [] });
    expect(ms.calls.length).toBe(before);
  }, 30_000);

  it('a model unpublished between config and compute is an unknown serviceId at its stage', async () => {
    const gone = await insertTestModel(p.ctx, {
      userId: bob.userId,
      name: 'Soon gone',
      callbackUrl: viaLocalhost(ms.url('translation')),
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
    const cfg = await config({
      pipelineTasks: [{ taskType: 'translation', config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } }],
    });
    expect((cfg.json() as PipelineConfigResponse).pipelineResponseConfig[0].config.map((c) => c.serviceId)).toContain(gone);
    await p.ctx.db.db.updateTable('models').set({ status: 'unpublished' }).where('model_id', '=', gone).execute();
    invalidateModelEndpoint(p.ctx, gone);
    const res = await compute({
      pipelineTasks: [task('translation', gone, { sourceLanguage: 'hi', targetLanguage: 'ur' })],
      inputData: { input: [{ source: 'पानी' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_SERVICE_ID', failedStage: { index: 0, serviceId: gone } });
  });

  it('a missing or revoked key is 401', async () => {
    const k = await generateApiKey(p.app, alice, 'Short Lived');
    expect((await compute({ pipelineTasks: sts().slice(1), inputData: { input: [{ source: 'पानी' }] } }, k)).statusCode).toBe(200);
    const revoked = await signedInject(p.app, alice, 'POST', `${USERS}/revokeApiKey`, {
      userID: alice.userId,
      ulcaApiKey: k.split('.')[0],
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const res = await compute({ pipelineTasks: sts().slice(1), inputData: { input: [{ source: 'पानी' }] } }, k);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('API_KEY_INVALID');
    expect(
      (await p.app.inject({ method: 'POST', url: PIPELINE_API.compute, payload: { pipelineTasks: sts(), inputData: audioIn() } }))
        .statusCode,
    ).toBe(401);
  }, 30_000);

  it('10 MB of text is refused at the first stage, naming the field', async () => {
    const res = await compute({ pipelineTasks: sts().slice(1), inputData: { input: [{ source: 'क'.repeat((10 * 1024 * 1024) / 3) }] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TEXT_TOO_LONG', failedStage: { index: 0, taskType: 'translation' }, pipelineResponse: [] });
    expect(res.json().errors[0].field).toBe('pipelineTasks.0.input.0.source');
  });

  it('a stage that hangs answers 424 naming it, with the stage before; the tts after it is not called', async () => {
    const ttsCalls = callsTo('/tts');
    const res = await compute({ pipelineTasks: sts(asrId, hangingId, doubleTtsId), inputData: audioIn() });
    expect(res.statusCode, res.body).toBe(424);
    expect(res.json()).toMatchObject({ code: 'STAGE_TIMEOUT', failedStage: { index: 1, taskType: 'translation', serviceId: hangingId } });
    expect(res.json().message).toMatch(/^Stage 2 \(translation, serviceId .*\) failed: the model did not answer within 8 s\.$/);
    expect((res.json().pipelineResponse as Json[]).map((s) => s.taskType)).toEqual(['asr']);
    expect(callsTo('/tts')).toBe(ttsCalls);
  }, 30_000);

  it('a stage that answers garbage answers 424 naming it; the tts after it is not called', async () => {
    const ttsCalls = callsTo('/tts');
    const res = await compute({ pipelineTasks: sts(asrId, garbageId, doubleTtsId), inputData: audioIn() });
    expect(res.statusCode, res.body).toBe(424);
    expect(res.json()).toMatchObject({ code: 'STAGE_FAILED', failedStage: { index: 1, serviceId: garbageId } });
    expect((res.json().pipelineResponse as Json[])[0]).toMatchObject({ output: [{ source: HINDI }] });
    expect(callsTo('/tts')).toBe(ttsCalls);
    // The same chain with a working translation reaches the double's tts.
    const ok = await compute({ pipelineTasks: sts(asrId, translationId, doubleTtsId), inputData: audioIn() });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(callsTo('/tts')).toBe(ttsCalls + 1);
  }, 30_000);
});
