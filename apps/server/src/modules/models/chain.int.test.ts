/**
 * The model chain for every task, through the real routes only (no model
 * inserted in the database): upload (signed multipart) → My Models lists it unpublished → its owner
 * computes with it, nobody else → publish → Explore's search finds it by task and language → the
 * public getModel → an anonymous compute answers the test model server's output (the speech
 * endpoint and the tryMe upload for the audio and image tasks) → unpublish hides it again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFERENCE_TASKS, MODEL_API, type InferenceTask } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { TEST_MODEL_LANGUAGES, TEST_PNG, testDescriptor } from '../../test/model-descriptors.ts';
import { signedHeaders } from '../../security/signing.ts';
import { closeAll } from '../../test/platform-hook.ts';

type Json = Record<string, unknown>;
const WAV = silentWav(0.2);
const AUDIO_TASKS: InferenceTask[] = ['asr', 'audio-lang-detection', 'audio-gender-detection'];
const IMAGE_TASKS: InferenceTask[] = ['ocr', 'img-lang-detection'];

/** What compute is sent for each task and what the test model server's answer reads (model-server.ts). */
const TRIES: Record<InferenceTask, { body: Json; read: (answer: Json) => unknown; want: unknown }> = {
  translation: { body: { input: [{ source: 'Where is the station?' }] }, read: (a) => out(a).target, want: 'hi:Where is the station?' },
  transliteration: { body: { input: [{ source: 'ghar' }] }, read: (a) => out(a).target, want: ['ghar1', 'ghar2'] },
  tts: {
    body: { input: [{ source: 'नमस्ते' }], gender: 'female' },
    read: (a) =>
      Buffer.from(String((a.audio as Json[])[0].audioContent), 'base64')
        .subarray(0, 4)
        .toString(),
    want: 'RIFF',
  },
  ner: {
    body: { input: [{ source: 'Meera lives here' }] },
    read: (a) => (out(a).nerPrediction as Json[]).map((p) => p.tag),
    want: ['B-PER', 'O', 'O'],
  },
  'txt-lang-detection': { body: { input: [{ source: 'नमस्ते' }] }, read: (a) => (out(a).langPrediction as Json[])[0].langCode, want: 'hi' },
  itn: { body: { input: [{ source: 'five' }] }, read: (a) => out(a).target, want: 'itn:five' },
  'text-normalization': { body: { input: [{ source: '5' }] }, read: (a) => out(a).target, want: 'text-normalization:5' },
  asr: {
    body: { audioContent: WAV.toString('base64'), source: 'hi' },
    read: (a) => (a.data as Json).source,
    want: `heard ${WAV.length} bytes`,
  },
  'audio-lang-detection': {
    body: { audioContent: WAV.toString('base64') },
    read: (a) => (out(a).langPrediction as Json[])[0].langCode,
    want: 'hi',
  },
  'audio-gender-detection': {
    body: { audioContent: WAV.toString('base64') },
    read: (a) => (out(a).genderPrediction as Json[])[0].gender,
    want: 'female',
  },
  ocr: { body: { imageContent: TEST_PNG.toString('base64') }, read: (a) => out(a).source, want: `read ${TEST_PNG.length} bytes` },
  'img-lang-detection': {
    body: { imageContent: TEST_PNG.toString('base64') },
    read: (a) => (out(a).langPrediction as Json[])[0].langCode,
    want: 'hi',
  },
};
function out(answer: Json): Json {
  return (answer.output as Json[])[0];
}

let p: TestPlatform;
let ms: TestModelServer;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({ config: { modelUploadCheckTimeoutMs: 3000 } });
  owner = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  other = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
});
afterAll(() => closeAll(p, ms));

/** A multipart body as undici builds it (as the web app does) with its content type. */
async function multipart(parts: Record<string, string | Blob>): Promise<{ body: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) fd.append(k, v);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}
/** POSTs a multipart body to `url`, signed as `user` when given. */
async function postForm(user: TestUser | null, url: string, parts: Record<string, string | Blob>) {
  const { body, contentType } = await multipart(parts);
  const signed = user ? signedHeaders(user, { method: 'POST', url, body }) : {};
  return p.app.inject({ method: 'POST', url, payload: body, headers: { ...signed, 'content-type': contentType } });
}
const anonymous = (method: 'GET' | 'POST', url: string, body?: Json) => p.app.inject({ method, url, ...(body ? { payload: body } : {}) });
const as = (user: TestUser | null, method: 'GET' | 'POST', url: string, body?: Json) =>
  user ? signedInject(p.app, user, method, url, body) : anonymous(method, url, body);
