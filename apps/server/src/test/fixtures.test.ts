import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { imageSize } from 'image-size';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_ZIP_EXPECTATIONS,
  FIXTURE_EXPECTATIONS,
  FIXTURES_DIR,
  VALID_FIXTURES,
  ZIP_BOMB_BYTES,
  buildBadZip,
  makeParallelZip,
  zipFixture,
  type BadZipKind,
  type FixtureName,
} from './fixtures.ts';
import { startFixtureServer, type FixtureServer } from './fixture-server.ts';

const DEMO_DIR = path.resolve(import.meta.dirname, '../../demo');
const DEMO_FOLDERS = ['parallel-en-hi', 'monolingual-ta', 'asr-hi'];

type Row = Record<string, unknown>;
type Vertex = { x: number; y: number };

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const rowsOf = (dir: string): Row[] => readJson(path.join(dir, 'data.json')) as Row[];
const paramsOf = (dir: string): Row => readJson(path.join(dir, 'params.json')) as Row;

interface ZipEntryInfo {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

/** Lists a zip's entries and returns the named entries' contents (read fully; small files only). */
function readZip(file: string, want: string[] = []): Promise<{ entries: ZipEntryInfo[]; files: Map<string, Buffer> }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const entries: ZipEntryInfo[] = [];
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve({ entries, files }));
      zip.on('entry', (e: yauzl.Entry) => {
        entries.push({ name: e.fileName, compressedSize: e.compressedSize, uncompressedSize: e.uncompressedSize });
        if (!want.includes(e.fileName)) return zip.readEntry();
        zip.openReadStream(e, (err2, stream) => {
          if (err2 || !stream) return reject(err2 ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (c: Buffer) => parts.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(e.fileName, Buffer.concat(parts));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** Reads a canonical PCM WAV header: sample rate, channels, bits and duration in seconds. */
function wavInfo(file: string): { rate: number; channels: number; bits: number; seconds: number } {
  const b = fs.readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WAVE') throw new Error(`${file} is not a WAV file`);
  let off = 12;
  let fmt: { rate: number; channels: number; bits: number } | null = null;
  while (off + 8 <= b.length) {
    const id = b.toString('latin1', off, off + 4);
    const size = b.readUInt32LE(off + 4);
    if (id === 'fmt ') fmt = { channels: b.readUInt16LE(off + 10), rate: b.readUInt32LE(off + 12), bits: b.readUInt16LE(off + 22) };
    if (id === 'data' && fmt) {
      const dataBytes = Math.min(size, b.length - off - 8);
      return { ...fmt, seconds: dataBytes / (fmt.rate * fmt.channels * (fmt.bits / 8)) };
    }
    off += 8 + size + (size % 2);
  }
  throw new Error(`${file} has no data chunk`);
}

// Letters (not digits or punctuation) must all be in the declared language's script.
const SCRIPT: Record<string, RegExp> = {
  en: /^\p{Script=Latin}$/u,
  hi: /^[\p{Script=Devanagari}\u200c\u200d]$/u,
  mr: /^[\p{Script=Devanagari}\u200c\u200d]$/u,
  bn: /^[\p{Script=Bengali}\u200c\u200d]$/u,
  ta: /^[\p{Script=Tamil}\u200c\u200d]$/u,
};
function inScript(text: string, lang: string): boolean {
  const letters = [...text].filter((c) => /[\p{L}\p{M}]/u.test(c));
  return letters.length > 0 && letters.every((c) => SCRIPT[lang].test(c));
}

/** The texts of a row with the language each must be written in. */
function textsOf(row: Row, params: Row): [string, string][] {
  const langs = params.languages as { sourceLanguage: string; targetLanguage?: string } | undefined;
  if (!langs) return [];
  const out: [string, string][] = [];
  for (const key of ['sourceText', 'text', 'groundTruth']) {
    if (typeof row[key] === 'string') out.push([row[key] as string, langs.sourceLanguage]);
  }
  if (typeof row.targetText === 'string' && langs.targetLanguage) out.push([row.targetText, langs.targetLanguage]);
  return out;
}

const mediaOf = (row: Row): string[] =>
  ['audioFilename', 'imageFilename'].filter((k) => typeof row[k] === 'string').map((k) => row[k] as string);

let tmp: string;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-fixtures-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('fixture datasets', () => {
  const names = Object.keys(FIXTURE_EXPECTATIONS) as FixtureName[];

  it('has a folder with parsable params.json and data.json for every expectation, with the expected row count', () => {
    for (const name of names) {
      const dir = path.join(FIXTURES_DIR, name);
      const params = paramsOf(dir);
      const rows = rowsOf(dir);
      expect(Array.isArray(rows), name).toBe(true);
      const exp = FIXTURE_EXPECTATIONS[name];
      if (exp.outcome === 'processed') {
        expect(rows.length, name).toBe(exp.rows);
        expect(params.datasetType, name).toBe(exp.datasetType);
        expect((params.languages as Row).sourceLanguage, name).toBe(exp.sourceLanguage);
        expect((params.languages as Row).targetLanguage ?? null, name).toBe(exp.targetLanguage);
        const e = exp;
        expect(e.ingest.success + e.ingest.failed, name).toBe(e.rows);
        expect(e.validate.success + e.validate.failed, name).toBe(e.ingest.success);
        expect(e.publish.success + e.publish.failed, name).toBe(e.validate.success);
        const failures = Object.values(e.errors).reduce((a, b) => a + b, 0);
        expect(failures, name).toBe(e.ingest.failed + e.validate.failed + e.publish.failed);
      }
    }
    expect(
      fs
        .readdirSync(FIXTURES_DIR)
        .filter((f) => f !== 'README.md')
        .sort(),
    ).toEqual([...names].sort());
  });

  it('valid fixtures reference only media files that exist, and write every text in its language script', () => {
    for (const name of VALID_FIXTURES) {
      const dir = path.join(FIXTURES_DIR, name);
      const params = paramsOf(dir);
      for (const row of rowsOf(dir)) {
        for (const m of mediaOf(row)) expect(fs.existsSync(path.join(dir, m)), `${name}: ${m}`).toBe(true);
        for (const [text, lang] of textsOf(row, params)) expect(inScript(text, lang), `${name}: "${text}" in ${lang}`).toBe(true);
      }
    }
  });

  it('audio clips are 16 kHz mono 16-bit WAV under 60 KB, and durations match the data and the expectations', () => {
    for (const name of ['asr-valid', 'asr-unlabeled-valid', 'tts-valid', 'asr-missing-audio'] as FixtureName[]) {
      const dir = path.join(FIXTURES_DIR, name);
      let total = 0;
      for (const row of rowsOf(dir)) {
        const file = path.join(dir, row.audioFilename as string);
        if (!fs.existsSync(file) || fs.statSync(file).size < 1000) continue; // the deliberately missing / garbage rows
        const info = wavInfo(file);
        expect(info, file).toMatchObject({ rate: 16000, channels: 1, bits: 16 });
        expect(fs.statSync(file).size).toBeLessThan(60_000);
        if (row.duration !== undefined) expect(Math.abs((row.duration as number) - info.seconds)).toBeLessThan(0.001);
        total += info.seconds;
      }
      const exp = FIXTURE_EXPECTATIONS[name];
      expect(exp.outcome === 'processed' && exp.publishedAudioSeconds).toBeCloseTo(total, 3);
    }
  });

  it('asr-missing-audio has one missing file and one present file that is not audio', () => {
    const dir = path.join(FIXTURES_DIR, 'asr-missing-audio');
    const files = rowsOf(dir).map((r) => path.join(dir, r.audioFilename as string));
    expect(files.filter((f) => !fs.existsSync(f))).toHaveLength(1);
    const garbage = files.filter((f) => fs.existsSync(f) && fs.readFileSync(f).toString('latin1', 0, 4) !== 'RIFF');
    expect(garbage).toHaveLength(1);
  });

  it('bounding boxes lie inside their images, except the one deliberate box of ocr-bbox-outside', () => {
    const outside = (name: FixtureName): number => {
      const dir = path.join(FIXTURES_DIR, name);
      let n = 0;
      for (const row of rowsOf(dir)) {
        const size = imageSize(fs.readFileSync(path.join(dir, row.imageFilename as string)));
        const v = (row.boundingBox as { vertices: Vertex[] }).vertices;
        expect(v).toHaveLength(4);
        if (v.some((p) => p.x < 0 || p.y < 0 || p.x > size.width || p.y > size.height)) n++;
      }
      return n;
    };
    expect(outside('ocr-valid')).toBe(0);
    expect(outside('document-layout-valid')).toBe(0);
    expect(outside('ocr-bbox-outside')).toBe(1);
  });

  it('ner and pos tokens are tokens of the sentence (ner tokenIndex counts from 1)', () => {
    for (const row of rowsOf(path.join(FIXTURES_DIR, 'ner-valid'))) {
      const tokens = (row.sourceText as string).split(' ');
      for (const t of row.nerData as { token: string; tokenIndex: number; tag: string }[]) {
        expect(tokens[t.tokenIndex - 1]).toBe(t.token);
        expect(t.tag).toMatch(/^[BI]-(PER|LOC|ORG)$/);
      }
    }
    const upos = new Set('ADJ ADP ADV AUX CCONJ DET INTJ NOUN NUM PART PRON PROPN PUNCT SCONJ SYM VERB X'.split(' '));
    for (const row of rowsOf(path.join(FIXTURES_DIR, 'pos-valid'))) {
      const data = row.posData as { token: string; tag: string }[];
      expect(data.map((d) => d.token)).toEqual((row.sourceText as string).split(' '));
      for (const d of data) expect(upos.has(d.tag), d.tag).toBe(true);
    }
  });

  it('parallel-all-invalid has every target text outside the Devanagari script', () => {
    for (const row of rowsOf(path.join(FIXTURES_DIR, 'parallel-all-invalid'))) {
      expect(inScript(row.targetText as string, 'hi')).toBe(false);
    }
  });

  it('parallel-valid holds exactly one in-file duplicate pair', () => {
    const keys = rowsOf(path.join(FIXTURES_DIR, 'parallel-valid')).map((r) => `${r.sourceText}\u0000${r.targetText}`);
    expect(keys.length - new Set(keys).size).toBe(1);
  });

  it('the param defects are what the fixture names say', () => {
    expect((paramsOf(path.join(FIXTURES_DIR, 'parallel-invalid-params')).collectionSource as string[]).length).toBe(11);
    expect(paramsOf(path.join(FIXTURES_DIR, 'parallel-unknown-param-value')).license).toBe('free-for-all');
  });

  it('no text is shared between two fixtures or demo datasets (so they never de-duplicate each other)', () => {
    const seen = new Map<string, string>();
    const folders = [
      ...(Object.keys(FIXTURE_EXPECTATIONS) as string[]).map((n) => path.join(FIXTURES_DIR, n)),
      ...DEMO_FOLDERS.map((n) => path.join(DEMO_DIR, n)),
    ];
    for (const dir of folders) {
      for (const row of rowsOf(dir)) {
        const parts = [row.sourceText, row.targetText, row.text, row.groundTruth];
        if (parts.every((p) => p === undefined)) continue;
        const key = JSON.stringify(parts);
        const other = seen.get(key);
        expect(other === undefined || other === dir, `${key} in ${other} and ${dir}`).toBe(true);
        seen.set(key, dir);
      }
    }
  });

  it('the fixtures folder stays under 2 MB', () => {
    const size = (d: string): number =>
      fs
        .readdirSync(d, { withFileTypes: true })
        .reduce((s, e) => s + (e.isDirectory() ? size(path.join(d, e.name)) : fs.statSync(path.join(d, e.name)).size), 0);
    expect(size(FIXTURES_DIR)).toBeLessThan(2 * 1024 * 1024);
  });

  it('zipFixture puts params.json, data.json and the media at the zip root, byte-identically each time', async () => {
    const a = await zipFixture('asr-valid', path.join(tmp, 'a'));
    const b = await zipFixture('asr-valid', path.join(tmp, 'b'));
    expect(fs.readFileSync(a).equals(fs.readFileSync(b))).toBe(true);
    const { entries, files } = await readZip(a, ['data.json']);
    const names = entries.map((e) => e.name);
    expect(names).toContain('params.json');
    const rows = JSON.parse(files.get('data.json')!.toString('utf8')) as Row[];
    for (const r of rows) expect(names).toContain(r.audioFilename);
  });
});

describe('demo datasets', () => {
  it('are a parallel en→hi, a monolingual ta and an asr hi dataset whose texts and media are valid', () => {
    const types = DEMO_FOLDERS.map((n) => paramsOf(path.join(DEMO_DIR, n)).datasetType);
    expect(types).toEqual(['parallel-corpus', 'monolingual-corpus', 'asr-corpus']);
    for (const n of DEMO_FOLDERS) {
      const dir = path.join(DEMO_DIR, n);
      const params = paramsOf(dir);
      const rows = rowsOf(dir);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const m of mediaOf(row)) expect(wavInfo(path.join(dir, m)).seconds).toBeGreaterThan(0.5);
        for (const [text, lang] of textsOf(row, params)) expect(inScript(text, lang), text).toBe(true);
      }
    }
    expect(rowsOf(path.join(DEMO_DIR, 'asr-hi'))).toHaveLength(3);
  });
});

describe('buildBadZip', () => {
  const readable = async (kind: BadZipKind) => readZip(await buildBadZip(kind, tmp), ['params.json', 'data.json']);

  it('not-a-zip cannot be opened as a zip', async () => {
    await expect(readZip(await buildBadZip('not-a-zip', tmp))).rejects.toThrow();
  });

  it('zip-slip holds an entry that climbs out of the extraction folder (yauzl itself refuses the name)', async () => {
    const file = await buildBadZip('zip-slip', tmp);
    await expect(readZip(file)).rejects.toThrow('invalid relative path: ../../zip-slip.txt');
    expect(fs.readFileSync(file).includes(Buffer.from('../../zip-slip.txt'))).toBe(true);
  });

  it('zip-bomb holds an entry of 50 MiB that compresses more than 200:1', async () => {
    const { entries } = await readable('zip-bomb');
    const bomb = entries.find((e) => e.uncompressedSize === ZIP_BOMB_BYTES);
    expect(bomb).toBeDefined();
    expect(bomb!.uncompressedSize / bomb!.compressedSize).toBeGreaterThan(200);
  });

  it('too-many-entries holds the requested number of entries', async () => {
    const { entries } = await readZip(await buildBadZip('too-many-entries', tmp, { entries: 500 }));
    expect(entries).toHaveLength(500);
  });

  it('params and data defects are each the only defect', async () => {
    const missingParams = await readable('params-missing');
    expect([...missingParams.files.keys()]).toEqual(['data.json']);
    const missingData = await readable('data-missing');
    expect([...missingData.files.keys()]).toEqual(['params.json']);
    const malformedParams = await readable('params-malformed');
    expect(() => JSON.parse(malformedParams.files.get('params.json')!.toString())).toThrow();
    expect(Array.isArray(JSON.parse(malformedParams.files.get('data.json')!.toString()))).toBe(true);
    const notArray = await readable('data-not-array');
    const parsed: unknown = JSON.parse(notArray.files.get('data.json')!.toString());
    expect(typeof parsed === 'object' && !Array.isArray(parsed)).toBe(true);
    const malformedData = await readable('data-malformed');
    const text = malformedData.files.get('data.json')!.toString();
    expect(() => JSON.parse(text)).toThrow();
    expect(text.startsWith('[')).toBe(true);
  });

  it('has an expectation for every kind', () => {
    expect(Object.keys(BAD_ZIP_EXPECTATIONS)).toHaveLength(9);
  });
});

describe('makeParallelZip', () => {
  it('writes 1000 distinct valid en→hi rows, the same for the same seed and different for another seed', async () => {
    const file = await makeParallelZip({ rows: 1000, destDir: path.join(tmp, 'gen1'), seed: 'alpha' });
    const again = await makeParallelZip({ rows: 1000, destDir: path.join(tmp, 'gen2'), seed: 'alpha' });
    const other = await makeParallelZip({ rows: 1000, destDir: path.join(tmp, 'gen3'), seed: 'beta' });
    const rowsIn = async (f: string) => {
      const { files } = await readZip(f, ['data.json', 'params.json']);
      return {
        params: JSON.parse(files.get('params.json')!.toString()) as Row,
        rows: JSON.parse(files.get('data.json')!.toString()) as { sourceText: string; targetText: string }[],
      };
    };
    const { params, rows } = await rowsIn(file);
    expect(params.datasetType).toBe('parallel-corpus');
    expect(params.languages).toEqual({ sourceLanguage: 'en', targetLanguage: 'hi' });
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => `${r.sourceText}\u0000${r.targetText}`)).size).toBe(1000);
    for (const r of rows) {
      expect(inScript(r.sourceText, 'en')).toBe(true);
      expect(inScript(r.targetText, 'hi')).toBe(true);
    }
    expect((await rowsIn(again)).rows).toEqual(rows);
    const otherKeys = new Set((await rowsIn(other)).rows.map((r) => r.sourceText));
    expect(rows.filter((r) => otherKeys.has(r.sourceText))).toHaveLength(0);
  });

  it('writes other language pairs in their own scripts and refuses unsupported ones', async () => {
    const file = await makeParallelZip({ rows: 30, destDir: tmp, seed: 'pair', sourceLanguage: 'ta', targetLanguage: 'bn' });
    const { files } = await readZip(file, ['data.json']);
    for (const r of JSON.parse(files.get('data.json')!.toString()) as { sourceText: string; targetText: string }[]) {
      expect(inScript(r.sourceText, 'ta')).toBe(true);
      expect(inScript(r.targetText, 'bn')).toBe(true);
    }
    await expect(makeParallelZip({ rows: 1, destDir: tmp, targetLanguage: 'xx' })).rejects.toThrow(/generated languages/);
  });
});

