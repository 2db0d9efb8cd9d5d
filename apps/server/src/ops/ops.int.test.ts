import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser } from '../test/users.ts';
import { makeParallelZip } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { insertTestModel } from '../test/models.ts';
import { startWorkers } from '../workers.ts';
import { createDb } from '../db/pool.ts';
import { createReadiness } from './readiness.ts';
import { createMetrics } from './prometheus.ts';
import { startOpsServer } from './http.ts';
import { submissionStatus, submitDataset } from '../test/dataset-submit.ts';

const TOKEN = 'metrics-token-for-tests';
const ROWS = 25;
let p: TestPlatform;
let files: FixtureServer;
let models: TestModelServer;
let zipDir: string;

beforeAll(async () => {
  p = await createTestPlatform({ config: { metricsToken: TOKEN }, startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-ops-'));
  await makeParallelZip({ rows: ROWS, destDir: zipDir, seed: 'ops-metrics' });
  files = await startFixtureServer(zipDir);
  models = await startTestModelServer();
});

afterAll(async () => {
  await files?.close();
  await models?.close();
  await p?.close();
  fs.rmSync(zipDir, { recursive: true, force: true });
});

/** The value of one sample of the exposition `text` (0 when absent): `name{labels}` with labels in any order. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return 0;
}

async function scrape(): Promise<string> {
  const res = await p.app.inject({ method: 'GET', url: '/ulca/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

/** A TCP relay to the test database that can be cut and restored, as a database going down and up. */
async function startRelay(target: URL): Promise<{ port: number; down(): Promise<void>; up(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const up = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => undefined);
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  const down = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  await up();
  return { port, down, up };
}

describe('readiness (docs/operations.md#running-it-in-production)', () => {
  it('the API answers liveness and readiness with every check', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/ulca/health' })).json()).toEqual({ status: 'ok' });
    const res = await p.app.inject({ method: 'GET', url: '/ulca/health/ready' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ready: true,
      checks: { database: { ok: true }, migrations: { ok: true }, objectStore: { ok: true }, secret: { ok: true } },
    });
  });

  it("a worker's ops listener: /ready fails while the database is down and recovers, /live stays up", async () => {
    const url = new URL(p.ctx.config.databaseUrl!);
    const relay = await startRelay(url);
    const relayed = new URL(url);
    relayed.port = String(relay.port);
    const db = createDb(relayed.toString(), 2);
    const readiness = createReadiness({ config: p.ctx.config, db, store: p.ctx.store }, { timeoutMs: 1000 });
    const metrics = createMetrics();
    const ops = await startOpsServer({ metrics, readiness, metricsToken: undefined }, 0, '127.0.0.1');
    const base = `http://127.0.0.1:${ops.port}`;
    try {
      expect((await fetch(`${base}/ready`)).status).toBe(200);
      await relay.down();
      const down = await fetch(`${base}/ready`);
      expect(down.status).toBe(503);
      const report = (await down.json()) as { ready: boolean; checks: Record<string, { ok: boolean; error?: string }> };
      expect(report.ready).toBe(false);
      expect(report.checks.database!.ok).toBe(false);
      expect(report.checks.secret).toEqual({ ok: true });
      expect((await fetch(`${base}/live`)).status).toBe(200);
      await relay.up();
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await fetch(`${base}/ready`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
      // No METRICS_TOKEN on this listener: no metrics at all.
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await ops.close();
      readiness.close();
      metrics.close();
      await db.close();
      await relay.down().catch(() => undefined);
    }
  });
});

describe('metrics (docs/operations.md#running-it-in-production)', () => {
  it('need the bearer token: 401 without or with a wrong one, 404 when METRICS_TOKEN is unset', async () => {
    expect((await p.app.inject({ method: 'GET', url: '/ulca/metrics' })).statusCode).toBe(401);
    expect((await p.app.inject({ method: 'GET', url: '/ulca/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    p.ctx.config.metricsToken = undefined;
    try {
      expect((await p.app.inject({ method: 'GET', url: '/ulca/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
        404,
      );
    } finally {
      p.ctx.config.metricsToken = TOKEN;
    }
  });

  it('move by exactly the numbers sent: a dataset ingest and model calls', async () => {
    const user = await createSignedInUser(p);
    const modelId = await insertTestModel(p.ctx, { userId: user.userId, callbackUrl: models.url('translation') });
    const failing = await insertTestModel(p.ctx, { userId: user.userId, callbackUrl: models.url('error/translation') });
    const before = await scrape();

    const zipName = fs.readdirSync(zipDir).find((f) => f.endsWith('.zip'))!;
    const srn = await submitDataset(p.app, user, 'ops', files.url(zipName));
    const status = async () => submissionStatus(p.ctx.db.pool, srn);
    for (let i = 0; i < 300 && (await status()) !== 'Completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('Completed');

    const calls = 3;
    for (let i = 0; i < calls; i++) {
      const r = await p.app.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId, task: 'translation', input: [{ source: `hello ${i}` }] },
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    const bad = await p.app.inject({
      method: 'POST',
      url: MODEL_API.compute,
      payload: { modelId: failing, task: 'translation', input: [{ source: 'hello' }] },
    });
    expect(bad.statusCode).toBe(502);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(delta('ulca_ingest_records_total', { outcome: 'success' })).toBe(ROWS);
    expect(delta('ulca_ingest_records_total', { outcome: 'failed' })).toBe(0);
    expect(delta('ulca_model_calls_total', { model: modelId, outcome: 'success' })).toBe(calls);
    expect(delta('ulca_model_call_duration_seconds_count', { model: modelId, outcome: 'success' })).toBe(calls);
    expect(delta('ulca_model_calls_total', { model: failing, outcome: 'HTTP_ERROR' })).toBe(1);
    expect(delta('ulca_http_requests_total', { route: MODEL_API.compute, method: 'POST', status: '200' })).toBe(calls);
    expect(delta('ulca_http_requests_total', { route: MODEL_API.compute, method: 'POST', status: '502' })).toBe(1);
    expect(delta('ulca_http_request_duration_seconds_count', { route: MODEL_API.compute, method: 'POST' })).toBe(calls + 1);
    expect(delta('ulca_job_duration_seconds_count', { queue: 'dataset-ingest', outcome: 'completed' })).toBe(1);
    // Read at scrape time: the pool and the queues.
    expect(sample(after, 'ulca_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(after).toMatch(/^ulca_queue_jobs\{/m);
    expect(after).toMatch(/^ulca_process_resident_memory_bytes /m);
  });
});
