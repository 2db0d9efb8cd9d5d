/**
 * Dashboard benchmark: generates N published records in `dataset_records`
 * with a realistic spread (records belong to synthetic datasets, each with one type, language
 * pair, domain, collection method and submitter; a few datasets are large, most are small), builds
 * the `record_rollup` table from them, then walks the dashboard drill-down (levels 0, 1 and 2 of
 * every dataset type, every grouping) and times each view two ways in the same run:
 *
 * - the product: `storeSearch` (modules/dashboard/service.ts), body parsed with its zod schema,
 *   answered from the rollup;
 * - the baseline: the same answer by GROUP BY over `dataset_records` (one scan of the type's
 *   records per view, written here independently of the product's SQL).
 *
 * Both answers are compared view by view ({_id, value} of every bar, count, totalCount); a
 * mismatch makes the run exit with status 1. Prints p50/p95 of both and the speed-ups.
 *
 * The benchmark always works in a database of its own: an embedded PostgreSQL in a temporary
 * folder, or, when DATABASE_URL is set, a new database `ulca_bench_<time>` on that server, dropped
 * at the end (it never writes into the database DATABASE_URL names).
 *
 * Options: --records N (default 1,000,000), --datasets D (default N / 2,500 within 200..6,000),
 * --rounds R timed rounds of the rollup method over all views (default 10), --baseline-rounds B
 * (default 3 up to 1M records, else 1).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  COLLECTION_METHODS_BY_TYPE,
  DATASET_TYPES,
  DOMAINS,
  LANGUAGES,
  isAudioDatasetType,
  type DatasetType,
} from '../packages/contracts/src/index.ts';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb, type Db } from '../apps/server/src/db/pool.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { storeSearchBody, type StoreSearchResponse } from '../apps/server/src/modules/dashboard/schemas.ts';
import { storeSearch } from '../apps/server/src/modules/dashboard/service.ts';
import { AnswerCache } from '../apps/server/src/modules/dashboard/answer-cache.ts';
import type { Config } from '../apps/server/src/config.ts';
import { mulberry32 } from '../apps/server/src/modules/benchmarks/scoring/bootstrap.ts';

function arg(args: string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  const v = i >= 0 ? Number(args[i + 1]) : dflt;
  if (!Number.isFinite(v) || v < 0) throw new RangeError(`--${name} must be a non-negative number`);
  return Math.floor(v);
}

/** Picks from `items` with Zipf-like weights 1/(rank+1)^s: the first items are much more common. */
function zipfPicker<T>(items: readonly T[], rand: () => number, s = 1.1): () => T {
  const weights = items.map((_, i) => 1 / Math.pow(i + 1, s));
  const total = weights.reduce((a, b) => a + b, 0);
  return () => {
    let u = rand() * total;
    for (let i = 0; i < items.length; i++) if ((u -= weights[i]) <= 0) return items[i];
    return items[items.length - 1];
  };
}

/** Share of datasets per type: text corpora dominate, speech and OCR follow (ULCA's own catalogue has this shape). */
const TYPE_WEIGHTS: Record<DatasetType, number> = {
  'parallel-corpus': 40,
  'monolingual-corpus': 18,
  'asr-corpus': 9,
  'asr-unlabeled-corpus': 6,
  'tts-corpus': 4,
  'ocr-corpus': 6,
  'transliteration-corpus': 5,
  'glossary-corpus': 3,
  'document-layout-corpus': 3,
  'ner-corpus': 3,
  'pos-corpus': 3,
};
/** Languages by how much data they tend to have (most first); 'unknown' and 'mixed' are not used. */
export const LANGS = [
  'hi',
  'en',
  'bn',
  'ta',
  'te',
  'mr',
  'kn',
  'ml',
  'gu',
  'pa',
  'or',
  'as',
  'ur',
  'ne',
  'sa',
  'kok',
  'mai',
  'doi',
  'brx',
  'sd',
  'ks',
  'mni',
  'sat',
].filter((l) => LANGUAGES.some((x) => x.code === l));
const SUBMITTERS = [
  'AI4Bharat',
  'IIT Madras Speech Lab',
  'IIIT Hyderabad LTRC',
  'CDAC Pune',
  'IISc Bangalore',
  'Project Anuvaad',
  'TDIL',
  'IIT Bombay CFILT',
  'Bhashini Data Team',
  'Vaani Consortium',
  'NIT Silchar NLP',
  'ISI Kolkata',
  'Jadavpur University',
  'IIT Kharagpur',
  'Tamil Virtual Academy',
  'Kerala IT Mission',
  'Punjabi University',
  'Gujarat University',
  'Utkal University',
  'Gauhati University',
  'Sanskrit Bharati',
  'Marathi Vishwakosh',
  'Kannada Ganaka Parishat',
  'Telugu Academy',
  'Assam Sahitya Sabha',
  'Nepali Bhasha Parishad',
  'Dogri Sanstha',
  'Bodo Sahitya Sabha',
  'Open Speech Collective',
  'Community Volunteers',
];

