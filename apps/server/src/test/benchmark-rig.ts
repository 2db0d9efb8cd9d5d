import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestPlatform, type TestPlatform } from './harness.ts';
import { createSignedInUser, type TestUser } from './users.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';
import { startTestModelServer, type TestModelServer } from './model-server.ts';
import { startWorkers } from '../workers.ts';

/** What the benchmark-run integration tests work with; `close()` stops and removes all of it. */
export interface BenchmarkRig {
  p: TestPlatform;
  /** Serves the benchmark zips written into `dir`, as http://localhost. */
  files: FixtureServer;
  /** Contributor endpoint doubles, as http://localhost. */
  models: TestModelServer;
  dir: string;
  contributor: TestUser;
  admin: TestUser;
  close(): Promise<void>;
}

/**
 * A platform with the reference models (warm), the ingest and benchmark-run workers, a fixture
 * file server and the model doubles, a BENCHMARK-DATASET-CONTRIBUTOR and an ADMIN. The doubles and
 * files are reached as 'localhost'; 127.0.0.1 (the reference server) only through its allowed origin.
 */
export async function startBenchmarkRig(tmpPrefix: string): Promise<BenchmarkRig> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
  const files = await startFixtureServer(dir);
  const models = await startTestModelServer();
  const p = await createTestPlatform({
    referenceModels: true,
    config: { allowedFetchHosts: ['localhost'], modelCallTimeoutMs: 60_000 },
    startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true, benchmarkRun: true }),
  });
  const [contributor, admin] = await Promise.all([
    createSignedInUser(p, ['BENCHMARK-DATASET-CONTRIBUTOR']),
    createSignedInUser(p, ['ADMIN']),
  ]);
  await p.referenceModels!.ready;
  return {
    p,
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
