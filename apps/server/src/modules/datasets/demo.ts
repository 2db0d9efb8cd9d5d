import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { zipFolder } from '../../lib/zip-folder.ts';
import { getUserByEmail } from '../accounts/service.ts';
import { demoDatasetsSubmitted, getSubmission, insertSubmission, newServiceRequestNumber, recordDemoDatasets } from './repo.ts';
import { downloadToStore } from './pipeline/download.ts';

/** Folder of the bundled demo datasets (apps/server/demo/<name>/). */
export const DEMO_DIR = path.resolve(import.meta.dirname, '../../../demo');
/** Submissions of bundled demo data use this URL scheme; users cannot submit it (http/https/ftp only). */
export const DEMO_URL_PREFIX = 'demo:';

/**
 * First start only: submits each bundled demo dataset as the admin account through the real
 * pipeline, so the platform is not empty. Remembered in app_settings; later starts do nothing.
 */
export async function publishDemoDatasets(ctx: AppContext): Promise<number> {
  if (await demoDatasetsSubmitted(ctx.db)) return 0;
  const admin = await getUserByEmail(ctx, ctx.config.adminEmail);
  if (!admin || !fs.existsSync(DEMO_DIR)) return 0;
  const names = fs.readdirSync(DEMO_DIR).filter((n) => /^[a-z0-9-]+$/.test(n) && fs.statSync(path.join(DEMO_DIR, n)).isDirectory());
  for (const name of names) {
    const srn = newServiceRequestNumber();
    await insertSubmission(ctx.db, { srn, datasetId: crypto.randomUUID(), userId: admin.userID, datasetName: `Demo: ${name}`, url: `${DEMO_URL_PREFIX}${name}` });
    await ctx.boss.send(QUEUES.datasetIngest, { serviceRequestNumber: srn }, { singletonKey: srn });
  }
  await recordDemoDatasets(ctx.db, names);
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

/**
 * Fetches a submission's archive into the object store at `key`: a bundled demo folder for a
 * `demo:<name>` URL, else a guarded download (pipeline/download.ts). Throws what they throw.
 */
export async function fetchSubmissionArchive(ctx: AppContext, url: string, key: string): Promise<{ bytes: number; sha256: string }> {
  return url.startsWith(DEMO_URL_PREFIX) ? fetchDemoDataset(ctx, url, key) : downloadToStore(ctx, url, key);
}

/**
 * The submission `srn` when it is a bundled demo dataset that finished Completed, else null:
 * `{serviceRequestNumber, userId}` (userId = the admin account that submitted it on first start).
 */
export async function completedDemoSubmission(ctx: AppContext, srn: string): Promise<{ serviceRequestNumber: string; userId: string } | null> {
  const sub = await getSubmission(ctx.db.pool, srn);
  if (!sub || sub.status !== 'Completed' || !sub.url.startsWith(DEMO_URL_PREFIX)) return null;
  return { serviceRequestNumber: sub.service_request_number, userId: sub.user_id };
}
