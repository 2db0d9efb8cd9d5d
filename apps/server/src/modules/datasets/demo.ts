import fs from 'node:fs';
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { sampleZipPath, type DatasetSample } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { zipFolder } from '../../lib/zip-folder.ts';
import { getUserByEmail } from '../accounts/service.ts';
import {
  benchmarkSubmissionsByUrlPrefix,
  claimDemoBenchmarks,
  demoDatasetsSubmitted,
  getSubmission,
  insertSubmission,
  recordDemoDatasets,
  submissionUrls,
} from './repo.ts';
import { newServiceRequestNumber } from './srn.ts';
import { downloadToStore } from './stages/download.ts';

/** Folder of the bundled demo datasets (apps/server/demo/<name>/). */
export const DEMO_DIR = path.resolve(import.meta.dirname, '../../../demo');
/** Submissions of bundled demo data use this URL scheme; users cannot submit it (http/https/ftp only). */
export const DEMO_URL_PREFIX = 'demo:';
/** Folder of the bundled demo benchmark datasets (apps/server/demo/benchmarks/<name>/). */
export const DEMO_BENCHMARKS_DIR = path.join(DEMO_DIR, 'benchmarks');
/** URL prefix of a bundled benchmark's submission: `demo:benchmarks/<name>`. */
export const DEMO_BENCHMARK_URL_PREFIX = `${DEMO_URL_PREFIX}benchmarks/`;

/** Sub-folders of `dir` that hold a bundled dataset (a params.json), by name. */
function bundledFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => /^[a-z0-9-]+$/.test(n) && fs.existsSync(path.join(dir, n, 'params.json')))
    .sort();
}

/**
 * First start only: submits each bundled demo dataset as the admin account through the real
 * pipeline, so the platform is not empty. Remembered in app_settings; later starts do nothing.
 */
export async function publishDemoDatasets(ctx: AppContext): Promise<number> {
  if (await demoDatasetsSubmitted(ctx.db)) return 0;
  const admin = await getUserByEmail(ctx, ctx.config.adminEmail);
  if (!admin || !fs.existsSync(DEMO_DIR)) return 0;
  // Folders with a params.json only: demo/benchmarks/ holds the bundled benchmarks (submitDemoBenchmarks).
  const names = bundledFolders(DEMO_DIR);
  for (const name of names) {
    const srn = newServiceRequestNumber();
    await insertSubmission(ctx.db, {
      srn,
      datasetId: crypto.randomUUID(),
      userId: admin.userID,
      datasetName: `Demo: ${name}`,
      url: `${DEMO_URL_PREFIX}${name}`,
    });
    await ctx.boss.send(QUEUES.datasetIngest, { serviceRequestNumber: srn }, { singletonKey: srn });
  }
  await recordDemoDatasets(ctx.db, names);
  ctx.log.info({ names }, 'demo datasets submitted');
  return names.length;
}

/** A bundled benchmark submitted on first start. */
export interface DemoBenchmarkSubmission {
  serviceRequestNumber: string;
  datasetId: string;
  /** The admin account that submitted it. */
  userId: string;
  /** params.json `name`. */
  datasetName: string;
}

/**
 * First start only: submits each bundled benchmark dataset
 * (demo/benchmarks/<name>/, named by its params.json `name`) as the admin account, kind
 * 'benchmark', through the real pipeline with a `demo:benchmarks/<name>` URL. Claimed once in
 * app_settings ('demo_benchmarks', apart from the demo datasets so an older install gets them on
 * its next start); later or concurrent starts get []. A name the admin already uses is skipped.
 * The caller (benchmarks/service.ts) records the benchmarks.
 */
export async function submitDemoBenchmarks(ctx: AppContext): Promise<DemoBenchmarkSubmission[]> {
  const admin = await getUserByEmail(ctx, ctx.config.adminEmail);
  const names = bundledFolders(DEMO_BENCHMARKS_DIR);
  if (!admin || names.length === 0) return [];
  if (!(await claimDemoBenchmarks(ctx.db, names))) return [];
  const out: DemoBenchmarkSubmission[] = [];
  for (const name of names) {
    const params = JSON.parse(fs.readFileSync(path.join(DEMO_BENCHMARKS_DIR, name, 'params.json'), 'utf8')) as { name?: unknown };
    const datasetName = typeof params.name === 'string' && params.name.trim() ? params.name.trim() : `Demo benchmark: ${name}`;
    const sub = {
      srn: newServiceRequestNumber(),
      datasetId: crypto.randomUUID(),
      userId: admin.userID,
      datasetName,
      url: `${DEMO_BENCHMARK_URL_PREFIX}${name}`,
      kind: 'benchmark' as const,
    };
    try {
      await insertSubmission(ctx.db, sub);
    } catch (err) {
      if ((err as { code?: string }).code === '23505') continue; // the admin already has a dataset of that name
      throw err;
    }
    await ctx.boss.send(QUEUES.datasetIngest, { serviceRequestNumber: sub.srn }, { singletonKey: sub.srn });
    out.push({ serviceRequestNumber: sub.srn, datasetId: sub.datasetId, userId: admin.userID, datasetName });
  }
  ctx.log.info({ names: out.map((b) => b.datasetName) }, 'demo benchmarks submitted');
  return out;
}

