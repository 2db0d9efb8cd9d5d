import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import {
  BAD_ZIP_EXPECTATIONS,
  FIXTURE_EXPECTATIONS,
  buildBadZip,
  makeParallelZip,
  generateParallelPairs,
  zipFixture,
  zipFolder,
  FIXTURES_DIR,
  type BadZipKind,
  type FixtureName,
  type ProcessedExpectation,
} from '../../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { startWorkers } from '../../workers.ts';
import { failSubmission } from './ingest.ts';
import { insertSubmission, setStage, setSubmissionStatus } from './repo.ts';

type StatusBody = {
  status: string;
  datasetType: string | null;
  outcome: { code: string; message: string } | null;
  data: { stage: string; status: string; details: { processedCount: { type: string; count: number; durationInSeconds?: number }[] } }[];
};

let p: TestPlatform;
let server: FixtureServer;
let user: TestUser;
let zipDir: string;
let nameCounter = 0;

async function submit(url: string, datasetName = `dataset ${++nameCounter}`, as: TestUser = user) {
  const res = await signedInject(p.app, as, 'POST', '/ulca/apis/v0/dataset/corpus/submit', { datasetName, url, userId: as.userId });
  return res;
}

async function status(srn: string, as: TestUser = user): Promise<StatusBody> {
  const res = await signedInject(p.app, as, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`);
  expect(res.statusCode, res.body).toBe(200);
  // details arrive as JSON text (as ULCA sends them); the tests read the object.
  const body = res.json() as Omit<StatusBody, 'data'> & { data: (Omit<StatusBody['data'][number], 'details'> & { details: string })[] };
  return { ...body, data: body.data.map((d) => ({ ...d, details: JSON.parse(d.details) as StatusBody['data'][number]['details'] })) };
}

async function waitDone(srn: string, timeoutMs = 90_000): Promise<StatusBody> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await status(srn);
    if (s.status === 'Completed' || s.status === 'Failed') return s;
    if (Date.now() > end) throw new Error(`submission ${srn} still ${s.status}: ${JSON.stringify(s.data)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function submitAndWait(url: string, name?: string): Promise<{ srn: string; s: StatusBody }> {
  const res = await submit(url, name);
  expect(res.statusCode, res.body).toBe(200);
  const srn = res.json().data.serviceRequestNumber as string;
  return { srn, s: await waitDone(srn) };
}

function counts(s: StatusBody, stage: string) {
  const row = s.data.find((d) => d.stage === stage)!;
  const pc = row.details.processedCount;
  return {
    status: row.status,
    success: pc.find((c) => c.type === 'success')!.count,
    failed: pc.find((c) => c.type === 'failed')!.count,
    pc,
  };
}

/** Path and query of an absolute link, for app.inject. */
const pathOf = (link: string) => {
  const u = new URL(link);
  return `${u.pathname}${u.search}`;
};

async function errorReport(srn: string) {
  const res = await signedInject(p.app, user, 'POST', '/ulca/error-consumer/v0/error/report', { serviceRequestNumber: srn });
  expect(res.statusCode, res.body).toBe(200);
  // A bare list, as the original ULCA client reads it; links are absolute (PUBLIC_URL).
  const list = res.json() as {
    file: string | null;
    consolidated_file: string | null;
    errors: { stage: string; code: string; message: string; count: number }[];
  }[];
  expect(list).toHaveLength(1);
  for (const link of [list[0].file, list[0].consolidated_file])
    if (link) expect(link.startsWith(`${p.ctx.config.publicUrl}/ulca/`)).toBe(true);
  return list[0];
}

beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: { publishChunkRows: 2 } }) });
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-zips-'));
  for (const name of Object.keys(FIXTURE_EXPECTATIONS)) await zipFixture(name, zipDir);
  server = await startFixtureServer(zipDir);
  user = await createSignedInUser(p);
});

afterAll(async () => {
  await server?.close();
  await p?.close();
  fs.rmSync(zipDir, { recursive: true, force: true });
});

