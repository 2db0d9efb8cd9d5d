/**
 * Dashboard metrics against the real pipeline: real fixture datasets (and
 * generated parallel datasets with varied domains, collection methods, submitters and language
 * directions) are submitted over HTTP and published by the real workers; then every store/search
 * view of levels 0, 1 and 2 is compared with a GROUP BY over dataset_records computed here, and
 * every type's total with the publish-stage counts. A re-submission of duplicates and a file
 * rejected after publishing part of it must leave every answer unchanged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAudioDatasetType } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import {
  FIXTURE_EXPECTATIONS,
  FIXTURES_DIR,
  generateParallelPairs,
  writeGeneratedParallelZip,
  zipFixture,
  zipFolder,
  type FixtureName,
} from '../../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { startWorkers } from '../../workers.ts';

type Point = { label: string; value: number; _id: string };
type SearchAnswer = { data: Point[]; count: number; totalCount: number };
type Criterion = { field: string; value: string };

const SEARCH = '/ulca/data-metric/v0/store/search';
const REPORTS = '/ulca/data-metric/v0/store/reports';
const GROUPINGS = ['domains', 'collectionMethod_collectionDescriptions', 'primarySubmitterName'] as const;
const COLUMN: Record<string, string> = {
  sourceLanguage: 'source_language',
  targetLanguage: 'target_language',
  domains: 'domain',
  collectionMethod_collectionDescriptions: 'collection_method',
  primarySubmitterName: 'submitter',
};
const SYMMETRIC = ['parallel-corpus', 'transliteration-corpus'];

let p: TestPlatform;
let server: FixtureServer;
let user: TestUser;
let zipDir: string;

/** Generated parallel datasets: direction, size and the dimensions the dashboard groups by. */
const GENERATED = [
  { name: 'gen-en-hi-news', src: 'en', tgt: 'hi', rows: 40, domain: 'news', method: 'machine-translated', submitter: 'Lab A' },
  { name: 'gen-hi-en-legal', src: 'hi', tgt: 'en', rows: 25, domain: 'legal', method: 'manual-translated', submitter: 'Lab A' },
  { name: 'gen-mr-hi-news', src: 'mr', tgt: 'hi', rows: 15, domain: 'news', method: 'manual-translated', submitter: 'Lab B' },
  { name: 'gen-en-ta-general', src: 'en', tgt: 'ta', rows: 10, domain: 'general', method: 'machine-translated', submitter: 'Lab B' },
  { name: 'gen-ta-bn-news', src: 'ta', tgt: 'bn', rows: 8, domain: 'news', method: 'machine-translated', submitter: 'Lab C' },
] as const;

/** Writes a parallel dataset zip of `g` into the served folder (fixtures.ts writeGeneratedParallelZip). */
const writeParallelZip = (g: (typeof GENERATED)[number], file?: string, submitter?: string) =>
  writeGeneratedParallelZip(g, { zipDir, file, submitter, source: 'Generated for the metrics tests' });

/** A copy of a fixture folder with other params (domain, submitter) zipped as `<file>`. */
async function writeFixtureVariant(name: FixtureName, file: string, change: (params: Record<string, unknown>) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-metrics-fx-'));
  fs.cpSync(path.join(FIXTURES_DIR, name), dir, { recursive: true });
  const params = JSON.parse(fs.readFileSync(path.join(dir, 'params.json'), 'utf8'));
  change(params);
  fs.writeFileSync(path.join(dir, 'params.json'), JSON.stringify(params, null, 2));
  await zipFolder(dir, path.join(zipDir, file));
  fs.rmSync(dir, { recursive: true, force: true });
  return file;
}

let nameCounter = 0;
/** Submits the zips (all at once, as several contributors would) and waits until each has ended. */
async function submitAll(files: string[]): Promise<string[]> {
  const srns: string[] = [];
  for (const f of files) {
    const res = await signedInject(p.app, user, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: `metrics ${++nameCounter} ${f}`,
      url: server.url(f),
      userId: user.userId,
    });
    expect(res.statusCode, res.body).toBe(200);
    srns.push(res.json().data.serviceRequestNumber);
  }
  const end = Date.now() + 100_000;
  for (const srn of srns) {
    for (;;) {
      const r = await p.ctx.db.pool.query(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
      if (r.rows[0].status === 'Completed' || r.rows[0].status === 'Failed') break;
      if (Date.now() > end) throw new Error(`submission ${srn} did not finish`);
      await new Promise((res) => setTimeout(res, 150));
    }
  }
  return srns;
}

