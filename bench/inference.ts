/**
 * Inference proxy benchmark (docs/benchmarks.md#performance-benches): requests/s and latency of
 * POST /ulca/apis/v0/model/compute (a published translation model, anonymous try-it call) at N
 * connections, against calling the same local model endpoint directly, in the same run.
 *
 *   direct     POST <model server>/translation with the ULCA inference request
 *   bare       the same ULCA request through a bare Fastify route that only forwards it over a
 *              keep-alive agent (bench/inference-bare-proxy.ts): the floor of any Node proxy
 *   proxy      POST /ulca/apis/v0/model/compute {modelId, task, input} through the real server
 *
 * The model endpoint is the tests' model double (its own process), the server is main.ts
 * (WORKERS=false) on a real PostgreSQL (embedded, or DATABASE_URL). Prints req/s of each, the
 * ratio proxy/direct, and the added latency (proxy − direct) at p50 and p99, and the same against the
 * bare proxy with the targets: ≥ 0.8 × the bare proxy's requests/s, ≤ 1 ms added p50. Also prints how many TCP connections the model server accepted during each
 * arm (the proxy's keep-alive pool should open at most one per connection, then reuse them).
 * The server runs with MODEL_CONCURRENCY and MODEL_OWNER_CONCURRENCY = connections (their defaults
 * are 8 per model and 16 per owner and process): the bench measures the proxy's overhead, not its limiters.
 * Options: --duration S (default 5), --connections N (default 50), --model-ms N (default 0: the
 * double answers at once, so the figures are the proxy's pure overhead; N > 0 makes the double
 * take N ms per call, like a real model, through its `/slow/` path, for both arms), --rounds N
 * (default 1: after the first pair, N − 1 more bare/proxy pairs, and the median of the pairs).
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { cpuMsOf, freePort, startChild, stopChild } from './api.ts';
import { insertBenchUser, openBenchDatabase, startBenchApi } from './bench-db.ts';
import { arg, loadAverages } from './cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Starts the model double; resolves with its process, base URL and a reader of its accepted-connection count. */
export async function startModelServer(): Promise<{ child: ChildProcess; base: string; connections: () => Promise<number> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/inference-model-server.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let waiting: ((line: string) => void) | undefined;
  let out = '';
  child.stdout!.on('data', (d) => {
    out += d;
    let nl: number;
    while ((nl = out.indexOf('\n')) >= 0) {
      const line = out.slice(0, nl).trim();
      out = out.slice(nl + 1);
      if (waiting) {
        const w = waiting;
        waiting = undefined;
        w(line);
      } else lines.push(line);
    }
  });
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      const queued = lines.shift();
      if (queued !== undefined) return resolve(queued);
      waiting = resolve;
      child.once('exit', (code) => reject(new Error(`model server exited with ${code}`)));
    });
  const base = (await nextLine()).replace(/\/$/, '');
  const connections = async () => {
    const answer = nextLine();
    child.kill('SIGUSR2');
    return Number(/^connections (\d+)$/.exec(await answer)?.[1] ?? NaN);
  };
  return { child, base, connections };
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU of the proxying process per request, µs (NaN for the direct arm). */
  cpuUs: number;
}

async function measure(url: string, body: string, connections: number, duration: number, server?: ChildProcess): Promise<Run> {
  const cpu0 = cpuMsOf(server?.pid);
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections, duration });
  const cpuUs = ((cpuMsOf(server?.pid) - cpu0) * 1000) / Math.max(1, r.requests.total);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, cpuUs };
}

