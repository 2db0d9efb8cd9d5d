/**
 * Global setup of the e2e project (vitest.config.ts): ONE embedded PostgreSQL for the whole run and,
 * per flavor of platform the tests start (see flavorOf: plain, demo data, demo data with the
 * reference models), a template database plus the data folder that goes with it, both holding what
 * the platform's first start leaves: migrations, pg-boss schema, the ADMIN account, the secret and,
 * for the demo flavors, the demo datasets and bundled benchmarks published through the real pipeline
 * and the reference models' runs on them. Each test file's startPlatform clones its template
 * (CREATE DATABASE … TEMPLATE …) and copies the folder instead of initdb + migrations + seeding.
 * E2E_SHARED_PLATFORM=false turns it off (every file then starts from scratch, as before).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../../apps/server/src/db/embedded.ts';
import { ensureWebBuilt, launchPlatform, withDatabase, type PlatformFlavor, type SharedPlatforms } from './server.ts';

let cluster: EmbeddedCluster | undefined;
let tmp: string | undefined;

const FLAVORS: Record<PlatformFlavor, Record<string, string>> = {
  plain: {},
  demo: { DEMO_DATA: 'true' },
  'demo-ref': { DEMO_DATA: 'true', REFERENCE_MODELS: 'true' },
};

/** Polls `check` every second until it holds `times` polls in a row; throws after `timeoutMs`. */
async function settle(what: string, check: () => Promise<boolean>, timeoutMs: number, times = 3): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let inRow = 0;
  while (Date.now() < deadline) {
    inRow = (await check()) ? inRow + 1 : 0;
    if (inRow >= times) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`e2e global setup: ${what} did not settle within ${timeoutMs} ms`);
}

/** Starts the platform once on the template database and folder of `flavor`, waits until its first start's work is done, stops it. */
async function prepare(adminUrl: string, flavor: PlatformFlavor, root: string): Promise<{ database: string; dataDir: string }> {
  const database = `e2e_template_${flavor.replace('-', '_')}`;
  const dataDir = path.join(root, `data-${flavor}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const databaseUrl = withDatabase(adminUrl, database);
  const env = FLAVORS[flavor];
  const platform = await launchPlatform({ env, dataDir, databaseUrl, startTimeoutMs: 180_000 });
  const db = new pg.Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    if (env.DEMO_DATA === 'true') {
      const state = async () => {
        const r = await db.query<{ subs: number; open_subs: number; runs: number; open_runs: number; jobs: number }>(`
          SELECT (SELECT count(*)::int FROM dataset_submissions) AS subs,
                 (SELECT count(*)::int FROM dataset_submissions WHERE status IN ('Pending', 'In-Progress')) AS open_subs,
                 (SELECT count(*)::int FROM benchmark_runs) AS runs,
                 (SELECT count(*)::int FROM benchmark_runs WHERE status = 'In-Progress') AS open_runs,
                 (SELECT count(*)::int FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now() AND name NOT LIKE '__pgboss%') AS jobs`);
        return r.rows[0];
      };
      const ready = async () =>
        fetch(`${platform.baseUrl}/ulca/health/ready`).then(
          (r) => r.ok,
          () => false,
        );
      await settle(
        `the first start of the ${flavor} platform`,
        async () => {
          const s = await state();
          const runsDone = env.REFERENCE_MODELS === 'true' ? s.runs > 0 && s.open_runs === 0 : true;
          return s.subs > 0 && s.open_subs === 0 && runsDone && s.jobs === 0 && (await ready());
        },
        600_000,
      );
    }
  } catch (err) {
    await db.end().catch(() => undefined);
    await platform.stop().catch(() => undefined);
    throw new Error(`${(err as Error).message}\n${platform.output().slice(-5000)}`);
  }
  await db.end();
  // A clean stop: jobs finished, the reference models' host row removed, so clones start as a restart would.
  const code = await platform.stop();
  if (code !== 0) throw new Error(`e2e global setup: the ${flavor} platform stopped with code ${code}:\n${platform.output().slice(-5000)}`);
  // Mail of the first start carries the template's address: a fresh platform has none yet.
  fs.rmSync(path.join(dataDir, 'outbox'), { recursive: true, force: true });
  return { database, dataDir };
}

export async function setup(project: TestProject): Promise<void> {
  if (process.env.E2E_SHARED_PLATFORM === 'false') {
    project.provide('e2ePlatforms', undefined);
    return;
  }
  ensureWebBuilt();
  const started = Date.now();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-shared-'));
  fs.chmodSync(tmp, 0o755);
  cluster = await startEmbeddedPostgres(path.join(tmp, 'pg'), { port: 0, database: 'postgres', temporary: true });
  // A throwaway cluster that the parallel files' platforms all write to: their commits need not wait
  // for the WAL to reach the disk (a crash loses the run anyway).
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query('ALTER SYSTEM SET synchronous_commit = off');
    await admin.query('SELECT pg_reload_conf()');
  } finally {
    await admin.end();
  }
  const shared: SharedPlatforms = { adminUrl: cluster.adminUrl, templates: {} };
  // One after another: the demo flavors run the pipeline and the reference models, each taking both cores.
  for (const flavor of Object.keys(FLAVORS) as PlatformFlavor[]) {
    const t = Date.now();
    shared.templates[flavor] = await prepare(cluster.adminUrl, flavor, tmp);
    console.log(`e2e global setup: ${flavor} platform prepared in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  console.log(`e2e global setup: shared PostgreSQL and templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  project.provide('e2ePlatforms', shared);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}
