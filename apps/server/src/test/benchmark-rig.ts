import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestPlatform, type TestPlatform } from './harness.ts';
import { createSignedInUser, signedInject, type TestUser } from './users.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { startTestModelServer, viaLocalhost, type TestModelServer } from './model-server.ts';
import { zipFolder } from './fixtures.ts';
import { benchmarkRunFinished, until } from './poll.ts';
import { insertTestModel, type TestModelSpec } from './models.ts';
import { startWorkers, type WorkerSelection } from '../workers.ts';

/** Where a test writes benchmark zips, serves them from and submits them to. */
export interface BenchmarkSite {
  app: FastifyInstance;
  dir: string;
  /** A fixture server on `dir`. */
  files: FixtureServer;
  /** Give the zips' URLs as http://localhost (the platforms that run the reference models). */
  localhost?: boolean;
}

/** What the benchmark-run integration tests work with; `close()` stops and removes all of it. */
export interface BenchmarkRig extends BenchmarkSite {
  p: TestPlatform;
  /** Contributor endpoint doubles (as http://localhost with the reference models). */
  models: TestModelServer;
  /** A BENCHMARK-DATASET-CONTRIBUTOR. */
  contributor: TestUser;
  admin: TestUser;
  close(): Promise<void>;
}

/** How a rig's platform runs; by default as the reference-model runs need it. */
export interface BenchmarkRigOptions {
  /**
   * Start the reference models and wait until they are warm (default true). They listen on
   * 127.0.0.1, which only their allowed origin may call, so the files and doubles are then
   * reached as 'localhost' (docs/architecture.md#reference-models-at-run-time).
   */
  referenceModels?: boolean;
  /** The benchmark-run worker of this process (default on); false where a separate process runs it. */
  benchmarkRun?: WorkerSelection['benchmarkRun'];
}

/**
 * A platform with the ingest and benchmark-run workers (as `opts` says), a fixture file server on
 * a fresh temporary folder named from `tmpPrefix`, the model doubles, a
 * BENCHMARK-DATASET-CONTRIBUTOR and an ADMIN.
 */
