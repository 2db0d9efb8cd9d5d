/**
 * Search and download end to end: fixture datasets
 * of several types go through the real pipeline, then searches of every criterion kind run
 * through the real API and job, and the downloaded files are parsed. Expected results are computed
 * here from the fixture files themselves (a small model of publish: params ← row, de-duplication,
 * submitters), never from the search SQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { readZip } from '../../test/zip.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { FIXTURES_DIR, makeParallelZip, zipFolder } from '../../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../../test/fixture-server.ts';
import { startWorkers } from '../../workers.ts';
import { runSearchExport } from './exporter.ts';
import { searchFileKey } from './links.ts';
import * as parquetWasm from 'parquet-wasm';
import { tableFromIPC } from 'apache-arrow';
import { submitDataset } from '../../test/dataset-submit.ts';
import type { SearchDetails } from './service.ts';

type Obj = Record<string, unknown>;
type SearchRow = {
  serviceRequestNumber: string;
  datasetType: string;
  timestamp: string;
  searchCriteria: Obj;
  status: { status: string; details: string }[];
};
type Details = SearchDetails;

let p: TestPlatform;
let server: FixtureServer;
let work: string;
let contributor: TestUser;
let searcher: TestUser;
let other: TestUser;
let admin: TestUser;

// ---------------------------------------------------------------------------------------------
// The model: what publish makes of the fixture files (independent of the search code)

interface ModelRecord {
  type: string;
  src: string;
  tgt: string | null;
  /** The record's metadata: params overridden by the row (objects merged key by key). */
  meta: Obj;
  submitters: string[];
  /** sha-256 of each media file (field → hex). */
  media: Record<string, string>;
}
const model: ModelRecord[] = [];
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim();

function deepMerge(base: Obj, over: Obj): Obj {
  const out: Obj = { ...base, ...over };
  for (const k of Object.keys(over)) if (isObj(base[k]) && isObj(over[k])) out[k] = deepMerge(base[k] as Obj, over[k] as Obj);
  return out;
}
function mergeRow(params: Obj, row: Obj): Obj {
  const out: Obj = { ...params, ...row };
  for (const k of Object.keys(row)) {
    const whole = k === 'collectionMethod' && isObj(row[k]) && (row[k] as Obj).collectionDescription !== undefined;
    if (!whole && isObj(params[k]) && isObj(row[k])) out[k] = deepMerge(params[k] as Obj, row[k] as Obj);
  }
  return out;
}
const identity = (r: ModelRecord) => {
  const m = r.meta;
  const text = [m.sourceText, m.targetText, m.text, m.groundTruth].filter((x) => typeof x === 'string').map((x) => norm(x as string));
  return JSON.stringify([r.type, r.src, r.tgt, text, Object.values(r.media)]);
};

/** Adds a published dataset (folder with params.json and data.json) to the model, as publish would. */
function addToModel(dir: string): void {
  const params = JSON.parse(fs.readFileSync(path.join(dir, 'params.json'), 'utf8')) as Obj;
  const rows = JSON.parse(fs.readFileSync(path.join(dir, 'data.json'), 'utf8')) as Obj[];
  const langs = params.languages as { sourceLanguage: string; targetLanguage?: string };
  const submitter = (params.submitter as { name: string }).name;
  for (const row of rows) {
    const media: Record<string, string> = {};
    for (const f of ['audioFilename', 'imageFilename']) {
      if (typeof row[f] === 'string')
        media[f] = crypto
          .createHash('sha256')
          .update(fs.readFileSync(path.join(dir, row[f] as string)))
          .digest('hex');
    }
    const rec: ModelRecord = {
      type: params.datasetType as string,
      src: langs.sourceLanguage,
      tgt: langs.targetLanguage ?? null,
      meta: mergeRow(params, row),
      submitters: [submitter],
      media,
    };
    const same = model.find((m) => identity(m) === identity(rec));
    if (same) {
      if (!same.submitters.includes(submitter)) same.submitters.push(submitter);
    } else model.push(rec);
  }
}

/** The records of `type` a predicate selects, as the exported key (source text, turned around for reversed pairs). */
function expected(type: string, pick: (r: ModelRecord) => boolean | 'reversed'): string[] {
  const out: string[] = [];
  for (const r of model.filter((m) => m.type === type)) {
    const hit = pick(r);
    if (!hit) continue;
    const m = r.meta;
    const text = (hit === 'reversed' ? m.targetText : (m.sourceText ?? m.text ?? m.groundTruth)) as string;
    out.push(norm(text));
  }
  return out.sort();
}
const cm = (r: ModelRecord) => (r.meta.collectionMethod ?? {}) as { collectionDescription?: string[]; collectionDetails?: Obj };
const pair =
  (src: string[], tgt: string[], original = false) =>
  (r: ModelRecord) =>
    src.includes(r.src) && tgt.includes(r.tgt ?? '')
      ? true
      : !original && tgt.includes(r.src) && src.includes(r.tgt ?? '')
        ? ('reversed' as const)
        : false;

