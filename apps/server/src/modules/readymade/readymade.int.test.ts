/**
 * Ready-made datasets against the real app and database (docs/api.md#ready-made-datasets):
 * only an ADMIN marks, only Completed datasets can be marked, the public list shows
 * exactly the marked datasets with their params and record counts, and the public download
 * streams exactly the dataset's records (including records another dataset published first) in
 * JSON, JSONL and CSV, and nothing for a dataset that is not (or no longer) listed.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { generateParallelPairs, zipFixture, zipFolder } from '../../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { insertSubmission } from '../datasets/service.ts';
import { startWorkers } from '../../workers.ts';
import { MAX_CONCURRENT_DOWNLOADS } from './routes.ts';

const LIST = '/ulca/apis/v0/dataset/readymade/list';
/** Records of the dataset used for the slow-reader test: far more than socket buffers hold. */
const BIG_ROWS = 40_000;
const MARK = '/ulca/apis/v0/dataset/readymade/mark';

interface Item {
  datasetId: string;
  serviceRequestNumber: string;
  datasetName: string;
  datasetType: string;
  sourceLanguage: string | null;
  targetLanguage: string | null;
  license: string | null;
  domain: string[];
  submitterName: string | null;
  publishedOn: string | null;
  recordCount: number;
  downloadUrl: string;
}

interface Published {
  srn: string;
  datasetId: string;
  /** sourceText of every record the dataset holds (monolingual: text). */
  texts: string[];
}

let p: TestPlatform;
let server: FixtureServer;
let zipDir: string;
let admin: TestUser;
let contributor: TestUser;
let readonly: TestUser;
/** parallel-valid fixture: 6 rows, one repeated in the file → 5 records. */
let fixtureParallel: Published;
/** 20 generated en→hi rows, news + legal, cc0. */
let bigParallel: Published;
/** 3 rows of bigParallel again plus 2 new rows: publishes 2 records but holds 5. */
let overlapping: Published;
/** monolingual-valid fixture (bn), 5 records. */
let monolingual: Published;
/** A submission still Pending (never processed). */
let pendingSrn: string;

const FIXTURE_PARALLEL_TEXTS = [
  'The market opens at nine in the morning.',
  'Please drink plenty of water in summer.',
  'My sister is learning to play the flute.',
  'The train to Jaipur is late today.',
  'We planted a mango tree near the school.',
];