export async function startBenchmarkRig(tmpPrefix: string, opts: BenchmarkRigOptions = {}): Promise<BenchmarkRig> {
  const withReference = opts.referenceModels ?? true;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const files = await startFixtureServer(dir);
  const models = await startTestModelServer();
  const startRigWorkers = (ctx: TestPlatform['ctx']) => startWorkers(ctx, { datasetIngest: true, benchmarkRun: opts.benchmarkRun ?? true });
  const p = withReference
    ? await createTestPlatform({
        referenceModels: true,
        config: { allowedFetchHosts: ['localhost'], modelCallTimeoutMs: 60_000 },
        startWorkers: startRigWorkers,
      })
    : await createTestPlatform({ startWorkers: startRigWorkers });
  const [contributor, admin] = await Promise.all([
    createSignedInUser(p, ['BENCHMARK-DATASET-CONTRIBUTOR']),
    createSignedInUser(p, ['ADMIN']),
  ]);
  if (withReference) await p.referenceModels!.ready;
  return {
    p,
    app: p.app,
    localhost: withReference,
    files,
    models,
    dir,
    contributor,
    admin,
    async close() {
      await p.close();
      await files.close();
      await models.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The params.json of a translation benchmark written for a test (ULCA's benchmark params:
 * docs/benchmarks.md#benchmark-runs-and-leaderboards), hi→mr unless `languages` says otherwise.
 */
export function translationBenchmarkParams(
  name: string,
  description: string,
  languages: { sourceLanguage: string; targetLanguage: string } = { sourceLanguage: 'hi', targetLanguage: 'mr' },
) {
  return {
    name,
    taskType: { type: 'translation' },
    description,
    languages,
    collectionSource: ['written for this test'],
    domain: ['general'],
    license: 'cc-by-4.0',
    submitter: { name: 'Bench Team' },
  };
}

/**
 * Writes `params` and `rows` as `<dir>/<name>/params.json` and `data.json`, zips that folder to
 * `<dir>/zips/<name>.zip` and returns the zip's URL on `files` (a fixture server on `dir`).
 */
export async function writeBenchmarkZip(
  dir: string,
  files: FixtureServer,
  name: string,
  params: Record<string, unknown>,
  rows: unknown[],
): Promise<string> {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'params.json'), JSON.stringify(params));
  fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(rows));
  await zipFolder(folder, path.join(dir, 'zips', `${name}.zip`));
  return files.url(`zips/${name}.zip`);
}

/**
 * Submits the benchmark zip at `zipUrl` (on `site.files`; as http://localhost when `site.localhost`)
 * as `as` under `datasetName`; expects 200. Returns the new benchmark's id and the URL submitted.
 */
export async function submitBenchmarkZip(
  site: BenchmarkSite,
  as: TestUser,
  datasetName: string,
  zipUrl: string,
): Promise<{ benchmarkId: string; url: string }> {
  const url = site.localhost ? viaLocalhost(zipUrl) : zipUrl;
  const res = await signedInject(site.app, as, 'POST', '/ulca/apis/v0/benchmark/submit', { datasetName, url });
  expect(res.statusCode, res.body).toBe(200);
  return { benchmarkId: res.json().data.benchmarkId as string, url };
}

/**
 * Writes a translation benchmark of `rows` described by `about` (hi→mr unless it names languages)
 * into `site`, submits it as `as` (expects 200) and waits, up to `ms`, until `as`'s benchmark list
 * shows it Completed (published: listed and searchable) or Failed. Returns its id, that status and
 * the URL it was submitted from.
 */
export async function submitTranslationBenchmark(
  site: BenchmarkSite,
  as: TestUser,
  about: { name: string; description: string; languages?: { sourceLanguage: string; targetLanguage: string } },
  rows: unknown[],
  ms = 120_000,
): Promise<{ benchmarkId: string; status: string; url: string }> {
  const params = translationBenchmarkParams(about.name, about.description, about.languages);
  const zipped = await writeBenchmarkZip(site.dir, site.files, about.name.replace(/\W+/g, '-'), params, rows);
  const { benchmarkId, url } = await submitBenchmarkZip(site, as, about.name, zipped);
  type Listed = { benchmarkId: string; status: string }[];
  const statusOf = (list: Listed) => list.find((b) => b.benchmarkId === benchmarkId)?.status;
  const list = await until(
    async () => ((await signedInject(site.app, as, 'GET', '/ulca/apis/v0/benchmark/listByUserId')).json().data ?? []) as Listed,
    (l) => statusOf(l) === 'Completed' || statusOf(l) === 'Failed',
    ms,
  );
  return { benchmarkId, status: statusOf(list)!, url };
}

/**
 * Inserts a published hi→mr model of `owner` named `name` on the rig's doubles: one answering every
 * row `mr:<source>`, or, with `failOn`, one failing on the rows that contain that word. Returns its id.
 */
export function insertTranslationDouble(rig: BenchmarkRig, owner: TestUser, name: string, failOn?: string): Promise<string> {
  const callbackUrl = rig.models.url(failOn === undefined ? 'translation' : `fail-on/translation?word=${encodeURIComponent(failOn)}`);
  return insertTestModel(rig.p.ctx, {
    userId: owner.userId,
    callbackUrl,
    name,
    languages: [{ sourceLanguage: 'hi', targetLanguage: 'mr' }],
  });
}

/**
 * Inserts a model of the rig's admin answered by the rig's doubles at `path` (e.g. 'asr', 'ner';
 * reached as http://localhost, as the reference models' platform allows), with `spec`'s other fields. Returns its id.
 */
export function insertRigDouble(rig: BenchmarkRig, path: string, spec: Omit<TestModelSpec, 'userId' | 'callbackUrl'>): Promise<string> {
  return insertTestModel(rig.p.ctx, { userId: rig.admin.userId, callbackUrl: viaLocalhost(rig.models.url(path)), ...spec });
}

/**
 * Runs `modelId` on `benchmarkId` with `metric` as the rig's admin (expects 200), waits up to `ms`
 * until the run is final, checks that a re-score gives the stored score again, and returns the
 * finished status and the stored outputs in row order.
 */
export async function runAndRescore(rig: BenchmarkRig, modelId: string, benchmarkId: string, metric: string, ms = 180_000) {
  const res = await signedInject(rig.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/execute', {
    modelId,
    benchmarks: [{ benchmarkId, metric }],
  });
  expect(res.statusCode, res.body).toBe(200);
  const [runId] = res.json().benchmarkProcessIds as string[];
  const status = await benchmarkRunFinished(rig.app, rig.admin, runId, ms);
  const outputs = (
    await rig.p.ctx.db.pool.query(`SELECT output, error FROM benchmark_outputs WHERE benchmark_process_id = $1 ORDER BY seq`, [runId])
  ).rows as { output: unknown; error: string | null }[];
  const rescored = await signedInject(rig.app, rig.admin, 'POST', '/ulca/apis/v0/benchmark/rescore', { benchmarkProcessId: runId });
  expect(rescored.statusCode, rescored.body).toBe(200);
  expect(rescored.json().data.equal).toBe(true);
  return { status, outputs };
}
