import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MODEL_API, STREAM_TICKET_INVALID_MESSAGE, STREAMING_API, type StreamServerMessage } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { signedHeaders } from '../../security/signing.ts';
import { tokenHash } from '../../security/crypto.ts';
import { insertTestModel } from '../../test/models.ts';
import { uploadTestModel } from '../../test/model-upload.ts';
import { startStreamModelServer, type TestStreamServer } from '../../test/stream-model-server.ts';
import { activeStreams } from './service.ts';
import { checkModel } from '../model-health/service.ts';
import { getModelForCall } from '../models/service.ts';

let p: TestPlatform;
let sm: TestStreamServer;
let owner: TestUser;
let base = '';

beforeAll(async () => {
  p = await createTestPlatform({
    config: {
      modelUploadCheckTimeoutMs: 1500,
      modelHealthTimeoutMs: 1500,
      streamConnectTimeoutMs: 3000,
      streamIdleTimeoutMs: 1000,
      streamMaxMessagesPerSecond: 200,
      streamMaxPerCaller: 3,
      streamMaxMessageBytes: 1024 * 1024,
    },
  });
  sm = await startStreamModelServer();
  owner = await createSignedInUser(p);
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(p.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sm.close();
  await p.close();
});

const streamingModel = (task: 'asr' | 'tts', callbackUrl: string, extra: { status?: 'published' | 'unpublished' } = {}) =>
  insertTestModel(p.ctx, {
    userId: owner.userId,
    task,
    callbackUrl,
    languages: [{ sourceLanguage: 'hi' }],
    request:
      task === 'tts'
        ? { input: [{ source: 'नमस्ते' }], config: { gender: 'female', language: { sourceLanguage: 'hi' } } }
        : { audio: [{ audioUri: 'https://x.example.org/a.wav' }], config: { language: { sourceLanguage: 'hi' } } },
    ...extra,
  });

/** A connected browser-side socket and every JSON frame it received, with a promise of its close code. */
async function open(kind: 'asr' | 'tts', query: string, headers: Record<string, string> = {}) {
  const ws = new WebSocket(`${base}${STREAMING_API[kind]}?${query}`, { headers });
  const got: StreamServerMessage[] = [];
  const waiters: { pred: (m: StreamServerMessage) => boolean; resolve: (m: StreamServerMessage) => void }[] = [];
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as StreamServerMessage;
    got.push(m);
    for (const w of waiters.splice(0)) {
      if (w.pred(m)) w.resolve(m);
      else waiters.push(w);
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (pred: (m: StreamServerMessage) => boolean, ms = 5000) =>
    new Promise<StreamServerMessage>((resolve, reject) => {
      const found = got.find(pred);
      if (found) return resolve(found);
      const t = setTimeout(() => reject(new Error(`no matching frame in ${ms} ms; got ${JSON.stringify(got.slice(-3))}`)), ms);
      waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  return { ws, got, closed, next };
}

const pcm = (bytes: number) => Buffer.alloc(bytes, 1);

describe('streaming ASR through the relay', () => {
  it('relays audio, shows the text as it arrives, and punctuates on stop', async () => {
    const modelId = await streamingModel('asr', sm.url('asr'));
    const c = await open('asr', `modelId=${modelId}&language=hi`);
    await c.next((m) => m.type === 'ready');
    c.ws.send(pcm(3200));
    await c.next((m) => m.type === 'partial' && m.text === 'heard 3200 bytes');
    c.ws.send(pcm(6400));
    await c.next((m) => m.type === 'partial' && m.text === 'heard 9600 bytes');
    c.ws.send(JSON.stringify({ type: 'stop' }));
    const final = await c.next((m) => m.type === 'final');
    expect(final).toEqual({ type: 'final', text: 'heard 9600 bytes', punctuated: 'Heard 9600 bytes.' });
    expect(await c.closed).toBe(1000);
    // The model got the handshake of the original client and the punctuate call its body.
    expect(sm.seen.connections.at(-1)?.query).toMatchObject({ language: 'hi', samplingRate: '16000' });
    expect(sm.seen.punctuate.at(-1)).toEqual({ text: 'heard 9600 bytes', language: 'hi', enabledItn: true });
    expect(activeStreams(p.ctx).models[modelId]).toBeUndefined();
  });

  it('stops by itself after 61 s of audio (the docs/product.md#states-and-transitions timer)', async () => {
    const modelId = await streamingModel('asr', sm.url('asr'));
    const c = await open('asr', `modelId=${modelId}`);
    await c.next((m) => m.type === 'ready');
    const second = 32_000;
    for (let i = 0; i < 31; i++) c.ws.send(pcm(2 * second)); // 62 s
    const final = await c.next((m) => m.type === 'final');
    expect(final).toMatchObject({ text: `heard ${61 * second} bytes` });
  });

  it('a model that never answers: a clear error, both sides closed', async () => {
    const modelId = await streamingModel('asr', sm.url('asr-hang'));
    const before = sm.seen.open();
    const c = await open('asr', `modelId=${modelId}`);
    const err = await c.next((m) => m.type === 'error');
    expect(err).toMatchObject({ code: 'MODEL_TIMEOUT' });
    expect(await c.closed).toBe(1011);
    await expect.poll(() => sm.seen.open()).toBeLessThanOrEqual(before);
  });

  it('a model that floods is cut off and the server still answers', async () => {
    const modelId = await streamingModel('asr', sm.url('asr-flood'));
    const c = await open('asr', `modelId=${modelId}`);
    const err = await c.next((m) => m.type === 'error');
    expect(err).toMatchObject({ code: 'MODEL_FLOOD' });
    expect(await c.closed).toBe(1011);
    expect(c.got.filter((m) => m.type === 'partial').length).toBeLessThanOrEqual(200);
    const health = await p.app.inject({ method: 'GET', url: '/ulca/health' });
    expect(health.statusCode).toBe(200);
  });

  it('a model that closes mid-stream and one that is busy: clear errors', async () => {
    const closing = await open('asr', `modelId=${await streamingModel('asr', sm.url('asr-close'))}`);
    await closing.next((m) => m.type === 'ready');
    closing.ws.send(pcm(320));
    expect(await closing.next((m) => m.type === 'error')).toMatchObject({
      code: 'MODEL_CLOSED',
      message: 'The model closed the stream before it finished.',
    });
    const busy = await open('asr', `modelId=${await streamingModel('asr', sm.url('asr-abort'))}`);
    expect(await busy.next((m) => m.type === 'error')).toMatchObject({
      code: 'MODEL_BUSY',
      message: 'The server is busy at the moment, please try after sometime.',
    });
  });

  it('a host name is resolved, checked and pinned (localhost is in ALLOWED_FETCH_HOSTS here)', async () => {
    const modelId = await streamingModel('asr', sm.url('asr').replace('127.0.0.1', 'localhost'));
    const c = await open('asr', `modelId=${modelId}`);
    await c.next((m) => m.type === 'ready');
    c.ws.send(pcm(64));
    await c.next((m) => m.type === 'partial' && m.text === 'heard 64 bytes');
    c.ws.close();
  });

  it('a model socket on a private address is refused before any connection', async () => {
    const modelId = await streamingModel('asr', 'ws://10.1.2.3:9000/asr/');
    const c = await open('asr', `modelId=${modelId}`);
    const err = await c.next((m) => m.type === 'error');
    expect(err.type === 'error' && err.code).toBe('MODEL_REFUSED');
    expect(err.type === 'error' && err.message).toMatch(/private/);
  });

  it('unpublished, unknown and non-streaming models, and a bad query, are refused with a sentence', async () => {
    const hidden = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    expect(await (await open('asr', `modelId=${hidden}`)).next((m) => m.type === 'error')).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No published model with this modelId.',
    });
    const batch = await insertTestModel(p.ctx, { userId: owner.userId, task: 'asr', callbackUrl: 'http://127.0.0.1:1/asr' });
    expect(await (await open('asr', `modelId=${batch}`)).next((m) => m.type === 'error')).toMatchObject({ code: 'NOT_STREAMING' });
    const tts = await streamingModel('tts', sm.url('tts'));
    expect(await (await open('asr', `modelId=${tts}`)).next((m) => m.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await (await open('asr', 'language=hi')).next((m) => m.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('caps the streams of one caller', async () => {
    const modelId = await streamingModel('asr', sm.url('asr'));
    const first = await Promise.all([1, 2, 3].map(() => open('asr', `modelId=${modelId}`)));
    await Promise.all(first.map((c) => c.next((m) => m.type === 'ready')));
    const fourth = await open('asr', `modelId=${modelId}`);
    expect(await fourth.next((m) => m.type === 'error')).toMatchObject({ code: 'TOO_MANY_STREAMS' });
    for (const c of first) c.ws.close();
    await Promise.all(first.map((c) => c.closed));
    await expect.poll(() => activeStreams(p.ctx).models[modelId]).toBeUndefined();
  });
});

describe('streaming TTS through the relay', () => {
  it('sends infer with the voice config and relays the audio of each text', async () => {
    const modelId = await streamingModel('tts', sm.url('tts'));
    const c = await open('tts', `modelId=${modelId}&language=hi`);
    await c.next((m) => m.type === 'ready');
    c.ws.send(JSON.stringify({ type: 'infer', text: 'नमस्ते', gender: 'male' }));
    c.ws.send(JSON.stringify({ type: 'infer', text: 'दुनिया' }));
    const a1 = await c.next((m) => m.type === 'audio' && m.seq === 1);
    await c.next((m) => m.type === 'audio' && m.seq === 2);
    const wav = Buffer.from(a1.type === 'audio' ? a1.audioContent : '', 'base64');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(sm.seen.infers.slice(-2)).toEqual([
      { input: [{ source: 'नमस्ते' }], config: { gender: 'male', language: { sourceLanguage: 'hi' } } },
      { input: [{ source: 'दुनिया' }], config: { gender: 'female', language: { sourceLanguage: 'hi' } } },
    ]);
    // Text over the try-panel limit is refused with the spec's note; the stream stays open.
    c.ws.send(JSON.stringify({ type: 'infer', text: 'x'.repeat(151) }));
    expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 'TEXT_TOO_LONG', message: 'max 150 characters of text' });
    c.ws.close();
    expect(await c.closed).toBe(1005);
  });

  it('a text with a NUL character or nested past 64 levels is not a message: the stream ends with BAD_REQUEST, nothing reaches the model', async () => {
    const modelId = await streamingModel('tts', sm.url('tts'));
    for (const frame of [
      JSON.stringify({ type: 'infer', text: 'a\u0000b' }),
      `{"type":"infer","text":"x","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ]) {
      const c = await open('tts', `modelId=${modelId}&language=hi`);
      await c.next((m) => m.type === 'ready');
      const before = sm.seen.infers.length;
      c.ws.send(frame);
      expect(await c.next((m) => m.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
      expect(sm.seen.infers.length).toBe(before);
      await c.closed;
    }
  });

  it('a model that never acknowledges and one that answers too much: clear errors', async () => {
    const hang = await open('tts', `modelId=${await streamingModel('tts', sm.url('tts-hang'))}`);
    await hang.next((m) => m.type === 'ready');
    hang.ws.send(JSON.stringify({ type: 'infer', text: 'नमस्ते' }));
    expect(await hang.next((m) => m.type === 'error')).toMatchObject({ code: 'MODEL_TIMEOUT' });
    const huge = await open('tts', `modelId=${await streamingModel('tts', sm.url('tts-huge'))}`);
    await huge.next((m) => m.type === 'ready');
    huge.ws.send(JSON.stringify({ type: 'infer', text: 'नमस्ते' }));
    expect(await huge.next((m) => m.type === 'error')).toMatchObject({ code: 'TOO_LARGE' });
    const health = await p.app.inject({ method: 'POST', url: MODEL_API.search, payload: { task: 'tts' } });
    expect(health.statusCode).toBe(200);
  });
});

describe('upload of a streaming model', () => {
  const asrRequest = {
    audio: [{ audioUri: 'https://x.example.org/a.wav' }],
    config: { language: { sourceLanguage: 'hi' }, audioFormat: 'wav', samplingRate: 16000 },
  };
  const ttsRequest = { input: [{ source: 'नमस्ते' }], config: { gender: 'female', language: { sourceLanguage: 'hi' } } };

  it('a ws callbackUrl is checked over the socket, stored, and streams once published', async () => {
    const asr = await uploadTestModel(p, owner, {
      name: 'Streaming ASR upload',
      task: 'asr',
      modelProcessingType: 'streaming',
      callbackUrl: sm.url('asr'),
      languages: [{ sourceLanguage: 'hi' }],
      request: asrRequest,
    });
    // The check opened a stream in the example's language and sent half a second of 16 kHz PCM.
    expect(sm.seen.connections.at(-1)?.query).toMatchObject({ language: 'hi' });
    expect([...sm.seen.audioBytes.values()]).toContain(16_000);
    const c = await open('asr', `modelId=${asr}`);
    await c.next((m) => m.type === 'ready');
    c.ws.send(pcm(640));
    await c.next((m) => m.type === 'partial' && m.text === 'heard 640 bytes');
    c.ws.close();
    const tts = await uploadTestModel(p, owner, {
      name: 'Streaming TTS upload',
      task: 'tts',
      modelProcessingType: 'streaming',
      callbackUrl: sm.url('tts'),
      languages: [{ sourceLanguage: 'hi' }],
      request: ttsRequest,
    });
    expect(sm.seen.infers.at(-1)).toEqual(ttsRequest);
    const model = await p.app.inject({ method: 'GET', url: `${MODEL_API.getModel}?modelId=${tts}` });
    expect(model.json().inferenceEndPoint?.callbackUrl ?? '').not.toContain('127.0.0.1');
  });

  it('a socket that never answers, a private address and a streaming translation model are refused with the reason', async () => {
    await expect(
      uploadTestModel(p, owner, {
        name: 'Hanging TTS',
        task: 'tts',
        modelProcessingType: 'streaming',
        callbackUrl: sm.url('tts-hang'),
        languages: [{ sourceLanguage: 'hi' }],
        request: ttsRequest,
      }),
    ).rejects.toThrow(/MODEL_ENDPOINT_FAILED.*did not finish the check/);
    await expect(
      uploadTestModel(p, owner, {
        name: 'Private ASR',
        task: 'asr',
        modelProcessingType: 'streaming',
        callbackUrl: 'wss://10.0.0.7/asr/',
        languages: [{ sourceLanguage: 'hi' }],
        request: asrRequest,
      }),
    ).rejects.toThrow(/MODEL_ENDPOINT_REFUSED.*private/);
    await expect(
      uploadTestModel(p, owner, {
        name: 'Streaming MT',
        task: 'translation',
        modelProcessingType: 'streaming',
        callbackUrl: sm.url('tts'),
        languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
        request: { input: [{ source: 'hi' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } },
      }),
    ).rejects.toThrow(/only asr and tts models can be streaming/);
    // A ws URL whose descriptor does not say streaming: the model pages would offer the batch panel.
    await expect(
      uploadTestModel(p, owner, {
        name: 'Unsaid streaming',
        task: 'tts',
        callbackUrl: sm.url('tts'),
        languages: [{ sourceLanguage: 'hi' }],
        request: ttsRequest,
      }),
    ).rejects.toThrow(/MODEL_ENDPOINT_REFUSED.*modelProcessingType/);
  });
});

describe('health of streaming models', () => {
  it('is checked over the socket: a working ASR and TTS are available, a silent one is not', async () => {
    const outcome = async (mode: string, task: 'asr' | 'tts') =>
      checkModel(p.ctx, await getModelForCall(p.ctx, await streamingModel(task, sm.url(mode)), null));
    expect(await outcome('asr', 'asr')).toMatchObject({ status: 'available', error: null });
    expect(await outcome('tts', 'tts')).toMatchObject({ status: 'available', error: null });
    const hang = await outcome('tts-hang', 'tts');
    expect(hang.status).toBe('unavailable');
    expect(hang.error).toMatch(/did not answer within/);
  });
});

describe('stream tickets: a browser streams an unpublished model without signature headers', () => {
  /** POST …/streaming/ticket signed as `user`: the HTTP status and the ticket when issued. */
  const askTicket = async (user: TestUser, modelId: string) => {
    const res = await signedInject(p.app, user, 'POST', STREAMING_API.ticket, { modelId });
    return { status: res.statusCode, ticket: res.statusCode === 200 ? (res.json().data.ticket as string) : '', body: res.json() };
  };
  const refused = async (kind: 'asr' | 'tts', query: string, headers?: Record<string, string>) => {
    const c = await open(kind, query, headers);
    expect(await c.next((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'TICKET_INVALID',
      message: STREAM_TICKET_INVALID_MESSAGE,
    });
    expect(await c.closed).toBe(1008);
  };
  const streamsOnce = async (modelId: string, ticket: string) => {
    const c = await open('asr', `modelId=${modelId}&ticket=${ticket}`);
    await c.next((m) => m.type === 'ready');
    c.ws.send(pcm(320));
    await c.next((m) => m.type === 'partial' && m.text === 'heard 320 bytes');
    c.ws.close();
    await c.closed;
  };

  it("the owner's ticket opens their unpublished model once; a replay is refused; only the ticket's hash is stored", async () => {
    const hidden = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    // Without a ticket the browser is anonymous: the unpublished model does not exist for it.
    expect(await (await open('asr', `modelId=${hidden}`)).next((m) => m.type === 'error')).toMatchObject({ code: 'NOT_FOUND' });
    const t = await askTicket(owner, hidden);
    expect(t.status).toBe(200);
    expect(t.body.data).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInSeconds: 60 });
    const stored = await p.ctx.db.pool.query(
      'SELECT ticket_hash, user_id, model_id, expires_at FROM stream_tickets WHERE user_id = $1 AND model_id = $2',
      [owner.userId, hidden],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].ticket_hash).toBe(tokenHash(t.ticket));
    expect(JSON.stringify(stored.rows)).not.toContain(t.ticket);
    const left = (stored.rows[0].expires_at as Date).getTime() - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
    await streamsOnce(hidden, t.ticket);
    await refused('asr', `modelId=${hidden}&ticket=${t.ticket}`);
    // A made-up ticket is no better.
    await refused('asr', `modelId=${hidden}&ticket=${'A'.repeat(43)}`);
  });

  it('a ticket for another model is refused there (and still only opens its own model)', async () => {
    const mine = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    const other = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    const t = await askTicket(owner, mine);
    await refused('asr', `modelId=${other}&ticket=${t.ticket}`);
    await streamsOnce(mine, t.ticket);
  });

  it("another user gets no ticket for the owner's unpublished model, and cannot use the owner's ticket or their own for it", async () => {
    const hidden = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    const published = await streamingModel('asr', sm.url('asr'));
    const intruder = await createSignedInUser(p);
    const denied = await askTicket(intruder, hidden);
    expect(denied.status).toBe(404);
    expect(await p.ctx.db.pool.query('SELECT 1 FROM stream_tickets WHERE user_id = $1', [intruder.userId]).then((r) => r.rowCount)).toBe(0);
    // The intruder's own ticket (for a published model) does not open the owner's unpublished one.
    const own = await askTicket(intruder, published);
    expect(own.status).toBe(200);
    await refused('asr', `modelId=${hidden}&ticket=${own.ticket}`);
    // The owner's ticket presented with the intruder's signature: refused, not streamed as either.
    const stolen = await askTicket(owner, hidden);
    const url = `${STREAMING_API.asr}?modelId=${hidden}&ticket=${stolen.ticket}`;
    await refused('asr', `modelId=${hidden}&ticket=${stolen.ticket}`, { ...signedHeaders(intruder, { method: 'GET', url }) });
    // Unsigned requests and non-streaming models get no ticket either.
    expect((await p.app.inject({ method: 'POST', url: STREAMING_API.ticket, payload: { modelId: hidden } })).statusCode).toBe(401);
    const batch = await insertTestModel(p.ctx, { userId: owner.userId, task: 'asr', callbackUrl: 'http://127.0.0.1:1/asr' });
    expect(await askTicket(owner, batch)).toMatchObject({ status: 400, body: { code: 'NOT_STREAMING' } });
  });

  it('an expired ticket is refused', async () => {
    const hidden = await streamingModel('asr', sm.url('asr'), { status: 'unpublished' });
    const t = await askTicket(owner, hidden);
    // Sixty seconds later, as far as the database's clock is concerned.
    await p.ctx.db.pool.query("UPDATE stream_tickets SET expires_at = now() - interval '1 second' WHERE ticket_hash = $1", [
      tokenHash(t.ticket),
    ]);
    await refused('asr', `modelId=${hidden}&ticket=${t.ticket}`);
  });

  it('the same ticket on several sockets at once: exactly one streams', async () => {
    const hidden = await streamingModel('tts', sm.url('tts'), { status: 'unpublished' });
    const t = await askTicket(owner, hidden);
    const sockets = await Promise.all([1, 2, 3, 4, 5].map(() => open('tts', `modelId=${hidden}&ticket=${t.ticket}`)));
    const first = await Promise.all(sockets.map((c) => c.next((m) => m.type === 'ready' || m.type === 'error')));
    expect(first.filter((m) => m.type === 'ready')).toHaveLength(1);
    expect(first.filter((m) => m.type === 'error' && m.code === 'TICKET_INVALID')).toHaveLength(4);
    for (const c of sockets) c.ws.close();
    await Promise.all(sockets.map((c) => c.closed));
  });
});
