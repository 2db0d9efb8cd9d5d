/**
 * Streaming relay benchmark (docs/benchmarks.md#performance-benches): the latency the relay adds to streaming
 * ASR and TTS, against talking to the same model socket directly, in the same run.
 *
 *   ASR direct   socket.io-client → the test streaming model (connect_mic_stream, then per round
 *                trip: mic_data with 100 ms of 16 kHz PCM → response)
 *   ASR relay    WebSocket → the real server's /ulca/apis/v0/model/streaming/asr → the same model
 *                (per round trip: a binary PCM frame → `partial`)
 *   TTS direct / relay   `infer` → acknowledgement, and `{type:'infer'}` → `audio`
 *
 * The model is the tests' socket double (apps/server/src/test/stream-model-server.ts, in this
 * process, so both arms share its CPU); the server is main.ts (WORKERS=false) on a real PostgreSQL.
 * `--streams N` (default 4) streams run at once, each `--trips N` (default 100) round trips, one at
 * a time. Prints round trips/s and p50/p99 of each arm, and the added p50/p99 of the relay.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { io, type Socket } from 'socket.io-client';
import WebSocket from 'ws';
import { STREAMING_API } from '@ulca/contracts';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import { startStreamModelServer } from '../apps/server/src/test/stream-model-server.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { stopChild } from './api.ts';
import { insertBenchUser, openBenchDatabase, startBenchApi } from './bench-db.ts';
import { arg, loadAverages } from './cli.ts';

const PCM = Buffer.alloc(3200, 1);

/** Milliseconds of each round trip of one stream: `send` then wait for `next`. */
async function trips(n: number, send: () => void, next: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const answered = next();
    send();
    await answered;
    out.push(performance.now() - t);
  }
  return out;
}

/** A promise of the next event `event` of `emitter`, one at a time. */
function nextOf(on: (cb: (v: unknown) => void) => void): () => Promise<unknown> {
  let waiting: ((v: unknown) => void) | null = null;
  on((v) => {
    const w = waiting;
    waiting = null;
    w?.(v);
  });
  return () => new Promise((resolve) => (waiting = resolve));
}

async function directSocket(url: string, query: Record<string, string>): Promise<Socket> {
  const s = io(url.replace(/^ws/, 'http'), { transports: ['websocket'], reconnection: false, forceNew: true, query });
  await new Promise((resolve, reject) => {
    s.once('connect', () => resolve(undefined));
    s.once('connect_error', reject);
  });
  return s;
}

async function relaySocket(url: string): Promise<{ ws: WebSocket; next: (type: string) => Promise<unknown> }> {
  const ws = new WebSocket(url);
  const waiters = new Map<string, (v: unknown) => void>();
  ws.on('message', (d) => {
    const m = JSON.parse(String(d)) as { type: string };
    const w = waiters.get(m.type);
    waiters.delete(m.type);
    if (m.type === 'error') console.error('relay error', m);
    w?.(m);
  });
  const next = (type: string) => new Promise<unknown>((resolve) => waiters.set(type, resolve));
  const ready = next('ready');
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  await ready;
  return { ws, next };
}

function stats(name: string, all: number[], ms: number): { p50: number; p99: number } {
  const s = [...all].sort((a, b) => a - b);
  const p = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  console.log(
    `${name.padEnd(11)} ${((all.length / ms) * 1000).toFixed(0).padStart(6)} round trips/s   p50 ${p(0.5).toFixed(2)} ms   p99 ${p(0.99).toFixed(2)} ms`,
  );
  return { p50: p(0.5), p99: p(0.99) };
}

async function arm(name: string, streams: number, run: () => Promise<number[]>): Promise<{ p50: number; p99: number }> {
  await run(); // warm-up (JIT, connections)
  const t = performance.now();
  const all = (await Promise.all(Array.from({ length: streams }, run))).flat();
  return stats(name, all, performance.now() - t);
}

export async function main(args: string[]): Promise<void> {
  const streams = arg(args, 'streams', 4);
  const n = arg(args, 'trips', 100);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-streaming-'));
  console.log(`streaming benchmark: ${streams} streams at once, ${n} round trips each, load average ${loadAverages()}`);
  const database = await openBenchDatabase(tmp, 2);
  const { db } = database;
  const sm = await startStreamModelServer();
  let app: ChildProcess | undefined;
  try {
    const userId = await insertBenchUser(db);
    const ctx = { db, config: {} } as unknown as AppContext;
    const insertStreamModel = (task: 'asr' | 'tts') =>
      insertTestModel(ctx, {
        userId,
        task,
        callbackUrl: sm.url(task),
        languages: [{ sourceLanguage: 'hi' }],
        name: `bench-${task}-${userId.slice(0, 8)}`,
      });
    const asr = await insertStreamModel('asr');
    const tts = await insertStreamModel('tts');
    const api = await startBenchApi(database, tmp, {
      REFERENCE_MODELS: 'false',
      // The bench measures the relay, not its caps: one caller (this process) opens every stream.
      STREAM_MAX_PER_CALLER: String(streams + 1),
      STREAM_MAX_PER_MODEL: String(streams + 1),
      STREAM_MAX_MESSAGES_PER_SECOND: '100000',
    });
    app = api.child;
    const { port } = api;
    const relay = (kind: 'asr' | 'tts', modelId: string) => `ws://127.0.0.1:${port}${STREAMING_API[kind]}?modelId=${modelId}&language=hi`;

    const asrDirect = await arm('asr direct', streams, async () => {
      const s = await directSocket(sm.url('asr'), { language: 'hi', samplingRate: '16000' });
      const ready = new Promise((r) => s.once('connect-success', r));
      s.emit('connect_mic_stream');
      await ready;
      const out = await trips(
        n,
        () => s.emit('mic_data', PCM, 'hi', true, false),
        nextOf((cb) => s.on('response', cb)),
      );
      s.disconnect();
      return out;
    });
    const asrRelay = await arm('asr relay', streams, async () => {
      const r = await relaySocket(relay('asr', asr));
      const out = await trips(
        n,
        () => r.ws.send(PCM),
        () => r.next('partial'),
      );
      r.ws.close();
      return out;
    });
    const infer = { input: [{ source: 'नमस्ते' }], config: { gender: 'female', language: { sourceLanguage: 'hi' } } };
    const ttsDirect = await arm('tts direct', streams, async () => {
      const s = await directSocket(sm.url('tts'), {});
      const out = await trips(
        n,
        () => undefined,
        () => new Promise((resolve) => s.emit('infer', infer, resolve)),
      );
      s.disconnect();
      return out;
    });
    const ttsRelay = await arm('tts relay', streams, async () => {
      const r = await relaySocket(relay('tts', tts));
      const out = await trips(
        n,
        () => r.ws.send(JSON.stringify({ type: 'infer', text: 'नमस्ते' })),
        () => r.next('audio'),
      );
      r.ws.close();
      return out;
    });
    console.log(
      `relay adds: asr p50 ${(asrRelay.p50 - asrDirect.p50).toFixed(2)} ms, p99 ${(asrRelay.p99 - asrDirect.p99).toFixed(2)} ms; tts p50 ${(ttsRelay.p50 - ttsDirect.p50).toFixed(2)} ms, p99 ${(ttsRelay.p99 - ttsDirect.p99).toFixed(2)} ms`,
    );
    console.log(`load average after ${loadAverages()}`);
  } finally {
    await stopChild(app);
    await sm.close();
    await database.close();
  }
}