export async function main(args: string[]): Promise<void> {
  const duration = arg(args, 'duration', 5);
  const connections = arg(args, 'connections', 50);
  const modelMs = arg(args, 'model-ms', 0);
  const rounds = Math.max(1, arg(args, 'rounds', 1));
  const modelPath = modelMs > 0 ? `slow/translation?ms=${modelMs}` : 'translation';
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-inference-'));
  console.log(
    `inference benchmark: ${connections} connections, ${duration} s per target, model answers in ${modelMs} ms, MODEL_CONCURRENCY=${connections}, load average ${loadAverages()} (work dir ${tmp})`,
  );
  const database = await openBenchDatabase(tmp, 2);
  const { db } = database;
  let app: ChildProcess | undefined;
  let model: ChildProcess | undefined;
  let bareProxy: ChildProcess | undefined;
  try {
    const ms = await startModelServer();
    model = ms.child;
    const userId = await insertBenchUser(db);
    // No inference key: the helper needs the secret only to encrypt one.
    const modelId = await insertTestModel({ db, config: {} } as unknown as AppContext, {
      userId,
      callbackUrl: `${ms.base}/${modelPath}`,
      name: `bench-${userId.slice(0, 8)}`,
    });

    const api = await startBenchApi(database, tmp, {
      // The bench measures the proxy's overhead, not its limiter: every connection gets a slot.
      MODEL_CONCURRENCY: String(connections),
      MODEL_OWNER_CONCURRENCY: String(connections),
    });
    app = api.child;
    const { port } = api;
    const barePort = await freePort();
    bareProxy = await startChild(
      'bench/inference-bare-proxy.ts',
      { PORT: String(barePort), TARGET: `${ms.base}/${modelPath}` },
      `http://127.0.0.1:${barePort}/ready`,
    );
    const direct = {
      url: `${ms.base}/${modelPath}`,
      body: JSON.stringify({ input: [{ source: 'How are you?' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } }),
    };
    const proxy = {
      url: `http://127.0.0.1:${port}/ulca/apis/v0/model/compute`,
      body: JSON.stringify({ modelId, task: 'translation', input: [{ source: 'How are you?' }] }),
    };
    const bare = { url: `http://127.0.0.1:${barePort}/proxy`, body: direct.body };
    const check = await fetch(proxy.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: proxy.body });
    const answer = (await check.json()) as { output?: { target?: string }[] };
    if (!check.ok || answer.output?.[0]?.target !== 'hi:How are you?')
      throw new Error(`proxy call failed: ${check.status} ${JSON.stringify(answer)}`);

    // Warm both paths (JIT, pooled connections), then measure them back to back.
    await measure(direct.url, direct.body, connections, 1);
    await measure(bare.url, bare.body, connections, 1);
    await measure(proxy.url, proxy.body, connections, 1);
    const c0 = await ms.connections();
    const d = await measure(direct.url, direct.body, connections, duration);
    const c1 = await ms.connections();
    const b = await measure(bare.url, bare.body, connections, duration, bareProxy);
    const cb = await ms.connections();
    const p = await measure(proxy.url, proxy.body, connections, duration, app);
    const c2 = await ms.connections();
    const row = (name: string, r: Run) =>
      `${name.padEnd(8)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}${Number.isNaN(r.cpuUs) ? '' : `   CPU ${r.cpuUs.toFixed(0)} µs/req`}`;
    console.log(row('direct', d));
    console.log(row('bare', b));
    console.log(row('proxy', p));
    const ratio = p.rps / d.rps;
    console.log(
      `model server: new TCP connections during direct ${c1 - c0}, bare ${cb - c1}, proxy ${c2 - cb} (the proxies' pools were warmed)`,
    );
    console.log(
      `floor: bare proxy/direct ${(b.rps / d.rps).toFixed(2)}, added p50 ${b.p50 - d.p50} ms; proxy/bare ${(p.rps / b.rps).toFixed(2)} (target >= 0.8), proxy − bare p50 ${p.p50 - b.p50} ms (target <= 1), CPU ${(p.cpuUs / b.cpuUs).toFixed(2)}× the bare proxy's`,
    );
    // --rounds N: N − 1 more bare/proxy pairs back to back; the median of the pairs' ratios is
    // steadier than one pair on a machine shared with other work (docs/benchmarks.md#inference-proxy).
    if (rounds > 1) {
      const pairs = [{ b, p }];
      for (let i = 1; i < rounds; i++) {
        const bi = await measure(bare.url, bare.body, connections, duration, bareProxy);
        const pi = await measure(proxy.url, proxy.body, connections, duration, app);
        console.log(row(`bare ${i + 1}`, bi));
        console.log(row(`proxy ${i + 1}`, pi));
        pairs.push({ b: bi, p: pi });
      }
      const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor((xs.length - 1) / 2)];
      console.log(
        `median of ${rounds} bare/proxy pairs: proxy/bare ${median(pairs.map((x) => x.p.rps / x.b.rps)).toFixed(2)} (target >= 0.8), proxy − bare p50 ${median(pairs.map((x) => x.p.p50 - x.b.p50))} ms (target <= 1), CPU ${median(pairs.map((x) => x.p.cpuUs / x.b.cpuUs)).toFixed(2)}× the bare proxy's`,
      );
    }
    console.log(`load average after ${loadAverages()}`);
    console.log(
      `ratio proxy/direct ${ratio.toFixed(2)} (target >= 0.8)   added latency p50 ${p.p50 - d.p50} ms (target <= 2)   p99 ${p.p99 - d.p99} ms`,
    );
  } finally {
    await stopChild(app);
    await stopChild(bareProxy);
    await stopChild(model);
    await database.close();
  }
}
