/**
 * Pipeline benchmark (docs/benchmarks.md, docs/api.md#pipelines): a
 * three-stage pipeline (asr → translation → tts) through POST /ulca/apis/v0/model/pipeline/compute
 * against the sum of the three direct model calls, in the same run, one call at a time.
 *
 *   direct     the three ULCA inference requests sent to the model endpoints one after another
 *              (each stage's output fed into the next by the bench itself)
 *   pipeline   one pipeline compute call with an application's key through the real server
 *
 * The models are the tests' model double (its own process; answers at once, so the figures are the
 * platform's overhead), the server is main.ts (WORKERS=false) on a real PostgreSQL (embedded, or
 * DATABASE_URL). Prints p50/p95 of each arm, the ratio pipeline/direct and the platform's overhead
 * per stage ((pipeline − direct) / 3 at p50; target ≤ 2 ms). Options: --calls N (default 300).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { insertApiKey } from '../apps/server/src/modules/keys/repo.ts';
import { keyHash, newApiKey } from '../apps/server/src/modules/keys/service.ts';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import { silentWav } from '../apps/server/src/test/model-server.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { stopChild } from './api.ts';
import { startModelServer } from './inference.ts';
import { insertBenchUser, openBenchDatabase, startBenchApi } from './bench-db.ts';
import { arg, loadAverages } from './cli.ts';

type Json = Record<string, unknown>;
async function post(url: string, body: Json, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

export async function main(args: string[]): Promise<void> {
  const calls = arg(args, 'calls', 300);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-pipeline-'));
  console.log(`pipeline benchmark: ${calls} calls per arm, one at a time, load average ${loadAverages()}`);
  const database = await openBenchDatabase(tmp, 2);
  const { db } = database;
  let app: ChildProcess | undefined;
  let model: ChildProcess | undefined;
  try {
    const ms = await startModelServer();
    model = ms.child;
    const userId = await insertBenchUser(db);
    const ctx = { db, config: {} } as unknown as AppContext;
    const asr = await insertTestModel(ctx, { userId, task: 'asr', callbackUrl: `${ms.base}/asr`, languages: [{ sourceLanguage: 'hi' }] });
    const mt = await insertTestModel(ctx, {
      userId,
      task: 'translation',
      callbackUrl: `${ms.base}/translation`,
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
    const tts = await insertTestModel(ctx, { userId, task: 'tts', callbackUrl: `${ms.base}/tts`, languages: [{ sourceLanguage: 'ur' }] });
    const key = newApiKey();
    await insertApiKey(db, { keyId: key.keyId, userId, appName: 'bench', secretHash: keyHash(key.fullKey) });

    const api = await startBenchApi(database, tmp);
    app = api.child;
    const { port } = api;
    const audio = silentWav(0.5).toString('base64');
    const direct = async () => {
      const a = await post(`${ms.base}/asr`, {
        audio: [{ audioContent: audio }],
        config: { language: { sourceLanguage: 'hi' }, audioFormat: 'wav', samplingRate: 16000 },
      });
      const text = ((a.output as Json[])[0].source as string) ?? '';
      const t = await post(`${ms.base}/translation`, {
        input: [{ source: text }],
        config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } },
      });
      await post(`${ms.base}/tts`, {
        input: [{ source: (t.output as Json[])[0].target as string }],
        config: { language: { sourceLanguage: 'ur' }, gender: 'female' },
      });
    };
    const body = {
      pipelineTasks: [
        { taskType: 'asr', config: { serviceId: asr, language: { sourceLanguage: 'hi' } } },
        { taskType: 'translation', config: { serviceId: mt, language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
        { taskType: 'tts', config: { serviceId: tts, language: { sourceLanguage: 'ur' } } },
      ],
      inputData: { audio: [{ audioContent: audio }] },
    };
    const pipeline = async () => {
      const r = await post(`http://127.0.0.1:${port}/ulca/apis/v0/model/pipeline/compute`, body, { ulcaApiKey: key.fullKey });
      if ((r.pipelineResponse as Json[]).length !== 3) throw new Error('pipeline answered fewer than 3 stages');
    };
    const time = async (fn: () => Promise<void>, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await fn();
        out.push(performance.now() - t0);
      }
      return out.sort((a, b) => a - b);
    };
    // Warm both paths (JIT, pooled connections, model lookups), then alternate arms in rounds so drift hits both alike.
    await time(direct, 30);
    await time(pipeline, 30);
    const d: number[] = [];
    const p: number[] = [];
    for (let round = 0; round < 5; round++) {
      d.push(...(await time(direct, Math.ceil(calls / 5))));
      p.push(...(await time(pipeline, Math.ceil(calls / 5))));
    }
    d.sort((a, b) => a - b);
    p.sort((a, b) => a - b);
    const row = (name: string, s: number[]) =>
      `${name.padEnd(28)} p50 ${pct(s, 0.5).toFixed(2).padStart(7)} ms   p95 ${pct(s, 0.95).toFixed(2).padStart(7)} ms`;
    console.log(row('direct (sum of 3 model calls)', d));
    console.log(row('pipeline (1 call, 3 stages)', p));
    const perStage = (pct(p, 0.5) - pct(d, 0.5)) / 3;
    console.log(`load average after ${loadAverages()}`);
    console.log(
      `ratio pipeline/direct p50 ${(pct(p, 0.5) / pct(d, 0.5)).toFixed(2)}   platform overhead per stage p50 ${perStage.toFixed(2)} ms (target <= 2)`,
    );
  } finally {
    await stopChild(app);
    await stopChild(model);
    await database.close();
  }
}