interface SyntheticDataset {
  id: number;
  type: DatasetType;
  src: string;
  tgt: string | null;
  domain: string;
  method: string;
  submitter: string;
}

/** D synthetic datasets: one type, language(s), domain, collection method and submitter each. */
function makeDatasets(d: number, seed = 20261121): SyntheticDataset[] {
  const rand = mulberry32(seed);
  const typeList = DATASET_TYPES.flatMap((t) => Array<DatasetType>(TYPE_WEIGHTS[t]).fill(t));
  const lang = zipfPicker(LANGS, rand, 0.9);
  const indic = zipfPicker(
    LANGS.filter((l) => l !== 'en'),
    rand,
    0.9,
  );
  const domain = zipfPicker(
    DOMAINS.map((x) => x.code),
    rand,
    1.2,
  );
  const submitter = zipfPicker(SUBMITTERS, rand, 0.8);
  const out: SyntheticDataset[] = [];
  for (let id = 1; id <= d; id++) {
    const type = typeList[Math.floor(rand() * typeList.length)];
    const methods = COLLECTION_METHODS_BY_TYPE[type];
    let src = lang();
    let tgt: string | null = null;
    if (type === 'parallel-corpus') {
      // Mostly English to an Indian language, some the other way round, some between Indian languages.
      const u = rand();
      const x = indic();
      if (u < 0.65) [src, tgt] = ['en', x];
      else if (u < 0.8) [src, tgt] = [x, 'en'];
      else {
        src = indic();
        tgt = indic();
        if (tgt === src) tgt = src === 'hi' ? 'bn' : 'hi';
      }
    } else if (type === 'transliteration-corpus' || type === 'glossary-corpus') {
      [src, tgt] = ['en', indic()];
    }
    out.push({ id, type, src, tgt, domain: domain(), method: zipfPicker(methods, rand, 1.3)(), submitter: submitter() });
  }
  return out;
}

