/**
 * The dataset viewer on the real app and PostgreSQL (docs/api.md#dataset-viewer): datasets through
 * the real pipeline; pages of 100 by page number and by keyset, equal to each other and covering
 * every record once; filters; per-column summary; the merged record's contributor list; audio
 * streamed with Range; bad input (unknown dataset, page beyond the last, missing file). A completed
 * search's records: the same set its export counted, paged alike, its owner's only, frozen at completion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { makeParallelZip, zipFixture } from '../../test/fixtures.ts';
import { serveTempFolder, type TempFolderServer } from '../../test/fixture-server.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { until } from '../../test/poll.ts';
import { startWorkers } from '../../workers.ts';
import { runSearchExport } from '../search/service.ts';

let p: TestPlatform;
let server: TempFolderServer;
let alice: TestUser;
let bob: TestUser;
const V = '/ulca/apis/v0/dataset/viewer';

async function publish(as: TestUser, zipName: string, datasetName: string): Promise<string> {
  const res = await signedInject(p.app, as, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName,
    url: server.url(zipName),
    userId: as.userId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const srn = res.json().data.serviceRequestNumber as string;
  const s = await until(
    async () =>
      (await signedInject(p.app, as, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`)).json(),
    (b) => b.status === 'Completed' || b.status === 'Failed',
    90_000,
  );
  expect(s.status).toBe('Completed');
  return (await p.ctx.db.pool.query(`SELECT dataset_id::text AS id FROM dataset_submissions WHERE service_request_number = $1`, [srn]))
    .rows[0].id as string;
}

const get = (url: string, headers: Record<string, string> = {}) => p.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
  server = await serveTempFolder('ulca-viewer-');
  for (const name of ['parallel-valid', 'asr-valid']) await zipFixture(name, server.dir);
  await makeParallelZip({ rows: 250, destDir: server.dir, seed: 'viewer' });
  await makeParallelZip({ rows: 3, destDir: server.dir, seed: 'later' });
  [alice, bob] = await Promise.all([createSignedInUser(p), createSignedInUser(p)]);
}, 60_000);

afterAll(() => closeAll(server, p));

describe('dataset viewer', () => {
  let big: string;
  let asr: string;

  it('pages 250 records by 100, by page and by keyset alike, each record once, publicly', async () => {
    big = await publish(alice, 'parallel-250-viewer.zip', 'Viewer 250');
    const first = await get(`${V}/records?datasetId=${big}`);
    expect(first.statusCode, first.body).toBe(200);
    const b1 = first.json();
    expect(b1).toMatchObject({ datasetId: big, datasetName: 'Viewer 250', datasetType: 'parallel-corpus', pageSize: 100, page: 1 });
    expect(b1.records).toHaveLength(100);
    expect(b1.records[0]).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'hi', datasetCount: 1, mediaUrl: null });
    expect(typeof b1.records[0].data.sourceText).toBe('string');
    const byPage = [
      b1,
      (await get(`${V}/records?datasetId=${big}&page=2`)).json(),
      (await get(`${V}/records?datasetId=${big}&page=3`)).json(),
    ];
    expect(byPage.map((b) => b.records.length)).toEqual([100, 100, 50]);
    expect(byPage[2].next).toBeNull();
    const byKey = [b1];
    while (byKey[byKey.length - 1].next)
      byKey.push((await get(`${V}/records?datasetId=${big}&after=${byKey[byKey.length - 1].next}`)).json());
    const ids = (bs: { records: { id: string }[] }[]) => bs.flatMap((b) => b.records.map((r) => r.id));
    expect(ids(byKey)).toEqual(ids(byPage));
    expect(new Set(ids(byKey)).size).toBe(250);
    expect([...ids(byKey)].sort()).toEqual(ids(byKey));
  });

  it('refuses a page beyond the last, an unknown dataset and a malformed cursor', async () => {
    const beyond = await get(`${V}/records?datasetId=${big}&page=4`);
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json()).toMatchObject({ code: 'PAGE_BEYOND_LAST', message: 'Page 4 is beyond the last page of this dataset.' });
    expect((await get(`${V}/records?datasetId=${crypto.randomUUID()}`)).json().message).toBe('No published dataset with this datasetId.');
    expect((await get(`${V}/records?datasetId=${big}&after=xyz`)).statusCode).toBe(400);
  });

  it('filters by column and summarises each column, cached', async () => {
    const none = await get(`${V}/records?datasetId=${big}&sourceLanguage=ta`);
    expect(none.json().records).toEqual([]);
    const s = (await get(`${V}/summary?datasetId=${big}`)).json();
    expect(s).toMatchObject({ datasetId: big, datasetType: 'parallel-corpus', records: 250 });
    expect(s.columns.sourceLanguage).toEqual([{ value: 'en', count: 250 }]);
    expect(s.columns.targetLanguage).toEqual([{ value: 'hi', count: 250 }]);
    expect(s.columns.collectionMethod).toEqual([{ value: 'machine-translated', count: 250 }]);
    expect(s.histogram.measure).toBe('characters');
    expect(s.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(250);
    const again = (await get(`${V}/summary?datasetId=${big}`)).json();
    expect(again.computedOn).toBe(s.computedOn);
  });

  it("shows a merged record's every contributor", async () => {
    const a = await publish(alice, 'parallel-valid.zip', 'Viewer parallel A');
    await publish(bob, 'parallel-valid.zip', 'Viewer parallel B');
    const recs = (await get(`${V}/records?datasetId=${a}`)).json().records;
    expect(recs).toHaveLength(5);
    expect(recs.every((r: { datasetCount: number; submitters: string[] }) => r.datasetCount === 2 && r.submitters.length >= 1)).toBe(true);
  });

  it('streams audio with Range; a missing file is a clear 404', async () => {
    asr = await publish(alice, 'asr-valid.zip', 'Viewer ASR');
    const page = (await get(`${V}/records?datasetId=${asr}`)).json();
    const rec = page.records[0];
    expect(rec.mediaUrl).toBe(`${V}/media/${asr}/${rec.id}`);
    expect(rec.durationSeconds).toBeGreaterThan(0);
    const whole = await get(rec.mediaUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^audio\//);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await get(rec.mediaUrl, { range: 'bytes=0-11' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 12))).toBe(true);
    const s = (await get(`${V}/summary?datasetId=${asr}`)).json();
    expect(s.histogram.measure).toBe('seconds');
    // The file is gone from the store: a clear message, nothing else changes.
    await p.ctx.store.delete(`media/${rec.data.audioFilenameHash}.${String(rec.data.audioFilename).split('.').pop()!.toLowerCase()}`);
    const gone = await get(rec.mediaUrl);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("This record's file is missing from the object store.");
    expect((await get(`${V}/media/${asr}/${'0'.repeat(64)}`)).json().code).toBe('RECORD_NOT_FOUND');
  });

  it("pages a completed search's records for its owner, the set its export counted, frozen when it completed", async () => {
    const res = await signedInject(p.app, alice, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId: alice.userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const srn = res.json().data.serviceRequestNumber as string;
    const S = `${V}/search`;
    const as = (u: TestUser, url: string) => signedInject(p.app, u, 'GET', url);
    // Still running (no export worker here): nothing to show yet.
    const early = await as(alice, `${S}/records?serviceRequestNumber=${srn}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('SEARCH_NOT_COMPLETED');
    await runSearchExport(p.ctx, srn);
    const count = Number(
      (await p.ctx.db.pool.query(`SELECT record_count FROM search_requests WHERE service_request_number = $1`, [srn])).rows[0].record_count,
    );
    expect(count).toBeGreaterThan(200);

    const first = await as(alice, `${S}/records?serviceRequestNumber=${srn}`);
    expect(first.statusCode, first.body).toBe(200);
    const pages = [first.json()];
    expect(pages[0]).toMatchObject({ datasetId: srn, datasetType: 'parallel-corpus', pageSize: 100, page: 1 });
    expect(pages[0].records).toHaveLength(100);
    while (pages[pages.length - 1].next)
      pages.push((await as(alice, `${S}/records?serviceRequestNumber=${srn}&after=${pages[pages.length - 1].next}`)).json());
    const ids = pages.flatMap((b) => b.records.map((r: { id: string }) => r.id));
    expect(new Set(ids).size).toBe(count);
    expect([...ids].sort()).toEqual(ids);
    const page2 = (await as(alice, `${S}/records?serviceRequestNumber=${srn}&page=2`)).json();
    expect(page2.records.map((r: { id: string }) => r.id)).toEqual(pages[1].records.map((r: { id: string }) => r.id));
    const pairs = new Set(
      pages.flatMap((b) =>
        b.records.map((r: { sourceLanguage: string; targetLanguage: string }) => `${r.sourceLanguage}-${r.targetLanguage}`),
      ),
    );
    expect([...pairs].every((x) => x === 'en-hi' || x === 'hi-en')).toBe(true);

    const summary = (await as(alice, `${S}/summary?serviceRequestNumber=${srn}`)).json();
    expect(summary).toMatchObject({ datasetId: srn, datasetType: 'parallel-corpus', records: count });
    expect(summary.histogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(count);
    expect((await as(alice, `${S}/records?serviceRequestNumber=${srn}&sourceLanguage=ta`)).json().records).toEqual([]);
    const lastPage = Math.ceil(count / 100) + 1;
    expect((await as(alice, `${S}/records?serviceRequestNumber=${srn}&page=${lastPage}`)).json().code).toBe('PAGE_BEYOND_LAST');

    // Another user learns nothing; a record published after the search completed is not in its set.
    expect((await as(bob, `${S}/records?serviceRequestNumber=${srn}`)).statusCode).toBe(404);
    expect((await as(bob, `${S}/summary?serviceRequestNumber=${srn}`)).statusCode).toBe(404);
    await publish(bob, 'parallel-3-later.zip', 'Viewer later');
    // Computed once and kept: the same answer, with the same computedOn, after later publications.
    expect((await as(alice, `${S}/summary?serviceRequestNumber=${srn}`)).json()).toEqual(summary);
    const kept = await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM search_viewer_summaries WHERE service_request_number = $1`, [
      srn,
    ]);
    expect(kept.rows[0].n).toBe(1);
  });
});