/** Service request numbers of the bundled benchmark submissions (any status), oldest first. */
export async function demoBenchmarkSubmissions(ctx: AppContext): Promise<string[]> {
  return benchmarkSubmissionsByUrlPrefix(ctx.db, DEMO_BENCHMARK_URL_PREFIX);
}

/**
 * The folder name (e.g. 'ocr-hi') of each submission of `srns` that is a bundled benchmark, by
 * service request number: the stable key of the platform's own texts of that benchmark, which the
 * web shows from its catalogues in the interface language.
 */
export async function bundledBenchmarkKeys(ctx: AppContext, srns: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [srn, url] of await submissionUrls(ctx.db.pool, srns)) {
    if (url.startsWith(DEMO_BENCHMARK_URL_PREFIX)) out.set(srn, url.slice(DEMO_BENCHMARK_URL_PREFIX.length));
  }
  return out;
}

/** Zips the demo folder named by a `demo:<name>` (or `demo:benchmarks/<name>`) URL into the object store at `key`. Throws for unknown names. */
export async function fetchDemoDataset(ctx: AppContext, url: string, key: string): Promise<{ bytes: number; sha256: string }> {
  const name = url.slice(DEMO_URL_PREFIX.length);
  const dir = path.join(DEMO_DIR, name);
  if (!/^(benchmarks\/)?[a-z0-9-]+$/.test(name) || !fs.existsSync(path.join(dir, 'params.json')))
    throw new Error(`unknown demo dataset ${name}`);
  const tmp = path.join(ctx.config.dataDir, 'tmp', `${name.replace('/', '-')}-${Date.now()}.zip`);
  fs.mkdirSync(path.dirname(tmp), { recursive: true });
  await zipFolder(dir, tmp);
  const buf = fs.readFileSync(tmp);
  fs.rmSync(tmp, { force: true });
  const bytes = await ctx.store.put(key, buf);
  return { bytes, sha256: crypto.createHash('sha256').update(buf).digest('hex') };
}

/**
 * Fetches a submission's archive into the object store at `key`: a bundled demo folder for a
 * `demo:<name>` URL, else a guarded download (stages/download.ts). Throws what they throw.
 */
export async function fetchSubmissionArchive(ctx: AppContext, url: string, key: string): Promise<{ bytes: number; sha256: string }> {
  return url.startsWith(DEMO_URL_PREFIX) ? fetchDemoDataset(ctx, url, key) : downloadToStore(ctx, url, key);
}

/**
 * The submission `srn` when it is a bundled demo dataset (not a bundled benchmark) that finished Completed, else null:
 * `{serviceRequestNumber, userId}` (userId = the admin account that submitted it on first start).
 */
export async function completedDemoSubmission(
  ctx: AppContext,
  srn: string,
): Promise<{ serviceRequestNumber: string; userId: string } | null> {
  const sub = await getSubmission(ctx.db.pool, srn);
  // A bundled benchmark (kind 'benchmark', demo:benchmarks/…) is no demo dataset: never ready-made.
  if (!sub || sub.status !== 'Completed' || sub.kind !== 'dataset' || !sub.url.startsWith(DEMO_URL_PREFIX)) return null;
  return { serviceRequestNumber: sub.service_request_number, userId: sub.user_id };
}

/**
 * The bundled demo datasets offered as samples a newcomer can download and submit
 * (docs/product.md#dataset-screens): name, type, record count and the path of its zip. Benchmarks are not samples.
 */
export function datasetSamples(): DatasetSample[] {
  return bundledFolders(DEMO_DIR).map((name) => {
    const dir = path.join(DEMO_DIR, name);
    const params = JSON.parse(fs.readFileSync(path.join(dir, 'params.json'), 'utf8')) as { datasetType?: string };
    const data: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'data.json'), 'utf8'));
    return { name, datasetType: params.datasetType ?? '', records: Array.isArray(data) ? data.length : 0, url: sampleZipPath(name) };
  });
}

/**
 * Sample `name` as a zip in the contribution format (params.json and data.json at the root, the
 * same bytes every time), or null when there is no such sample. The folders are small (< 200 KB).
 */
export async function datasetSampleZip(name: string): Promise<Buffer | null> {
  if (!bundledFolders(DEMO_DIR).includes(name)) return null;
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'ulca-sample-'));
  try {
    const zip = path.join(tmp, `${name}.zip`);
    await zipFolder(path.join(DEMO_DIR, name), zip);
    return await fs.promises.readFile(zip);
  } finally {
    await fs.promises.rm(tmp, { recursive: true, force: true });
  }
}