// ---------------------------------------------------------------------------------------------
// Custom fixture datasets (written here, zipped, served and published through the pipeline)

const SUBMITTER_2 = 'Second Submitter';
const SUBMITTER_3 = 'Third Submitter';
const submitter = (name: string) => ({ name, aboutMe: 'Publishes records for the search tests' });

function writeDataset(name: string, params: Obj, rows: Obj[], copy: [string, string][] = []): string {
  const dir = path.join(work, 'datasets', name);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'params.json'), JSON.stringify(params, null, 2));
  fs.writeFileSync(path.join(dir, 'data.json'), JSON.stringify(rows, null, 2));
  for (const [from, to] of copy) {
    fs.mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
    fs.copyFileSync(path.join(FIXTURES_DIR, from), path.join(dir, to));
  }
  return dir;
}

const parallelHiEn = () =>
  writeDataset(
    'parallel-hi-en-aligned',
    {
      datasetType: 'parallel-corpus',
      languages: { sourceLanguage: 'hi', targetLanguage: 'en' },
      collectionSource: ['search tests'],
      domain: ['news', 'legal'],
      license: 'mit',
      submitter: submitter(SUBMITTER_2),
      collectionMethod: { collectionDescription: ['auto-aligned'], collectionDetails: { alignmentTool: 'LaBSE' } },
    },
    [
      {
        sourceText: 'सुबह की खबरें आठ बजे आती हैं।',
        targetText: 'The morning news comes at eight.',
        collectionMethod: { collectionDetails: { alignmentScore: 0.55 } },
      },
      {
        sourceText: 'अदालत आज बंद रहेगी।',
        targetText: 'The court will stay closed today.',
        collectionMethod: { collectionDetails: { alignmentScore: 0.75 } },
      },
      {
        sourceText: 'नया कानून कल से लागू होगा।',
        targetText: 'The new law applies from tomorrow.',
        collectionMethod: { collectionDetails: { alignmentScore: 0.95 } },
      },
      {
        sourceText: 'चुनाव के नतीजे शाम को आएँगे।',
        targetText: 'The election results will come in the evening.',
        collectionMethod: { collectionDetails: { alignmentTool: 'LASER', alignmentScore: 0.8 } },
      },
    ],
  );

const parallelEnHiMt = () =>
  writeDataset(
    'parallel-en-hi-mt',
    {
      datasetType: 'parallel-corpus',
      languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
      collectionSource: ['search tests'],
      domain: ['education'],
      license: 'cc0',
      submitter: submitter(SUBMITTER_3),
      collectionMethod: { collectionDescription: ['machine-translated'], collectionDetails: { translationModel: 'Google-Translate' } },
    },
    [
      // Two rows already published by parallel-valid: those records get a second submitter.
      { sourceText: 'The market opens at nine in the morning.', targetText: 'बाज़ार सुबह नौ बजे खुलता है।' },
      { sourceText: 'Please drink plenty of water in summer.', targetText: 'गर्मियों में खूब पानी पिएँ।' },
      { sourceText: 'The school bus is yellow.', targetText: 'स्कूल की बस पीली है।' },
      { sourceText: 'Children play in the park every evening.', targetText: 'बच्चे हर शाम पार्क में खेलते हैं।' },
    ],
  );

const asrFemale = () =>
  writeDataset(
    'asr-hi-female',
    {
      datasetType: 'asr-corpus',
      languages: { sourceLanguage: 'hi' },
      collectionSource: ['search tests'],
      domain: ['healthcare'],
      license: 'cc0',
      submitter: submitter(SUBMITTER_2),
      format: 'wav',
      channel: 'stereo',
      samplingRate: 44.1,
      bitsPerSample: 'sixteen',
      numberOfSpeakers: 3,
      gender: 'female',
      snr: { methodType: 'WadaSnr', methodDetails: { snr: 20, snrTool: 'WadaSNR' } },
      collectionMethod: { collectionDescription: ['machine-generated-transcript'], collectionDetails: { asrModel: 'Google-ASR' } },
    },
    [
      { audioFilename: 'audio/a1.wav', text: 'डॉक्टर सुबह आते हैं', exactAge: 30 },
      { audioFilename: 'audio/a2.wav', text: 'दवा समय पर लीजिए', age: '11-20' },
      { audioFilename: 'audio/a3.wav', text: 'अस्पताल पास में है', age: '61-100', gender: 'male', snr: { methodDetails: { snr: 10 } } },
    ],
    [
      ['asr-valid/audios/hi_asr_01.wav', 'audio/a1.wav'],
      ['asr-valid/audios/hi_asr_02.wav', 'audio/a2.wav'],
      ['asr-valid/audios/hi_asr_03.wav', 'audio/a3.wav'],
    ],
  );

