import fs from 'node:fs';
import crypto from 'node:crypto';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { CopyWriter } from '../apps/server/src/db/copy-writer.ts';
import { publishStaged } from '../apps/server/src/modules/datasets/publish.ts';
fs.rmSync('/tmp/pubx', { recursive: true, force: true });
fs.mkdirSync('/tmp/pubx');
const c = await startEmbeddedPostgres('/tmp/pubx/pg');
const db = createDb(c.url);
await migrate(db.pool);
await db.pool.query(`INSERT INTO users (user_id, email, first_name, password_hash, roles) VALUES ('u','u@x','u','x','{}')`);
const N = 100000;
for (const srn of ['1', '2']) {
  const did = crypto.randomUUID();
  await db.pool.query(`INSERT INTO dataset_submissions (service_request_number, dataset_id, user_id, dataset_name, url) VALUES ($1,$2,'u',$1,'x')`, [srn, did]);
  await db.pool.query(`INSERT INTO dataset_stages (service_request_number, stage, ord) VALUES ($1,'publish',3)`, [srn]);
  const client = await db.pool.connect();
  let t = performance.now();
  const w = new CopyWriter(client, 'staged_records', ['service_request_number', 'seq', 'hash', 'source_language', 'target_language', 'domain', 'collection_method', 'submitter', 'duration_seconds', 'data']);
  for (let i = 0; i < N; i++) {
    const d = JSON.stringify({ sourceText: `This is sentence number ${i} of ${srn} in the test.`, targetText: `यह परीक्षण का वाक्य संख्या ${i} ${srn} है।` });
    await w.write([srn, i, crypto.hash('sha256', d, 'hex'), 'en', 'hi', 'news', 'auto-aligned', 'Sub', null, d]);
  }
  await w.end();
  client.release();
  console.log('stage copy', ((performance.now() - t) / 1000).toFixed(2), 's');
  if (process.env.EXPLAIN) {
    const src = fs.readFileSync('apps/server/src/modules/datasets/publish.ts', 'utf8');
    const q = src.slice(src.indexOf('`WITH chunk') + 1, src.indexOf('dup_rows`') + 8);
    const cl = await db.pool.connect();
    await cl.query('BEGIN');
    const r = await cl.query('EXPLAIN (ANALYZE, COSTS OFF) ' + q, [srn, 0, 50000, 'parallel-corpus', did]);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
    await cl.query('ROLLBACK');
    cl.release();
  }
  t = performance.now();
  await publishStaged(db, { srn, datasetId: did, datasetType: 'parallel-corpus' }, { chunkRows: Number(process.env.CHUNK ?? 50000) });
  console.log('publish', ((performance.now() - t) / 1000).toFixed(2), 's');
}
await db.close();
await c.stop();