async function search(type: string, criterions: Criterion[] | null, groupby: string | null): Promise<SearchAnswer> {
  // Public: no signature headers at all.
  const res = await p.app.inject({
    method: 'POST',
    url: SEARCH,
    payload: { type, criterions, groupby: groupby ? [{ field: groupby, value: null }] : null },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 1000) / 1000;
const unit = (type: string, n: number, secs: number) => (isAudioDatasetType(type) ? hours(secs) : n);

/**
 * The expected bars, computed from the records themselves (GROUP BY over dataset_records). Pair
 * types with a chosen language count records from either side and name the other language.
 */
async function expected(type: string, criterions: Criterion[], groupby: string | null): Promise<Map<string, number>> {
  const values: string[] = [type];
  const where = ['dataset_type = $1'];
  const symmetric = SYMMETRIC.includes(type);
  const langs = criterions.filter((c) => c.field === 'sourceLanguage' || c.field === 'targetLanguage').map((c) => c.value);
  for (const c of criterions) {
    if (symmetric && (c.field === 'sourceLanguage' || c.field === 'targetLanguage')) continue;
    values.push(c.value);
    where.push(`coalesce(${COLUMN[c.field]}, '') = $${values.length}`);
  }
  let key = COLUMN[groupby ?? 'sourceLanguage'];
  if (symmetric && langs.length) {
    values.push(langs[0]);
    const a = `$${values.length}`;
    if (langs.length === 1) where.push(`${a} IN (source_language, target_language)`);
    else {
      values.push(langs[1]);
      where.push(`ARRAY[source_language, target_language] @> ARRAY[${a}, $${values.length}] AND source_language <> target_language`);
    }
    if (!groupby || groupby === 'sourceLanguage' || groupby === 'targetLanguage')
      key = `CASE WHEN source_language = ${a} THEN target_language ELSE source_language END`;
  }
  const r = await p.ctx.db.pool.query(
    `SELECT coalesce(${key}, '') AS k, count(*)::int AS n, coalesce(sum(duration_seconds), 0)::float8 AS secs FROM dataset_records WHERE ${where.join(' AND ')} GROUP BY 1`,
    values,
  );
  return new Map(r.rows.map((row) => [row.k as string, unit(type, row.n, row.secs)]));
}

/** Asserts one view equals the records' GROUP BY, is sorted descending and totals its bars. */
async function checkView(type: string, criterions: Criterion[], groupby: string | null): Promise<SearchAnswer> {
  const got = await search(type, criterions.length ? criterions : null, groupby);
  const want = await expected(type, criterions, groupby);
  const where = `${type} ${JSON.stringify(criterions)} by ${groupby}`;
  expect(new Map(got.data.map((d) => [d._id, d.value])), where).toEqual(want);
  const values = got.data.map((d) => d.value);
  expect(values, where).toEqual([...values].sort((a, b) => b - a));
  if (!isAudioDatasetType(type)) expect(got.count, where).toBe(values.reduce((a, b) => a + b, 0));
  expect(
    got.data.every((d) => d.label.length > 0),
    where,
  ).toBe(true);
  return got;
}

/** Every view of levels 0, 1 and 2 for a type (each level-0 bar × each grouping × each level-1 bar × each other grouping). */
async function allViews(type: string, sourceLanguages: string[]): Promise<Record<string, SearchAnswer>> {
  const out: Record<string, SearchAnswer> = {};
  const roots: Criterion[][] = SYMMETRIC.includes(type) ? sourceLanguages.map((l) => [{ field: 'sourceLanguage', value: l }]) : [[]];
  for (const root of roots) {
    const level0 = await checkView(type, root, null);
    out[JSON.stringify([root, null])] = level0;
    for (const bar of level0.data) {
      const lang: Criterion[] = SYMMETRIC.includes(type)
        ? [...root, { field: 'targetLanguage', value: bar._id }]
        : [{ field: 'sourceLanguage', value: bar._id }];
      for (const g1 of GROUPINGS) {
        const level1 = await checkView(type, lang, g1);
        out[JSON.stringify([lang, g1])] = level1;
        expect(level1.count, `level 1 of ${type} ${bar._id} totals its level-0 bar`).toBeCloseTo(bar.value, 2);
        for (const bar1 of level1.data) {
          for (const g2 of GROUPINGS.filter((g) => g !== g1)) {
            const crit = [...lang, { field: g1, value: bar1._id }];
            out[JSON.stringify([crit, g2])] = await checkView(type, crit, g2);
          }
        }
      }
    }
  }
  return out;
}

/** Languages on either side of the published pairs of a type. */
async function pairLanguages(type: string): Promise<string[]> {
  const r = await p.ctx.db.pool.query(
    `SELECT DISTINCT unnest(ARRAY[source_language, target_language]) AS l FROM dataset_records WHERE dataset_type = $1 ORDER BY 1`,
    [type],
  );
  return r.rows.map((x) => x.l);
}

async function snapshot(): Promise<Record<string, Record<string, SearchAnswer>>> {
  const types = (await p.ctx.db.pool.query(`SELECT DISTINCT dataset_type FROM dataset_records ORDER BY 1`)).rows.map(
    (r) => r.dataset_type as string,
  );
  const out: Record<string, Record<string, SearchAnswer>> = {};
  for (const t of types) out[t] = await allViews(t, SYMMETRIC.includes(t) ? await pairLanguages(t) : []);
  return out;
}

const FIXTURES: FixtureName[] = (Object.keys(FIXTURE_EXPECTATIONS) as FixtureName[]).filter(
  (n) => FIXTURE_EXPECTATIONS[n].outcome === 'processed',
);

beforeAll(async () => {
  p = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: { publishChunkRows: 7 } }) });
  zipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-metrics-zips-'));
  server = await startFixtureServer(zipDir);
  user = await createSignedInUser(p);
  const files: string[] = [];
  for (const name of FIXTURES) files.push(path.basename(await zipFixture(name, zipDir)));
  for (const g of GENERATED) files.push(await writeParallelZip(g));
  files.push(
    await writeFixtureVariant('asr-missing-audio', 'asr-news-voice-lab.zip', (params) => {
      params.domain = ['news'];
      (params.submitter as { name: string }).name = 'Voice Lab';
    }),
  );
  await submitAll(files);
}, 240_000);

