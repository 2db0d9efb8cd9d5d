import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonDeeperThan, MAX_JSON_DEPTH, openArchive, MediaReadError, type ArchiveLimits, type DatasetArchive } from './archive.ts';
import { DatasetRejected } from './types.ts';
import {
  forgeDeclaredSize,
  MONO_PARAMS,
  monoRows,
  patchBytes,
  useTempDir,
  writeZip,
  zipBuffer,
  type ZipFiles,
} from '../../../test/dataset-zips.ts';

const LIMITS: ArchiveLimits = { maxUnzippedBytes: 50 * 1024 * 1024, maxCompressionRatio: 200, maxZipEntries: 100 };

const tmp = useTempDir();

let counter = 0;
const zipOf = (files: ZipFiles) => writeZip(tmp.path, `z${counter++}.zip`, files);

/** The DatasetRejected that `promise` fails with (fails the test when it resolves). */
async function rejection(promise: Promise<unknown>): Promise<DatasetRejected> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DatasetRejected);
    return err as DatasetRejected;
  }
  throw new Error('expected a DatasetRejected');
}

async function collect(archive: DatasetArchive): Promise<{ rows: unknown[]; error: DatasetRejected | null }> {
  const rows: unknown[] = [];
  try {
    for await (const { seq, raw } of archive.rows()) {
      expect(seq).toBe(rows.length);
      rows.push(raw);
    }
    return { rows, error: null };
  } catch (err) {
    expect(err).toBeInstanceOf(DatasetRejected);
    return { rows, error: err as DatasetRejected };
  } finally {
    await archive.close();
  }
}

describe('openArchive guards', () => {
  it('rejects a file that is not a zip', async () => {
    const file = path.join(tmp.path, 'not.zip');
    await fsp.writeFile(file, 'this is plain text, not a zip archive');
    const err = await rejection(openArchive(file, LIMITS));
    expect([err.stage, err.code]).toEqual(['ingest', 'NOT_A_ZIP']);
    expect(err.message).toMatch(/not a readable zip/);
  });

  it('rejects a truncated zip', async () => {
    const bytes = await zipBuffer({ 'params.json': MONO_PARAMS, 'data.json': monoRows(3) });
    const file = path.join(tmp.path, 'truncated.zip');
    await fsp.writeFile(file, bytes.subarray(0, bytes.length - 30));
    expect((await rejection(openArchive(file, LIMITS))).code).toBe('NOT_A_ZIP');
  });

  it.each([
    ['xx/escape.txt', '../escape.txt', /"\.\.\/escape\.txt" contains "\.\."/],
    ['xetc/passwd', '/etc/passwd', /is an absolute path/],
    ['a/b/evil.txt', 'a\\..\\evil.tx', /contains a backslash/],
  ])('rejects the zip-slip entry name %s → %s', async (placeholder, forged, message) => {
    const bytes = await zipBuffer({ 'params.json': MONO_PARAMS, 'data.json': monoRows(1), [placeholder]: 'x' });
    const file = path.join(tmp.path, `slip${counter++}.zip`);
    await fsp.writeFile(file, patchBytes(bytes, placeholder, forged));
    const err = await rejection(openArchive(file, LIMITS));
    expect(err.code).toBe('ZIP_SLIP');
    expect(err.message).toMatch(message);
  });

  it('rejects too many entries', async () => {
    const files: ZipFiles = { 'params.json': MONO_PARAMS, 'data.json': monoRows(1) };
    for (let i = 0; i < 5; i++) files[`extra/${i}.txt`] = `${i}`;
    const err = await rejection(openArchive(await zipOf(files), { ...LIMITS, maxZipEntries: 6 }));
    expect(err.code).toBe('TOO_MANY_ENTRIES');
    expect(err.message).toBe('The zip holds 7 entries; at most 6 are allowed.');
  });

  it('rejects an entry whose compression ratio is over the cap', async () => {
    const file = await zipOf({ 'params.json': MONO_PARAMS, 'data.json': monoRows(1), 'padding.bin': Buffer.alloc(4 * 1024 * 1024) });
    const err = await rejection(openArchive(file, LIMITS));
    expect(err.code).toBe('ZIP_BOMB');
    expect(err.message).toMatch(/"padding\.bin" expands \d+ times .* at most 200 is allowed/);
  });

  it('rejects a zip whose total uncompressed size is over the cap', async () => {
    const file = await zipOf({ 'params.json': MONO_PARAMS, 'data.json': monoRows(200) });
    const err = await rejection(openArchive(file, { ...LIMITS, maxUnzippedBytes: 2000 }));
    expect(err.code).toBe('ZIP_BOMB');
    expect(err.message).toMatch(/more than 2000 bytes/);
  });

  it('stops an entry that inflates beyond the size its header declares', async () => {
    const honest = await zipBuffer({ 'params.json': MONO_PARAMS, 'data.json': monoRows(500) });
    const file = path.join(tmp.path, 'liar.zip');
    await fsp.writeFile(file, forgeDeclaredSize(honest, 'data.json', 100));
    const { error } = await collect(await openArchive(file, LIMITS));
    expect(error?.code).toBe('ZIP_BOMB');
    expect(error?.message).toMatch(/"data\.json" expands beyond its declared size/);
  });

  it('rejects a zip without params.json', async () => {
    const err = await rejection(openArchive(await zipOf({ 'data.json': monoRows(1) }), LIMITS));
    expect(err.code).toBe('PARAMS_MISSING');
  });

  it('rejects params.json that is not JSON, saying where', async () => {
    const err = await rejection(
      openArchive(await zipOf({ 'params.json': '{\n  "datasetType": "monolingual-corpus",\n  oops\n}', 'data.json': '[]' }), LIMITS),
    );
    expect(err.code).toBe('PARAMS_INVALID');
    expect(err.message).toMatch(/^params\.json is not valid JSON at line 3, column 3/);
  });

  it('rejects a zip without data.json or data.csv', async () => {
    const err = await rejection(openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'readme.txt': 'hi' }), LIMITS));
    expect(err.code).toBe('DATA_MISSING');
    expect(err.message).toMatch(/neither data\.json nor data\.csv/);
  });
});