const processed = (Object.entries(FIXTURE_EXPECTATIONS) as [FixtureName, (typeof FIXTURE_EXPECTATIONS)[FixtureName]][]).filter(
  ([, e]) => e.outcome === 'processed',
) as [FixtureName, ProcessedExpectation][];

describe('every fixture through the real pipeline', () => {
  it.each(processed)('%s ends with the exact stage counts', async (name, e) => {
    const { srn, s } = await submitAndWait(server.url(`${name}.zip`), `fixture ${name}`);
    expect(s.datasetType).toBe(e.datasetType);
    expect(counts(s, 'download')).toMatchObject({ status: 'Completed', success: 1, failed: 0 });
    expect(counts(s, 'ingest')).toMatchObject({ success: e.ingest.success, failed: e.ingest.failed });
    expect(counts(s, 'validate')).toMatchObject({ success: e.validate.success, failed: e.validate.failed });
    if (e.validate.success > 0) expect(counts(s, 'publish')).toMatchObject({ success: e.publish.success, failed: e.publish.failed });
    expect(s.status).toBe(e.validate.success > 0 ? 'Completed' : 'Failed');
    // No stage is left Pending or In-Progress once the submission has ended; publish, which only
    // starts with a valid record, is 'Not Run' when there was none.
    const done = (n: number) => (n > 0 ? 'Completed' : 'Failed');
    expect(s.data.map((d) => d.status)).toEqual([
      'Completed',
      done(e.ingest.success),
      done(e.validate.success),
      e.validate.success > 0 ? 'Completed' : 'Not Run',
    ]);
    if (e.publishedAudioSeconds !== undefined) {
      const pub = counts(s, 'publish').pc.find((c) => c.type === 'success')!;
      expect(pub.durationInSeconds).toBeCloseTo(e.publishedAudioSeconds, 2);
    }
    // Every error code the fixture is built to trigger is reported, with its count.
    const report = await errorReport(srn);
    const byCode = Object.fromEntries(report.errors.map((r) => [r.code, r.count]));
    expect(byCode).toEqual(e.errors);
    expect(report.file !== null).toBe(Object.keys(e.errors).length > 0);
    // Published records are stored and counted in the rollup.
    const { rows } = await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records WHERE $1::uuid = ANY (dataset_ids)`, [
      (await p.ctx.db.pool.query(`SELECT dataset_id FROM dataset_submissions WHERE service_request_number = $1`, [srn])).rows[0].dataset_id,
    ]);
    expect(rows[0].n).toBe(e.publish.success);
  });

  it('the rollup counts exactly the published records of each type', async () => {
    const records = await p.ctx.db.pool.query(
      `SELECT dataset_type, count(*)::int AS n, coalesce(sum(duration_seconds), 0) AS secs FROM dataset_records GROUP BY 1 ORDER BY 1`,
    );
    const rollup = await p.ctx.db.pool.query(
      `SELECT dataset_type, sum(record_count)::int AS n, sum(duration_seconds) AS secs FROM record_rollup GROUP BY 1 ORDER BY 1`,
    );
    expect(rollup.rows.map((r) => [r.dataset_type, r.n])).toEqual(records.rows.map((r) => [r.dataset_type, r.n]));
    expect(records.rows.length).toBeGreaterThanOrEqual(11);
  });
});

describe('duplicates', () => {
  it('a re-submission of a published dataset publishes 0 records, each a DUPLICATE_RECORD, and says so without failing', async () => {
    const before = (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n;
    const { srn, s } = await submitAndWait(server.url('monolingual-valid.zip'), 'monolingual again');
    const e = FIXTURE_EXPECTATIONS['monolingual-valid'] as ProcessedExpectation;
    expect(counts(s, 'validate')).toMatchObject({ status: 'Completed', success: e.validate.success });
    expect(counts(s, 'publish')).toMatchObject({ status: 'Completed', success: 0, failed: e.validate.success });
    expect(s.status).toBe('Completed');
    expect(s.outcome).toEqual({
      code: 'ALREADY_PUBLISHED',
      message: 'Every record of this dataset is already on the platform, so nothing new was published.',
    });
    const listed = (await signedInject(p.app, user, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}`)).json();
    expect(listed.data.find((r: { submitRefNumber: string }) => r.submitRefNumber === srn)).toMatchObject({ status: 'Completed' });
    expect((await errorReport(srn)).errors).toEqual([
      expect.objectContaining({ stage: 'publish', code: 'DUPLICATE_RECORD', count: e.validate.success }),
    ]);
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n).toBe(before);
    // The existing records now list both datasets.
    const lists = await p.ctx.db.pool.query(
      `SELECT cardinality(dataset_ids) AS c FROM dataset_records WHERE dataset_type = 'monolingual-corpus' AND source_language = 'bn'`,
    );
    expect(lists.rows.every((r) => r.c === 2)).toBe(true);
  });
});

