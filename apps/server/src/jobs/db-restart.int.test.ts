/**
 * A PostgreSQL restart under a running ingest and a running benchmark run
 * (docs/operations.md#database-restarts): the worker process (`main.ts --worker`, as `npm run worker`
 * runs it) stays alive, its jobs lose their connections, fail, are retried by the queue once the
 * database answers, and finish with exact counts — on the same process, with no replacement.
 * The test runs its own embedded cluster, stopped and started again on the same port and data folder.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createDb, type Db } from '../db/pool.ts';
import { startBoss, type PgBoss } from './boss.ts';
import { createObjectStore } from '../storage/create-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { closeServices, createServices } from '../services.ts';
import { buildApp } from '../app.ts';
import type { FullContext } from '../app-services.ts';
import { createSignedInUser, signedInject } from '../test/users.ts';
import { makeParallelZip, stageRows } from '../test/fixtures.ts';
import { submitTranslationBenchmark } from '../test/benchmark-rig.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { insertTestModel } from '../test/models.ts';
import { workerUnderTest } from '../test/server-process.ts';
import type { TestPlatform } from '../test/harness.ts';
import { submissionStatus, submitDataset } from '../test/dataset-submit.ts';

const DATASET_ROWS = 400;
const RUN_ROWS = 150;
/** The benchmark run's model answers each batch of 25 rows after this long: six batches, about 6 s. */
const MODEL_MS = 1000;

let tmp: string;
let pgDir: string;
let cluster: EmbeddedCluster | undefined;
let db: Db;
let boss: PgBoss;
let ctx: FullContext;
let app: FastifyInstance;
let files: FixtureServer;
let models: TestModelServer;
const worker = workerUnderTest();

/** The test's side of a query while the database may be down: undefined instead of an error. */
async function maybe<T>(q: () => Promise<T>): Promise<T | undefined> {
  return q().catch(() => undefined);
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-pg-restart-'));
  // Traversable, so the cluster stays in this folder (not relocated) and starts again from it.
  fs.chmodSync(tmp, 0o755);
  pgDir = path.join(tmp, 'pg');
  cluster = await startEmbeddedPostgres(pgDir, { port: 0 });
  const dataDir = path.join(tmp, 'data');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(path.join(tmp, 'files'));
  files = await startFixtureServer(path.join(tmp, 'files'));
  models = await startTestModelServer();
  const config = loadConfig(
    { ...process.env, ULCA_DATA_DIR: dataDir, DATABASE_URL: cluster.url, LOG_LEVEL: 'silent' },
    { allowedFetchHosts: ['127.0.0.1', 'localhost'], demoData: false },
  );
  db = createDb(cluster.url, 4);
  await migrate(db.pool);
  boss = await startBoss(cluster.url);
  const log = pino({ level: 'silent' });
  // The API side, in this process: it takes submissions and runs no job.
  ctx = await createServices({
    config,
    db,
    boss,
    store: await createObjectStore(config),
    mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom, log }),
    log,
  });
  app = await buildApp(ctx, { logger: false });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await worker.stop();
  await app?.close();
  await boss?.stop({ graceful: false, wait: true }).catch(() => undefined);
  if (ctx) await closeServices(ctx).catch(() => undefined);
  await db?.close();
  await files?.close();
  await models?.close();
  await cluster?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}, 60_000);

