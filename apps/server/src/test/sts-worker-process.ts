// A separate worker process for the speech-to-speech crash test: starts the real sts-batch worker
// on the test database and prints `ready`, so the test can SIGKILL it mid-batch.
// Usage: tsx sts-worker-process.ts <DATABASE_URL> <dataDir>
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startBoss } from '../jobs/boss.ts';
import { startStsBatchWorker } from '../modules/sts/batch-job.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createServices } from '../services.ts';

const [url, dataDir] = process.argv.slice(2);
const log = pino({ level: 'silent' });
const config = loadConfig({ ...process.env, ULCA_DATA_DIR: dataDir, DATABASE_URL: url }, { allowedFetchHosts: ['127.0.0.1', 'localhost'] });
const db = createDb(url, 4);
const boss = await startBoss(url, { supervise: false });
const ctx = await createServices({
  config,
  db,
  boss,
  store: new LocalObjectStore(path.join(dataDir, 'objects')),
  mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'x@y', log }),
  log,
});
await startStsBatchWorker(ctx);
process.stdout.write('ready\n');