/** Writes a parallel-corpus zip named `<name>.zip` in zipDir with these rows and params overrides. */
async function parallelZip(
  name: string,
  rows: { sourceText: string; targetText: string }[],
  params: Record<string, unknown>,
): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-readymade-'));
  fs.writeFileSync(
    path.join(dir, 'params.json'),
    JSON.stringify({
      datasetType: 'parallel-corpus',
      languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
      collectionSource: ['Written for the ready-made tests'],
      collectionMethod: {
        collectionDescription: ['manual-translated'],
        collectionDetails: { contributor: { name: 'Test Translator', aboutMe: 'Translated by hand' } },
      },
      ...params,
    }),
  );
  fs.writeFileSync(path.join(dir, 'data.json'), JSON.stringify(rows));
  await zipFolder(dir, path.join(zipDir, `${name}.zip`));
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Submits `file` as the contributor, waits for the pipeline to finish Completed, returns its ids. */
async function publish(file: string, datasetName: string, texts: string[]): Promise<Published> {
  const res = await signedInject(p.app, contributor, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName,
    url: server.url(file),
    userId: contributor.userId,
  });
  expect(res.statusCode, res.body).toBe(200);
  const { serviceRequestNumber: srn, datasetId } = res.json().data as { serviceRequestNumber: string; datasetId: string };
  const end = Date.now() + 90_000;
  for (;;) {
    const r = await p.ctx.db.pool.query(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
    const status = r.rows[0].status as string;
    if (status === 'Completed') break;
    if (status === 'Failed') throw new Error(`${file} failed`);
    if (Date.now() > end) throw new Error(`${file} still ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { srn, datasetId, texts };
}

const mark = (as: TestUser, serviceRequestNumber: string, readyMade: boolean) =>
  signedInject(p.app, as, 'POST', MARK, { serviceRequestNumber, readyMade });
const list = async (query = ''): Promise<Item[]> => {
  const res = await p.app.inject({ method: 'GET', url: `${LIST}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Item[];
};
const download = (datasetId: string, format: string) =>
  p.app.inject({ method: 'GET', url: `/ulca/apis/v0/dataset/readymade/${datasetId}/download.${format}` });

/** The texts of the records in a downloaded file, whatever its format. */
function textsOf(format: 'json' | 'jsonl' | 'csv', body: string): string[] {
  let records: Record<string, unknown>[];
  if (format === 'json') records = JSON.parse(body) as Record<string, unknown>[];
  else if (format === 'jsonl')
    records = body
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  else records = parseCsv(body, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, unknown>[];
  return records.map((r) => String(r.sourceText ?? r.text));
}

beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-readymade-zips-'));
  await zipFixture('parallel-valid', zipDir);
  await zipFixture('monolingual-valid', zipDir);
  const big = [...generateParallelPairs({ rows: 20, seed: 'ready-made-big' })];
  const fresh = [...generateParallelPairs({ rows: 2, seed: 'ready-made-fresh' })];
  await parallelZip('big', big, { domain: ['news', 'legal'], license: 'cc0', submitter: { name: 'Lok Sabha Translation Cell' } });
  await parallelZip('overlap', [...big.slice(0, 3), ...fresh], {
    domain: ['parliamentary'],
    license: 'cc-by-sa-4.0',
    submitter: { name: 'Overlap Team' },
  });
  server = await startFixtureServer(zipDir);
  admin = await createSignedInUser(p, ['ADMIN']);
  contributor = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  readonly = await createSignedInUser(p, ['READONLY-USER']);

  fixtureParallel = await publish('parallel-valid.zip', 'Fixture parallel', FIXTURE_PARALLEL_TEXTS);
  bigParallel = await publish(
    'big.zip',
    'Big parallel',
    big.map((r) => r.sourceText),
  );
  overlapping = await publish(
    'overlap.zip',
    'Overlapping parallel',
    [...big.slice(0, 3), ...fresh].map((r) => r.sourceText),
  );
  const bnTexts = (
    JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../test/fixtures/datasets/monolingual-valid/data.json'), 'utf8')) as {
      text: string;
    }[]
  ).map((r) => r.text);
  monolingual = await publish('monolingual-valid.zip', 'Fixture monolingual', bnTexts);
  pendingSrn = '17000000000001234';
  await insertSubmission(p.ctx, {
    srn: pendingSrn,
    datasetId: crypto.randomUUID(),
    userId: contributor.userId,
    datasetName: 'Still pending',
    url: 'https://example.org/x.zip',
  });
}, 300_000);

afterAll(async () => {
  await server?.close();
  await p?.close();
  if (zipDir) fs.rmSync(zipDir, { recursive: true, force: true });
});

