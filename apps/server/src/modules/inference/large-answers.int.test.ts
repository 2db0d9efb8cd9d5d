/**
 * Large model answers off the event loop (docs/operations.md#model-answers):
 * 48 anonymous calls at once to 6 published tts models answering 19 MiB each, on a real
 * port, while /ulca/health is probed every 100 ms. The probes stay fast (p95 within the stated
 * bound) and every call gets the model's whole answer or a clear 503.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API, MODEL_NOT_ACCESSIBLE_MESSAGE } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser } from '../../test/users.ts';
import { insertTestModel } from '../../test/models.ts';
import { silentWav } from '../../test/model-server.ts';

const MiB = 1024 * 1024;
/** Stated bound of the health probes' 95th percentile while the large answers are served. */
const HEALTH_P95_MS = 500;
const MODELS = 6;
const CALLS = 48;
const ROUNDS = 2;

let p: TestPlatform;
let base = '';
let model: http.Server;
let modelUrl = '';
/** The fake models' answer: a tts answer of about 19 MiB (a WAV of silence, base64), built once. */
let answer: Buffer;

beforeAll(async () => {
  // 14.25 MiB of WAV is 19 MiB of base64.
  const wav = silentWav((14.25 * MiB) / 32000);
  answer = Buffer.from(
    JSON.stringify({ audio: [{ audioContent: wav.toString('base64') }], config: { audioFormat: 'wav', samplingRate: 16000 } }),
  );
  // The endpoint answers the prebuilt bytes after a short delay, so calls overlap; it costs its loop nothing.
  model = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': answer.length });
        res.end(answer);
      }, 100),
    );
  });
  await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/tts`;
  p = await createTestPlatform();
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(p.app.server.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  await p?.close();
  model?.closeAllConnections();
  await new Promise((resolve) => model?.close(resolve));
});

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
}

/**
 * One anonymous compute call: 'whole answer' when it answers 200 with the model's bytes, '503
 * refusal' for a 503 with a message and Retry-After, else what it got. The answer is compared
 * chunk by chunk as it arrives, neither joined nor parsed: this process's loop is the server's,
 * which the probes measure.
 */
async function call(modelId: string, encodings: Set<string>): Promise<string> {
  const res = await fetch(`${base}${MODEL_API.compute}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ modelId, input: [{ source: 'नमस्ते' }], sourceLanguage: 'hi', gender: 'female' }),
    signal: AbortSignal.timeout(60_000),
  });
  encodings.add(res.headers.get('content-encoding') ?? 'none');
  if (res.status === 200) {
    let at = 0;
    let same = true;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      same &&= Buffer.compare(chunk, answer.subarray(at, at + chunk.length)) === 0;
      at += chunk.length;
    }
    return same && at === answer.length ? 'whole answer' : `200 with ${at} other bytes`;
  }
  const said = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  return res.status === 503 && said.message && res.headers.get('retry-after') ? '503 refusal' : `${res.status} ${said.code}`;
}

describe('large model answers', () => {
  it('keeps /ulca/health answering while 48 calls fetch 19 MiB tts answers, and every call is answered whole or refused clearly', async () => {
    expect(answer.length).toBeGreaterThan(18.5 * MiB);
    const ids: string[] = [];
    for (let i = 0; i < MODELS; i++) {
      const owner = await createSignedInUser(p);
      ids.push(await insertTestModel(p.ctx, { userId: owner.userId, task: 'tts', callbackUrl: modelUrl }));
    }
    // One call first: the one-time costs (the client's and the answer readers' start) are not the steady state measured.
    expect(await call(ids[0], new Set())).toBe('whole answer');
    const probes: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t0 = performance.now();
        const res = await fetch(`${base}/ulca/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
        if (res) await res.arrayBuffer();
        probes.push(res?.ok ? performance.now() - t0 : 10_000);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const outcomes: string[] = [];
    const encodings = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(Array.from({ length: CALLS }, (_, i) => call(ids[i % MODELS], encodings)));
      outcomes.push(...results);
    }
    probing = false;
    await prober;
    loop.disable();
    const tally = Object.fromEntries([...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length]));
    const p95 = percentile(probes, 0.95);
    console.info(
      `large answers: ${JSON.stringify(tally)}; health probes ${probes.length}, p50 ${Math.round(percentile(probes, 0.5))} ms, ` +
        `p95 ${Math.round(p95)} ms, max ${Math.round(Math.max(...probes))} ms; event loop delay p99 ` +
        `${Math.round(loop.percentile(99) / 1e6)} ms, max ${Math.round(loop.max / 1e6)} ms; encodings ${[...encodings].join(',')}`,
    );
    expect(Object.keys(tally).filter((o) => o !== 'whole answer' && o !== '503 refusal')).toEqual([]);
    expect(tally['whole answer']).toBeGreaterThanOrEqual(MODELS);
    expect(probes.length).toBeGreaterThanOrEqual(5);
    expect(p95).toBeLessThanOrEqual(HEALTH_P95_MS);
  }, 90_000);

  it('refuses a large answer that finds no turn to be read within MODEL_QUEUE_WAIT_MS with 503, Retry-After and the spec message', async () => {
    const q = await createTestPlatform({ config: { modelQueueWaitMs: 1 } });
    try {
      const ids: string[] = [];
      for (let i = 0; i < MODELS; i++) {
        const owner = await createSignedInUser(q);
        ids.push(await insertTestModel(q.ctx, { userId: owner.userId, task: 'tts', callbackUrl: modelUrl }));
      }
      const answers = await Promise.all(
        ids.map((modelId) =>
          q.app.inject({
            method: 'POST',
            url: MODEL_API.compute,
            payload: { modelId, input: [{ source: 'नमस्ते' }], sourceLanguage: 'hi', gender: 'female' },
          }),
        ),
      );
      const busy = answers.filter((a) => a.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(busy[0].json()).toMatchObject({ code: 'SERVER_BUSY', message: MODEL_NOT_ACCESSIBLE_MESSAGE });
      expect(Number(busy[0].headers['retry-after'])).toBeGreaterThan(0);
      // The others got the model's whole answer.
      for (const a of answers.filter((x) => x.statusCode !== 503)) expect(a.rawPayload.equals(answer)).toBe(true);
    } finally {
      await q.close();
    }
  }, 60_000);
});
