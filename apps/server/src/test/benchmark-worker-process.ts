// A separate worker process for the benchmark-run crash test (issue #13): starts the real
// benchmark-run worker (which takes queued runs and re-queues In-Progress ones) with a small batch
// and prints `batch <stored>` after each stored batch, so the test can SIGKILL it mid-run.
// Usage: tsx benchmark-worker-process.ts <DATABASE_URL> <dataDir> <batchRows>
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startBoss } from '../jobs/boss.ts';
import { startBenchmarkRunWorker } from '../modules/benchmarks/run-job.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { createServices } from '../services.ts';

const [url, dataDir, batchRows] = process.argv.slice(2);
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
await startBenchmarkRunWorker(ctx, {
  batchRows: Number(batchRows),
  onBatch: (stored) => {
    process.stdout.write(`batch ${stored}\n`);
  },
});
process.stdout.write('ready\n');