afterAll(async () => {
  await server?.close();
  await p?.close();
  if (zipDir) fs.rmSync(zipDir, { recursive: true, force: true });
});

describe('store/search answers from the rollup equal the published records', () => {
  let before: Awaited<ReturnType<typeof snapshot>>;

  it('every view of levels 0, 1 and 2 of every type equals a GROUP BY over dataset_records', async () => {
    before = await snapshot();
    // Every published type is covered, and the drill-down reached level 2 (a criterion on a grouping) for each.
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(11);
    for (const [type, views] of Object.entries(before)) {
      const level2 = Object.keys(views).filter((k) =>
        (JSON.parse(k)[0] as Criterion[]).some((c) => (GROUPINGS as readonly string[]).includes(c.field)),
      );
      expect(level2.length, type).toBeGreaterThan(0);
    }
  });

  it('each type total equals the records published by its submissions (hours for speech types)', async () => {
    const stages = await p.ctx.db.pool.query(
      `SELECT s.dataset_type, sum(st.success_count)::int AS n, sum(st.success_seconds)::float8 AS secs
         FROM dataset_submissions s JOIN dataset_stages st ON st.service_request_number = s.service_request_number AND st.stage = 'publish'
        WHERE s.status = 'Completed' GROUP BY 1`,
    );
    expect(stages.rows.length).toBeGreaterThanOrEqual(11);
    for (const row of stages.rows) {
      const type = row.dataset_type as string;
      const answer = await search(type, null, null);
      expect(answer.totalCount, type).toBe(unit(type, row.n, row.secs));
      if (!SYMMETRIC.includes(type)) expect(answer.count, type).toBe(answer.totalCount);
      if (isAudioDatasetType(type)) expect(answer.totalCount, type).toBeGreaterThan(0);
    }
  });

  it('a language pair is found from either side (en→hi and hi→en both count under Hindi and under English)', async () => {
    const fromEn = await search('parallel-corpus', [{ field: 'sourceLanguage', value: 'en' }], null);
    const fromHi = await search('parallel-corpus', [{ field: 'sourceLanguage', value: 'hi' }], null);
    const pv = FIXTURE_EXPECTATIONS['parallel-valid'];
    const pm = FIXTURE_EXPECTATIONS['parallel-mixed'];
    const enHi = (pv.outcome === 'processed' ? pv.publish.success : 0) + (pm.outcome === 'processed' ? pm.publish.success : 0) + 40 + 25;
    expect(fromEn.data.find((d) => d._id === 'hi')).toEqual({ label: 'Hindi', value: enHi, _id: 'hi' });
    expect(fromHi.data.find((d) => d._id === 'en')).toEqual({ label: 'English', value: enHi, _id: 'en' });
    expect(fromHi.data.find((d) => d._id === 'mr')).toEqual({ label: 'Marathi', value: 15, _id: 'mr' });
    expect(fromEn.data[0]._id).toBe('hi');
    // Level 1 of the pair {hi, en} by domain, picked from the Hindi side, holds both directions.
    const byDomain = await search(
      'parallel-corpus',
      [
        { field: 'sourceLanguage', value: 'hi' },
        { field: 'targetLanguage', value: 'en' },
      ],
      'domains',
    );
    expect(byDomain.data.find((d) => d._id === 'legal')?.value).toBe(25);
    expect(byDomain.data.find((d) => d._id === 'news')?.value).toBe(40);
    // Level 2: news of that pair by submitter.
    const bySubmitter = await search(
      'parallel-corpus',
      [
        { field: 'sourceLanguage', value: 'hi' },
        { field: 'targetLanguage', value: 'en' },
        { field: 'domains', value: 'news' },
      ],
      'primarySubmitterName',
    );
    expect(bySubmitter.data).toEqual([{ label: 'Lab A', value: 40, _id: 'Lab A' }]);
  });

  it('a re-submission of duplicates (even under another submitter) changes no answer', async () => {
    const again = await writeParallelZip(GENERATED[0], 'gen-en-hi-news-again.zip', 'Someone Else');
    const srns = await submitAll([again, path.basename(await zipFixture('tts-valid', zipDir))]);
    const publish = await p.ctx.db.pool.query(
      `SELECT sum(success_count)::int AS ok, sum(failed_count)::int AS dup FROM dataset_stages WHERE stage = 'publish' AND service_request_number = ANY ($1)`,
      [srns],
    );
    expect(publish.rows[0]).toEqual({ ok: 0, dup: 40 + 3 });
    expect(await snapshot()).toEqual(before);
  });

  it('a file rejected after part of it was published leaves no bar behind (not even a 0)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-metrics-late-'));
    // Break the end of data.json so the file is rejected after some chunks were published.
    fs.cpSync(path.join(FIXTURES_DIR, 'parallel-valid', 'params.json'), path.join(dir, 'params.json'));
    const params = JSON.parse(fs.readFileSync(path.join(dir, 'params.json'), 'utf8'));
    params.languages = { sourceLanguage: 'bn', targetLanguage: 'ta' };
    params.domain = ['tourism'];
    params.submitter.name = 'Late Lab';
    fs.writeFileSync(path.join(dir, 'params.json'), JSON.stringify(params));
    const rows = [...generateParallelPairs({ rows: 30, seed: 'late', sourceLanguage: 'bn', targetLanguage: 'ta' })].map((r) =>
      JSON.stringify(r),
    );
    fs.writeFileSync(path.join(dir, 'data.json'), `[${rows.join(',')}, {"sourceText": "broken`);
    await zipFolder(dir, path.join(zipDir, 'late-broken.zip'));
    fs.rmSync(dir, { recursive: true, force: true });
    const [srn] = await submitAll(['late-broken.zip']);
    const sub = await p.ctx.db.pool.query(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn]);
    expect(sub.rows[0].status).toBe('Failed');
    // The rollup kept the emptied combination (count 0); the dashboard must not show it.
    const zero = await p.ctx.db.pool.query(
      `SELECT count(*)::int AS n FROM record_rollup WHERE submitter = 'Late Lab' AND record_count = 0`,
    );
    expect(zero.rows[0].n).toBeGreaterThan(0);
    const tamil = await search('parallel-corpus', [{ field: 'sourceLanguage', value: 'ta' }], null);
    expect(tamil.data.find((d) => d._id === 'bn')?.value).toBe(8);
    expect(await snapshot()).toEqual(before);
  });
});

