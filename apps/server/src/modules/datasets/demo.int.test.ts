import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { ensureAdmin } from '../accounts/service.ts';
import { publishDemoDatasets } from './demo.ts';
import { startWorkers } from '../../workers.ts';

let p: TestPlatform;
beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
});
afterAll(async () => p?.close());

describe('first start', () => {
  it('publishes the bundled demo datasets once, through the real pipeline', async () => {
    await ensureAdmin(p.ctx);
    expect(await publishDemoDatasets(p.ctx)).toBe(3);
    const deadline = Date.now() + 60_000;
    let rows: { dataset_type: string; status: string }[] = [];
    while (Date.now() < deadline) {
      rows = (await p.ctx.db.pool.query(`SELECT dataset_type, status FROM dataset_submissions ORDER BY dataset_type`)).rows;
      if (rows.every((r) => r.status === 'Completed' || r.status === 'Failed')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(rows).toEqual([
      { dataset_type: 'asr-corpus', status: 'Completed' },
      { dataset_type: 'monolingual-corpus', status: 'Completed' },
      { dataset_type: 'parallel-corpus', status: 'Completed' },
    ]);
    const rollup = await p.ctx.db.pool.query(`SELECT dataset_type, sum(record_count)::int AS n FROM record_rollup GROUP BY 1 ORDER BY 1`);
    expect(rollup.rows).toEqual([
      { dataset_type: 'asr-corpus', n: 3 },
      { dataset_type: 'monolingual-corpus', n: 6 },
      { dataset_type: 'parallel-corpus', n: 8 },
    ]);
    // Once published, the demo parallel dataset is listed on the ready-made page (its default tab is not empty on a fresh install).
    // The job marks each one just after it completes, so the list is polled.
    let items: { datasetType: string; recordCount: number }[] = [];
    while (Date.now() < deadline) {
      const ready = await p.app.inject({ method: 'GET', url: '/ulca/apis/v0/dataset/readymade/list' });
      expect(ready.statusCode, ready.body).toBe(200);
      items = (ready.json() as { data: typeof items }).data;
      if (items.length >= 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.map((i) => [i.datasetType, i.recordCount])).toEqual([['parallel-corpus', 8]]);
    // A second start publishes nothing more.
    expect(await publishDemoDatasets(p.ctx)).toBe(0);
  });
});

describe('sample datasets a newcomer can submit', () => {
  it('are listed publicly with their type and size, each downloadable as a zip in the contribution format', async () => {
    const list = await p.app.inject({ method: 'GET', url: '/ulca/apis/v0/dataset/samples' });
    expect(list.statusCode, list.body).toBe(200);
    const samples = (list.json() as { data: { name: string; datasetType: string; records: number; url: string }[] }).data;
    expect(samples.map((s) => [s.name, s.datasetType, s.records])).toEqual([
      ['asr-hi', 'asr-corpus', 3],
      ['monolingual-ta', 'monolingual-corpus', 6],
      ['parallel-en-hi', 'parallel-corpus', 8],
    ]);
    const zip = await p.app.inject({ method: 'GET', url: samples[2].url });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const bytes = zip.rawPayload;
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // Entry names are stored as is: params.json and data.json sit at the root of the archive.
    expect(bytes.includes(Buffer.from('params.json'))).toBe(true);
    expect(bytes.includes(Buffer.from('data.json'))).toBe(true);
    // The same bytes every time (a fixed entry time), so caches and checksums hold.
    expect((await p.app.inject({ method: 'GET', url: samples[2].url })).rawPayload.equals(bytes)).toBe(true);
    expect((await p.app.inject({ method: 'GET', url: '/ulca/apis/v0/dataset/samples/nope.zip' })).statusCode).toBe(404);
    expect((await p.app.inject({ method: 'GET', url: '/ulca/apis/v0/dataset/samples/..%2Fsecrets.zip' })).statusCode).toBe(400);
  });
});