describe('marking is for ADMINs only', () => {
  it('a signed-out caller gets 401, a contributor or read-only user 403, and nothing is listed', async () => {
    const anon = await p.app.inject({ method: 'POST', url: MARK, payload: { serviceRequestNumber: fixtureParallel.srn, readyMade: true } });
    expect(anon.statusCode).toBe(401);
    const asContributor = await mark(contributor, fixtureParallel.srn, true);
    expect(asContributor.statusCode, asContributor.body).toBe(403);
    expect(asContributor.json().code).toBe('FORBIDDEN');
    expect((await mark(readonly, fixtureParallel.srn, true)).statusCode).toBe(403);
    // Even the owner of the dataset cannot list it.
    expect((await mark(contributor, overlapping.srn, true)).statusCode).toBe(403);
    expect(await list()).toEqual([]);
    const row = await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_submissions WHERE is_ready_made`);
    expect(row.rows[0].n).toBe(0);
  });

  it('an unknown service request number is 404, a submission that is not Completed 400', async () => {
    const unknown = await mark(admin, '99999999999999999', true);
    expect(unknown.statusCode).toBe(404);
    expect((await mark(admin, 'not-a-number', true)).statusCode).toBe(404);
    const pending = await mark(admin, pendingSrn, true);
    expect(pending.statusCode, pending.body).toBe(400);
    expect(pending.json()).toMatchObject({
      code: 'NOT_COMPLETED',
      message: 'Only a published (Completed) dataset can be marked ready-made.',
    });
    const bad = await signedInject(p.app, admin, 'POST', MARK, { serviceRequestNumber: fixtureParallel.srn });
    expect(bad.statusCode).toBe(400);
    expect(await list()).toEqual([]);
  });
});

describe('the public list', () => {
  it('shows exactly the marked datasets, with their params and record counts', async () => {
    for (const d of [fixtureParallel, overlapping, monolingual]) {
      const res = await mark(admin, d.srn, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('The dataset is now listed as a ready-made dataset.');
    }
    const all = await list();
    expect(all.map((i) => i.datasetId).sort()).toEqual([fixtureParallel, overlapping, monolingual].map((d) => d.datasetId).sort());
    // bigParallel is published but not marked.
    expect(all.some((i) => i.datasetId === bigParallel.datasetId)).toBe(false);

    const parallel = await list('?datasetType=parallel-corpus');
    expect(parallel.map((i) => i.datasetName).sort()).toEqual(['Fixture parallel', 'Overlapping parallel']);
    const overlap = parallel.find((i) => i.datasetId === overlapping.datasetId)!;
    const completedOn = (
      await p.ctx.db.pool.query(`SELECT completed_on FROM dataset_submissions WHERE service_request_number = $1`, [overlapping.srn])
    ).rows[0].completed_on as Date;
    expect(overlap).toEqual({
      datasetId: overlapping.datasetId,
      serviceRequestNumber: overlapping.srn,
      datasetName: 'Overlapping parallel',
      datasetType: 'parallel-corpus',
      sourceLanguage: 'en',
      targetLanguage: 'hi',
      license: 'cc-by-sa-4.0',
      domain: ['parliamentary'],
      submitterName: 'Overlap Team',
      publishedOn: completedOn.toISOString(),
      // 2 records it published plus 3 it shares with bigParallel (published there first).
      recordCount: 5,
      downloadUrl: `/ulca/apis/v0/dataset/readymade/${overlapping.datasetId}/download.json`,
    });
    expect(parallel.find((i) => i.datasetId === fixtureParallel.datasetId)).toMatchObject({
      recordCount: 5,
      license: 'cc-by-4.0',
      domain: ['general'],
      submitterName: 'ULCA Test Fixtures',
    });

    const mono = await list('?datasetType=monolingual-corpus');
    expect(mono).toHaveLength(1);
    expect(mono[0]).toMatchObject({
      datasetId: monolingual.datasetId,
      sourceLanguage: 'bn',
      targetLanguage: null,
      recordCount: monolingual.texts.length,
    });
    expect(await list('?datasetType=asr-corpus')).toEqual([]);
  });

  it('records who marked and unmarked what in the audit log', async () => {
    await mark(admin, monolingual.srn, false);
    await mark(admin, monolingual.srn, true);
    const r = await p.ctx.db.pool.query(
      `SELECT actor_user_id, action, target_user_id, details FROM audit_log WHERE action LIKE 'dataset.readymade.%' AND details->>'datasetId' = $1 ORDER BY id`,
      [monolingual.datasetId],
    );
    expect(r.rows.map((x) => [x.action, x.actor_user_id, x.target_user_id, x.details.changed])).toEqual([
      ['dataset.readymade.mark', admin.userId, contributor.userId, true],
      ['dataset.readymade.unmark', admin.userId, contributor.userId, true],
      ['dataset.readymade.mark', admin.userId, contributor.userId, true],
    ]);
    expect(r.rows[2].details).toMatchObject({
      serviceRequestNumber: monolingual.srn,
      datasetName: 'Fixture monolingual',
      recordCount: monolingual.texts.length,
    });
    // Refused attempts change nothing and are not recorded as marks.
    const refused = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'dataset.readymade.%' AND actor_user_id <> $1`,
      [admin.userId],
    );
    expect(refused.rows[0].n).toBe(0);
  });

  it('rejects an unknown dataset type with 400', async () => {
    const res = await p.app.inject({ method: 'GET', url: `${LIST}?datasetType=video-corpus` });
    expect(res.statusCode).toBe(400);
  });

  it('marking twice keeps one entry; unmarking takes it off the list', async () => {
    expect((await mark(admin, fixtureParallel.srn, true)).statusCode).toBe(200);
    expect((await list('?datasetType=parallel-corpus')).filter((i) => i.datasetId === fixtureParallel.datasetId)).toHaveLength(1);
    const off = await mark(admin, fixtureParallel.srn, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().message).toBe('The dataset is no longer listed as a ready-made dataset.');
    expect((await list()).map((i) => i.datasetId).sort()).toEqual([overlapping.datasetId, monolingual.datasetId].sort());
    // A contributor cannot take a listed dataset off either.
    expect((await mark(contributor, overlapping.srn, false)).statusCode).toBe(403);
    expect((await list()).some((i) => i.datasetId === overlapping.datasetId)).toBe(true);
  });
});