describe('store/reports', () => {
  it('lists each combination once, and its counts add up to the records per type', async () => {
    const res = await p.app.inject({ method: 'POST', url: REPORTS, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as {
      datasetType: string;
      sourceLanguage: string;
      targetLanguage: string;
      domains: string;
      count: number;
      total: number;
    }[];
    const byType = new Map<string, { n: number; total: number }>();
    for (const r of rows) {
      const t = byType.get(r.datasetType) ?? { n: 0, total: 0 };
      byType.set(r.datasetType, { n: t.n + r.count, total: t.total + r.total });
      expect(r.count).toBeGreaterThan(0);
      if (!isAudioDatasetType(r.datasetType)) expect(r.total).toBe(r.count);
    }
    const records = await p.ctx.db.pool.query(
      `SELECT dataset_type, count(*)::int AS n, coalesce(sum(duration_seconds), 0)::float8 AS secs FROM dataset_records GROUP BY 1`,
    );
    expect(byType.size).toBe(records.rows.length);
    for (const r of records.rows) {
      expect(byType.get(r.dataset_type)?.n, r.dataset_type).toBe(r.n);
      if (isAudioDatasetType(r.dataset_type)) expect(byType.get(r.dataset_type)!.total).toBeCloseTo(hours(r.secs), 2);
    }
    // Single-language types have a blank target; pair types name it.
    expect(rows.find((r) => r.datasetType === 'monolingual-corpus')?.targetLanguage).toBe('');
    expect(rows.find((r) => r.datasetType === 'parallel-corpus' && r.sourceLanguage === 'hi')).toMatchObject({
      targetLanguage: 'en',
      domains: 'legal',
      count: 25,
    });
    // A body is optional; an unknown field is not.
    expect((await p.app.inject({ method: 'POST', url: REPORTS })).statusCode).toBe(200);
    const bad = await p.app.inject({ method: 'POST', url: REPORTS, payload: { everything: true } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'everything', message: "Unknown field 'everything'." }]);
  });
});

describe('bad input', () => {
  const post = (payload: unknown) => p.app.inject({ method: 'POST', url: SEARCH, payload: payload as Record<string, unknown> });

  it('an unknown field, dimension or dataset type is a 400 with field errors', async () => {
    const unknownTop = await post({ type: 'parallel-corpus', criterions: null, groupby: null, starttime: 'x' });
    expect(unknownTop.statusCode).toBe(400);
    expect(unknownTop.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'starttime', message: "Unknown field 'starttime'." }],
    });

    const unknownNested = await post({
      type: 'parallel-corpus',
      criterions: [{ field: 'sourceLanguage', value: 'en', op: 'eq' }],
      groupby: null,
    });
    expect(unknownNested.json().errors).toEqual([{ field: 'criterions.0.op', message: "Unknown field 'op'." }]);

    const badField = await post({ type: 'parallel-corpus', criterions: [{ field: 'license', value: 'mit' }], groupby: null });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().errors[0].field).toBe('criterions.0.field');

    const badType = await post({ type: 'video-corpus', criterions: null, groupby: null });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors[0].field).toBe('type');

    const twice = await post({
      type: 'ocr-corpus',
      criterions: [
        { field: 'domains', value: 'news' },
        { field: 'domains', value: 'general' },
      ],
      groupby: null,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].field).toBe('criterions.1.field');

    const notJson = await p.app.inject({
      method: 'POST',
      url: SEARCH,
      headers: { 'content-type': 'application/json' },
      payload: '{"type":',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('values are data, not SQL; an unknown language simply has no bars', async () => {
    const res = await search('parallel-corpus', [{ field: 'sourceLanguage', value: "en' OR '1'='1" }], null);
    expect(res).toMatchObject({ data: [], count: 0 });
    expect(res.totalCount).toBeGreaterThan(0);
  });

  it('the metrics routes are in the OpenAPI document', async () => {
    const doc = (await p.app.inject({ method: 'GET', url: '/ulca/docs/json' })).json();
    expect(doc.paths[SEARCH].post.tags).toEqual(['metrics']);
    expect(doc.paths[REPORTS].post.summary).toMatch(/Dataset Metrics/);
  });
});
