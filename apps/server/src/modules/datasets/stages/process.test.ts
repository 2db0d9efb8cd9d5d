import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openArchive, type ArchiveLimits } from './archive.ts';
import { processArchive, SNIPPET_CHARS } from './process.ts';
import { DatasetRejected, type RowEvent } from './types.ts';
import { MONO_PARAMS, monoRows, png, useTempDir, wav, writeZip, type ZipFiles } from '../../../test/dataset-zips.ts';

const LIMITS: ArchiveLimits = { maxUnzippedBytes: 50 * 1024 * 1024, maxCompressionRatio: 200, maxZipEntries: 1000 };
const COMMON = {
  languages: { sourceLanguage: 'hi' },
  collectionSource: ['https://example.org/source'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'Test Team' },
};
const ASR_PARAMS = { ...COMMON, datasetType: 'asr-corpus', format: 'wav' };
const OCR_PARAMS = { ...COMMON, datasetType: 'ocr-corpus', format: 'png', dpi: '72_dpi', imageTextType: 'computer-typed-text' };
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const box = (w: number, h: number) => ({
  vertices: [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: w, y: h },
    { x: 0, y: h },
  ],
});

const tmp = useTempDir();
let counter = 0;

/** Runs the zip of `files` through openArchive + processArchive: the events, and the rejection if any. */
async function run(files: ZipFiles): Promise<{ events: RowEvent[]; rejected: DatasetRejected | null; type?: string }> {
  const archive = await openArchive(await writeZip(tmp.path, `p${counter++}.zip`, files), LIMITS);
  const events: RowEvent[] = [];
  let type: string | undefined;
  try {
    for await (const e of processArchive(archive, { onParams: (t) => (type = t) })) events.push(e);
    return { events, rejected: null, type };
  } catch (err) {
    if (!(err instanceof DatasetRejected)) throw err;
    return { events, rejected: err, type };
  } finally {
    await archive.close();
  }
}

const invalid = (events: RowEvent[]) => events.filter((e) => e.kind === 'invalid');
const valid = (events: RowEvent[]) => events.flatMap((e) => (e.kind === 'valid' ? [e.record] : []));

describe('processArchive, text datasets', () => {
  it('turns each row into a valid record or a row error with a snippet', async () => {
    const rows = [...monoRows(2), { text: 'x', speaker: 'not a monolingual field' }, { text: 'a'.repeat(500) }];
    const { events, rejected, type } = await run({ 'params.json': MONO_PARAMS, 'data.json': rows });
    expect(rejected).toBeNull();
    expect(type).toBe('monolingual-corpus');
    expect(events.map((e) => e.kind)).toEqual(['valid', 'valid', 'invalid', 'invalid']);
    const [first] = valid(events);
    expect(first).toMatchObject({
      seq: 0,
      sourceLanguage: 'hi',
      targetLanguage: null,
      domain: 'news',
      submitter: 'Test Team',
      durationSeconds: null,
      media: [],
    });
    expect(first.data.text).toBe(monoRows(1)[0].text);
    expect(first.hash).toMatch(/^[0-9a-f]{64}$/);
    const bad = invalid(events);
    expect(bad[0]).toMatchObject({ seq: 2, stage: 'ingest', snippet: JSON.stringify(rows[2]) });
    expect(bad[1]).toMatchObject({ seq: 3 });
    if (bad[1].kind === 'invalid') {
      expect(bad[1].snippet).toHaveLength(SNIPPET_CHARS);
      expect(bad[1].snippet.endsWith('…')).toBe(true);
    }
  });

  it('gives identical rows the same hash', async () => {
    const { events } = await run({ 'params.json': MONO_PARAMS, 'data.json': [monoRows(1)[0], monoRows(1)[0]] });
    const [a, b] = valid(events);
    expect(a.hash).toBe(b.hash);
  });

  it('fails the dataset when params.json breaks its schema', async () => {
    const { events, rejected } = await run({ 'params.json': { ...MONO_PARAMS, datasetType: 'poetry-corpus' }, 'data.json': monoRows(1) });
    expect(events).toEqual([]);
    expect([rejected?.stage, rejected?.code]).toEqual(['ingest', 'PARAMS_INVALID']);
  });

  it('keeps the events before malformed JSON and then rejects', async () => {
    const data = `[${JSON.stringify(monoRows(1)[0])}, ${JSON.stringify(monoRows(2)[1])}, {"text": }]`;
    const { events, rejected } = await run({ 'params.json': MONO_PARAMS, 'data.json': data });
    expect(valid(events)).toHaveLength(2);
    expect(rejected?.code).toBe('DATA_MALFORMED_JSON');
    expect(rejected?.message).toMatch(/at record 3/);
  });
});