describe('the public download', () => {
  it.each(['json', 'jsonl', 'csv'] as const)('%s holds exactly the records of the dataset', async (format) => {
    const res = await download(overlapping.datasetId, format);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ready-made-overlapping-parallel.${format}"`);
    expect(textsOf(format, res.body).sort()).toEqual([...overlapping.texts].sort());
    // The CSV (only) starts with the UTF-8 BOM; JSON and JSONL are left as they are.
    expect(res.rawPayload.subarray(0, 3).toString('hex') === 'efbbbf').toBe(format === 'csv');
    const mono = await download(monolingual.datasetId, format);
    expect(mono.statusCode).toBe(200);
    expect(textsOf(format, mono.body).sort()).toEqual([...monolingual.texts].sort());
  });

  it('each JSON record carries its metadata, and the count matches the card', async () => {
    const res = await download(overlapping.datasetId, 'json');
    const records = JSON.parse(res.body) as Record<string, unknown>[];
    const card = (await list()).find((i) => i.datasetId === overlapping.datasetId)!;
    expect(records).toHaveLength(card.recordCount);
    // Every record carries this dataset's metadata, also the 3 that another dataset published first.
    for (const r of records) {
      expect(r).toMatchObject({
        datasetType: 'parallel-corpus',
        languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
        license: 'cc-by-sa-4.0',
        domain: ['parliamentary'],
        submitter: { name: 'Overlap Team' },
      });
    }
  });

  it(`allows ${MAX_CONCURRENT_DOWNLOADS} downloads at once (429 beyond), and a client that goes away frees its slot`, async () => {
    // A dataset big enough that a client which stops reading holds its download open.
    const rows = [...generateParallelPairs({ rows: BIG_ROWS, seed: 'ready-made-slow-readers' })];
    await parallelZip('large', rows, { domain: ['news'], license: 'cc0', submitter: { name: 'Bulk Team' } });
    const large = await publish('large.zip', 'Large parallel', []);
    expect((await mark(admin, large.srn, true)).statusCode).toBe(200);
    const address = await p.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address}/ulca/apis/v0/dataset/readymade/${large.datasetId}/download.jsonl`;

    // Clients that read the headers and then nothing more.
    const stalled: http.ClientRequest[] = [];
    for (let i = 0; i < MAX_CONCURRENT_DOWNLOADS; i++) {
      const req = http.get(url);
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => req.once('response', resolve).once('error', reject));
      expect(res.statusCode).toBe(200);
      res.pause();
      stalled.push(req);
    }
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe('TOO_MANY_DOWNLOADS');

    // They go away mid-file: their slots and database connections come back.
    for (const req of stalled) req.destroy();
    // Their exports are read to the end and dropped first, so the slots come back shortly.
    let full: Response | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      full = await fetch(url);
      if (full.status !== 429) break;
      await full.text();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(full!.status).toBe(200);
    const lines = (await full!.text()).split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(BIG_ROWS);
    // The pool still answers (no connection was left inside an unfinished COPY).
    const idle = await Promise.all(Array.from({ length: 8 }, () => p.ctx.db.pool.query('SELECT 1 AS one')));
    expect(idle.every((r) => r.rows[0].one === 1)).toBe(true);
  });

  it('is 404 for a dataset that is not listed, no longer listed, unknown, or a malformed id', async () => {
    // Published but never marked.
    expect((await download(bigParallel.datasetId, 'json')).statusCode).toBe(404);
    // Marked earlier, then taken off the list.
    expect((await download(fixtureParallel.datasetId, 'json')).statusCode).toBe(404);
    expect((await download(fixtureParallel.datasetId, 'csv')).statusCode).toBe(404);
    expect((await download(crypto.randomUUID(), 'json')).statusCode).toBe(404);
    expect((await download(encodeURIComponent("1' OR '1'='1"), 'json')).statusCode).toBe(404);
    // Only the three formats exist.
    expect((await download(overlapping.datasetId, 'zip')).statusCode).toBe(404);
  });
});
