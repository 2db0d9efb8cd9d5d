/**
 * Ingest benchmark: generates a parallel corpus of N records, ingests it end to end
 * through the real pipeline (download over HTTP from a local server → ingest → validate → publish,
 * on a real PostgreSQL) and compares records/s with a bare COPY of the same rows into a table with
 * the same unique hash index in the same database, measured in the same run. Also prints the
 * peak resident memory of the pipeline run and the CPU seconds Node and PostgreSQL spent in each
 * phase (the machine's cores are shared, so CPU time is steadier than wall time). `--s3` keeps the files in a real S3-protocol server
 * (s3rver, started here) instead of a local folder: the zip then goes download → bucket → temp
 * copy → ingest, as on a scaled-out install.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { startBoss } from '../apps/server/src/jobs/boss.ts';
import { LocalObjectStore } from '../apps/server/src/storage/local-store.ts';
import { S3ObjectStore } from '../apps/server/src/storage/s3-store.ts';
import { startTestS3Server } from '../apps/server/src/test/s3-server.ts';
import { createMailer } from '../apps/server/src/mail/create-mailer.ts';
import { closeServices, createServices } from '../apps/server/src/services.ts';
import { insertSubmission, getStages } from '../apps/server/src/modules/datasets/repo.ts';
import { runIngestJob } from '../apps/server/src/modules/datasets/service.ts';
import { openArchive } from '../apps/server/src/modules/datasets/stages/archive.ts';
import { makeParallelZip } from '../apps/server/src/test/fixtures.ts';
import { startFixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { insertBenchUser } from './bench-db.ts';
import { arg, watchPeakRss } from './cli.ts';

export async function main(args: string[]): Promise<void> {
  const records = arg(args, 'records', 100_000);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-'));
  const log = pino({ level: 'silent' });
  console.log(`ingest benchmark: ${records.toLocaleString('en-US')} parallel-corpus records (work dir ${tmp})`);
  const cluster = process.env.DATABASE_URL ? null : await startEmbeddedPostgres(path.join(tmp, 'pg'), { temporary: true });
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const db = createDb(url, 10);
  await migrate(db.pool);
  const boss = await startBoss(url, { supervise: false });
  const config = loadConfig({ ...process.env, ULCA_DATA_DIR: path.join(tmp, 'data') }, { allowedFetchHosts: ['127.0.0.1'] });
  const s3 = args.includes('--s3') ? await startTestS3Server('ulca-bench') : null;
  const store = s3 ? new S3ObjectStore(s3.config) : new LocalObjectStore(path.join(tmp, 'objects'));
  if (s3) console.log(`object store: S3 (s3rver at ${s3.config.endpoint})`);
  const ctx = await createServices({
    config,
    db,
    boss,
    store,
    mailer: createMailer({ outboxDir: path.join(tmp, 'outbox'), from: 'bench@local', log }),
    log,
  });

  try {
    let t = Date.now();
    const zipDir = path.join(tmp, 'zips');
    fs.mkdirSync(zipDir);
    const zip = await makeParallelZip({ rows: records, destDir: zipDir, seed: crypto.randomUUID() });
    console.log(
      `generated ${path.basename(zip)}: ${(fs.statSync(zip).size / 1e6).toFixed(1)} MB in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );

    // Baseline input: the same rows as TSV, prepared before timing so the baseline is COPY alone.
    const tsv = path.join(tmp, 'rows.tsv');
    await writeTsv(zip, tsv, config);

    // 1) Bare COPY of the same rows into a table with a unique hash index.
    await db.pool.query(`CREATE TABLE bench_copy (hash text NOT NULL, source_text text, target_text text, data jsonb)`);
    await db.pool.query(`CREATE UNIQUE INDEX bench_copy_hash ON bench_copy (hash)`);
    const client = await db.pool.connect();
    const pgDir = cluster?.clusterDir ?? null;
    let cpu = cpuNow(pgDir);
    t = performance.now();
    const { from: copyFrom } = await import('pg-copy-streams');
    const { pipeline } = await import('node:stream/promises');
    await pipeline(fs.createReadStream(tsv), client.query(copyFrom('COPY bench_copy (hash, source_text, target_text, data) FROM STDIN')));
    const copySeconds = (performance.now() - t) / 1000;
    const copyCpu = cpuSince(cpu, pgDir);
    client.release();
    const copyRate = records / copySeconds;

    // 2) The real pipeline, served over HTTP like a contributor's URL.
    const server = await startFixtureServer(zipDir);
    await insertBenchUser(db, { userId: 'bench', role: 'CONTRIBUTOR-USER' });
    const srn = `${Date.now()}`;
    await insertSubmission(db, {
      srn,
      datasetId: crypto.randomUUID(),
      userId: 'bench',
      datasetName: 'bench',
      url: server.url(path.basename(zip)),
    });
    const stopRss = watchPeakRss();
    cpu = cpuNow(pgDir);
    t = performance.now();
    const windowStart = process.hrtime.bigint() / 1000n;
    await runIngestJob(ctx, srn);
    const windowEnd = process.hrtime.bigint() / 1000n;
    const pipeSeconds = (performance.now() - t) / 1000;
    const pipeCpu = cpuSince(cpu, pgDir);
    const rss = stopRss();
    await server.close();
    const stages = await getStages(db.pool, srn);
    const publish = stages.find((s) => s.stage === 'publish')!;
    const pipeRate = records / pipeSeconds;

    console.log('');
    console.log(`stages: ${stages.map((s) => `${s.stage} ${s.status} ${s.success_count}/${s.failed_count}`).join(' | ')}`);
    const secs = (s: (typeof stages)[number]) =>
      s.ended_on && s.started_on ? ((s.ended_on.getTime() - s.started_on.getTime()) / 1000).toFixed(1) : '?';
    console.log(`stage time (s): ${stages.map((s) => `${s.stage} ${secs(s)}`).join(' | ')}`);
    console.log(`bare COPY (baseline):   ${copyRate.toFixed(0).padStart(9)} records/s  (${copySeconds.toFixed(1)} s)`);
    console.log(`pipeline end to end:    ${pipeRate.toFixed(0).padStart(9)} records/s  (${pipeSeconds.toFixed(1)} s)`);
    console.log(`ratio pipeline / COPY:  ${(pipeRate / copyRate).toFixed(2)}   (target ≥ 0.5)`);
    const pgCpu = (c: { pg: number | null }) => (c.pg === null ? 'external PostgreSQL not measured' : `PostgreSQL ${c.pg.toFixed(2)} s`);
    console.log(`CPU during bare COPY:   node ${copyCpu.node.toFixed(2)} s, ${pgCpu(copyCpu)}`);
    console.log(`CPU during pipeline:    node ${pipeCpu.node.toFixed(2)} s, ${pgCpu(pipeCpu)}`);
    console.log(`peak RSS during pipeline: ${rss}`);
    // Under `node --cpu-prof`, the pipeline's window in the profile's clock (µs): slice the samples with it.
    if (process.execArgv.some((a) => a.startsWith('--cpu-prof')))
      console.log(`cpu-prof window of the pipeline (µs): ${windowStart} ${windowEnd}`);
    if (publish.success_count !== records) console.log(`WARNING: published ${publish.success_count} of ${records} records`);
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    await closeServices(ctx);
    await db.close();
    await cluster?.stop();
    await s3?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** CPU seconds used so far by this process and by the embedded cluster's processes (null when external or unreadable). */
