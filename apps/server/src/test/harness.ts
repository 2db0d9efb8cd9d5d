import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startBoss } from '../jobs/boss.ts';
import { startMailWorker } from '../jobs/mail.ts';
import { createObjectStore } from '../storage/create-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { buildApp } from '../app.ts';
import { closeServices, createServices } from '../services.ts';
import type { FullContext } from '../app-services.ts';
import { withDatabase } from './global-setup.ts';
import { startReferenceModels, type ReferenceModels } from '../modules/reference-models/service.ts';

/** A per-test-file platform: its own database (cloned from the migrated template), data folder and app. */
export interface TestPlatform {
  ctx: FullContext;
  app: FastifyInstance;
  dataDir: string;
  outboxDir: string;
  /** The running reference models, when the platform was created with `referenceModels: true`. */
  referenceModels?: ReferenceModels;
  /** Stops workers, closes the app and pool, drops the database and the data folder. */
  close(): Promise<void>;
}

let counter = 0;

/** Creates a fresh database named after the test file from the template. Returns its URL. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts the real app on a fresh database. `startWorkers` is a hook for the caller to start the
 * job workers it needs (e.g. the dataset ingest worker). Config overrides apply on top of defaults.
 * `referenceModels: true` also starts the offline reference models as the API process does
 * (about 300 MB of memory once warm), off by default.
 */
export async function createTestPlatform(
  opts: { config?: Partial<Config>; startWorkers?: (ctx: FullContext) => Promise<unknown>; referenceModels?: boolean } = {},
): Promise<TestPlatform> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-data-'));
  const config = loadConfig(
    { ...process.env, ULCA_DATA_DIR: dataDir, DATABASE_URL: database.url, LOG_LEVEL: 'silent' },
    {
      allowedFetchHosts: ['127.0.0.1', 'localhost'],
      demoData: false,
      ...opts.config,
      ...(opts.referenceModels ? { referenceModels: true } : {}),
    },
  );
  const log = pino({ level: 'silent' });
  const db = createDb(database.url, 8);
  const boss = await startBoss(database.url, { supervise: true });
  const outboxDir = path.join(dataDir, 'outbox');
  // The local folder dataDir/objects, or the S3 store when the config names one (config.s3).
  const store = await createObjectStore(config);
  // The same services as the API process builds (services.ts), closed by close() below.
  const ctx = await createServices({
    config,
    db,
    boss,
    store,
    mailer: createMailer({ outboxDir, from: config.mailFrom, log }),
    log,
  });
  // E-mail goes through the mail queue; every platform sends it (tests read the outbox).
  await startMailWorker(ctx);
  // What the hook started may be stopped (workers.ts startWorkers' `stop`); stopped first on close.
  const started = opts.startWorkers ? ((await opts.startWorkers(ctx)) as { stop?: () => void } | undefined) : undefined;
  const referenceModels = opts.referenceModels ? await startReferenceModels(ctx) : undefined;
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    ctx,
    app,
    dataDir,
    outboxDir,
    referenceModels,
    async close() {
      started?.stop?.();
      await app.close();
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      await referenceModels?.close();
      await closeServices(ctx);
      await db.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
