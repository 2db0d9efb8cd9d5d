/**
 * A benchmark run of a reference model taken by a worker-only process (`npm run worker`, issue
 * #13; docs/product.md#reference-models). The model is registered by the API process with the URL of that process's
 * own loopback reference server, which the worker's guarded fetch refuses (loopback, not in
 * ALLOWED_FETCH_HOSTS). The worker must start the engine on demand on a loopback server of its
 * own and call it there (reference-models/service.ts reachModel): every row answered, the run
 * Completed and re-scored equal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject } from '../../test/users.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { zipFolder } from '../../test/fixtures.ts';
import { benchmarkRunFinished, until } from '../../test/poll.ts';
import { startWorkers } from '../../workers.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const ROWS = [
  { sourceText: 'मेरा नाम राम है।', targetText: 'میرا نام رام ہے۔' },
  { sourceText: 'राम घर जाता है।', targetText: 'رام گھر جاتا ہے۔' },
];

let p: TestPlatform;
let files: FixtureServer;
let dir: string;
let worker: ChildProcess | undefined;
const workerLines: string[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-worker-ref-'));
  files = await startFixtureServer(dir);
  // The API side registers the reference models; it runs no benchmark-run worker.
  p = await createTestPlatform({
    referenceModels: true,
    config: { allowedFetchHosts: ['localhost'] },
    startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }),
  });
}, 180_000);

afterAll(async () => {
  if (worker && worker.exitCode === null) {
    const exited = new Promise((r) => worker!.once('exit', r));
    worker.kill('SIGTERM');
    await exited;
  }
  await p?.close();
  await files?.close();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

it('a worker-only process starts the reference engine it needs and completes the run: every row answered, re-scored equal', async () => {
  const [contributor, admin] = await Promise.all([
    createSignedInUser(p, ['BENCHMARK-DATASET-CONTRIBUTOR']),
    createSignedInUser(p, ['ADMIN']),
  ]);
  const folder = path.join(dir, 'bm');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'params.json'),
    JSON.stringify({
      name: 'Worker reference benchmark',
      taskType: { type: 'translation' },
      description: 'Two sentences for a worker-only run',
      languages: { sourceLanguage: 'hi', targetLanguage: 'ur' },
      collectionSource: ['written for this test'],
      domain: ['general'],
      license: 'cc-by-4.0',
      submitter: { name: 'Bench Team' },
    }),
  );
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(ROWS));
  await zipFolder(folder, path.join(dir, 'bm.zip'));
  const submitted = await signedInject(p.app, contributor, 'POST', '/ulca/apis/v0/benchmark/submit', {
    datasetName: 'Worker reference benchmark',
    url: files.url('bm.zip').replace('127.0.0.1', 'localhost'),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const { benchmarkId } = submitted.json().data;
  await until(
    async () =>
      (
        await p.app.inject({
          method: 'POST',
          url: '/ulca/apis/v0/benchmark/search',
          payload: { task: 'translation', sourceLanguage: 'hi', targetLanguage: 'ur' },
        })
      ).json().data ?? [],
    (d: { benchmarkId: string }[]) => d.some((b) => b.benchmarkId === benchmarkId),
  );

  // `npm run worker` itself: main.ts --worker on the same database and data folder. Loopback is not allowed to it.
  worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--worker'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: p.ctx.config.databaseUrl!,
      ULCA_DATA_DIR: p.dataDir,
      ALLOWED_FETCH_HOSTS: 'localhost',
      MODEL_HEALTH_INTERVAL_MINUTES: '0',
      MODEL_CALL_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  readline.createInterface({ input: worker.stdout! }).on('line', (line) => workerLines.push(line));
  await until(
    async () => workerLines.some((l) => l.includes('worker started')),
    (ok) => ok,
    90_000,
    300,
  );

  const modelId = p.referenceModels!.models.find((m) => m.task.type === 'translation')!.modelId;
  const res = await signedInject(p.app, admin, 'POST', '/ulca/apis/v0/benchmark/execute', {
    modelId,
    benchmarks: [{ benchmarkId, metric: 'bleu' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const [runId] = res.json().benchmarkProcessIds;
  const status = await benchmarkRunFinished(p.app, admin, runId, 150_000);
  expect(status).toMatchObject({ status: 'Completed', recordCount: 2, scoredCount: 2, failedCount: 0, coverage: 1 });
  expect(status.score).toBeGreaterThan(0);
  // The worker answered it on an engine it started itself.
  expect(workerLines.some((l) => l.includes('reference engine started on demand'))).toBe(true);
  const rescored = await signedInject(p.app, admin, 'POST', '/ulca/apis/v0/benchmark/rescore', { benchmarkProcessId: runId });
  expect(rescored.statusCode, rescored.body).toBe(200);
  expect(rescored.json().data.equal).toBe(true);
}, 300_000);