describe('a PostgreSQL restart under a running ingest and benchmark run', () => {
  it('the same worker process lives on and finishes both with exact counts', async () => {
    const child = await worker.start({
      DATABASE_URL: cluster!.url,
      ULCA_DATA_DIR: ctx.config.dataDir,
    });
    const pid = child.pid;

    // A benchmark of RUN_ROWS sentences, ingested by the worker, and a slow contributor model.
    const [contributor, owner] = await Promise.all([
      createSignedInUser({ ctx, app } as TestPlatform, ['BENCHMARK-DATASET-CONTRIBUTOR']),
      createSignedInUser({ ctx, app } as TestPlatform, ['CONTRIBUTOR-USER']),
    ]);
    const sources = Array.from({ length: RUN_ROWS }, (_, i) => `वाक्य संख्या ${i} यहाँ है`);
    const site = { app, dir: path.join(tmp, 'files'), files };
    const about = { name: 'Restart benchmark', description: 'Sentences for the database restart test' };
    const rows = sources.map((s) => ({ sourceText: s, targetText: `mr:${s}` }));
    const { benchmarkId } = await submitTranslationBenchmark(site, contributor, about, rows);
    const model = await insertTestModel(ctx, {
      userId: owner.userId,
      callbackUrl: models.url(`slow/translation?ms=${MODEL_MS}`),
      name: 'Slow MT',
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'mr' }],
    });
    const exec = await signedInject(app, owner, 'POST', '/ulca/apis/v0/benchmark/execute', {
      modelId: model,
      benchmarks: [{ benchmarkId, metric: 'bleu' }],
    });
    expect(exec.statusCode, exec.body).toBe(200);
    const runId = exec.json().benchmarkProcessIds[0] as string;

    // A dataset whose download lasts about 8 s: the job holds its lock connection throughout.
    const zip = await makeParallelZip({ rows: DATASET_ROWS, destDir: path.join(tmp, 'files'), seed: 'pg-restart' });
    const bytesPerSecond = Math.ceil(fs.statSync(zip).size / 8);
    const srn = await submitDataset(app, owner, 'restart', files.url(`slow/${path.basename(zip)}?bytesPerSecond=${bytesPerSecond}`));

    const stored = () =>
      maybe(
        async () =>
          (await db.pool.query(`SELECT count(*)::int AS n FROM benchmark_outputs WHERE benchmark_process_id = $1`, [runId])).rows[0]
            .n as number,
      );
    const downloadStatus = () =>
      maybe(
        async () =>
          (await db.pool.query(`SELECT status FROM dataset_stages WHERE service_request_number = $1 AND stage = 'download'`, [srn])).rows[0]
            ?.status as string | undefined,
      );
    // Both under way: a batch of the run stored, and the dataset downloading.
    await worker.until('the run to store a batch', stored, (n) => n > 0 && n < RUN_ROWS);
    await worker.until('the download to start', downloadStatus, (s) => s === 'In-Progress');

    // The restart: every connection of every process ends; the database is away for 2 s.
    await cluster!.stop();
    await new Promise((r) => setTimeout(r, 2000));
    cluster = await startEmbeddedPostgres(pgDir, { port: cluster!.port });

    const runStatus = () =>
      maybe(
        async () =>
          (await db.pool.query(`SELECT status FROM benchmark_runs WHERE benchmark_process_id = $1`, [runId])).rows[0]?.status as string,
      );
    const subStatus = () => maybe(async () => submissionStatus(db.pool, srn));
    expect(await worker.until('the run to end', runStatus, (s) => s !== 'In-Progress', 150_000)).toBe('Completed');
    expect(await worker.until('the ingest to end', subStatus, (s) => s === 'Completed' || s === 'Failed', 150_000)).toBe('Completed');

    // The same process, alive throughout; the restart was felt (its connection losses are logged).
    expect(child.exitCode, worker.lines.join('\n')).toBeNull();
    expect(child.pid).toBe(pid);
    expect(
      worker.lines.some((l) => l.includes('database connection lost')),
      worker.lines.join('\n'),
    ).toBe(true);

    // Exact counts: every row of the run once, every record of the dataset once.
    const outputs = await db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT seq)::int AS seqs, count(*) FILTER (WHERE error IS NOT NULL)::int AS failed FROM benchmark_outputs WHERE benchmark_process_id = $1`,
      [runId],
    );
    expect(outputs.rows[0]).toEqual({ n: RUN_ROWS, seqs: RUN_ROWS, failed: 0 });
    expect(await stageRows(db.pool, srn)).toEqual([
      ['download', 'Completed', 1, 0],
      ['ingest', 'Completed', DATASET_ROWS, 0],
      ['validate', 'Completed', DATASET_ROWS, 0],
      ['publish', 'Completed', DATASET_ROWS, 0],
    ]);
    const sub = (await db.pool.query(`SELECT dataset_id FROM dataset_submissions WHERE service_request_number = $1`, [srn])).rows[0];
    const records = await db.pool.query(
      `SELECT count(*)::int AS n, count(DISTINCT hash)::int AS distinct_hashes FROM dataset_records WHERE $1::uuid = ANY (dataset_ids)`,
      [sub.dataset_id],
    );
    expect(records.rows[0]).toEqual({ n: DATASET_ROWS, distinct_hashes: DATASET_ROWS });
  }, 300_000);
});
