/**
 * Speech-to-speech: a contributor's ASR model (the test model
 * server "hears" a Hindi sentence) chained with the platform's reference hi→ur translation
 * (Apertium) and reference TTS (espeak-ng), first as the tab runs it (the compute routes), then as
 * a batch job (zip in → result zip out). Also: a failing stage, a hostile URL, a malformed zip,
 * and isolation between users.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API, MODEL_NOT_ACCESSIBLE_MESSAGE, STS_API, type StsBatch } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, viaLocalhost, type TestModelServer } from '../../test/model-server.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { insertHearingAsr, referenceSpeechChain } from '../../test/speech-chain.ts';
import { serveTempFolder, type TempFolderServer } from '../../test/fixture-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { readZip } from '../../test/zip.ts';
import { writeZip } from '../../test/dataset-zips.ts';
import { startWorkers } from '../../workers.ts';

type Json = Record<string, unknown>;
const HINDI = 'मेरा नाम राम है।';
const URDU_SCRIPT = /[\u0600-\u06FF]/;

let p: TestPlatform;
let ms: TestModelServer;
let files: TempFolderServer;
let alice: TestUser;
let bob: TestUser;
let asrId = '';
let failingAsrId = '';
let translationId = '';
let ttsId = '';

beforeAll(async () => {
  files = await serveTempFolder('ulca-sts-');
  ms = await startTestModelServer();
  p = await createTestPlatform({
    referenceModels: true,
    config: { allowedFetchHosts: ['localhost'], modelCallTimeoutMs: 60_000, stsBatchMaxFiles: 3 },
    startWorkers: (ctx) => startWorkers(ctx, { stsBatch: true }),
  });
  [alice, bob] = await Promise.all([createSignedInUser(p), createSignedInUser(p)]);
  asrId = await insertHearingAsr(p, ms, bob.userId, HINDI);
  failingAsrId = await insertTestModel(p.ctx, {
    userId: bob.userId,
    task: 'asr',
    name: 'Broken ASR',
    callbackUrl: viaLocalhost(ms.url('error/asr')),
    languages: [{ sourceLanguage: 'hi' }],
  });
  ({ translationId, ttsId } = referenceSpeechChain(p));
  await p.referenceModels!.ready;
}, 180_000);

afterAll(async () => {
  await closeAll(p, ms, files);
});

/** Samples and duration of a PCM WAV (throws when it is not one). */
function wavInfo(b: Buffer): { seconds: number; nonZero: boolean } {
  expect(b.subarray(0, 4).toString()).toBe('RIFF');
  expect(b.subarray(8, 12).toString()).toBe('WAVE');
  let at = 12;
  let byteRate = 0;
  while (at + 8 <= b.length) {
    const id = b.subarray(at, at + 4).toString();
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ') byteRate = b.readUInt32LE(at + 16);
    if (id === 'data') {
      const data = b.subarray(at + 8, Math.min(b.length, at + 8 + size));
      return { seconds: data.length / byteRate, nonZero: data.some((x) => x !== 0) };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** Writes a zip of `entries` into the served folder; returns its URL as the platform may fetch it. */
async function servedZip(name: string, entries: Record<string, Buffer | string>): Promise<string> {
  await writeZip(files.dir, name, entries);
  return viaLocalhost(files.url(name));
}

const batchBody = (url: string, over: Json = {}) => ({
  url,
  sourceLanguage: 'hi',
  targetLanguage: 'ur',
  asrModelId: asrId,
  translationModelId: translationId,
  ttsModelId: ttsId,
  gender: 'female',
  ...over,
});
const status = (user: TestUser, batchId: string) => signedInject(p.app, user, 'GET', `${STS_API.batchStatus}?batchId=${batchId}`);

async function finished(user: TestUser, batchId: string, ms = 120_000): Promise<StsBatch> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await status(user, batchId);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json().data as StsBatch;
    if (b.status === 'Completed' || b.status === 'Failed') return b;
    if (Date.now() > end) throw new Error(`batch still ${b.status}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('speech-to-speech', () => {
  it('the tab chain through the routes: test ASR → Apertium hi→ur → espeak ur speech', async () => {
    const wav = silentWav(0.5);
    const asr = await p.app.inject({
      method: 'POST',
      url: MODEL_API.computeSpeech,
      payload: { modelId: asrId, task: 'asr', audioContent: wav.toString('base64'), source: 'hi' },
    });
    expect(asr.statusCode, asr.body).toBe(200);
    const transcript = (asr.json().data as Json).source as string;
    expect(transcript).toBe(HINDI);

    const tr = await p.app.inject({
      method: 'POST',
      url: MODEL_API.compute,
      payload: { modelId: translationId, task: 'translation', input: [{ source: transcript }], sourceLanguage: 'hi', targetLanguage: 'ur' },
    });
    expect(tr.statusCode, tr.body).toBe(200);
    const urdu = ((tr.json().output as Json[])[0].target as string).trim();
    expect(urdu).toMatch(URDU_SCRIPT);

    for (const gender of ['female', 'male'] as const) {
      const tts = await p.app.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId: ttsId, task: 'tts', input: [{ source: urdu }], gender, sourceLanguage: 'ur' },
      });
      expect(tts.statusCode, tts.body).toBe(200);
      const speech = wavInfo(Buffer.from((tts.json().audio as Json[])[0].audioContent as string, 'base64'));
      expect(speech.seconds).toBeGreaterThan(0.3);
      expect(speech.nonZero).toBe(true);
    }
  }, 60_000);

  it('a failing ASR stage answers the spec text; the chain stops there', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: MODEL_API.computeSpeech,
      payload: { modelId: failingAsrId, task: 'asr', audioContent: silentWav(0.5).toString('base64'), source: 'hi' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(MODEL_NOT_ACCESSIBLE_MESSAGE);
  });

  let batchId = '';
  it('a batch: zip of two recordings and a text file → per file transcript, translation and wav, plus summaries', async () => {
    const url = await servedZip('clips.zip', {
      'clips/one.wav': silentWav(0.5),
      'clips/two.wav': silentWav(0.8),
      'clips/readme.txt': 'not audio',
    });
    const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url));
    expect(res.statusCode, res.body).toBe(200);
    batchId = res.json().data.batchId;
    const b = await finished(alice, batchId);
    expect(b).toMatchObject({ status: 'Completed', total: 2, done: 2, failed: 0, skipped: 1, message: null });
    expect(b.files.map((f) => [f.name, f.status])).toEqual([
      ['clips/one.wav', 'done'],
      ['clips/two.wav', 'done'],
      ['clips/readme.txt', 'skipped'],
    ]);
    expect(b.files[0].transcript).toBe(HINDI);
    expect(b.files[0].translation).toMatch(URDU_SCRIPT);

    expect(b.downloadUrl).toMatch(/^\/ulca\/apis\/v0\/model\/sts\/batch\/download\//);
    const dl = await p.app.inject({ method: 'GET', url: b.downloadUrl! });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/zip');
    const zip = await readZip(dl.rawPayload);
    for (const base of ['clips/one', 'clips/two']) {
      expect(zip.get(`${base}.transcript.txt`)!.toString().trim()).toBe(HINDI);
      expect(zip.get(`${base}.translation.txt`)!.toString()).toMatch(URDU_SCRIPT);
      const speech = wavInfo(zip.get(`${base}.ur.wav`)!);
      expect(speech.seconds).toBeGreaterThan(0.3);
      expect(speech.nonZero).toBe(true);
    }
    const csv = zip.get('summary.csv')!.toString();
    expect(csv).toContain('file,status,stage,message,transcript,translation');
    expect(csv).toContain('clips/readme.txt,skipped');
    const summary = JSON.parse(zip.get('summary.json')!.toString()) as { files: { name: string; status: string }[] };
    expect(summary.files.map((f) => f.status)).toEqual(['done', 'done', 'skipped']);
  }, 150_000);

  it('only the requesting user sees a batch; the download link cannot be altered; anonymous callers get 401', async () => {
    expect((await status(bob, batchId)).statusCode).toBe(404);
    const mine = (await signedInject(p.app, alice, 'GET', STS_API.batchList)).json().data as { batchId: string }[];
    expect(mine.map((b) => b.batchId)).toContain(batchId);
    const theirs = (await signedInject(p.app, bob, 'GET', STS_API.batchList)).json().data as { batchId: string }[];
    expect(theirs.map((b) => b.batchId)).not.toContain(batchId);
    const link = ((await status(alice, batchId)).json().data as StsBatch).downloadUrl!;
    expect((await p.app.inject({ method: 'GET', url: link.replace(/token=./, 'token=A') })).statusCode).toBe(404);
    expect((await p.app.inject({ method: 'GET', url: link.split('?')[0] })).statusCode).toBe(404);
    expect((await p.app.inject({ method: 'GET', url: `${STS_API.batchStatus}?batchId=${batchId}` })).statusCode).toBe(401);
    expect(
      (await p.app.inject({ method: 'POST', url: STS_API.batchSubmit, payload: batchBody('http://localhost/x.zip') })).statusCode,
    ).toBe(401);
  });

  it('a failing ASR model fails each file at the asr stage with the spec text; a batch whose every file failed ends Failed', async () => {
    const url = await servedZip('fail.zip', { 'a.wav': silentWav(0.5) });
    const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url, { asrModelId: failingAsrId }));
    expect(res.statusCode, res.body).toBe(200);
    const b = await finished(alice, res.json().data.batchId);
    expect(b).toMatchObject({ status: 'Failed', total: 1, done: 0, failed: 1 });
    expect(b.message).toMatch(/^Every audio file failed; the first, a\.wav, at the asr stage/);
    expect(b.files[0]).toMatchObject({
      name: 'a.wav',
      status: 'failed',
      stage: 'asr',
      message: MODEL_NOT_ACCESSIBLE_MESSAGE,
      transcript: null,
    });
  }, 60_000);

  it('a file that is not audio under an audio name fails at its first stage (asr: not audio); the others go on', async () => {
    const url = await servedZip('mixed.zip', { 'fake.wav': 'this is text', 'real.wav': silentWav(0.5) });
    const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url));
    const b = await finished(alice, res.json().data.batchId);
    expect(b).toMatchObject({ status: 'Completed', total: 2, done: 1, failed: 1 });
    expect(b.files[0]).toMatchObject({ name: 'fake.wav', status: 'failed', stage: 'asr' });
    expect(b.files[0].message).toMatch(/not audio/);
  }, 90_000);

  it('hostile URLs are refused: a private or loopback address at submit, a redirect to one in the job', async () => {
    for (const url of ['http://10.1.2.3/clips.zip', 'http://169.254.169.254/latest/meta-data', files.url('clips.zip')]) {
      const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('URL_REFUSED');
    }
    expect((await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody('not a url'))).json().code).toBe('INVALID_URL');
    const redirect = viaLocalhost(files.url(`redirect?to=${encodeURIComponent('http://10.1.2.3/clips.zip')}`));
    const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(redirect));
    expect(res.statusCode, res.body).toBe(200);
    const b = await finished(alice, res.json().data.batchId);
    expect(b.status).toBe('Failed');
    expect(b.message).toMatch(/could not be downloaded/);
  });

  it('a malformed zip, a zip without audio and one with too many files end Failed with the reason', async () => {
    fs.writeFileSync(path.join(files.dir, 'bad.zip'), 'PK\u0003\u0004 this is not really a zip');
    const cases: [string, RegExp][] = [
      [viaLocalhost(files.url('bad.zip')), /not a readable zip/],
      [await servedZip('text.zip', { 'a.txt': 'x' }), /no audio file/],
      [
        await servedZip('many.zip', Object.fromEntries(['1', '2', '3', '4'].map((n) => [`${n}.wav`, silentWav(0.1)]))),
        /4 audio files; a batch takes at most 3/,
      ],
    ];
    for (const [url, why] of cases) {
      const res = await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url));
      expect(res.statusCode, res.body).toBe(200);
      const b = await finished(alice, res.json().data.batchId);
      expect(b.status).toBe('Failed');
      expect(b.message).toMatch(why);
      expect(b.downloadUrl).toBeNull();
    }
  });

  it('models of the wrong task or language are refused at submit', async () => {
    const url = viaLocalhost(files.url('clips.zip'));
    expect((await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url, { asrModelId: ttsId }))).json().code).toBe(
      'TASK_MISMATCH',
    );
    expect((await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url, { sourceLanguage: 'ta' }))).json().code).toBe(
      'LANGUAGE_NOT_SUPPORTED',
    );
    expect(
      (await signedInject(p.app, alice, 'POST', STS_API.batchSubmit, batchBody(url, { ttsModelId: crypto.randomUUID() }))).json().code,
    ).toBe('UNKNOWN_MODEL');
  });
});