/** Inserts `records` rows into dataset_records, set-based, in slices of 1M, each record assigned to a skewed-random dataset. */
async function generateRecords(pool: pg.Pool, datasets: SyntheticDataset[], records: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(
      `CREATE TEMP TABLE bench_datasets (id int PRIMARY KEY, dataset_type text, source_language text, target_language text, domain text, collection_method text, submitter text, dataset_id uuid)`,
    );
    await client.query(
      `INSERT INTO bench_datasets SELECT *, gen_random_uuid() FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        datasets.map((d) => d.id),
        datasets.map((d) => d.type),
        datasets.map((d) => d.src),
        datasets.map((d) => d.tgt),
        datasets.map((d) => d.domain),
        datasets.map((d) => d.method),
        datasets.map((d) => d.submitter),
      ],
    );
    // Bulk load the way a restore does: without the primary key, which is rebuilt once at the end.
    await client.query(`ALTER TABLE dataset_records SET UNLOGGED`);
    await client.query(`ALTER TABLE dataset_records DROP CONSTRAINT dataset_records_hash`);
    const SLICE = 1_000_000;
    let t = performance.now();
    for (let from = 1; from <= records; from += SLICE) {
      const to = Math.min(records, from + SLICE - 1);
      // u: a multiplicative hash of the row number in [0, 1); u^1.7 favours the first datasets.
      await client.query(
        `INSERT INTO dataset_records (dataset_type, hash, source_language, target_language, domain, collection_method, submitter, duration_seconds, dataset_ids, submitters, data)
         SELECT d.dataset_type, sha256(int8send(g)), d.source_language, d.target_language, d.domain, d.collection_method, d.submitter,
                CASE WHEN d.dataset_type IN ('asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus') THEN 1.5 + ((g * 7919) % 1000)::float8 / 100 END,
                ARRAY[d.dataset_id], ARRAY[d.submitter], jsonb_build_object('text', 'synthetic record ' || g)
           FROM generate_series($1::bigint, $2::bigint) AS g
           JOIN bench_datasets d ON d.id = 1 + floor($3::float8 * power(((g * 2654435761) % 4294967296)::float8 / 4294967296, 1.7))::int`,
        [from, to, datasets.length],
      );
      process.stdout.write(`\r  records generated: ${to.toLocaleString('en-US')}`);
    }
    process.stdout.write(` (${((performance.now() - t) / 1000).toFixed(1)} s)\n`);
    t = performance.now();
    await client.query(`SET maintenance_work_mem = '512MB'`);
    await client.query(`ALTER TABLE dataset_records ADD CONSTRAINT dataset_records_hash PRIMARY KEY (dataset_type, hash)`);
    await client.query(`VACUUM ANALYZE dataset_records`);
    console.log(`  primary key built and table analysed (${((performance.now() - t) / 1000).toFixed(1)} s)`);
  } finally {
    client.release();
  }
}

/** Builds record_rollup from the records: the same sums publish keeps up to date chunk by chunk. */
async function buildRollup(pool: pg.Pool): Promise<number> {
  await pool.query(`TRUNCATE record_rollup`);
  const r = await pool.query(
    `INSERT INTO record_rollup (dataset_type, source_language, target_language, domain, collection_method, submitter, record_count, duration_seconds)
     SELECT dataset_type, source_language, coalesce(target_language, ''), domain, collection_method, submitter, count(*), coalesce(sum(duration_seconds), 0)
       FROM dataset_records GROUP BY 1, 2, 3, 4, 5, 6`,
  );
  await pool.query(`VACUUM ANALYZE record_rollup`);
  return r.rowCount ?? 0;
}

type Body = { type: DatasetType; criterions: { field: string; value: string }[] | null; groupby: { field: string; value: null }[] | null };
const GROUPINGS = ['domains', 'collectionMethod_collectionDescriptions', 'primarySubmitterName'] as const;
const SYMMETRIC: readonly string[] = ['parallel-corpus', 'transliteration-corpus'];
const COLUMN: Record<string, string> = {
  sourceLanguage: 'source_language',
  targetLanguage: "coalesce(target_language, '')",
  domains: 'domain',
  collectionMethod_collectionDescriptions: 'collection_method',
  primarySubmitterName: 'submitter',
};

/**
 * The product's answer: body parsed by the route's zod schema, then the real service function,
 * with its in-memory answer cache off so every view really reads the rollup.
 */
async function viaRollup(db: Db, body: Body): Promise<StoreSearchResponse> {
  return storeSearch(
    { db, config: { dashboardCacheSeconds: 0 } as Config, services: { dashboard: new AnswerCache({ db }) } },
    storeSearchBody.parse(body),
  );
}

/**
 * The baseline: the same answer by GROUP BY over dataset_records, one scan of the type's records
 * (rows outside the selection fall into a NULL group, which gives the type's total as well).
 */
async function viaRecords(db: Db, body: Body): Promise<StoreSearchResponse> {
  const values: string[] = [body.type];
  const p = (v: string) => (values.push(v), `$${values.length}`);
  const crit = body.criterions ?? [];
  const groupField = body.groupby?.[0]?.field ?? 'sourceLanguage';
  const isLang = (f: string) => f === 'sourceLanguage' || f === 'targetLanguage';
  const conds: string[] = [];
  let key = COLUMN[groupField];
  if (SYMMETRIC.includes(body.type)) {
    const langs = crit.filter((c) => isLang(c.field)).map((c) => c.value);
    if (langs.length === 1) {
      const a = p(langs[0]);
      conds.push(`(source_language = ${a} OR target_language = ${a})`);
    } else if (langs.length === 2) {
      const [a, b] = [p(langs[0]), p(langs[1])];
      conds.push(`((source_language = ${a} AND target_language = ${b}) OR (source_language = ${b} AND target_language = ${a}))`);
    }
    if (langs.length && isLang(groupField))
      key = `CASE WHEN source_language = ${p(langs[0])} THEN target_language ELSE source_language END`;
    for (const c of crit.filter((x) => !isLang(x.field))) conds.push(`${COLUMN[c.field]} = ${p(c.value)}`);
  } else {
    for (const c of crit) conds.push(`${COLUMN[c.field]} = ${p(c.value)}`);
  }
  const selected = conds.length ? conds.join(' AND ') : 'true';
  const r = await db.pool.query<{ k: string | null; sel: boolean; n: number; secs: number }>(
    `SELECT CASE WHEN ${selected} THEN ${key} END AS k, (${selected}) AS sel, count(*)::float8 AS n, coalesce(sum(duration_seconds), 0)::float8 AS secs
       FROM dataset_records WHERE dataset_type = $1 GROUP BY 1, 2`,
    values,
  );
  const audio = isAudioDatasetType(body.type);
  const unit = (n: number, secs: number) => (audio ? Math.round((secs / 3600) * 1000) / 1000 : n);
  const groups = r.rows.filter((x) => x.sel);
  const sum = (rows: typeof r.rows) => rows.reduce((a, x) => ({ n: a.n + x.n, secs: a.secs + x.secs }), { n: 0, secs: 0 });
  const total = sum(r.rows);
  const view = sum(groups);
  const data = groups
    .map((g) => ({ label: g.k ?? '', value: unit(g.n, g.secs), _id: g.k ?? '', raw: audio ? g.secs : g.n }))
    .sort((a, b) => b.raw - a.raw || a._id.localeCompare(b._id))
    .map(({ label, value, _id }) => ({ label, value, _id }));
  return { data, count: unit(view.n, view.secs), totalCount: unit(total.n, total.secs) };
}

/** The drill-down a user makes: for each type, level 0, the top two bars × every grouping (level 1), and the top bar of each × the other groupings (level 2). */
async function drillDownViews(db: Db): Promise<Body[]> {
  const views: Body[] = [];
  const types = (await db.pool.query(`SELECT DISTINCT dataset_type FROM record_rollup ORDER BY 1`)).rows.map(
    (r) => r.dataset_type as DatasetType,
  );
  for (const type of types) {
    let root: Body['criterions'] = null;
    if (SYMMETRIC.includes(type)) {
      const any = await viaRollup(db, { type, criterions: null, groupby: null });
      const en = await viaRollup(db, { type, criterions: [{ field: 'sourceLanguage', value: 'en' }], groupby: null });
      root = [{ field: 'sourceLanguage', value: en.data.length ? 'en' : any.data[0]._id }];
    }
    const level0: Body = { type, criterions: root, groupby: null };
    views.push(level0);
    for (const bar of (await viaRollup(db, level0)).data.slice(0, 2)) {
      const lang = root ? [...root, { field: 'targetLanguage', value: bar._id }] : [{ field: 'sourceLanguage', value: bar._id }];
      for (const g1 of GROUPINGS) {
        const level1: Body = { type, criterions: lang, groupby: [{ field: g1, value: null }] };
        views.push(level1);
        const top = (await viaRollup(db, level1)).data[0];
        if (!top) continue;
        for (const g2 of GROUPINGS.filter((g) => g !== g1))
          views.push({ type, criterions: [...lang, { field: g1, value: top._id }], groupby: [{ field: g2, value: null }] });
      }
    }
  }
  return views;
}

/** The comparable part of an answer: bars as {_id, value} sorted by _id, and both totals. */
function comparable(a: StoreSearchResponse): string {
  return JSON.stringify({
    bars: a.data.map((d) => [d._id, d.value]).sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    count: a.count,
    totalCount: a.totalCount,
  });
}

/** Nearest-rank percentile of `samples` (milliseconds). */
function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: performance.now() - t, value };
}

const fmtMs = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0)).padStart(8);
const fmtN = (n: number) => n.toLocaleString('en-US');

/** Opens the benchmark's own database (see the file comment); `drop` removes it. */
async function openBenchDatabase(tmp: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!process.env.DATABASE_URL) {
    const cluster = await startEmbeddedPostgres(path.join(tmp, 'pg'), { port: 0, database: 'ulca_bench', temporary: true });
    return { url: cluster.url, drop: () => cluster.stop() };
  }
  const name = `ulca_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function main(args: string[]): Promise<void> {
  const records = arg(args, 'records', 1_000_000);
  const datasetCount = arg(args, 'datasets', Math.min(6000, Math.max(200, Math.round(records / 2500))));
  const rounds = Math.max(1, arg(args, 'rounds', 10));
  const baselineRounds = Math.max(1, arg(args, 'baseline-rounds', records <= 1_000_000 ? 3 : 1));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-dash-'));
  fs.chmodSync(tmp, 0o755);
  console.log(`dashboard benchmark: ${fmtN(records)} records in ${fmtN(datasetCount)} synthetic datasets (work dir ${tmp})`);
  const database = await openBenchDatabase(tmp);
  const db = createDb(database.url, 4);
  let mismatches = 0;
  try {
    await migrate(db.pool);
    let t = performance.now();
    await generateRecords(db.pool, makeDatasets(datasetCount), records);
    const genSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    const rollupRows = await buildRollup(db.pool);
    const rollupSeconds = (performance.now() - t) / 1000;
    const size = await db.pool.query(
      `SELECT pg_size_pretty(pg_total_relation_size('dataset_records')) AS records, pg_size_pretty(pg_total_relation_size('record_rollup')) AS rollup`,
    );
    console.log(
      `generated ${fmtN(records)} records in ${genSeconds.toFixed(1)} s (${size.rows[0].records}); rollup: ${fmtN(rollupRows)} rows (${size.rows[0].rollup}) built in ${rollupSeconds.toFixed(1)} s`,
    );

    const views = await drillDownViews(db);
    const levels = [0, 0, 0];
    for (const v of views)
      levels[!v.groupby ? 0 : (v.criterions ?? []).some((c) => (GROUPINGS as readonly string[]).includes(c.field)) ? 2 : 1]++;
    console.log(
      `drill-down views: ${views.length} (level 0: ${levels[0]}, level 1: ${levels[1]}, level 2: ${levels[2]}) over ${new Set(views.map((v) => v.type)).size} dataset types`,
    );

    // Baseline first (it also warms the cache for itself), then the product; answers compared view by view.
    const baselineMs: number[] = [];
    const expected: string[] = [];
    for (let round = 0; round < baselineRounds; round++) {
      for (const [i, v] of views.entries()) {
        const r = await time(() => viaRecords(db, v));
        baselineMs.push(r.ms);
        if (round === 0) expected[i] = comparable(r.value);
      }
      process.stdout.write(`\r  GROUP BY round ${round + 1}/${baselineRounds} done`);
    }
    process.stdout.write('\n');
    for (const v of views) await viaRollup(db, v); // warm-up, not timed
    const rollupMs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, v] of views.entries()) {
        const r = await time(() => viaRollup(db, v));
        rollupMs.push(r.ms);
        if (round === 0 && comparable(r.value) !== expected[i]) {
          mismatches++;
          if (mismatches <= 5) console.log(`MISMATCH ${JSON.stringify(v)}\n  rollup:   ${comparable(r.value)}\n  GROUP BY: ${expected[i]}`);
        }
      }
    }

    const [r50, r95, b50, b95] = [
      percentile(rollupMs, 50),
      percentile(rollupMs, 95),
      percentile(baselineMs, 50),
      percentile(baselineMs, 95),
    ];
    console.log('');
    console.log(`answers identical: ${views.length - mismatches}/${views.length}`);
    console.log(`                                        p50 (ms)  p95 (ms)   samples`);
    console.log(`store/search from the rollup:          ${fmtMs(r50)}  ${fmtMs(r95)}  ${String(rollupMs.length).padStart(8)}`);
    console.log(`GROUP BY over dataset_records:         ${fmtMs(b50)}  ${fmtMs(b95)}  ${String(baselineMs.length).padStart(8)}`);
    console.log(
      `speed-up (GROUP BY / rollup):  p50 ${(b50 / r50).toFixed(0)}×   p95 ${(b95 / r95).toFixed(0)}×   (target: rollup p95 ≤ 20 ms and ≥ 100×)`,
    );
  } finally {
    await db.close();
    await database.drop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (mismatches > 0) {
    console.log(`FAILED: ${mismatches} views differ between the rollup and the records`);
    process.exit(1);
  }
}
