/**
 * The database and services a bench runs on (docs/benchmarks.md#performance-benches): the
 * set-up the benches shared by copy.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb, type Db } from '../apps/server/src/db/pool.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { startBoss } from '../apps/server/src/jobs/boss.ts';
import { LocalObjectStore } from '../apps/server/src/storage/local-store.ts';
import { createMailer } from '../apps/server/src/mail/create-mailer.ts';
import { closeServices, createServices } from '../apps/server/src/services.ts';
import { insertUsers } from '../apps/server/src/modules/accounts/repo.ts';
import { freePort, startChild } from './api.ts';
import type { ChildProcess } from 'node:child_process';

/** A bench's migrated database; `close()` ends the pool, stops an embedded cluster and removes the work folder. */
export interface BenchDatabase {
  url: string;
  db: Db;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when it is set, else a temporary embedded cluster in `<tmp>/pg`; migrated, with a
 * pool of `poolSize` connections. `tmp` is the bench's work folder (removed by close()).
 */
export async function openBenchDatabase(tmp: string, poolSize: number): Promise<BenchDatabase> {
  const cluster = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(path.join(tmp, 'pg'), { temporary: true });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const db = createDb(url, poolSize);
  await migrate(db.pool);
  return {
    url,
    db,
    async close() {
      await db.close();
      await cluster?.stop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * A bench's database (openBenchDatabase with `poolSize` connections) and the server's services on
 * it as one process builds them (createServices), with pg-boss unsupervised, silent logs, objects,
 * outbox and data under `tmp`. `close()` stops pg-boss at once, closes the services, then the
 * database (and removes `tmp`).
 */
export async function startBenchServices(tmp: string, poolSize: number) {
  const database = await openBenchDatabase(tmp, poolSize);
  const log = pino({ level: 'silent' });
  const boss = await startBoss(database.url, { supervise: false });
  const ctx = await createServices({
    config: loadConfig({ ...process.env, ULCA_DATA_DIR: path.join(tmp, 'data') }, {}),
    db: database.db,
    boss,
    store: new LocalObjectStore(path.join(tmp, 'objects')),
    mailer: createMailer({ outboxDir: path.join(tmp, 'outbox'), from: 'bench@local', log }),
    log,
  });
  return {
    db: database.db,
    ctx,
    async close() {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await closeServices(ctx);
      await database.close();
    },
  };
}

/**
 * Inserts an active user named Bench with one role (CONTRIBUTOR-USER unless told) and returns its id: `userId`
 * when given (the benches that write as the fixed user `bench`), else a fresh one.
 */
export async function insertBenchUser(
  db: Db,
  { userId = crypto.randomUUID().replace(/-/g, ''), role = 'CONTRIBUTOR-USER' }: { userId?: string; role?: string } = {},
): Promise<string> {
  await insertUsers(db, [
    {
      userId,
      email: `bench.${userId.slice(0, 8)}@example.org`,
      firstName: 'Bench',
      passwordHash: 'x',
      roles: [role],
      isActive: true,
      activationTokenHash: null,
    },
  ]);
  return userId;
}

/**
 * Starts the API alone (`main.ts` with WORKERS=false, no demo data, warn logs, loopback model
 * calls allowed) on a free port against `database`, with `env` on top, and waits until it is
 * healthy. Returns the child (stop it with stopChild) and its port.
 */
export async function startBenchApi(
  database: BenchDatabase,
  tmp: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const child = await startChild(
    'apps/server/src/main.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      ULCA_DATA_DIR: path.join(tmp, 'data'),
      WORKERS: 'false',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ULCA_ADMIN_PASSWORD: 'Bench&Admin1',
      ULCA_SECRET: 'bench-secret-0123456789',
      ALLOWED_FETCH_HOSTS: '127.0.0.1',
      ...env,
    },
    `http://127.0.0.1:${port}/ulca/health`,
  );
  return { child, port };
}
