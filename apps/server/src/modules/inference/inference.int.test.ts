import dns from 'node:dns';
import http from 'node:http';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODEL_API, MODEL_NOT_ACCESSIBLE_MESSAGE } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { insertTestModel, type TestModelSpec } from '../../test/models.ts';
import { signedHeaders } from '../../security/signing.ts';
import { usageOfKey } from './service.ts';
import { buildApp } from '../../app.ts';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let p: TestPlatform;
let ms: TestModelServer;
let owner: TestUser;
let files: http.Server;
let filesUrl = '';
// A model endpoint that counts calls in flight (the concurrency test).
let counting: http.Server;
let countingUrl = '';
let inFlight = 0;
let maxInFlight = 0;

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  p = await createTestPlatform({
    config: { modelCallTimeoutMs: 1500, modelMaxResponseBytes: 1024 * 1024, modelConcurrency: 3, modelQueueWaitMs: 5000 },
  });
  ms = await startTestModelServer();
  owner = await createSignedInUser(p);
  files = http.createServer((req, res) => {
    const body =
      req.url === '/speech.wav'
        ? silentWav(0.5)
        : req.url === '/long.wav'
          ? silentWav(61)
          : req.url === '/page.png'
            ? PNG
            : Buffer.from('not media');
    res.writeHead(200, { 'content-length': body.length });
    res.end(body);
  });
  filesUrl = await listen(files);
  counting = http.createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.resume();
    setTimeout(() => {
      inFlight -= 1;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ output: [{ source: 'a', target: 'b' }] }));
    }, 150);
  });
  countingUrl = await listen(counting);
});

afterAll(async () => {
  await ms.close();
  await new Promise<void>((r) => files.close(() => r()));
  await new Promise<void>((r) => counting.close(() => r()));
  await p.close();
});

const model = (spec: Partial<TestModelSpec> & { callbackUrl: string }) => insertTestModel(p.ctx, { userId: owner.userId, ...spec });
const compute = (body: unknown, headers: Record<string, string> = {}, url: string = MODEL_API.compute) =>
  p.app.inject({ method: 'POST', url, payload: body as object, headers });