const asrMixed = () =>
  writeDataset(
    'asr-mixed-vaani',
    {
      datasetType: 'asr-corpus',
      languages: { sourceLanguage: 'mixed' },
      collectionSource: ['search tests'],
      domain: ['general'],
      license: 'cc-by-4.0',
      submitter: submitter(SUBMITTER_3),
      mixedDataSource: 'vaani',
      format: 'wav',
      channel: 'mono',
      samplingRate: 16,
      collectionMethod: { collectionDescription: ['manual-transcribed'] },
    },
    [
      { audioFilename: 'm1.wav', text: 'मौसम आज साफ़ है', assertLanguage: 'hi' },
      { audioFilename: 'm2.wav', text: 'आज पाऊस पडला', assertLanguage: 'mr' },
    ],
    [
      ['asr-valid/audios/hi_asr_04.wav', 'm1.wav'],
      ['asr-valid/audios/hi_asr_01.wav', 'm2.wav'],
    ],
  );

// ---------------------------------------------------------------------------------------------
// API helpers

async function publish(dir: string, name: string): Promise<void> {
  const zip = path.join(work, 'zips', `${name}.zip`);
  await zipFolder(dir, zip);
  const srn = await submitDataset(p.app, contributor, name, server.url(`${name}.zip`));
  for (const end = Date.now() + 90_000; ;) {
    const s = await signedInject(p.app, contributor, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`);
    const status = s.json().status as string;
    if (status === 'Completed') break;
    if (status === 'Failed' || Date.now() > end) throw new Error(`dataset ${name} ended ${status}: ${s.body}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  addToModel(dir);
}

async function submitSearch(datasetType: string, criteria: Obj, as: TestUser = searcher) {
  return signedInject(p.app, as, 'POST', '/ulca/apis/v0/dataset/corpus/search', { userId: as.userId, datasetType, criteria });
}

async function status(srn: string, as: TestUser = searcher) {
  return signedInject(p.app, as, 'GET', `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${srn}`);
}

async function waitSearch(srn: string, as: TestUser = searcher): Promise<{ row: SearchRow; details: Details }> {
  for (const end = Date.now() + 60_000; ;) {
    const res = await status(srn, as);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data as SearchRow;
    if (row.status[0].status !== 'In-Progress') return { row, details: JSON.parse(row.status[0].details) as Details };
    if (Date.now() > end) throw new Error(`search ${srn} still in progress`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Submits a search, waits for it and returns its details and the records of all.json. */
async function search(datasetType: string, criteria: Obj): Promise<{ srn: string; details: Details; records: Obj[] }> {
  const res = await submitSearch(datasetType, criteria);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().message).toBe('Your search query has been submitted');
  const srn = res.json().data.serviceRequestNumber as string;
  const { row, details } = await waitSearch(srn);
  expect(row.status[0].status, details.message).toBe('Completed');
  const records = JSON.parse((await download(details.files!.json.all)).body) as Obj[];
  expect(records).toHaveLength(details.count);
  return { srn, details, records };
}

async function download(url: string, as?: TestUser) {
  const res = as ? await signedInject(p.app, as, 'GET', url) : await p.app.inject({ method: 'GET', url });
  return res;
}

const keysOf = (records: Obj[]) => records.map((r) => norm((r.sourceText ?? r.text ?? r.groundTruth) as string)).sort();

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  p = await createTestPlatform({
    startWorkers: async (ctx) => {
      await startWorkers(ctx, { datasetIngest: true, searchExport: true });
    },
  });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-search-'));
  fs.mkdirSync(path.join(work, 'zips'));
  server = await startFixtureServer(path.join(work, 'zips'));
  contributor = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  searcher = await createSignedInUser(p, ['READONLY-USER']);
  other = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  admin = await createSignedInUser(p, ['ADMIN']);
  // Order matters: the first publisher's metadata is what a shared record carries.
  for (const name of ['parallel-valid', 'monolingual-valid', 'asr-valid', 'ocr-valid', 'tts-valid'] as const) {
    await publish(path.join(FIXTURES_DIR, name), name);
  }
  await publish(parallelHiEn(), 'parallel-hi-en-aligned');
  await publish(parallelEnHiMt(), 'parallel-en-hi-mt');
  await publish(asrFemale(), 'asr-hi-female');
  await publish(asrMixed(), 'asr-mixed-vaani');
  // 150 generated Marathi → Tamil pairs: more than a sample.
  const generated = await makeParallelZip({
    rows: 150,
    destDir: path.join(work, 'generated'),
    seed: 'search',
    sourceLanguage: 'mr',
    targetLanguage: 'ta',
  });
  const unzipped = path.join(work, 'datasets', 'generated');
  await extractZip(generated, unzipped);
  await publish(unzipped, 'generated-mr-ta');
}, 300_000);

async function extractZip(zip: string, dest: string): Promise<void> {
  const files = await readZip(fs.readFileSync(zip));
  for (const [name, bytes] of files) {
    fs.mkdirSync(path.dirname(path.join(dest, name)), { recursive: true });
    fs.writeFileSync(path.join(dest, name), bytes);
  }
}

afterAll(async () => {
  await server?.close();
  await p?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('criteria select exactly the right records', () => {
  const en = ['en'];
  const hi = ['hi'];
  const parallelCases: [string, Obj, (r: ModelRecord) => boolean | 'reversed'][] = [
    ['languages (both directions, reversed pairs turned around)', {}, pair(en, hi)],
    ['originalSourceSentence (stored direction only)', { originalSourceSentence: true }, pair(en, hi, true)],
    ['domain', { domain: ['news'] }, (r) => pair(en, hi)(r) && (r.meta.domain as string[]).includes('news') && pair(en, hi)(r)],
    [
      'collectionMethod',
      { collectionMethod: ['auto-aligned'] },
      (r) => (cm(r).collectionDescription ?? []).includes('auto-aligned') && pair(en, hi)(r),
    ],
    ['license', { license: ['mit', 'cc0'] }, (r) => ['mit', 'cc0'].includes(r.meta.license as string) && pair(en, hi)(r)],
    [
      'submitterName (any contributor, any case)',
      { submitterName: ['third submitter'] },
      (r) => r.submitters.includes(SUBMITTER_3) && pair(en, hi)(r),
    ],
    ['multipleContributors', { multipleContributors: true }, (r) => r.submitters.length > 1 && pair(en, hi)(r)],
    ['minScore', { minScore: 0.7 }, (r) => Number(cm(r).collectionDetails?.alignmentScore ?? -1) >= 0.7 && pair(en, hi)(r)],
    [
      'minScore and maxScore',
      { minScore: 0.7, maxScore: 0.8 },
      (r) => {
        const s = Number(cm(r).collectionDetails?.alignmentScore ?? -1);
        return s >= 0.7 && s <= 0.8 && pair(en, hi)(r);
      },
    ],
    [
      'alignmentTool (row overrides params)',
      { alignmentTool: ['LaBSE'] },
      (r) => cm(r).collectionDetails?.alignmentTool === 'LaBSE' && pair(en, hi)(r),
    ],
    [
      'translationModel (any case)',
      { translationModel: ['google-translate'] },
      (r) => String(cm(r).collectionDetails?.translationModel).toLowerCase() === 'google-translate' && pair(en, hi)(r),
    ],
  ];

  it.each(parallelCases)('parallel-corpus en → hi: %s', async (_name, extra, pick) => {
    const want = expected('parallel-corpus', pick);
    const { records, details } = await search('parallel-corpus', { sourceLanguage: en, targetLanguage: hi, ...extra });
    expect(details.count).toBe(want.length);
    expect(keysOf(records)).toEqual(want);
    // Every exported record reads en → hi, whichever way it was stored.
    for (const r of records) expect(r.languages).toMatchObject({ sourceLanguage: 'en', targetLanguage: 'hi' });
  });

  it('the expectations are not trivial (each case selects some but not all records)', () => {
    const all = expected('parallel-corpus', pair(en, hi)).length;
    for (const [name, , pick] of parallelCases.slice(2)) {
      const n = expected('parallel-corpus', pick).length;
      expect(n, name).toBeGreaterThan(0);
      expect(n, name).toBeLessThan(all);
    }
  });

  const hiAsr = (r: ModelRecord) => r.src === 'hi';
  const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
  const ageEnds = (r: ModelRecord): [number, number] => {
    if (typeof r.meta.exactAge === 'number') return [r.meta.exactAge, r.meta.exactAge];
    const [a, b] = String(r.meta.age ?? 'x-x')
      .split('-')
      .map(Number);
    return [a, b];
  };
  const asrCases: [string, Obj, (r: ModelRecord) => boolean][] = [
    ['language (given as the target language)', {}, hiAsr],
    ['gender (row overrides params)', { gender: ['female'] }, (r) => hiAsr(r) && r.meta.gender === 'female'],
    ['samplingRate', { samplingRate: 44.1 }, (r) => hiAsr(r) && r.meta.samplingRate === 44.1],
    ['channel', { channel: ['stereo'] }, (r) => hiAsr(r) && r.meta.channel === 'stereo'],
    ['maxNoOfSpeakers', { maxNoOfSpeakers: 5 }, (r) => hiAsr(r) && num(r.meta.numberOfSpeakers) <= 5],
    ['minNoOfSpeakers', { minNoOfSpeakers: 5 }, (r) => hiAsr(r) && num(r.meta.numberOfSpeakers) >= 5],
    ['minAge (exact age or both ends of the range)', { minAge: 20 }, (r) => hiAsr(r) && ageEnds(r)[0] >= 20],
    ['maxAge', { maxAge: 20 }, (r) => hiAsr(r) && ageEnds(r)[1] <= 20],
    [
      'minSnr (nested row override)',
      { minSnr: 18 },
      (r) => hiAsr(r) && num((r.meta.snr as { methodDetails?: Obj } | undefined)?.methodDetails?.snr) >= 18,
    ],
    [
      'asrModel (any case)',
      { asrModel: ['google-asr'] },
      (r) => hiAsr(r) && String(cm(r).collectionDetails?.asrModel).toLowerCase() === 'google-asr',
    ],
  ];

  it.each(asrCases)('asr-corpus hi: %s', async (_name, extra, pick) => {
    const want = expected('asr-corpus', pick);
    const { records, details } = await search('asr-corpus', { sourceLanguage: null, targetLanguage: ['hi'], ...extra });
    expect(details.count).toBe(want.length);
    expect(keysOf(records)).toEqual(want);
    const seconds = model.filter((r) => r.type === 'asr-corpus' && pick(r)).length;
    if (seconds) expect(details.durationInSeconds).toBeGreaterThan(0);
  });

  it('asr-corpus: a mixed data source with an asserted language', async () => {
    const asserted = (r: ModelRecord) => r.src === 'mixed' && r.meta.mixedDataSource === 'vaani' && r.meta.assertLanguage === 'hi';
    const want = expected('asr-corpus', asserted);
    expect(want).toHaveLength(1);
    const { records } = await search('asr-corpus', { targetLanguage: ['mixed'], mixedDataSource: true, assertLanguage: ['hi'] });
    expect(keysOf(records)).toEqual(want);
    // As the form sends it: Hindi plus the data source (which adds Mixed): the Hindi records and the mixed ones asserted Hindi.
    const both = await search('asr-corpus', {
      sourceLanguage: ['hi', 'mixed'],
      targetLanguage: null,
      mixedDataSource: 'vaani',
      assertLanguage: ['hi'],
    });
    expect(keysOf(both.records)).toEqual(expected('asr-corpus', (r) => r.src === 'hi' || asserted(r)));
  });

  it('monolingual-corpus: the language may come as source or target language', async () => {
    const want = expected('monolingual-corpus', (r) => r.src === 'bn');
    expect(want.length).toBeGreaterThan(0);
    expect(keysOf((await search('monolingual-corpus', { targetLanguage: ['bn'] })).records)).toEqual(want);
    expect(keysOf((await search('monolingual-corpus', { sourceLanguage: ['bn'], targetLanguage: null })).records)).toEqual(want);
  });
});

describe('downloaded files', () => {
  it('json, jsonl, csv and their samples hold exactly count and min(100, count) records', async () => {
    const { details, records } = await search('parallel-corpus', { sourceLanguage: ['mr'], targetLanguage: ['ta'] });
    expect(details.count).toBe(150);
    expect(details.sampleUrl).toBe(details.files!.json.sample);
    expect(details.downloadUrl).toBe(details.files!.json.all);
    expect(Object.keys(details.files!).sort()).toEqual(['csv', 'json', 'jsonl', 'parquet']);
    for (const [variant, n] of [
      ['all', 150],
      ['sample', 100],
    ] as const) {
      const json = JSON.parse((await download(details.files!.json[variant])).body) as Obj[];
      const jsonl = (await download(details.files!.jsonl[variant])).body
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Obj);
      const csvRes = await download(details.files!.csv[variant]);
      expect(csvRes.headers['content-type']).toContain('text/csv');
      // Every CSV starts with the UTF-8 BOM (spreadsheets then read Indian scripts as UTF-8).
      expect(csvRes.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
      const csv = parseCsv(csvRes.body, { columns: true, bom: true }) as Obj[];
      expect([json.length, jsonl.length, csv.length]).toEqual([n, n, n]);
      expect(jsonl).toEqual(json);
      expect(csv.map((r) => r.sourceText)).toEqual(json.map((r) => r.sourceText));
      expect(csv[0]).toMatchObject({ sourceLanguage: 'mr', targetLanguage: 'ta', license: json[0].license });
    }
    // The sample is the first 100 records of the whole export.
    const sample = JSON.parse((await download(details.files!.json.sample)).body) as Obj[];
    expect(sample).toEqual(records.slice(0, 100));
    // Each record carries its metadata: its own fields over the dataset's params.
    expect(records[0]).toMatchObject({
      datasetType: 'parallel-corpus',
      languages: { sourceLanguage: 'mr', targetLanguage: 'ta' },
      submitter: { name: 'ULCA Test Fixtures' },
    });
    expect(typeof records[0].sourceText).toBe('string');
  });

  it('parquet (and its sample), read back by an independent reader (parquet-wasm, Rust), equals the JSON export', async () => {
    const { details } = await search('parallel-corpus', { sourceLanguage: ['mr'], targetLanguage: ['ta'] });
    for (const variant of ['all', 'sample'] as const) {
      const json = JSON.parse((await download(details.files!.json[variant])).body) as Obj[];
      const res = await download(details.files!.parquet[variant]);
      expect(res.headers['content-type']).toBe('application/vnd.apache.parquet');
      expect(res.rawPayload.subarray(0, 4).toString()).toBe('PAR1');
      const table = tableFromIPC(parquetWasm.readParquet(new Uint8Array(res.rawPayload)).intoIPCStream());
      const rows = table.toArray().map((r) => r.toJSON() as Obj);
      expect(rows).toHaveLength(json.length);
      // Strings and numbers as they are; other values as their JSON text; a missing field is null.
      const asCells = (o: Obj) =>
        Object.fromEntries(
          table.schema.fields.map((f) => [
            f.name,
            o[f.name] === undefined || o[f.name] === null ? null : typeof o[f.name] === 'object' ? JSON.stringify(o[f.name]) : o[f.name],
          ]),
        );
      expect(rows).toEqual(json.map(asCells));
      expect(table.schema.fields.map((f) => f.name)).toEqual(expect.arrayContaining(Object.keys(json[0])));
    }
  });

  it('speech: the zip holds data.json and every audio file it names, byte for byte', async () => {
    const { details, records } = await search('asr-corpus', { targetLanguage: ['hi'] });
    expect(details.files!.zip).toBeDefined();
    for (const variant of ['all', 'sample'] as const) {
      const res = await download(details.files!.zip[variant]);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      const files = await readZip(res.rawPayload);
      const data = JSON.parse(files.get('data.json')!.toString('utf8')) as Obj[];
      expect(data).toEqual(records.slice(0, variant === 'sample' ? 100 : undefined));
      const named = new Set(data.map((r) => r.audioFilename as string));
      expect([...files.keys()].filter((k) => k !== 'data.json').sort()).toEqual([...named].sort());
      for (const r of data) {
        const bytes = files.get(r.audioFilename as string)!;
        const sha = crypto.createHash('sha256').update(bytes).digest('hex');
        expect(r.audioFilename).toBe(`media/${sha}.wav`);
        expect(r.audioFilenameHash).toBeUndefined();
      }
    }
    // The audio files are the contributed ones.
    const contributed = new Set(model.filter((m) => m.type === 'asr-corpus' && m.src === 'hi').map((m) => m.media.audioFilename));
    for (const r of records) expect(contributed.has(String(r.audioFilename).slice(6, 70))).toBe(true);
  });

  it('ocr: the zip holds the images', async () => {
    const { details, records } = await search('ocr-corpus', { targetLanguage: ['ta'] });
    expect(details.count).toBe(expected('ocr-corpus', (r) => r.src === 'ta').length);
    const files = await readZip((await download(details.files!.zip.all)).rawPayload);
    expect(files.size).toBe(1 + new Set(records.map((r) => r.imageFilename)).size);
  });

  it('a search that matches nothing completes with 0 and says so', async () => {
    const { details, records } = await search('parallel-corpus', { sourceLanguage: ['en'], targetLanguage: ['gu'] });
    expect(details.count).toBe(0);
    expect(details.message).toBe('No records match this search.');
    expect(records).toEqual([]);
    const csv = (await download(details.files!.csv.all)).body;
    expect(csv.trim().split('\n')).toHaveLength(1);
    expect((await download(details.files!.jsonl.all)).body).toBe('');
  });

  it('a retry of the job rewrites the same files with the same count', async () => {
    const { srn, details } = await search('parallel-corpus', { sourceLanguage: ['en'], targetLanguage: ['hi'] });
    const before = await Promise.all(
      ['json', 'jsonl', 'csv'].map((f) => fs.promises.readFile(p.ctx.store.localPath(searchFileKey(srn, 'all', f as 'json'))!)),
    );
    await p.ctx.db.pool.query(`UPDATE search_requests SET status = 'In-Progress' WHERE service_request_number = $1`, [srn]);
    await runSearchExport(p.ctx, srn);
    const again = await waitSearch(srn);
    expect(again.details.count).toBe(details.count);
    const after = await Promise.all(
      ['json', 'jsonl', 'csv'].map((f) => fs.promises.readFile(p.ctx.store.localPath(searchFileKey(srn, 'all', f as 'json'))!)),
    );
    expect(after).toEqual(before);
  });

  it('a search whose criteria no longer fit the catalogue is marked Failed with a message', async () => {
    const srn = `${Date.now()}9999`;
    await p.ctx.db.pool.query(
      `INSERT INTO search_requests (service_request_number, user_id, dataset_type, criteria) VALUES ($1, $2, 'parallel-corpus', $3)`,
      [srn, searcher.userId, JSON.stringify({ sourceLanguage: ['en'], targetLanguage: ['hi'], noSuchFilter: ['x'] })],
    );
    await runSearchExport(p.ctx, srn);
    const { row, details } = await waitSearch(srn);
    expect(row.status[0].status).toBe('Failed');
    expect(details.message).toMatch(/not valid/);
  });
});

describe('bad input', () => {
  const cases: [string, string, Obj, { field: string; message: string }][] = [
    [
      'a filter of another type',
      'parallel-corpus',
      { sourceLanguage: ['en'], targetLanguage: ['hi'], ocrTool: ['tesseract'] },
      { field: 'ocrTool', message: 'This filter is not available for the chosen dataset type.' },
    ],
    [
      'an inactive filter (Collection Source)',
      'parallel-corpus',
      { sourceLanguage: ['en'], targetLanguage: ['hi'], collectionSource: ['x'] },
      { field: 'collectionSource', message: 'This filter is not in use.' },
    ],
    [
      'Submitter on a speech type',
      'asr-corpus',
      { targetLanguage: ['hi'], submitterName: ['x'] },
      { field: 'submitterName', message: 'This filter is not in use.' },
    ],
    [
      'a value outside the options',
      'parallel-corpus',
      { sourceLanguage: ['en'], targetLanguage: ['hi'], license: ['bogus'] },
      { field: 'license', message: "'bogus' is not one of the allowed values." },
    ],
    [
      'a score outside the options',
      'parallel-corpus',
      { sourceLanguage: ['en'], targetLanguage: ['hi'], minScore: 0.42 },
      { field: 'minScore', message: "'0.42' is not one of the allowed values." },
    ],
    [
      'no target language',
      'parallel-corpus',
      { sourceLanguage: ['en'], targetLanguage: [] },
      { field: 'targetLanguage', message: 'This field is mandatory' },
    ],
    [
      'no source language for a text pair',
      'parallel-corpus',
      { sourceLanguage: [], targetLanguage: ['hi'] },
      { field: 'sourceLanguage', message: 'This field is mandatory' },
    ],
    [
      'no language at all',
      'monolingual-corpus',
      { sourceLanguage: null, targetLanguage: null },
      { field: 'targetLanguage', message: 'This field is mandatory' },
    ],
    [
      'an unknown language',
      'monolingual-corpus',
      { targetLanguage: ['xx'] },
      { field: 'targetLanguage', message: "'xx' is not one of the allowed values." },
    ],
    [
      'a type that cannot be searched',
      'document-layout-corpus',
      { targetLanguage: ['hi'] },
      { field: 'datasetType', message: 'This dataset type cannot be searched.' },
    ],
  ];
  it.each(cases)('%s → 400 with the field error', async (_name, type, criteria, error) => {
    const before = (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM search_requests`)).rows[0].n;
    const res = await submitSearch(type, criteria);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toContainEqual(error);
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM search_requests`)).rows[0].n).toBe(before);
  });
});

describe('who may search and download', () => {
  let srn: string;
  let details: Details;
  beforeAll(async () => {
    ({ srn, details } = await search('parallel-corpus', { sourceLanguage: ['en'], targetLanguage: ['hi'] }));
  });

  it('a READONLY-USER can search (the searches above); an EXTERNAL-CONSORTIUM-MEMBER gets 403', async () => {
    const consortium = await createSignedInUser(p, ['EXTERNAL-CONSORTIUM-MEMBER']);
    const res = await submitSearch('parallel-corpus', { sourceLanguage: ['en'], targetLanguage: ['hi'] }, consortium);
    expect(res.statusCode).toBe(403);
    expect(
      (await signedInject(p.app, consortium, 'GET', `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${consortium.userId}`))
        .statusCode,
    ).toBe(403);
  });

  it('searching as another user is refused (403)', async () => {
    const res = await signedInject(p.app, other, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId: searcher.userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('another user gets 404 on the status; an unknown srno is 404; ADMIN may see it', async () => {
    expect((await status(srn, other)).statusCode).toBe(404);
    expect((await status('123', searcher)).statusCode).toBe(404);
    expect((await status('not-a-number', searcher)).statusCode).toBe(404);
    expect((await status(srn, admin)).statusCode).toBe(200);
  });

  it('the download link is a bearer token: it works unsigned, for whoever holds it, and is 404 when tampered with or expired', async () => {
    const url = details.files!.json.all;
    // Unsigned (a plain <a href> or curl), signed by the owner, or presented by someone else: the link alone decides.
    expect((await download(url)).statusCode).toBe(200);
    expect((await download(url, searcher)).statusCode).toBe(200);
    expect((await download(url, other)).statusCode).toBe(200);
    const u = new URL(url, 'http://x');
    const token = u.searchParams.get('token')!;
    const tampered = [
      url.replace('/all.json', '/all.csv'),
      url.replace(`token=${token}`, `token=${token.slice(0, -2)}AA`),
      url.replace(/expires=\d+/, `expires=${Number(u.searchParams.get('expires')) + 60}`),
      url.replace(`/${srn}/`, `/${srn.slice(0, -1)}${(Number(srn.slice(-1)) + 1) % 10}/`),
      url.split('?')[0],
    ];
    for (const t of tampered) expect((await download(t)).statusCode, t).toBe(404);
    // An expired link (made for an hour that has passed) is refused.
    const { searchDownloadUrl } = await import('./links.ts');
    const { secretKey } = await import('../../security/crypto.ts');
    const old = searchDownloadUrl(secretKey(p.ctx.config), srn, 'all.json', searcher.userId, Date.now() - 2 * 3600_000);
    expect((await download(old)).statusCode).toBe(404);
    // A link signed for someone else's search does not open this one.
    const forged = searchDownloadUrl(secretKey(p.ctx.config), srn, 'all.json', other.userId);
    expect((await download(forged)).statusCode).toBe(404);
  });

  it("My Searches lists only the caller's searches, pages of 10, 1-based", async () => {
    const all = await signedInject(p.app, searcher, 'GET', `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${searcher.userId}`);
    expect(all.statusCode).toBe(200);
    const body = all.json() as { data: SearchRow[]; totalCount: number; startPage: number };
    const own = (await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM search_requests WHERE user_id = $1`, [searcher.userId])).rows[0]
      .n;
    expect(body.totalCount).toBe(own);
    expect(body.data).toHaveLength(own);
    expect(own).toBeGreaterThan(10);
    const times = body.data.map((r) => r.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    const page2 = (
      await signedInject(
        p.app,
        searcher,
        'GET',
        `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${searcher.userId}&startPage=2&endPage=2`,
      )
    ).json();
    expect(page2.startPage).toBe(2);
    expect(page2.totalCount).toBe(own);
    expect(page2.data.map((r: SearchRow) => r.serviceRequestNumber)).toEqual(body.data.slice(10, 20).map((r) => r.serviceRequestNumber));
    expect(body.data[0].searchCriteria.datasetType).toBeDefined();
    // Someone else's list: 403 unless ADMIN.
    expect(
      (await signedInject(p.app, other, 'GET', `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${searcher.userId}`)).statusCode,
    ).toBe(403);
    const byAdmin = await signedInject(p.app, admin, 'GET', `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${searcher.userId}`);
    expect(byAdmin.json().totalCount).toBe(own);
    const otherList = (
      await signedInject(p.app, other, 'GET', `/ulca/apis/v0/dataset/corpus/search/listByUserId?userId=${other.userId}`)
    ).json();
    expect(otherList.data).toEqual([]);
  });
});
