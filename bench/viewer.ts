/**
 * Dataset viewer benchmark (docs/benchmarks.md#dataset-viewer): N published parallel-corpus records
 * of one dataset (default 10M, generated set-based in SQL in chunks) plus N/100 of a second dataset,
 * then the server time of viewer pages through the real app (`app.inject`: routing, validation,
 * SQL, serialisation): the first page, the 100th page by keyset (`after`) and by page number, and the
 * first page of the small dataset; p50/p95 of each, and the ratio to a baseline measured in the same
 * run: the bare SQL read of 100 rows from the primary-key index (no dataset filter, no app).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../apps/server/src/db/pool.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { insertBenchUser, startBenchServices } from './bench-db.ts';
import { arg } from './cli.ts';

const BIG = '00000000-0000-4000-8000-0000000000b1';
const SMALL = '00000000-0000-4000-8000-0000000000b2';
const CHUNK = 500_000;

/** Nearest-rank percentile of `samples` (milliseconds). */
function percentile(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

export async function generate(
  db: Db,
  datasetId: string,
  srn: string,
  n: number,
  offset: number,
  onChunk: (done: number) => void,
): Promise<void> {
  await db.pool.query(
    `INSERT INTO dataset_submissions (service_request_number, dataset_id, user_id, dataset_name, url, dataset_type, status, params, completed_on)
     VALUES ($1, $2, 'bench', $3, 'https://example.org/bench.zip', 'parallel-corpus', 'Completed', '{}', now())`,
    [srn, datasetId, `viewer bench ${srn}`],
  );
  for (let done = 0; done < n; done += CHUNK) {
    const size = Math.min(CHUNK, n - done);
    await db.pool.query(
      `INSERT INTO dataset_records (dataset_type, hash, source_language, target_language, domain, collection_method, submitter, dataset_ids, submitters, data)
       SELECT 'parallel-corpus', sha256(convert_to('v' || i, 'UTF8')), 'en', 'hi', 'general', 'machine-translated', 'Benchmark Submitter',
              ARRAY[$1::uuid], ARRAY['Benchmark Submitter'],
              jsonb_build_object('sourceText', 'Parcel number ' || i || ' for Asha has reached Pune after ' || (i % 97) || ' hours on the road.',
                                 'targetText', 'आशा का पार्सल नंबर ' || i || ' सड़क पर ' || (i % 97) || ' घंटे बाद पुणे पहुँच गया है।')
         FROM generate_series($2::bigint + 1, $2::bigint + $3::bigint) AS i`,
      [datasetId, offset + done, size],
    );
    onChunk(done + size);
  }
}

export async function main(args: string[]): Promise<void> {
  const records = arg(args, 'records', 10_000_000);
  const rounds = arg(args, 'rounds', 50);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-viewer-'));
  console.log(
    `viewer benchmark: ${records.toLocaleString('en-US')} records in one dataset, ${Math.ceil(records / 100).toLocaleString('en-US')} in another (work dir ${tmp})`,
  );
  const bench = await startBenchServices(tmp, 10);
  const { db, ctx } = bench;
  const app = await buildApp(ctx, { logger: false });
  try {
    let t = performance.now();
    await insertBenchUser(db, { userId: 'bench', role: 'READONLY-USER' });
    await generate(db, BIG, '90000000000000001', records, 0, (d) => process.stdout.write(`\r  generated ${d.toLocaleString('en-US')}`));
    await generate(db, SMALL, '90000000000000002', Math.ceil(records / 100), records, () => undefined);
    await db.pool.query('VACUUM ANALYZE dataset_records');
    console.log(`\n  generated and analysed in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const V = '/ulca/apis/v0/dataset/viewer/records';
    const page = async (q: string) => {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url: `${V}?${q}` });
      const ms = performance.now() - s;
      if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
      return { ms, body: res.json() as { records: { id: string }[]; next: string | null } };
    };
    // The cursor of the 99th page, walked once (as a reader paging forward does).
    t = performance.now();
    let cursor: string | null = null;
    for (let i = 1; i < 100; i++) cursor = (await page(`datasetId=${BIG}${cursor ? `&after=${cursor}` : ''}`)).body.next;
    console.log(`  walked 99 pages by keyset in ${(performance.now() - t).toFixed(0)} ms`);
    const byKey = (await page(`datasetId=${BIG}&after=${cursor}`)).body.records.map((r) => r.id);
    const byNumber = (await page(`datasetId=${BIG}&page=100`)).body.records.map((r) => r.id);
    if (JSON.stringify(byKey) !== JSON.stringify(byNumber)) throw new Error('page 100 by keyset and by number differ');

    const cases: [string, string][] = [
      [`first page (${records.toLocaleString('en-US')} records)`, `datasetId=${BIG}`],
      ['100th page by keyset', `datasetId=${BIG}&after=${cursor}`],
      ['100th page by number', `datasetId=${BIG}&page=100`],
      [`first page (${Math.ceil(records / 100).toLocaleString('en-US')} records)`, `datasetId=${SMALL}`],
    ];
    const baseline = async () => {
      const s = performance.now();
      await db.pool.query(
        `SELECT hash, data FROM dataset_records WHERE dataset_type = 'parallel-corpus' ORDER BY dataset_type, hash LIMIT 100`,
      );
      return performance.now() - s;
    };
    const samples = new Map<string, number[]>(cases.map(([name]) => [name, []]));
    const base: number[] = [];
    for (let r = 0; r < rounds; r++) {
      base.push(await baseline());
      for (const [name, q] of cases) samples.get(name)!.push((await page(q)).ms);
    }
    const b50 = percentile(base, 50);
    console.log(
      `  baseline (bare SQL, 100 rows from the primary key): p50 ${b50.toFixed(2)} ms  p95 ${percentile(base, 95).toFixed(2)} ms`,
    );
    for (const [name] of cases) {
      const s = samples.get(name)!;
      console.log(
        `  ${name.padEnd(32)} server time p50 ${percentile(s, 50).toFixed(2)} ms  p95 ${percentile(s, 95).toFixed(2)} ms  ratio to baseline p50 ${(percentile(s, 50) / b50).toFixed(2)}`,
      );
    }
  } finally {
    await app.close();
    await bench.close();
  }
}
