import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { zipFolder } from '../../lib/zip-folder.ts';
import { getUserByEmail } from '../accounts/service.ts';
import { insertSubmission } from './repo.ts';
import { newServiceRequestNumber } from './service.ts';

/** Folder of the bundled demo datasets (apps/server/demo/<name>/). */
export const DEMO_DIR = path.resolve(import.meta.dirname, '../../../demo');
/** Submissions of bundled demo data use this URL scheme; users cannot submit it (http/https/ftp only). */
export const DEMO_URL_PREFIX = 'demo:';

/**
 * First start only: submits each bundled demo dataset as the admin account through the real
 * pipeline, so the platform is not empty. Remembered in app_settings; later starts do nothing.
 */
export async function publishDemoDatasets(ctx: AppContext): Promise<number> {
  const done = await ctx.db.pool.query(`SELECT 1 FROM app_settings WHERE key = 'demo_datasets'`);
  if (done.rowCount) return 0;
  const admin = await getUserByEmail(ctx, ctx.config.adminEmail);
  if (!admin || !fs.existsSync(DEMO_DIR)) return 0;
  const names = fs.readdirSync(DEMO_DIR).filter((n) => /^[a-z0-9-]+$/.test(n) && fs.statSync(path.join(DEMO_DIR, n)).isDirectory());
  for (const name of names) {
    const srn = newServiceRequestNumber();
    await insertSubmission(ctx.db, { srn, datasetId: crypto.randomUUID(), userId: admin.userID, datasetName: `Demo: ${name}`, url: `${DEMO_URL_PREFIX}${name}` });
    await ctx.boss.send(QUEUES.datasetIngest, { serviceRequestNumber: srn }, { singletonKey: srn });
  }
  await ctx.db.pool.query(`INSERT INTO app_settings (key, value) VALUES ('demo_datasets', $1) ON CONFLICT DO NOTHING`, [JSON.stringify(names)]);
  ctx.log.info({ names }, 'demo datasets submitted');
  return names.length;
}

/** Zips the demo folder named by a `demo:<name>` URL into the object store at `key`. Throws for unknown names. */
export async function fetchDemoDataset(ctx: AppContext, url: string, key: string): Promise<{ bytes: number; sha256: string }> {
  const name = url.slice(DEMO_URL_PREFIX.length);
  const dir = path.join(DEMO_DIR, name);
  if (!/^[a-z0-9-]+$/.test(name) || !fs.existsSync(dir)) throw new Error(`unknown demo dataset ${name}`);
  const tmp = path.join(ctx.config.dataDir, 'tmp', `${name}-${Date.now()}.zip`);
  fs.mkdirSync(path.dirname(tmp), { recursive: true });
  await zipFolder(dir, tmp);
  const buf = fs.readFileSync(tmp);
  fs.rmSync(tmp, { force: true });
  const bytes = await ctx.store.put(key, buf);
  return { bytes, sha256: crypto.createHash('sha256').update(buf).digest('hex') };
}
