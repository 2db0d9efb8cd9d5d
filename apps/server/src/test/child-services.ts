import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startBoss } from '../jobs/boss.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createServices } from '../services.ts';

/**
 * The services of a worker child process that a crash test starts and SIGKILLs (the
 * *-worker-process.ts scripts here): on the test database `url` and data folder `dataDir` (its
 * objects/ as the store, outbox/ for mail), loopback fetches allowed, silent logs, 4 connections,
 * pg-boss without supervision (the test's own platform supervises the queues).
 */
export async function childProcessServices(url: string, dataDir: string) {
  const log = pino({ level: 'silent' });
  const config = loadConfig(
    { ...process.env, ULCA_DATA_DIR: dataDir, DATABASE_URL: url },
    { allowedFetchHosts: ['127.0.0.1', 'localhost'] },
  );
  const db = createDb(url, 4);
  const boss = await startBoss(url, { supervise: false });
  return createServices({
    config,
    db,
    boss,
    store: new LocalObjectStore(path.join(dataDir, 'objects')),
    mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'x@y', log }),
    log,
  });
}