/** compute (asr: the speech endpoint) for `task`'s model. */
const compute = (user: TestUser | null, task: InferenceTask, modelId: string) =>
  as(user, 'POST', task === 'asr' ? MODEL_API.computeSpeech : MODEL_API.compute, { modelId, task, ...TRIES[task].body });
const search = async (body: Json) =>
  ((await anonymous('POST', MODEL_API.search, body)).json().data as { modelId: string }[]).map((m) => m.modelId);

describe('model chain through the real routes, every task', () => {
  it.each(INFERENCE_TASKS.map((t) => [t]))('%s: upload → my models → publish → explore → detail → compute → unpublish', async (task) => {
    const name = `Chain ${task} ${Date.now()}`;
    const descriptor = testDescriptor(task, name, ms.url(task), WAV.toString('base64'));
    const calls = ms.calls.length;
    const uploaded = await postForm(owner, MODEL_API.upload, {
      file: new Blob([JSON.stringify(descriptor)], { type: 'application/json' }),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const modelId = uploaded.json().data.modelId as string;
    // The upload check called the endpoint once with the descriptor's example request.
    expect(ms.calls.slice(calls).map((c) => c.path)).toEqual([`/${task}`]);

    // My Models: the new model, unpublished.
    const mine = await signedInject(p.app, owner, 'GET', `${MODEL_API.listByUserId}?userId=${owner.userId}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json().data as Json[]).find((m) => m.modelId === modelId)).toMatchObject({
      name,
      version: 'v1.0',
      status: 'unpublished',
      task: { type: task },
    });

    // Unpublished: its owner computes with it, others get the 404 of a missing model; search does not list it.
    const ownTry = await compute(owner, task, modelId);
    expect(ownTry.statusCode, ownTry.body).toBe(200);
    expect(TRIES[task].read(ownTry.json())).toEqual(TRIES[task].want);
    expect((await compute(null, task, modelId)).statusCode).toBe(404);
    expect((await compute(other, task, modelId)).statusCode).toBe(404);
    expect((await anonymous('GET', `${MODEL_API.getModel}?modelId=${modelId}`)).statusCode).toBe(404);
    expect(await search({ task })).not.toContain(modelId);

    const published = await signedInject(p.app, owner, 'POST', MODEL_API.statusChange, { modelId, status: 'published' });
    expect(published.statusCode, published.body).toBe(200);

    // Explore finds it by task and language (a pair for translation and transliteration).
    const { sourceLanguage, targetLanguage } = TEST_MODEL_LANGUAGES[task][0];
    expect(await search({ task, sourceLanguage, ...(targetLanguage ? { targetLanguage } : {}) })).toContain(modelId);
    expect(await search({ task, sourceLanguage: 'ta' })).not.toContain(modelId);
    expect(await search({ task: task === 'translation' ? 'tts' : 'translation' })).not.toContain(modelId);

    // The public model page.
    const detail = await anonymous('GET', `${MODEL_API.getModel}?modelId=${modelId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ modelId, name, status: 'published', task: { type: task } });
    expect(detail.body).not.toContain(ms.url(task));

    // Anyone computes; the answer is the test server's.
    const tried = await compute(null, task, modelId);
    expect(tried.statusCode, tried.body).toBe(200);
    expect(TRIES[task].read(tried.json())).toEqual(TRIES[task].want);
    // Audio and image tasks also take a file through tryMe.
    if (AUDIO_TASKS.includes(task) || IMAGE_TASKS.includes(task)) {
      const media = AUDIO_TASKS.includes(task)
        ? new Blob([new Uint8Array(WAV)], { type: 'audio/wav' })
        : new Blob([new Uint8Array(TEST_PNG)], { type: 'image/png' });
      const byFile = await postForm(null, MODEL_API.tryMe, { file: media, modelId });
      expect(byFile.statusCode, byFile.body).toBe(200);
      const answer = byFile.json() as Json;
      // tryMe answers the model's own body: asr reads output[0].source (no `data` wrapper).
      expect(task === 'asr' ? out(answer).source : TRIES[task].read(answer)).toEqual(TRIES[task].want);
    }

    const unpublished = await signedInject(p.app, owner, 'POST', MODEL_API.statusChange, {
      modelId,
      status: 'unpublished',
      unpublishReason: 'Chain test done',
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(await search({ task })).not.toContain(modelId);
    expect((await compute(null, task, modelId)).statusCode).toBe(404);
  });
});