describe('bad input', () => {
  it.each(Object.keys(BAD_ZIP_EXPECTATIONS) as BadZipKind[])('%s is rejected with its code and publishes nothing', async (kind) => {
    const file = await buildBadZip(kind, zipDir);
    const before = (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n;
    const { srn, s } = await submitAndWait(server.url(path.basename(file)), `bad ${kind}`);
    const e = BAD_ZIP_EXPECTATIONS[kind];
    expect(s.status).toBe('Failed');
    expect(s.outcome).toMatchObject({ code: e.code });
    expect(counts(s, e.stage).status).toBe('Failed');
    // Stages after the rejection that had not started are 'Not Run'; none is left running. Only
    // data-malformed has rows before its fault, so its publish had started (segments of 2): Failed.
    expect(counts(s, 'publish')).toMatchObject({ status: kind === 'data-malformed' ? 'Failed' : 'Not Run', success: 0 });
    expect(s.data.every((d) => ['Completed', 'Failed', 'Not Run'].includes(d.status))).toBe(true);
    const report = await errorReport(srn);
    expect(report.errors.map((r) => r.code)).toContain(e.code);
    expect(report.errors.find((r) => r.code === e.code)!.message.length).toBeGreaterThan(10);
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n).toBe(before);
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = $1`, [`staged_${srn}`])).rows[0].n).toBe(
      0,
    );
  });

  it('a file rejected near its end takes back the records already published while it was read', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-late-'));
    fs.copyFileSync(path.join(FIXTURES_DIR, 'parallel-valid', 'params.json'), path.join(dir, 'params.json'));
    const rows = [...generateParallelPairs({ rows: 300, seed: 'late-failure' })].map((r) => JSON.stringify(r));
    fs.writeFileSync(path.join(dir, 'data.json'), `[${rows.join(',')}, {"sourceText": "broken`);
    await zipFolder(dir, path.join(zipDir, 'late-failure.zip'));
    const before = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, (SELECT sum(record_count)::int FROM record_rollup) AS r FROM dataset_records`,
    );
    const { srn, s } = await submitAndWait(server.url('late-failure.zip'), 'late failure');
    expect(s.status).toBe('Failed');
    expect((await errorReport(srn)).errors.map((e) => e.code)).toContain('DATA_MALFORMED_JSON');
    // Segments of 2 records were published while the file was read; all of them were taken back.
    const after = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n, (SELECT sum(record_count)::int FROM record_rollup) AS r FROM dataset_records`,
    );
    expect(after.rows[0]).toEqual(before.rows[0]);
    expect(counts(s, 'publish')).toMatchObject({ status: 'Failed', success: 0 });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a data.json of 100,000 nested arrays fails as JSON_TOO_DEEP on the first attempt, every stage final', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-deep-'));
    fs.copyFileSync(path.join(FIXTURES_DIR, 'parallel-valid', 'params.json'), path.join(dir, 'params.json'));
    const good = [...generateParallelPairs({ rows: 5, seed: 'deep' })].map((r) => JSON.stringify(r));
    fs.writeFileSync(path.join(dir, 'data.json'), `[${good.join(',')}, ${'['.repeat(100_000)}${']'.repeat(100_000)}]`);
    await zipFolder(dir, path.join(zipDir, 'deep.zip'));
    fs.rmSync(dir, { recursive: true, force: true });
    const before = (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n;
    const { srn, s } = await submitAndWait(server.url('deep.zip'), 'deep json');
    expect(s.status).toBe('Failed');
    expect(s.outcome).toMatchObject({
      code: 'JSON_TOO_DEEP',
      message: expect.stringMatching(/^data\.json nests arrays and objects more than 64 levels deep in record 6/),
    });
    // Ingest failed; validate had started on the rows before (so Failed, not Not Run); nothing is left running.
    expect(s.data.map((d) => d.status)).toEqual(['Completed', 'Failed', 'Failed', expect.stringMatching(/^(Failed|Not Run)$/)]);
    expect((await errorReport(srn)).errors).toContainEqual(expect.objectContaining({ stage: 'ingest', code: 'JSON_TOO_DEEP' }));
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_records`)).rows[0].n).toBe(before);
    // One attempt: the job completed without a retry (no stack overflow, no INTERNAL ending).
    const jobs = await p.ctx.db.pool.query(
      `SELECT state, retry_count FROM pgboss.job WHERE name = 'dataset-ingest' AND data->>'serviceRequestNumber' = $1`,
      [srn],
    );
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('a job that fails unexpectedly on its last attempt leaves no stage running: the running ones Failed, the rest Not Run', async () => {
    // The state a crash mid-ingest leaves behind (what the job's last-attempt handler then sees).
    const srn = `${Date.now()}9999`;
    await insertSubmission(p.ctx.db, {
      srn,
      datasetId: crypto.randomUUID(),
      userId: user.userId,
      datasetName: 'crashed mid-ingest',
      url: 'http://127.0.0.1/x.zip',
    });
    await setSubmissionStatus(p.ctx.db.pool, srn, 'In-Progress');
    await setStage(p.ctx.db.pool, srn, 'download', 'Completed', { success: 1, failed: 0 });
    await setStage(p.ctx.db.pool, srn, 'ingest', 'In-Progress', { success: 10, failed: 0 });
    await setStage(p.ctx.db.pool, srn, 'validate', 'In-Progress', { success: 9, failed: 1 });
    await failSubmission(p.ctx, srn, 'INTERNAL', 'The platform could not process the dataset; please try again later.');
    const s = await status(srn);
    expect(s.status).toBe('Failed');
    expect(s.data.map((d) => [d.stage, d.status])).toEqual([
      ['download', 'Completed'],
      ['ingest', 'Failed'],
      ['validate', 'Failed'],
      ['publish', 'Not Run'],
    ]);
    expect(s.outcome).toMatchObject({ code: 'INTERNAL' });
    expect((await errorReport(srn)).errors).toEqual([expect.objectContaining({ stage: 'ingest', code: 'INTERNAL' })]);
  });

  it('params errors reject the whole submission', async () => {
    for (const name of ['parallel-invalid-params', 'parallel-unknown-param-value'] as const) {
      const { srn, s } = await submitAndWait(server.url(`${name}.zip`), `params ${name}`);
      expect(s.status).toBe('Failed');
      const codes = (await errorReport(srn)).errors.map((r) => r.code);
      expect(codes).toContain('PARAMS_INVALID');
      // Validation never ran on a refused params.json: Not Run, not Failed.
      expect(s.data.map((d) => [d.stage, d.status])).toEqual([
        ['download', 'Completed'],
        ['ingest', 'Failed'],
        ['validate', 'Not Run'],
        ['publish', 'Not Run'],
      ]);
    }
  });

  it('HTTP 404 and an unreachable host fail at download with a clear message; later stages are Not Run', async () => {
    const notFound = await submitAndWait(server.url('no-such-file.zip'), 'missing file');
    expect(notFound.s.data.map((d) => [d.stage, d.status])).toEqual([
      ['download', 'Failed'],
      ['ingest', 'Not Run'],
      ['validate', 'Not Run'],
      ['publish', 'Not Run'],
    ]);
    expect(notFound.s.outcome).toMatchObject({ code: 'HTTP_404' });
    const times = await p.ctx.db.pool.query(
      `SELECT stage, started_on, ended_on FROM dataset_stages WHERE service_request_number = $1 AND stage <> 'download'`,
      [notFound.srn],
    );
    expect(times.rows.every((r) => r.started_on === null && r.ended_on === null)).toBe(true);
    expect((await errorReport(notFound.srn)).errors[0]).toMatchObject({ stage: 'download', code: 'HTTP_404' });

    const closedPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(port));
      });
    });
    const unreachable = await submitAndWait(`http://127.0.0.1:${closedPort}/data.zip`, 'unreachable');
    expect((await errorReport(unreachable.srn)).errors[0]).toMatchObject({ stage: 'download', code: 'UNREACHABLE' });
  });

  it('the error report CSVs download through their links and list each failed record', async () => {
    const { srn } = await submitAndWait(server.url('parallel-mixed.zip'), 'mixed for report');
    const report = await errorReport(srn);
    const summary = await p.app.inject({ method: 'GET', url: pathOf(report.consolidated_file!) });
    expect(summary.statusCode).toBe(200);
    // Every server-written CSV starts with the UTF-8 BOM.
    expect(summary.body.split('\n')[0]).toBe('\uFEFFstage,error,message,count');
    const detail = await p.app.inject({ method: 'GET', url: pathOf(report.file!) });
    expect(detail.body.startsWith('\uFEFFstage,error,message,record_number,record\n')).toBe(true);
    // Records in file order; one record's errors in stage order.
    const numbers = (parseCsv(detail.body, { bom: true, columns: true }) as { record_number: string }[]).map((r) =>
      Number(r.record_number),
    );
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const e = FIXTURE_EXPECTATIONS['parallel-mixed'] as ProcessedExpectation;
    const failedRows = e.ingest.failed + e.validate.failed;
    expect(detail.body.trim().split('\n').length).toBeGreaterThanOrEqual(failedRows + 1);
    // A tampered token is refused.
    const forged = await p.app.inject({ method: 'GET', url: pathOf(report.file!).replace(/token=[^&]+/, 'token=1.abc') });
    expect(forged.statusCode).toBe(404);
  });
});