describe('hosted inference: every task', () => {
  it('text tasks answer what the original client reads', async () => {
    const translation = await model({ callbackUrl: ms.url('translation') });
    const res = await compute({ modelId: translation, task: 'translation', userId: 'ignored', input: [{ source: 'How are you?' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output[0].target).toBe('hi:How are you?');
    // The model got the ULCA translation request with the model's language pair.
    expect(ms.calls.at(-1)?.body).toMatchObject({
      input: [{ source: 'How are you?' }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } },
    });

    type Answer = { output: { target: unknown; nerPrediction: unknown[]; langPrediction: { langCode: string }[] }[] };
    const cases: [string, (j: Answer) => unknown, unknown][] = [
      ['transliteration', (j) => j.output[0].target, ['namaste1', 'namaste2']],
      [
        'ner',
        (j) => j.output[0].nerPrediction[0],
        expect.objectContaining({ token: 'namaste', tag: 'B-PER', tokenStartIndex: 0, tokenEndIndex: 6 }),
      ],
      ['txt-lang-detection', (j) => j.output[0].langPrediction[0].langCode, 'hi'],
      ['itn', (j) => j.output[0].target, 'itn:namaste'],
      ['text-normalization', (j) => j.output[0].target, 'text-normalization:namaste'],
    ];
    for (const [task, read, want] of cases) {
      const id = await model({ callbackUrl: ms.url(task), task: task as TestModelSpec['task'] });
      const r = await compute({ modelId: id, task, input: [{ source: 'namaste' }] });
      expect(r.statusCode, `${task}: ${r.body}`).toBe(200);
      expect(read(r.json())).toEqual(want);
    }
  });

  it('tts sends the chosen voice and answers audio[0].audioContent', async () => {
    const id = await model({ callbackUrl: ms.url('tts'), task: 'tts' });
    const res = await compute({ modelId: id, task: 'tts', input: [{ source: 'namaste' }], gender: 'male' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Buffer.from(res.json().audio[0].audioContent, 'base64').subarray(0, 4).toString()).toBe('RIFF');
    expect(ms.calls.at(-1)?.body).toMatchObject({ config: { gender: 'male', language: { sourceLanguage: 'hi' } } });
  });

  it('speech: audio content and audio URI (downloaded by the server, sent as content); data.source on the asr endpoint', async () => {
    const asr = await model({ callbackUrl: ms.url('asr'), task: 'asr' });
    const wav = silentWav(0.5);
    const byContent = await compute(
      { modelId: asr, task: 'asr', source: 'hi', audioContent: wav.toString('base64') },
      {},
      MODEL_API.computeSpeech,
    );
    expect(byContent.statusCode, byContent.body).toBe(200);
    expect(byContent.json().data.source).toBe(`heard ${wav.length} bytes`);
    const byUri = await compute(
      { modelId: asr, task: 'asr', source: 'hi', audioUri: `${filesUrl}/speech.wav` },
      {},
      MODEL_API.computeSpeech,
    );
    expect(byUri.json().data.source).toBe(`heard ${wav.length} bytes`);
    const sent = ms.calls.at(-1)?.body as { audio: { audioContent?: string; audioUri?: string }[]; config: Record<string, unknown> };
    expect(sent.audio[0].audioUri).toBeUndefined();
    expect(sent.config).toMatchObject({ audioFormat: 'wav', samplingRate: 16000, language: { sourceLanguage: 'hi' } });

    for (const task of ['audio-lang-detection', 'audio-gender-detection'] as const) {
      const id = await model({ callbackUrl: ms.url(task), task });
      const r = await compute({ modelId: id, task, audioContent: wav.toString('base64') });
      expect(r.statusCode, r.body).toBe(200);
      expect(
        task === 'audio-lang-detection' ? r.json().output[0].langPrediction[0].langCode : r.json().output[0].genderPrediction[0].gender,
      ).toBe(task === 'audio-lang-detection' ? 'hi' : 'female');
    }
  });

  it('images: content, URI and the tryMe upload', async () => {
    const ocr = await model({ callbackUrl: ms.url('ocr'), task: 'ocr' });
    const byContent = await compute({ modelId: ocr, task: 'ocr', imageContent: PNG.toString('base64') });
    expect(byContent.json().output[0].source).toBe(`read ${PNG.length} bytes`);
    const byUri = await compute({ modelId: ocr, task: 'ocr', imageUri: `${filesUrl}/page.png`, source: 'hi' });
    expect(byUri.json().output[0].source).toBe(`read ${PNG.length} bytes`);

    const boundary = 'xBOUNDARYx';
    const form = (modelId: string, bytes: Buffer, type: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="modelId"\r\n\r\n${modelId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const tryMe = (modelId: string, bytes: Buffer, type: string) =>
      p.app.inject({
        method: 'POST',
        url: MODEL_API.tryMe,
        payload: form(modelId, bytes, type),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const up = await tryMe(ocr, PNG, 'image/png');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().output[0].source).toBe(`read ${PNG.length} bytes`);
    const imgLang = await model({ callbackUrl: ms.url('img-lang-detection'), task: 'img-lang-detection' });
    expect((await tryMe(imgLang, PNG, 'image/png')).json().output[0].langPrediction[0].langCode).toBe('hi');
    const asr = await model({ callbackUrl: ms.url('asr'), task: 'asr' });
    expect((await tryMe(asr, silentWav(0.2), 'audio/wav')).json().output[0].source).toBe(`heard ${silentWav(0.2).length} bytes`);
    const notImage = await tryMe(ocr, Buffer.from('hello'), 'image/png');
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().code).toBe('NOT_IMAGE');
  });
});

describe('hosted inference: bad input', () => {
  it('text over 150 characters, audio over a minute or not audio, an image that is not one, a missing model → clear 4xx', async () => {
    const t = await model({ callbackUrl: ms.url('translation') });
    const long = await compute({ modelId: t, input: [{ source: 'x'.repeat(151) }] });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The text is 151 characters long; max 150 characters of text.');
    const asr = await model({ callbackUrl: ms.url('asr'), task: 'asr' });
    const tooLong = await compute({ modelId: asr, audioUri: `${filesUrl}/long.wav` });
    expect([tooLong.statusCode, tooLong.json().message]).toEqual([400, 'The audio is 61 seconds long; max 1 minute of speech.']);
    const notAudio = await compute({ modelId: asr, audioContent: Buffer.from('just text').toString('base64') });
    expect([notAudio.statusCode, notAudio.json().code]).toEqual([400, 'NOT_AUDIO']);
    const ocr = await model({ callbackUrl: ms.url('ocr'), task: 'ocr' });
    const notImage = await compute({ modelId: ocr, imageUri: `${filesUrl}/other` });
    expect([notImage.statusCode, notImage.json().code]).toEqual([400, 'NOT_IMAGE']);
    const missing = await compute({ modelId: crypto.randomUUID(), input: [{ source: 'hi' }] });
    expect(missing.statusCode).toBe(404);
    const wrongTask = await compute({ modelId: t, task: 'tts', input: [{ source: 'hi' }] });
    expect([wrongTask.statusCode, wrongTask.json().code]).toEqual([400, 'TASK_MISMATCH']);
  });
});

describe('hosted inference: model faults', () => {
  it('hang, 500, garbage, wrong shape and 50 MB → the spec text, and the server stays up', async () => {
    const t0 = Date.now();
    const hang = await compute({ modelId: await model({ callbackUrl: ms.url('hang/translation') }), input: [{ source: 'a' }] });
    expect(Date.now() - t0).toBeLessThan(4000);
    expect([hang.statusCode, hang.json().message]).toEqual([504, MODEL_NOT_ACCESSIBLE_MESSAGE]);
    for (const fault of ['error', 'garbage', 'wrong', 'huge']) {
      const r = await compute({ modelId: await model({ callbackUrl: ms.url(`${fault}/translation`) }), input: [{ source: 'a' }] });
      expect([r.statusCode, r.json().message], fault).toEqual([502, MODEL_NOT_ACCESSIBLE_MESSAGE]);
      // The endpoint's details are not in the answer.
      expect(r.body).not.toContain('127.0.0.1');
    }
    const after = await compute({ modelId: await model({ callbackUrl: ms.url('translation') }), input: [{ source: 'still here' }] });
    expect(after.json().output[0].target).toBe('hi:still here');
  });

  it('polls an async model to completion; one that never finishes is bounded by the overall limit', async () => {
    const done = await model({
      callbackUrl: ms.url('async/translation'),
      isSyncApi: false,
      asyncApiDetails: { pollingUrl: ms.url('poll'), pollInterval: 20 },
    });
    const r = await compute({ modelId: done, input: [{ source: 'later' }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().output[0].target).toBe('hi:later');
    const never = await model({
      callbackUrl: ms.url('async/translation'),
      isSyncApi: false,
      asyncApiDetails: { pollingUrl: ms.url('hang/poll'), pollInterval: 20 },
    });
    const t0 = Date.now();
    const n = await compute({ modelId: never, input: [{ source: 'never' }] });
    expect(n.statusCode).toBe(504);
    expect(Date.now() - t0).toBeLessThan(4000);
  });

  it('sends the inference key as its header', async () => {
    const keyed = await model({
      callbackUrl: ms.url('key/translation'),
      inferenceApiKey: { name: 'Authorization', value: 'Bearer test-key' },
    });
    const r = await compute({ modelId: keyed, input: [{ source: 'k' }] });
    expect(r.statusCode, r.body).toBe(200);
    expect(ms.calls.at(-1)?.headers.authorization).toBe('Bearer test-key');
    const unkeyed = await model({ callbackUrl: ms.url('key/translation') });
    expect((await compute({ modelId: unkeyed, input: [{ source: 'k' }] })).statusCode).toBe(502);
  });

  it('calls of a model reuse kept-alive connections to its endpoint', async () => {
    const id = await model({ callbackUrl: ms.url('translation') });
    expect((await compute({ modelId: id, input: [{ source: 'warm' }] })).statusCode).toBe(200);
    const before = ms.connections();
    for (let i = 0; i < 10; i++) expect((await compute({ modelId: id, input: [{ source: `r${i}` }] })).statusCode).toBe(200);
    expect(ms.connections() - before).toBe(0);
  });

  it('at most MODEL_CONCURRENCY (3) calls of one model are in flight', async () => {
    const id = await model({ callbackUrl: `${countingUrl}/translate` });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => compute({ modelId: id, input: [{ source: `s${i}` }] })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(maxInFlight).toBe(3);
  });
});

describe('hosted inference: callers', () => {
  it('API-key calls are counted per key (calls and failures) and get the larger text limit', async () => {
    const gen = await signedInject(p.app, owner, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', {
      userID: owner.userId,
      appName: 'counter-app',
    });
    const fullKey = gen.json().data.ulcaApiKey as string;
    const keyId = fullKey.split('.')[0];
    const ok = await model({ callbackUrl: ms.url('translation') });
    const bad = await model({ callbackUrl: ms.url('error/translation') });
    for (let i = 0; i < 3; i++)
      expect((await compute({ modelId: ok, input: [{ source: 'y'.repeat(400) }] }, { ulcaApiKey: fullKey })).statusCode).toBe(200);
    expect((await compute({ modelId: bad, input: [{ source: 'z' }] }, { ulcaApiKey: fullKey })).statusCode).toBe(502);
    const usage = await usageOfKey(p.ctx, keyId);
    const today = new Date().toISOString().slice(0, 10);
    expect(usage).toEqual(
      expect.arrayContaining([
        { keyId, modelId: ok, day: today, calls: 3, failures: 0 },
        { keyId, modelId: bad, day: today, calls: 1, failures: 1 },
      ]),
    );
    expect((await compute({ modelId: ok, input: [{ source: 'z' }] }, { ulcaApiKey: `${keyId}.wrong` })).statusCode).toBe(401);
  });

  it('an unpublished model answers only its owner (and admins)', async () => {
    const hidden = await model({ callbackUrl: ms.url('translation'), status: 'unpublished' });
    expect((await compute({ modelId: hidden, input: [{ source: 'h' }] })).statusCode).toBe(404);
    const other = await createSignedInUser(p);
    expect((await signedInject(p.app, other, 'POST', MODEL_API.compute, { modelId: hidden, input: [{ source: 'h' }] })).statusCode).toBe(
      404,
    );
    const mine = await signedInject(p.app, owner, 'POST', MODEL_API.compute, { modelId: hidden, input: [{ source: 'h' }] });
    expect(mine.statusCode, mine.body).toBe(200);
    const admin = await createSignedInUser(p, ['ADMIN']);
    expect((await signedInject(p.app, admin, 'POST', MODEL_API.compute, { modelId: hidden, input: [{ source: 'h' }] })).statusCode).toBe(
      200,
    );
  });
});

describe('hosted inference: tryMe signatures', () => {
  /** A multipart tryMe body as undici builds it (what the web client signs), with its content type. */
  async function tryMeForm(modelId: string, bytes: Buffer) {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'page.png');
    fd.append('modelId', modelId);
    const req = new Request('http://x/', { method: 'POST', body: fd });
    return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
  }
  const tryMeAs = async (user: TestUser | null, modelId: string, bytes: Buffer = PNG, tamper = false) => {
    const { body, contentType } = await tryMeForm(modelId, bytes);
    const signed = user ? signedHeaders(user, { method: 'POST', url: MODEL_API.tryMe, body }) : {};
    // A signature over other bytes than the ones sent must not verify.
    const sent = tamper ? Buffer.concat([body.subarray(0, body.length - 10), Buffer.from('x'), body.subarray(body.length - 9)]) : body;
    return p.app.inject({ method: 'POST', url: MODEL_API.tryMe, payload: sent, headers: { ...signed, 'content-type': contentType } });
  };

  it('an owner (and an admin) tries an unpublished model by file with a signature over the multipart bytes; others get 404', async () => {
    const hidden = await model({ callbackUrl: ms.url('ocr'), task: 'ocr', status: 'unpublished' });
    expect((await tryMeAs(null, hidden)).statusCode).toBe(404);
    const other = await createSignedInUser(p);
    expect((await tryMeAs(other, hidden)).statusCode).toBe(404);
    const mine = await tryMeAs(owner, hidden);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().output[0].source).toBe(`read ${PNG.length} bytes`);
    const admin = await createSignedInUser(p, ['ADMIN']);
    expect((await tryMeAs(admin, hidden)).statusCode).toBe(200);
    const tampered = await tryMeAs(owner, hidden, PNG, true);
    expect(tampered.statusCode, tampered.body).toBe(401);
  });

  it('a file over INFERENCE_MAX_MEDIA_BYTES is refused with 413 and the server stays up', async () => {
    const ocr = await model({ callbackUrl: ms.url('ocr'), task: 'ocr' });
    const big = await tryMeAs(null, ocr, Buffer.alloc(p.ctx.config.inferenceMaxMediaBytes + 70 * 1024));
    expect([big.statusCode, big.json().code]).toEqual([413, 'MEDIA_TOO_LARGE']);
    expect((await tryMeAs(null, ocr)).statusCode).toBe(200);
  });
});

describe('hosted inference without ALLOWED_FETCH_HOSTS', () => {
  it('refuses a loopback callbackUrl and a loopback audioUri', async () => {
    const strict = await createTestPlatform({ config: { allowedFetchHosts: [] } });
    try {
      const u = await createSignedInUser(strict);
      const id = await insertTestModel(strict.ctx, { userId: u.userId, callbackUrl: ms.url('translation') });
      const before = ms.calls.length;
      const r = await strict.app.inject({ method: 'POST', url: MODEL_API.compute, payload: { modelId: id, input: [{ source: 'x' }] } });
      expect([r.statusCode, r.json().message]).toEqual([502, MODEL_NOT_ACCESSIBLE_MESSAGE]);
      expect(ms.calls.length).toBe(before);
      const asr = await insertTestModel(strict.ctx, { userId: u.userId, callbackUrl: 'https://models.example.org/asr', task: 'asr' });
      const a = await strict.app.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId: asr, audioUri: `${filesUrl}/speech.wav` },
      });
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toMatch(/^The audio URL could not be downloaded: The URL points to a loopback address/);
    } finally {
      await strict.close();
    }
  });

  it('never tells a caller what a host name resolves to: the address goes to the log only', async () => {
    const strict = await createTestPlatform({ config: { allowedFetchHosts: [] } });
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, cb) => (lines.push(String(chunk)), cb()) });
    const app = await buildApp({ ...strict.ctx, log: pino({ level: 'warn' }, sink) });
    const real = dns.promises.lookup;
    const lookup = vi
      .spyOn(dns.promises, 'lookup')
      .mockImplementation(((host: string, opts: object) =>
        host === 'files.internal.test' ? Promise.resolve([{ address: '10.0.0.5', family: 4 }]) : real(host, opts as never)) as never);
    try {
      const u = await createSignedInUser(strict);
      const asr = await insertTestModel(strict.ctx, { userId: u.userId, callbackUrl: 'https://models.example.org/asr', task: 'asr' });
      const a = await app.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId: asr, audioUri: 'http://files.internal.test/speech.wav' },
      });
      expect(a.statusCode).toBe(400);
      expect(a.json().message).toBe(
        "The audio URL could not be downloaded: The URL's host files.internal.test is not allowed: the platform only downloads from public hosts.",
      );
      expect(a.body).not.toContain('10.0.0.5');
      expect(lines.join('')).toContain('files.internal.test resolves to a private address (10.0.0.5)');
    } finally {
      lookup.mockRestore();
      await app.close();
      await strict.close();
    }
  });
});