describe('processArchive, audio datasets', () => {
  it('measures duration, hashes the audio and keys it by content', async () => {
    const audio = wav(2);
    const { events } = await run({
      'params.json': ASR_PARAMS,
      'data.json': [{ audioFilename: 'clips/one.wav', text: 'पहली रिकॉर्डिंग' }],
      'clips/one.wav': audio,
    });
    const [record] = valid(events);
    expect(record.durationSeconds).toBeCloseTo(2, 3);
    expect(record.data.audioFilename).toBe('clips/one.wav');
    expect(record.data.audioFilenameHash).toBe(sha256(audio));
    expect(record.media).toEqual([{ key: `media/${sha256(audio)}.wav`, bytes: audio }]);
  });

  it('uses the startTime–endTime span of auto-aligned segments of one file', async () => {
    const long = wav(10);
    const { events } = await run({
      'params.json': ASR_PARAMS,
      'data.json': [
        { audioFilename: 'long.wav', text: 'पहला खंड', startTime: '00:00:00', endTime: '00:00:2.5' },
        { audioFilename: 'long.wav', text: 'दूसरा खंड', startTime: '00:00:2.5', endTime: '00:00:06' },
        { audioFilename: 'long.wav', text: 'तीसरा खंड', startTime: '00:00:06', endTime: '00:00:30' },
      ],
      'long.wav': long,
    });
    expect(valid(events).map((r) => r.durationSeconds)).toEqual([2.5, 3.5]);
    expect(invalid(events)[0]).toMatchObject({ seq: 2, stage: 'validate', code: 'DURATION_INVALID' });
    // Segments of one file share the audio but are different records.
    const [a, b] = valid(events);
    expect(a.hash).not.toBe(b.hash);
  });

  it('reports missing and unreadable audio as validate errors of the row', async () => {
    const { events } = await run({
      'params.json': ASR_PARAMS,
      'data.json': [
        { audioFilename: 'absent.wav', text: 'गायब फ़ाइल' },
        { audioFilename: 'noise.wav', text: 'खराब फ़ाइल' },
        { audioFilename: 'ok.wav', text: 'अच्छी फ़ाइल' },
      ],
      'noise.wav': Buffer.from('this is text pretending to be a wav file'),
      'ok.wav': wav(1),
    });
    expect(invalid(events).map((e) => e.kind === 'invalid' && [e.seq, e.stage, e.code])).toEqual([
      [0, 'validate', 'MEDIA_MISSING'],
      [1, 'validate', 'MEDIA_UNREADABLE'],
    ]);
    expect(invalid(events)[0]).toMatchObject({ message: expect.stringMatching(/"absent\.wav" is not in the zip/) });
    expect(valid(events)).toHaveLength(1);
  });

  it('record hash covers the identity and the audio bytes', async () => {
    const audio = wav(1);
    const { events } = await run({ 'params.json': ASR_PARAMS, 'data.json': [{ audioFilename: 'a.wav', text: 'एक वाक्य' }], 'a.wav': audio });
    const [record] = valid(events);
    // Same text, other audio → other hash.
    const other = await run({ 'params.json': ASR_PARAMS, 'data.json': [{ audioFilename: 'a.wav', text: 'एक वाक्य' }], 'a.wav': wav(1.2) });
    expect(valid(other.events)[0].hash).not.toBe(record.hash);
  });
});

describe('processArchive, image datasets', () => {
  it('accepts a box inside the image and rejects one outside it', async () => {
    const image = png(40, 10);
    const { events } = await run({
      'params.json': OCR_PARAMS,
      'data.json': [
        { imageFilename: 'line.png', groundTruth: 'पंक्ति एक', boundingBox: box(40, 10) },
        { imageFilename: 'line.png', groundTruth: 'पंक्ति दो', boundingBox: box(400, 10) },
      ],
      'line.png': image,
    });
    const [record] = valid(events);
    expect(record.media[0].key).toBe(`media/${sha256(image)}.png`);
    expect(record.data.imageFilenameHash).toBe(sha256(image));
    expect(record.durationSeconds).toBeNull();
    expect(invalid(events)).toEqual([
      expect.objectContaining({
        seq: 1,
        stage: 'validate',
        code: 'BOUNDING_BOX_OUTSIDE_IMAGE',
        message: 'Bounding box vertex (400, 0) is outside image "line.png" of 40×10 pixels.',
      }),
    ]);
  });

  it('reports an image that cannot be decoded', async () => {
    const { events } = await run({
      'params.json': OCR_PARAMS,
      'data.json': [{ imageFilename: 'broken.png', groundTruth: 'टूटी छवि', boundingBox: box(1, 1) }],
      'broken.png': Buffer.from('not a png'),
    });
    expect(events).toEqual([expect.objectContaining({ kind: 'invalid', stage: 'validate', code: 'MEDIA_UNREADABLE' })]);
  });
});