describe('DatasetArchive.rows', () => {
  it('streams the records of data.json in order', async () => {
    const archive = await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': monoRows(3) }), LIMITS);
    expect(archive.rawParams).toEqual(MONO_PARAMS);
    const { rows, error } = await collect(archive);
    expect(error).toBeNull();
    expect(rows).toEqual(monoRows(3));
  });

  it('reads a zip made by zipping a folder (files one level down)', async () => {
    const archive = await openArchive(
      await zipOf({
        'my-dataset/params.json': MONO_PARAMS,
        'my-dataset/data.json': monoRows(2),
        'my-dataset/audio/a.txt': 'A',
        '__MACOSX/my-dataset/._data.json': 'x',
      }),
      LIMITS,
    );
    expect(archive.rawParams).toEqual(MONO_PARAMS);
    expect((await archive.readMedia('audio/a.txt'))?.toString()).toBe('A');
    expect((await collect(archive)).rows).toHaveLength(2);
  });

  it('rejects data.json that is not an array', async () => {
    const { rows, error } = await collect(
      await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': { text: 'x' } }), LIMITS),
    );
    expect(rows).toEqual([]);
    expect(error?.code).toBe('DATA_NOT_ARRAY');
    expect(error?.message).toMatch(/must hold a JSON array/);
  });

  it('rejects an empty data.json', async () => {
    const { error } = await collect(await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': '  \n' }), LIMITS));
    expect(error?.code).toBe('DATA_NOT_ARRAY');
    expect(error?.message).toMatch(/is empty/);
  });

  it('yields the good records before malformed JSON, then says at which record and line', async () => {
    const data = '[\n  {"text": "पहला वाक्य"},\n  {"text": "दूसरा वाक्य"},\n  {"text": "तीसरा" "oops"},\n  {"text": "चौथा"}\n]';
    const { rows, error } = await collect(await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': data }), LIMITS));
    expect(rows).toEqual([{ text: 'पहला वाक्य' }, { text: 'दूसरा वाक्य' }]);
    expect(error?.code).toBe('DATA_MALFORMED_JSON');
    expect(error?.message).toMatch(/^data\.json is not valid JSON at record 3 \(line 4, column \d+\): expected ','/);
  });

  it('reads data.csv with columns from the header, dotted headers nested', async () => {
    const csv = 'text,submitter.name\r\n"वाक्य, एक",Team A\r\nवाक्य दो,Team B\r\n';
    const archive = await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.csv': csv }), LIMITS);
    expect(archive.dataFile).toBe('data.csv');
    const { rows, error } = await collect(archive);
    expect(error).toBeNull();
    expect(rows).toEqual([
      { text: 'वाक्य, एक', submitter: { name: 'Team A' } },
      { text: 'वाक्य दो', submitter: { name: 'Team B' } },
    ]);
  });

  it('rejects a data.csv row with the wrong number of columns', async () => {
    const { rows, error } = await collect(
      await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.csv': 'text,speaker\na,b\nc\n' }), LIMITS),
    );
    expect(rows).toHaveLength(1);
    expect(error?.code).toBe('DATA_MALFORMED_CSV');
  });
});

describe('deep JSON (JSON_TOO_DEEP)', () => {
  /** `n` nested arrays: the shape of the 200 KB file that overflowed the stack. */
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

  it('jsonDeeperThan counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDeeperThan('[{"a":[1]}]', 3)).toBe(false);
    expect(jsonDeeperThan('[{"a":[[1]]}]', 3)).toBe(true);
    expect(jsonDeeperThan('{"a":"[[[[[[\\"[[["}', 1)).toBe(false);
    expect(jsonDeeperThan(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
  });

  it('refuses a data.json record of 100,000 nested arrays after the records before it, naming the record', async () => {
    const data = `[{"text": "पहला वाक्य"}, ${nested(100_000)}, {"text": "never read"}]`;
    const { rows, error } = await collect(await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': data }), LIMITS));
    expect(rows).toEqual([{ text: 'पहला वाक्य' }]);
    expect(error?.code).toBe('JSON_TOO_DEEP');
    expect(error?.stage).toBe('ingest');
    expect(error?.message).toBe(
      `data.json nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep in record 2; at most ${MAX_JSON_DEPTH} are allowed.`,
    );
  });

  it('accepts nesting up to the limit and refuses one level more', async () => {
    // The top-level array is level 1: a record may hold MAX_JSON_DEPTH - 1 levels.
    const ok = await collect(
      await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': `[${nested(MAX_JSON_DEPTH - 1)}]` }), LIMITS),
    );
    expect(ok.error).toBeNull();
    expect(ok.rows).toHaveLength(1);
    const deep = await collect(
      await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': `[${nested(MAX_JSON_DEPTH)}]` }), LIMITS),
    );
    expect(deep.error?.code).toBe('JSON_TOO_DEEP');
  });

  it('refuses a deep params.json when the zip is opened', async () => {
    const params = `{"datasetType": "monolingual-corpus", "x": ${nested(100_000)}}`;
    const error = await rejection(openArchive(await zipOf({ 'params.json': params, 'data.json': monoRows(1) }), LIMITS));
    expect(error.code).toBe('JSON_TOO_DEEP');
    expect(error.message).toMatch(/^params\.json nests arrays and objects more than 64 levels deep/);
  });

  it('refuses data.csv headers that would nest deeper than the limit', async () => {
    const header = Array.from({ length: MAX_JSON_DEPTH + 1 }, (_, i) => `k${i}`).join('.');
    const { error } = await collect(
      await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.csv': `text,${header}\na,b\n` }), LIMITS),
    );
    expect(error?.code).toBe('JSON_TOO_DEEP');
  });
});

describe('DatasetArchive.readMedia', () => {
  it('finds files relative to the data folder and refuses paths that leave it', async () => {
    const archive = await openArchive(
      await zipOf({ 'ds/params.json': MONO_PARAMS, 'ds/data.json': '[]', 'ds/audio/x.wav': 'X', 'secret.txt': 'S' }),
      LIMITS,
    );
    try {
      expect((await archive.readMedia('audio/x.wav'))?.toString()).toBe('X');
      expect((await archive.readMedia('./audio/x.wav'))?.toString()).toBe('X');
      expect(await archive.readMedia('audio/missing.wav')).toBeNull();
      expect(await archive.readMedia('../secret.txt')).toBeNull();
      expect(await archive.readMedia('/secret.txt')).toBeNull();
      expect(await archive.readMedia('audio\\..\\..\\secret.txt')).toBeNull();
    } finally {
      await archive.close();
    }
  });

  it('reports a media file over the size cap as unreadable, not as a rejection', async () => {
    const archive = await openArchive(await zipOf({ 'params.json': MONO_PARAMS, 'data.json': '[]', 'big.wav': Buffer.alloc(5000, 1) }), {
      ...LIMITS,
      maxMediaBytes: 1000,
    });
    await expect(archive.readMedia('big.wav')).rejects.toBeInstanceOf(MediaReadError);
    await archive.close();
  });
});