function cpuNow(pgDir: string | null): { node: number; pg: number | null } {
  const u = process.cpuUsage();
  return { node: (u.user + u.system) / 1e6, pg: pgDir ? clusterCpuSeconds(pgDir) : null };
}

function cpuSince(start: { node: number; pg: number | null }, pgDir: string | null): { node: number; pg: number | null } {
  const now = cpuNow(pgDir);
  return { node: now.node - start.node, pg: now.pg === null || start.pg === null ? null : now.pg - start.pg };
}

/**
 * utime + stime (s) of the postmaster of the cluster in `dir` and its live children, from /proc
 * (Linux only; null elsewhere). Backends that ended during the phase are not counted, but the
 * bench's pool keeps its connections open.
 */
function clusterCpuSeconds(dir: string): number | null {
  try {
    const postmaster = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const tick = 100; // USER_HZ on Linux
    let total = 0;
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue;
      }
      // Fields after the command name (which may hold spaces): state ppid ... utime(14) stime(15).
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(name) === postmaster || Number(f[1]) === postmaster) total += (Number(f[11]) + Number(f[12])) / tick;
    }
    return total;
  } catch {
    return null;
  }
}

/** Writes the zip's rows as COPY text lines (hash, source, target, data) — untimed preparation. */
async function writeTsv(zip: string, out: string, config: ReturnType<typeof loadConfig>): Promise<void> {
  const archive = await openArchive(zip, {
    maxUnzippedBytes: config.maxUnzippedBytes,
    maxCompressionRatio: config.maxCompressionRatio,
    maxZipEntries: config.maxZipEntries,
  });
  const ws = fs.createWriteStream(out);
  const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
  for await (const { raw } of archive.rows()) {
    const r = raw as { sourceText: string; targetText: string };
    const data = JSON.stringify(r);
    const hash = crypto.createHash('sha256').update(`${r.sourceText}\u0000${r.targetText}`).digest('hex');
    if (!ws.write(`${hash}\t${esc(r.sourceText)}\t${esc(r.targetText)}\t${esc(data)}\n`))
      await new Promise<void>((res) => ws.once('drain', () => res()));
  }
  await new Promise<void>((res) => ws.end(() => res()));
  await archive.close();
}