describe('fixture server', () => {
  let server: FixtureServer;
  let zip: string;
  beforeAll(async () => {
    const root = path.join(tmp, 'served');
    zip = await zipFixture('parallel-valid', root);
    server = await startFixtureServer(root);
  });
  afterAll(() => server.close());

  it('serves a file with its exact bytes and counts the hit', async () => {
    const res = await fetch(server.url('parallel-valid.zip'));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(zip))).toBe(true);
    expect(server.hits('parallel-valid.zip')).toBe(1);
  });

  it('answers 404 for a missing file and for a path outside its root', async () => {
    expect((await fetch(server.url('nope.zip'))).status).toBe(404);
    expect((await fetch(server.url('..%2F..%2Fetc%2Fpasswd'))).status).toBe(404);
  });

  it('redirects /redirect?to= with a 302 and the Location header', async () => {
    const target = server.url('parallel-valid.zip');
    const res = await fetch(server.url(`redirect?to=${encodeURIComponent(target)}`), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
    const followed = await fetch(server.url(`redirect?to=${encodeURIComponent(target)}`));
    expect(followed.status).toBe(200);
  });

  it('sends /slow/<file> completely, and /huge past any small cap', async () => {
    const slow = await fetch(server.url('slow/parallel-valid.zip?bytesPerSecond=200000'));
    expect(Buffer.from(await slow.arrayBuffer()).equals(fs.readFileSync(zip))).toBe(true);
    const huge = await fetch(server.url('huge'));
    const reader = huge.body!.getReader();
    let got = 0;
    while (got < 5 * 1024 * 1024) {
      const { value, done } = await reader.read();
      if (done) break;
      got += value.length;
    }
    await reader.cancel();
    expect(got).toBeGreaterThanOrEqual(5 * 1024 * 1024);
  });
});
