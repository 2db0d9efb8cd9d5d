import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { PgBossCtor } from '../jobs/boss.ts';

let cluster: EmbeddedCluster | undefined;
let tmp: string | undefined;

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * Starts one embedded PostgreSQL for the whole integration run (or uses TEST_DATABASE_URL's server)
 * and builds a migrated template database, `ulca_template`, that each test file clones.
 */
export async function setup(project: TestProject): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-itest-'));
    cluster = await startEmbeddedPostgres(path.join(tmp, 'pg'), { port: 0, database: 'postgres', temporary: true });
    adminUrl = cluster.adminUrl;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS ulca_template WITH (FORCE)');
  await admin.query('CREATE DATABASE ulca_template');
  await admin.end();
  const templateUrl = withDatabase(adminUrl, 'ulca_template');
  const pool = new pg.Pool({ connectionString: templateUrl, max: 2 });
  await migrate(pool);
  // pg-boss installs its schema once here so clones start with it.
  const boss = new PgBossCtor({ connectionString: templateUrl, max: 2, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
  await pool.end();
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', 'ulca_template');
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}

/** `url` with its database name replaced by `db`. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}
