/**
 * A benchmark run of a reference model taken by a worker-only process (`npm run worker`, issue
 * #13; docs/product.md#reference-models). The model is registered by the API process with the URL of that process's
 * own loopback reference server, which the worker's guarded fetch refuses (loopback, not in
 * ALLOWED_FETCH_HOSTS). The worker must start the engine on demand on a loopback server of its
 * own and call it there (reference-models/service.ts reachModel): every row answered, the run
 * Completed and re-scored equal.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startBenchmarkRig, submitTranslationBenchmark, type BenchmarkRig } from '../../test/benchmark-rig.ts';
import { signedInject } from '../../test/users.ts';
import { benchmarkRunFinished, until } from '../../test/poll.ts';
import { spawnWorkerProcess, stopWorkerProcess } from '../../test/server-process.ts';

const ROWS = [
  { sourceText: 'मेरा नाम राम है।', targetText: 'میرا نام رام ہے۔' },
  { sourceText: 'राम घर जाता है।', targetText: 'رام گھر جاتا ہے۔' },
];

const HI_UR = { sourceLanguage: 'hi', targetLanguage: 'ur' };
let rig: BenchmarkRig;
let worker: ChildProcess | undefined;
const workerLines: string[] = [];

beforeAll(async () => {
  // The API side registers the reference models; it runs no benchmark-run worker.
  rig = await startBenchmarkRig('ulca-bench-worker-ref-', { benchmarkRun: false });
}, 180_000);

afterAll(async () => {
  await stopWorkerProcess(worker);
  await rig?.close();
}, 60_000);

it('a worker-only process starts the reference engine it needs and completes the run: every row answered, re-scored equal', async () => {
  const about = { name: 'Worker reference benchmark', description: 'Two sentences for a worker-only run', languages: HI_UR };
  const submitted = await submitTranslationBenchmark(rig, rig.contributor, about, ROWS);
  expect(submitted.status).toBe('Completed');
  const { benchmarkId } = submitted;

  // `npm run worker` itself: main.ts --worker on the same database and data folder. Loopback is not allowed to it.
  worker = spawnWorkerProcess(
    {
      DATABASE_URL: rig.p.ctx.config.databaseUrl!,
      ULCA_DATA_DIR: rig.p.dataDir,
      ALLOWED_FETCH_HOSTS: 'localhost',
      MODEL_CALL_TIMEOUT_MS: '60000',
    },
    workerLines,
  );
  await until(
    async () => workerLines.some((l) => l.includes('worker started')),
    (ok) => ok,
    90_000,
    300,
  );

  const modelId = rig.p.referenceModels!.models.find((m) => m.task.type === 'translation')!.modelId;
  const res = await signedInject(rig.p.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/execute', {
    modelId,
    benchmarks: [{ benchmarkId, metric: 'bleu' }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const [runId] = res.json().benchmarkProcessIds;
  const status = await benchmarkRunFinished(rig.p.app, rig.admin, runId, 150_000);
  expect(status).toMatchObject({ status: 'Completed', recordCount: 2, scoredCount: 2, failedCount: 0, coverage: 1 });
  expect(status.score).toBeGreaterThan(0);
  // The worker answered it on an engine it started itself.
  expect(workerLines.some((l) => l.includes('reference engine started on demand'))).toBe(true);
  const rescored = await signedInject(rig.p.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/rescore', { benchmarkProcessId: runId });
  expect(rescored.statusCode, rescored.body).toBe(200);
  expect(rescored.json().data.equal).toBe(true);
}, 300_000);
