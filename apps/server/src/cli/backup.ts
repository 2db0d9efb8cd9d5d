// `npm run backup -- <dir>` / `npm run restore -- <dir>` (docs/operations.md#running-it-in-production, "Backups"):
// the platform's database (pg-boss's schema included), files and secret, into or out of a folder.
// Run with the platform's environment (DATABASE_URL, S3_*, ULCA_DATA_DIR, ULCA_SECRET); without
// DATABASE_URL the embedded cluster of the data folder is used (stop `npm start` first).
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/pool.ts';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../db/embedded.ts';
import { createObjectStore } from '../storage/create-store.ts';
import { backupPlatform, restorePlatform } from '../ops/backup.ts';

const [command, dir] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !dir) {
  console.error('usage: npm run backup -- <empty folder>   |   npm run restore -- <backup folder>');
  process.exit(2);
}
/** Backs up or restores; a failure stops the embedded cluster it started and exits 1. */
async function run(): Promise<void> {
  // What a failure must stop: the embedded cluster once it runs.
  const started: { cluster?: EmbeddedCluster } = {};
  try {
    const config = loadConfig();
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      started.cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), { pgHome: config.pgHome });
      databaseUrl = started.cluster.url;
    }
    const db = createDb(databaseUrl, 2);
    const parts = { config, db, databaseUrl, store: await createObjectStore(config) };
    try {
      const m = command === 'backup' ? await backupPlatform(parts, path.resolve(dir)) : await restorePlatform(parts, path.resolve(dir));
      const rows = m.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `ULCA ${command === 'backup' ? 'backed up to' : 'restored from'} ${path.resolve(dir)}: ${m.tables.length} tables, ${rows} rows, ${m.objects} files, the secret`,
      );
    } finally {
      await db.close();
    }
    await started.cluster?.stop();
    process.exit(0);
  } catch (err) {
    console.error(`ULCA ${command} failed: ${err instanceof Error ? err.message : String(err)}`);
    await started.cluster?.stop().catch(() => undefined);
    process.exit(1);
  }
}

await run();