describe('submit form rules and access', () => {
  it('returns the spec messages for bad fields', async () => {
    const empty = await submit('', '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'datasetName', message: 'Name cannot be empty' },
        { field: 'url', message: 'URL cannot be empty' },
      ]),
    );
    expect((await submit('http://a b.zip', 'ok name')).json().errors).toEqual([{ field: 'url', message: 'URL contains space in between' }]);
    expect((await submit('notaurl', 'ok name')).json().errors).toEqual([{ field: 'url', message: 'Invalid URL' }]);
    expect((await submit(server.url('x.zip'), 'n'.repeat(257))).json().errors).toEqual([
      { field: 'datasetName', message: 'Max 256 characters allowed' },
    ]);
    // 256 is the route's own limit too (the body schema of @ulca/contracts), far below what it used to take.
    const long = await submit(server.url('x.zip'), 'n'.repeat(10_001));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Max 256 characters allowed' });
    // Surrounding spaces do not count: the name is trimmed before the limit.
    expect((await submit(server.url('parallel-valid.zip'), `  ${'t'.repeat(256)}  `)).statusCode).toBe(200);
  });

  it('dataset names are unique', async () => {
    expect((await submit(server.url('parallel-valid.zip'), 'Unique Name')).statusCode).toBe(200);
    const again = await submit(server.url('parallel-valid.zip'), 'unique name');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A dataset with this name already exists.');
  });

  it('enforces sign-in, roles and ownership', async () => {
    const unsigned = await p.app.inject({
      method: 'POST',
      url: '/ulca/apis/v0/dataset/corpus/submit',
      payload: { datasetName: 'x', url: server.url('a.zip'), userId: user.userId },
    });
    expect(unsigned.statusCode).toBe(401);
    const reader = await createSignedInUser(p, ['READONLY-USER']);
    expect((await submit(server.url('a.zip'), 'reader', reader)).statusCode).toBe(403);
    const other = await createSignedInUser(p);
    // Submitting on behalf of someone else is refused.
    const spoof = await signedInject(p.app, other, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: 'spoof',
      url: server.url('a.zip'),
      userId: user.userId,
    });
    expect(spoof.statusCode).toBe(403);
    // Another user's submission is invisible.
    const mine = (await submit(server.url('ner-valid.zip'), 'owned by user')).json().data.serviceRequestNumber;
    const peek = await signedInject(p.app, other, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${mine}`);
    expect(peek.statusCode).toBe(404);
    const peekReport = await signedInject(p.app, other, 'POST', '/ulca/error-consumer/v0/error/report', { serviceRequestNumber: mine });
    expect(peekReport.statusCode).toBe(404);
    const list = await signedInject(p.app, other, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}`);
    expect(list.statusCode).toBe(403);
    await waitDone(mine);
  });

  it('lists my contributions newest first, with paging of 10', async () => {
    const res = await signedInject(p.app, user, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}`);
    const body = res.json();
    expect(body.count).toBe(body.data.length);
    expect(body.count).toBeGreaterThan(10);
    const times = body.data.map((r: { submittedOn: string }) => Date.parse(r.submittedOn));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page2 = (
      await signedInject(p.app, user, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}&startPage=2&endPage=2`)
    ).json();
    expect(page2.data.map((r: { submitRefNumber: string }) => r.submitRefNumber)).toEqual(
      body.data.slice(10, 20).map((r: { submitRefNumber: string }) => r.submitRefNumber),
    );
    expect(page2.count).toBe(body.count);
    // A page past the end is empty but still tells the total.
    const beyond = (
      await signedInject(p.app, user, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}&startPage=99&endPage=99`)
    ).json();
    expect(beyond).toMatchObject({ count: body.count, data: [] });
  });
});

describe('progress', () => {
  it('publish counts move while a larger dataset is processed', async () => {
    const zip = await makeParallelZip({ rows: 400, destDir: zipDir, seed: 'progress' });
    const res = await submit(server.url(path.basename(zip)), 'progress run');
    const srn = res.json().data.serviceRequestNumber;
    const seen = new Set<number>();
    for (;;) {
      const s = await status(srn);
      seen.add(counts(s, 'publish').success);
      if (s.status === 'Completed' || s.status === 'Failed') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(Math.max(...seen)).toBe(400);
    // With chunks of 2 records, polling sees intermediate counts.
    expect([...seen].some((n) => n > 0 && n < 400)).toBe(true);
  });
});

describe('outbound URL guard', () => {
  let guarded: TestPlatform;
  let guardedUser: TestUser;
  beforeAll(async () => {
    guarded = await createTestPlatform({
      config: { allowedFetchHosts: ['127.0.0.1'], maxDownloadBytes: 64 * 1024 },
      startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }),
    });
    guardedUser = await createSignedInUser(guarded);
  });
  afterAll(async () => guarded?.close());

  async function run(url: string, name: string) {
    const res = await signedInject(guarded.app, guardedUser, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: name,
      url,
      userId: guardedUser.userId,
    });
    const srn = res.json().data.serviceRequestNumber;
    for (;;) {
      const s = (
        await signedInject(guarded.app, guardedUser, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`)
      ).json();
      if (s.status === 'Failed' || s.status === 'Completed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return (
      await signedInject(guarded.app, guardedUser, 'POST', '/ulca/error-consumer/v0/error/report', { serviceRequestNumber: srn })
    ).json()[0];
  }

  it('refuses loopback, private and metadata addresses unless allowed', async () => {
    const port = new URL(server.url('x')).port;
    for (const url of [
      `http://localhost:${port}/parallel-valid.zip`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8/data.zip',
      `http://[::1]:${port}/parallel-valid.zip`,
    ]) {
      const report = await run(url, `hostile ${url}`);
      expect(report.status).toBe('Failed');
      expect(report.errors[0]).toMatchObject({ stage: 'download', code: 'URL_REFUSED' });
    }
  });

  it('stops a download over the size cap', async () => {
    const report = await run(server.url('huge'), 'endless');
    expect(report.errors[0]).toMatchObject({ stage: 'download', code: 'TOO_LARGE' });
  });
});
