// A separate worker process for the crash test: runs one submission's job with a slow publish so
// the test can SIGKILL it mid-publish. Usage: tsx worker-process.ts <DATABASE_URL> <dataDir> <srn> <chunkRows>
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startBoss } from '../jobs/boss.ts';
import { LocalObjectStore } from '../storage/local-store.ts';
import { createMailer } from '../mail/create-mailer.ts';
import { closeServices, createServices } from '../services.ts';
import { runIngestJob } from '../modules/datasets/service.ts';

const [url, dataDir, srn, chunkRows] = process.argv.slice(2);
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
await runIngestJob(ctx, srn, {
  publishChunkRows: Number(chunkRows),
  onPublishChunk: async () => {
    process.stdout.write('chunk\n');
    await new Promise((r) => setTimeout(r, 300));
  },
});
await closeServices(ctx);
process.stdout.write('done\n');
process.exit(0);
