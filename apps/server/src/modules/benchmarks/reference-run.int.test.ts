/**
 * A benchmark run on one of the platform's reference models (issue #13 "Must show": a run on a
 * reference model). The reference server listens on loopback, which the guarded fetch refuses for
 * contributors' models: the run must reach it through this process's one allowed origin, as the
 * inference proxy and the health round do (reference-models/service.ts modelCallRoute).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { zipFolder } from '../../test/fixtures.ts';
import { benchmarkRunFinished, until } from '../../test/poll.ts';
import { startWorkers } from '../../workers.ts';

/** Hindi sources and Urdu references; the first reference is Apertium's own output for its source. */
const ROWS = [
  { sourceText: 'मेरा नाम राम है।', targetText: 'میرا نام رام ہے۔' },
  { sourceText: 'राम घर जाता है।', targetText: 'رام گھر جاتا ہے۔' },
  { sourceText: 'यह किताब अच्छी है।', targetText: 'یہ کتاب اچھی ہے۔' },
];

let p: TestPlatform;
let files: FixtureServer;
let dir: string;
let contributor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-ref-'));
  files = await startFixtureServer(dir);
  p = await createTestPlatform({
    referenceModels: true,
    // The dataset download reaches the fixture server as 'localhost'; 127.0.0.1 (the reference server) is not allowed.
    config: { allowedFetchHosts: ['localhost'], modelCallTimeoutMs: 60_000 },
    startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true, benchmarkRun: true }),
  });
  [contributor, admin] = await Promise.all([createSignedInUser(p, ['BENCHMARK-DATASET-CONTRIBUTOR']), createSignedInUser(p, ['ADMIN'])]);
  await p.referenceModels!.ready;
}, 180_000);

afterAll(async () => {
  await p?.close();
  await files?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const api = (x: string) => `/ulca/apis/v0/benchmark/${x}`;

it('runs the reference hi→ur translation model on a hi→ur benchmark: every row answered, scored and re-scored equal', async () => {
  const folder = path.join(dir, 'bm');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(
    path.join(folder, 'params.json'),
    JSON.stringify({
      name: 'Reference hi-ur benchmark',
      taskType: { type: 'translation' },
      description: 'Three sentences for the reference model run',
      languages: { sourceLanguage: 'hi', targetLanguage: 'ur' },
      collectionSource: ['written for this test'],
      domain: ['general'],
      license: 'cc-by-4.0',
      submitter: { name: 'Bench Team' },
    }),
  );
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(ROWS));
  await zipFolder(folder, path.join(dir, 'bm.zip'));
  const submitted = await signedInject(p.app, contributor, 'POST', api('submit'), {
    datasetName: 'Reference hi-ur benchmark',
    url: files.url('bm.zip').replace('127.0.0.1', 'localhost'),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const { benchmarkId } = submitted.json().data;
  await until(
    async () =>
      (
        await p.app.inject({
          method: 'POST',
          url: api('search'),
          payload: { task: 'translation', sourceLanguage: 'hi', targetLanguage: 'ur' },
        })
      ).json().data ?? [],
    (d: { benchmarkId: string }[]) => d.some((b) => b.benchmarkId === benchmarkId),
    90_000,
  );

  const modelId = p.referenceModels!.models.find((m) => m.task.type === 'translation')!.modelId;
  const res = await signedInject(p.app, admin, 'POST', api('execute'), { modelId, benchmarks: [{ benchmarkId, metric: 'bleu' }] });
  expect(res.statusCode, res.body).toBe(200);
  const [runId] = res.json().benchmarkProcessIds;
  const status = await benchmarkRunFinished(p.app, admin, runId, 90_000);
  // Every row reached the engine (none failed), so the score covers all three.
  expect(status).toMatchObject({ status: 'Completed', recordCount: 3, scoredCount: 3, failedCount: 0, coverage: 1 });
  expect(status.score).toBeGreaterThan(0);
  const rescored = await signedInject(p.app, admin, 'POST', api('rescore'), { benchmarkProcessId: runId });
  expect(rescored.statusCode, rescored.body).toBe(200);
  expect(rescored.json().data.equal).toBe(true);
}, 240_000);
