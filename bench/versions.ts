/**
 * Dataset version freezing benchmark (docs/benchmarks.md#dataset-versions): a dataset of N
 * parallel-corpus records (version 1) and a new version sharing 90 % of them with N/10 new ones,
 * generated set-based in SQL; then the real freeze (`freezeVersionOfSubmission`, as the
 * submission's job runs it): both versions' diffs against their predecessors and both canonical
 * exports written to the object store. Prints the time, the records frozen per second, the peak
 * resident memory of the process during the freeze, and the ratio to a baseline measured in the same
 * run: the bare read of the same records' data (both datasets, keyset pages, hash order) through
 * the same pool, without diff, hashing or writing.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freezeVersionOfSubmission, listVersions } from '../apps/server/src/modules/dataset-versions/service.ts';
import { generate } from './viewer.ts';
import { insertBenchUser, startBenchServices } from './bench-db.ts';
import { arg, watchPeakRss } from './cli.ts';

const V1 = '00000000-0000-4000-8000-0000000000c1';
const V2 = '00000000-0000-4000-8000-0000000000c2';

export async function main(args: string[]): Promise<void> {
  const records = arg(args, 'records', 1_000_000);
  const fresh = Math.ceil(records / 10);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-bench-versions-'));
  console.log(
    `versions benchmark: version 1 of ${records.toLocaleString('en-US')} records, version 2 keeps ${(records - fresh).toLocaleString('en-US')} and adds ${fresh.toLocaleString('en-US')} (work dir ${tmp})`,
  );
  const bench = await startBenchServices(tmp, 10);
  const { db, ctx } = bench;
  try {
    let t = performance.now();
    await insertBenchUser(db, { userId: 'bench', role: 'CONTRIBUTOR-USER' });
    await generate(db, V1, '90000000000000011', records, 0, (d) => process.stdout.write(`\r  generated ${d.toLocaleString('en-US')}`));
    // Version 2: the records after the first tenth are shared (merged, as the pipeline merges), plus `fresh` new ones.
    await db.pool.query(
      `UPDATE dataset_records SET dataset_ids = dataset_ids || ARRAY[$1::uuid]
        WHERE dataset_type = 'parallel-corpus' AND hash IN (SELECT sha256(convert_to('v' || i, 'UTF8')) FROM generate_series($2::bigint, $3::bigint) AS i)`,
      [V2, fresh + 1, records],
    );
    await generate(db, V2, '90000000000000012', fresh, records, () => undefined);
    await db.pool.query(`UPDATE dataset_submissions SET kind = 'dataset'`);
    await db.pool.query('VACUUM ANALYZE dataset_records');
    console.log(`\n  generated and analysed in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // Baseline: the same records' data read in keyset pages, nothing else.
    t = performance.now();
    let read = 0;
    for (const id of [V1, V2]) {
      let after: Buffer | null = null;
      for (;;) {
        const r: { rows: { hash: Buffer; data: unknown }[] } = await db.pool.query(
          `SELECT hash, data FROM dataset_records WHERE dataset_type = 'parallel-corpus' AND dataset_ids @> ARRAY[$1::uuid] AND ($2::bytea IS NULL OR hash > $2)
            ORDER BY dataset_type, hash LIMIT 10000`,
          [id, after],
        );
        read += r.rows.length;
        if (r.rows.length < 10000) break;
        after = r.rows[r.rows.length - 1].hash;
      }
    }
    const baseS = (performance.now() - t) / 1000;

    const stopRss = watchPeakRss();
    // Version 1 is frozen by its first reader (as when its owner submits version 2), version 2 by its job.
    t = performance.now();
    await listVersions(ctx, V1);
    const v1S = (performance.now() - t) / 1000;
    await db.pool.query(
      `INSERT INTO dataset_versions (id, dataset_id, service_request_number, submission_dataset_id) VALUES ($1, $2, '90000000000000012', $3)`,
      [crypto.randomUUID(), V1, V2],
    );
    t = performance.now();
    await freezeVersionOfSubmission(ctx, '90000000000000012');
    const v2S = (performance.now() - t) / 1000;
    const freezeS = v1S + v2S;
    const rss = stopRss();
    console.log(`  version 1 frozen in ${v1S.toFixed(2)} s, version 2 in ${v2S.toFixed(2)} s`);
    const rows = (
      await db.pool.query(
        `SELECT version, status, record_count, added_count, removed_count, export_bytes FROM dataset_versions ORDER BY version`,
      )
    ).rows as { version: number; status: string; record_count: number; added_count: number; removed_count: number; export_bytes: string }[];
    for (const v of rows)
      console.log(
        `  version ${v.version}: ${v.status}, ${v.record_count.toLocaleString('en-US')} records, +${v.added_count.toLocaleString('en-US')} −${v.removed_count.toLocaleString('en-US')}, export ${(Number(v.export_bytes) / 2 ** 20).toFixed(1)} MiB`,
      );
    if (rows.length !== 2 || rows.some((v) => v.status !== 'Published') || rows[1].added_count !== fresh || rows[1].removed_count !== fresh)
      throw new Error('the versions were not frozen as generated');
    console.log(`  baseline (bare keyset read of both versions' ${read.toLocaleString('en-US')} records): ${baseS.toFixed(2)} s`);
    console.log(
      `  freeze of both versions: ${freezeS.toFixed(2)} s, ${Math.round(read / freezeS).toLocaleString('en-US')} records/s, ratio to baseline ${(freezeS / baseS).toFixed(2)}`,
    );
    console.log(`  peak RSS during the freeze: ${rss}`);
  } finally {
    await bench.close();
  }
}
