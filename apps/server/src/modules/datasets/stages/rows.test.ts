import { describe, it, expect } from 'vitest';
import type { DatasetType } from '@ulca/contracts';
import { checkParams, createRowChecker, normalizeText, recordHash, type RowCheckError, type RowCheckOk } from './rows.ts';

const HI = 'किसान ने खेत में नई फसल बोई';
const EN = 'The farmer sowed a new crop in the field';
const TA = 'மழை இன்று காலை பெய்தது';
const BN = 'আমি প্রতিদিন সকালে বই পড়ি';

const submitter = { name: 'Test Lab', team: [{ name: 'Asha Verma', aboutMe: 'annotator' }] };
const box = {
  vertices: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 40 },
    { x: 0, y: 40 },
  ],
};

/** Valid params of every type, written for these tests. */
const PARAMS: Record<DatasetType, Record<string, unknown>> = {
  'parallel-corpus': {
    datasetType: 'parallel-corpus',
    languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
    collectionSource: ['https://example.org/a'],
    domain: ['agriculture', 'news'],
    license: 'cc-by-4.0',
    submitter,
    collectionMethod: { collectionDescription: ['auto-aligned'], collectionDetails: { alignmentTool: 'LaBSE', alignmentToolVersion: '2' } },
  },
  'monolingual-corpus': {
    datasetType: 'monolingual-corpus',
    languages: { sourceLanguage: 'ta' },
    collectionSource: ['field notes'],
    domain: ['general'],
    license: 'cc0',
    submitter,
  },
  'transliteration-corpus': {
    datasetType: 'transliteration-corpus',
    languages: { sourceLanguage: 'en', targetLanguage: 'hi' },
    collectionSource: ['lab'],
    domain: ['general'],
    license: 'mit',
    submitter,
    collectionMethod: { collectionDescription: ['manual-transliterated'] },
  },
  'glossary-corpus': {
    datasetType: 'glossary-corpus',
    languages: { sourceLanguage: 'en', targetLanguage: 'bn' },
    collectionSource: ['lab'],
    domain: ['legal'],
    license: 'cc-by-sa-4.0',
    submitter,
    level: 'w',
    collectionMethod: { collectionDescription: ['manual-curated'] },
  },
  'asr-corpus': {
    datasetType: 'asr-corpus',
    languages: { sourceLanguage: 'hi' },
    collectionSource: ['studio'],
    domain: ['general'],
    license: 'cc-by-4.0',
    submitter,
    format: 'wav',
    channel: 'mono',
    samplingRate: 16,
    bitsPerSample: 'sixteen',
    gender: 'female',
    collectionMethod: { collectionDescription: ['manual-transcribed'] },
  },
  'asr-unlabeled-corpus': {
    datasetType: 'asr-unlabeled-corpus',
    languages: { sourceLanguage: 'bn' },
    collectionSource: ['radio'],
    domain: ['news'],
    license: 'cc-by-4.0',
    submitter,
    format: 'flac',
  },
  'tts-corpus': {
    datasetType: 'tts-corpus',
    languages: { sourceLanguage: 'ta' },
    collectionSource: ['studio'],
    domain: ['general'],
    license: 'custom-license',
    licenseUrl: 'https://example.org/licence',
    submitter,
    format: 'wav',
    collectionMethod: { collectionDescription: ['studio-recorded'] },
  },
  'ocr-corpus': {
    datasetType: 'ocr-corpus',
    languages: { sourceLanguage: 'hi' },
    collectionSource: ['scans'],
    domain: ['history'],
    license: 'cc-by-4.0',
    submitter,
    format: 'png',
    dpi: '300_dpi',
    imageTextType: 'computer-typed-text',
    collectionMethod: { collectionDescription: ['scanned-ocr'], collectionDetails: { ocrTool: 'tesseract' } },
  },
  'document-layout-corpus': {
    datasetType: 'document-layout-corpus',
    collectionSource: ['scans'],
    license: 'cc-by-4.0',
    submitter,
    format: 'jpeg',
    dpi: '72_dpi',
  },
  'ner-corpus': {
    datasetType: 'ner-corpus',
    languages: { sourceLanguage: 'hi' },
    collectionSource: ['lab'],
    domain: ['news'],
    license: 'cc-by-4.0',
    submitter,
    tagsFormat: 'basic',
    collectionMethod: { collectionDescription: ['manual-curated'] },
  },
  'pos-corpus': {
    datasetType: 'pos-corpus',
    languages: { sourceLanguage: 'en' },
    collectionSource: ['lab'],
    domain: ['general'],
    license: 'cc-by-4.0',
    submitter,
  },
};

/** A valid row of every type. */
const ROWS: Record<DatasetType, Record<string, unknown>> = {
  'parallel-corpus': { sourceText: EN, targetText: HI },
  'monolingual-corpus': { text: TA },
  'transliteration-corpus': { sourceText: 'kisaan', targetText: 'किसान' },
  'glossary-corpus': { sourceText: 'book', targetText: 'বই' },
  'asr-corpus': { audioFilename: 'audio/a1.wav', text: HI, duration: 3.2 },
  'asr-unlabeled-corpus': { audioFilename: 'audio/u1.flac' },
  'tts-corpus': { audioFilename: 't1.wav', text: TA },
  'ocr-corpus': { imageFilename: 'img/p1.png', groundTruth: HI, boundingBox: box },
  'document-layout-corpus': { imageFilename: 'page1.jpg', layoutClass: 'paragraph', boundingBox: box },
  'ner-corpus': {
    sourceText: 'सीता दिल्ली गई',
    nerData: [
      { token: 'सीता', tag: 'PER' },
      { token: 'दिल्ली', tag: 'LOC' },
    ],
  },
  'pos-corpus': {
    sourceText: 'Rain fell',
    posData: [
      { token: 'Rain', tag: 'NOUN' },
      { token: 'fell', tag: 'VERB' },
    ],
  },
};

function checkerFor(type: DatasetType, params: Record<string, unknown> = PARAMS[type]) {
  const p = checkParams(params);
  if (!p.ok) throw new Error(p.message);
  return createRowChecker(p.datasetType, p.params);
}

function okRow(type: DatasetType, row: unknown, params?: Record<string, unknown>): RowCheckOk {
  const r = checkerFor(type, params).check(row, 0);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

function badRow(type: DatasetType, row: unknown, params?: Record<string, unknown>): RowCheckError {
  const r = checkerFor(type, params).check(row, 0);
  if (r.ok) throw new Error('row unexpectedly passed');
  return r;
}

describe('checkParams', () => {
  it.each(Object.keys(PARAMS) as DatasetType[])('accepts valid %s params', (type) => {
    const r = checkParams(PARAMS[type]);
    expect(r).toMatchObject({ ok: true, datasetType: type });
  });

  it('rejects a non-object, a missing and an unknown datasetType', () => {
    expect(checkParams([1])).toEqual({ ok: false, code: 'PARAMS_INVALID', message: 'params.json: must be a JSON object, got array' });
    expect(checkParams({ license: 'mit' })).toMatchObject({ ok: false, message: "params.json: missing required field 'datasetType'" });
    const r = checkParams({ ...PARAMS['parallel-corpus'], datasetType: 'video-corpus' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("field 'datasetType' has invalid value 'video-corpus'; allowed: parallel-corpus");
  });

  it('names unknown keys, also nested ones', () => {
    const r = checkParams({ ...PARAMS['parallel-corpus'], colour: 'red' });
    expect(r).toEqual({ ok: false, code: 'PARAMS_INVALID', message: "params.json: unknown field 'colour'" });
    const n = checkParams({ ...PARAMS['parallel-corpus'], submitter: { name: 'Test Lab', email: 'x@y.z' } });
    expect(n).toMatchObject({ ok: false, message: "params.json: unknown field 'submitter.email'" });
  });

  it('names the enum field and its allowed values', () => {
    const r = checkParams({ ...PARAMS['parallel-corpus'], domain: ['news', 'cooking'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^params\.json: field 'domain\[1\]' has invalid value 'cooking'; allowed: general, news, /);
    const l = checkParams({ ...PARAMS['parallel-corpus'], license: 'beerware' });
    if (!l.ok) expect(l.message).toContain("field 'license' has invalid value 'beerware'");
    const m = checkParams({ ...PARAMS['parallel-corpus'], collectionMethod: { collectionDescription: ['studio-recorded'] } });
    if (!m.ok) expect(m.message).toContain("field 'collectionMethod.collectionDescription[0]' has invalid value 'studio-recorded'");
    expect(l.ok || m.ok).toBe(false);
  });

  it('refuses more than 10 collection sources', () => {
    const sources = Array.from({ length: 11 }, (_, i) => `source ${i}`);
    expect(checkParams({ ...PARAMS['parallel-corpus'], collectionSource: sources })).toMatchObject({
      ok: false,
      message: "params.json: field 'collectionSource' has 11 items; at most 10 allowed",
    });
    expect(checkParams({ ...PARAMS['parallel-corpus'], collectionSource: sources.slice(0, 10) }).ok).toBe(true);
    expect(checkParams({ ...PARAMS['parallel-corpus'], collectionSource: [] })).toMatchObject({
      ok: false,
      message: "params.json: field 'collectionSource' must have at least 1 item",
    });
  });

  it('requires a target language for paired types and refuses one for single-language types', () => {
    expect(checkParams({ ...PARAMS['parallel-corpus'], languages: { sourceLanguage: 'en' } })).toMatchObject({
      ok: false,
      message: "params.json: missing required field 'languages.targetLanguage' (required for parallel-corpus)",
    });
    const r = checkParams({ ...PARAMS['monolingual-corpus'], languages: { sourceLanguage: 'ta', targetLanguage: 'hi' } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain("field 'languages.targetLanguage' is only allowed for");
  });

  it('reports missing fields, wrong types and method-specific required details', () => {
    const { submitter: _s, ...noSubmitter } = PARAMS['monolingual-corpus'];
    expect(checkParams(noSubmitter)).toMatchObject({ ok: false, message: "params.json: missing required field 'submitter'" });
    expect(checkParams({ ...PARAMS['asr-corpus'], samplingRate: '16' })).toMatchObject({
      ok: false,
      message: "params.json: field 'samplingRate' must be a number, got string",
    });
    const r = checkParams({
      ...PARAMS['parallel-corpus'],
      collectionMethod: { collectionDescription: ['machine-translated'], collectionDetails: {} },
    });
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.message).toContain("missing required field 'collectionMethod.collectionDetails.translationModel'");
    expect(checkParams({ ...PARAMS['tts-corpus'], licenseUrl: undefined })).toMatchObject({
      ok: false,
      message: "params.json: missing required field 'licenseUrl' (required when license is 'custom-license')",
    });
  });

  it('lists every problem of params.json in its one message, not only the first', () => {
    const r = checkParams({ ...PARAMS['parallel-corpus'], license: 'x', domain: ['y'] });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/^params\.json: .*'domain\[0\]'.*; .*'license'/);
      expect(r.message).not.toMatch(/more problem/);
    }
  });

  it('rewrites the legacy language alias ka to kn', () => {
    const r = checkParams({ ...PARAMS['ocr-corpus'], languages: { sourceLanguage: 'ka' } });
    expect(r.ok && (r.params.languages as { sourceLanguage: string }).sourceLanguage).toBe('kn');
  });
});

describe('row checker: every type', () => {
  it.each(Object.keys(ROWS) as DatasetType[])('accepts a valid %s row with its dimensions', (type) => {
    const r = okRow(type, ROWS[type]);
    const p = PARAMS[type] as { languages?: { sourceLanguage: string; targetLanguage?: string }; domain?: string[] };
    expect(r.sourceLanguage).toBe(p.languages?.sourceLanguage ?? 'unknown');
    expect(r.targetLanguage).toBe(p.languages?.targetLanguage ?? null);
    expect(r.domain).toBe(p.domain?.[0] ?? 'unspecified');
    expect(r.submitter).toBe('Test Lab');
    expect(r.identity.length).toBeGreaterThan(0);
    expect(r.data.datasetType).toBe(type);
  });

  it('gives the dimensions of a parallel row', () => {
    const r = okRow('parallel-corpus', ROWS['parallel-corpus']);
    expect(r).toMatchObject({
      sourceLanguage: 'en',
      targetLanguage: 'hi',
      domain: 'agriculture',
      collectionMethod: 'auto-aligned',
      submitter: 'Test Lab',
      mediaPaths: [],
    });
    expect(okRow('monolingual-corpus', ROWS['monolingual-corpus']).collectionMethod).toBe('unspecified');
  });

  it('lists the media files rows name, with normalised paths', () => {
    const c = checkerFor('asr-corpus');
    expect(c.mediaFields).toEqual(['audioFilename', 'imageFilename']);
    const r = c.check({ audioFilename: './audio\\a1.wav', imageFilename: 'img/p.jpg', text: HI }, 0);
    expect(r.ok && r.mediaPaths).toEqual([
      { field: 'audioFilename', path: 'audio/a1.wav' },
      { field: 'imageFilename', path: 'img/p.jpg' },
    ]);
    expect(okRow('ocr-corpus', ROWS['ocr-corpus']).mediaPaths).toEqual([{ field: 'imageFilename', path: 'img/p1.png' }]);
    expect(badRow('tts-corpus', { audioFilename: '../../etc/passwd', text: TA })).toMatchObject({
      stage: 'ingest',
      code: 'INVALID_VALUE',
      message: "field 'audioFilename' must be a relative path inside the zip, got '../../etc/passwd'",
    });
  });
});

describe('row checker: ingest errors', () => {
  it('ROW_NOT_OBJECT', () => {
    for (const raw of [null, 'text', 42, [EN, HI]]) {
      expect(badRow('parallel-corpus', raw)).toMatchObject({ stage: 'ingest', code: 'ROW_NOT_OBJECT' });
    }
    expect(badRow('parallel-corpus', [1]).message).toBe('row must be a JSON object, got array');
  });

  it('UNKNOWN_FIELD, including a params-only field put in a text row', () => {
    expect(badRow('parallel-corpus', { ...ROWS['parallel-corpus'], score: 1 })).toEqual({
      ok: false,
      stage: 'ingest',
      code: 'UNKNOWN_FIELD',
      message: "unknown field 'score'",
    });
    expect(badRow('parallel-corpus', { ...ROWS['parallel-corpus'], domain: ['news'] })).toMatchObject({ code: 'UNKNOWN_FIELD' });
  });

  it('MISSING_FIELD', () => {
    expect(badRow('parallel-corpus', { sourceText: EN })).toMatchObject({
      stage: 'ingest',
      code: 'MISSING_FIELD',
      message: "missing required field 'targetText'",
    });
    expect(badRow('ner-corpus', { sourceText: 'सीता', nerData: [{ tag: 'PER' }] })).toMatchObject({
      code: 'MISSING_FIELD',
      message: "missing required field 'nerData[0].token' (a token may give only tokenIndex when the row has sourceText)",
    });
  });

  it('WRONG_TYPE', () => {
    expect(badRow('parallel-corpus', { sourceText: 12, targetText: HI })).toMatchObject({
      stage: 'ingest',
      code: 'WRONG_TYPE',
      message: "field 'sourceText' must be a string, got number",
    });
    expect(badRow('ocr-corpus', { ...ROWS['ocr-corpus'], boundingBox: { vertices: [{ x: '0', y: 0 }] } })).toMatchObject({
      code: 'WRONG_TYPE',
      message: "field 'boundingBox.vertices[0].x' must be a number, got string",
    });
  });

  it('INVALID_VALUE for enum fields of rows', () => {
    expect(badRow('asr-corpus', { ...ROWS['asr-corpus'], gender: 'robot' })).toMatchObject({
      stage: 'ingest',
      code: 'INVALID_VALUE',
    });
    expect(badRow('pos-corpus', { posData: [{ token: 'Rain', tag: 'NN' }] }).message).toMatch(
      /^field 'posData\[0\]\.tag' has invalid value 'NN'; allowed: ADJ, ADP, ADV, /,
    );
    expect(badRow('document-layout-corpus', { ...ROWS['document-layout-corpus'], layoutClass: 'table' })).toMatchObject({
      code: 'INVALID_VALUE',
    });
  });

  it('TOO_MANY_ITEMS for a row list over 10 items', () => {
    const collectionSource = Array.from({ length: 11 }, (_, i) => `s${i}`);
    expect(badRow('asr-corpus', { ...ROWS['asr-corpus'], collectionSource })).toMatchObject({
      stage: 'ingest',
      code: 'TOO_MANY_ITEMS',
      message: "field 'collectionSource' has 11 items; at most 10 allowed",
    });
  });
});

describe('row checker: validate errors', () => {
  it('EMPTY_TEXT for empty and whitespace-only text', () => {
    expect(badRow('parallel-corpus', { sourceText: EN, targetText: '' })).toEqual({
      ok: false,
      stage: 'validate',
      code: 'EMPTY_TEXT',
      message: 'targetText is empty',
    });
    expect(badRow('monolingual-corpus', { text: ' \t\n ' })).toMatchObject({ code: 'EMPTY_TEXT', message: 'text is empty' });
    expect(badRow('ner-corpus', { nerData: [{ token: ' ', tag: 'PER' }] })).toMatchObject({
      code: 'EMPTY_TEXT',
      message: 'nerData[0].token is empty',
    });
  });

  it('TEXT_TOO_SHORT for text without letters', () => {
    expect(badRow('monolingual-corpus', { text: '12, 34 ...' })).toMatchObject({
      stage: 'validate',
      code: 'TEXT_TOO_SHORT',
      message: "text has 0 letters; at least 1 needed: '12, 34 ...'",
    });
  });

  it('WRONG_SCRIPT names the field, the language, the script and the share', () => {
    expect(badRow('parallel-corpus', { sourceText: EN, targetText: TA })).toEqual({
      ok: false,
      stage: 'validate',
      code: 'WRONG_SCRIPT',
      message: "targetText is not in the script of language 'hi' (Devanagari): 0% of letters",
    });
    expect(badRow('glossary-corpus', { sourceText: 'book', targetText: 'पुस्तक' }).message).toBe(
      "targetText is not in the script of language 'bn' (Bengali): 0% of letters",
    );
    expect(badRow('asr-corpus', { audioFilename: 'a.wav', text: EN })).toMatchObject({ code: 'WRONG_SCRIPT' });
    expect(badRow('ocr-corpus', { ...ROWS['ocr-corpus'], groundTruth: BN })).toMatchObject({ code: 'WRONG_SCRIPT' });
  });

  it('allows some Latin in Indic text, and skips languages of unknown script', () => {
    okRow('parallel-corpus', { sourceText: EN, targetText: `${HI} (ICAR)` });
    const mixed = { ...PARAMS['asr-unlabeled-corpus'], languages: { sourceLanguage: 'mixed' } };
    okRow('asr-unlabeled-corpus', ROWS['asr-unlabeled-corpus'], mixed);
    const mixedAsr = { ...PARAMS['asr-corpus'], languages: { sourceLanguage: 'mixed' }, mixedDataSource: 'vaani' };
    okRow('asr-corpus', { audioFilename: 'a.wav', text: EN }, mixedAsr);
    // In a mixed source, the asserted language of the row is checked.
    expect(badRow('asr-corpus', { audioFilename: 'a.wav', text: EN, assertLanguage: 'hi' }, mixedAsr)).toMatchObject({
      code: 'WRONG_SCRIPT',
    });
  });

  it('INVALID_BOUNDING_BOX for too few vertices, negative coordinates or no area', () => {
    const v = box.vertices;
    expect(badRow('document-layout-corpus', { ...ROWS['document-layout-corpus'], boundingBox: { vertices: v.slice(0, 3) } })).toEqual({
      ok: false,
      stage: 'validate',
      code: 'INVALID_BOUNDING_BOX',
      message: 'boundingBox has 3 vertices; at least 4 needed',
    });
    const negative = { vertices: [{ x: -5, y: 0 }, ...v.slice(1)] };
    expect(badRow('ocr-corpus', { ...ROWS['ocr-corpus'], boundingBox: negative }).message).toBe(
      'boundingBox.vertices[0] has a negative coordinate (x=-5, y=0)',
    );
    const flat = {
      vertices: [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 20, y: 0 },
        { x: 30, y: 0 },
      ],
    };
    expect(badRow('document-layout-corpus', { ...ROWS['document-layout-corpus'], boundingBox: flat })).toMatchObject({
      code: 'INVALID_BOUNDING_BOX',
      message: 'boundingBox has zero area',
    });
  });
});

describe('row values override params', () => {
  it('replaces scalars and deep-merges details', () => {
    const r = okRow('asr-corpus', { ...ROWS['asr-corpus'], gender: 'male', channel: 'stereo' });
    expect(r.data).toMatchObject({ gender: 'male', channel: 'stereo', samplingRate: 16, format: 'wav' });

    const p = okRow('parallel-corpus', { ...ROWS['parallel-corpus'], collectionMethod: { collectionDetails: { alignmentScore: 0.87 } } });
    expect(p.data.collectionMethod).toEqual({
      collectionDescription: ['auto-aligned'],
      collectionDetails: { alignmentTool: 'LaBSE', alignmentToolVersion: '2', alignmentScore: 0.87 },
    });
    expect(p.collectionMethod).toBe('auto-aligned');
  });

  it('replaces the whole collection method when the row names its own', () => {
    const own = { collectionDescription: ['manual-translated'], collectionDetails: { editingTool: 'sheet' } };
    const r = okRow('parallel-corpus', { ...ROWS['parallel-corpus'], collectionMethod: own });
    expect(r.data.collectionMethod).toEqual(own);
    expect(r.collectionMethod).toBe('manual-translated');
  });

  it('does not leak one row into the params of the next', () => {
    const c = checkerFor('asr-corpus');
    c.check({ ...ROWS['asr-corpus'], gender: 'male' }, 0);
    const next = c.check(ROWS['asr-corpus'], 1);
    expect(next.ok && next.data.gender).toBe('female');
  });
});

describe('normalisation and identity', () => {
  it('normalises whitespace and Unicode (NFC) before storage', () => {
    expect(normalizeText('  a\t\tb \n c\u00a0 ')).toBe('a b c');
    // "क़" as क + nukta (decomposed) becomes the NFC form.
    expect(normalizeText('\u0915\u093c')).toBe('\u0915\u093c'.normalize('NFC'));
    const r = okRow('parallel-corpus', { sourceText: `  ${EN.replace(/ /g, '   ')} `, targetText: `\n${HI}\t` });
    expect(r.data).toMatchObject({ sourceText: EN, targetText: HI });
  });

  it('gives whitespace variants of a record the same hash, and different texts different hashes', () => {
    const c = checkerFor('parallel-corpus');
    const a = c.check({ sourceText: EN, targetText: HI }, 0);
    const b = c.check({ sourceText: ` ${EN.replace(/ /g, '  ')}\n`, targetText: `${HI} ` }, 1);
    const d = c.check({ sourceText: EN, targetText: 'किसान ने खेत में फसल बोई' }, 2);
    if (!a.ok || !b.ok || !d.ok) throw new Error('rows should pass');
    expect(recordHash(a.identity, [])).toBe(recordHash(b.identity, []));
    expect(recordHash(a.identity, [])).not.toBe(recordHash(d.identity, []));
    expect(recordHash(a.identity, [])).toMatch(/^[0-9a-f]{64}$/);
  });

  it('includes the language pair in the identity of paired types', () => {
    const hi = okRow('parallel-corpus', ROWS['parallel-corpus']);
    const mr = okRow('parallel-corpus', ROWS['parallel-corpus'], {
      ...PARAMS['parallel-corpus'],
      languages: { sourceLanguage: 'en', targetLanguage: 'mr' },
    });
    expect(hi.identity).not.toBe(mr.identity);
  });

  it('distinguishes media records by the media hashes the caller adds', () => {
    const a = okRow('asr-unlabeled-corpus', { audioFilename: 'x.flac' });
    const b = okRow('asr-unlabeled-corpus', { audioFilename: 'y.flac' });
    expect(a.identity).toBe(b.identity);
    expect(recordHash(a.identity, ['aa'])).not.toBe(recordHash(b.identity, ['bb']));
    expect(recordHash(a.identity, ['aa'])).toBe(recordHash(b.identity, ['aa']));
  });

  it('NER and POS identities depend on the tags, not only on the text', () => {
    const a = okRow('ner-corpus', ROWS['ner-corpus']);
    const b = okRow('ner-corpus', {
      sourceText: 'सीता दिल्ली गई',
      nerData: [
        { token: 'सीता', tag: 'PER' },
        { token: 'दिल्ली', tag: 'ORG' },
      ],
    });
    expect(a.identity).not.toBe(b.identity);
    const p = okRow('pos-corpus', { posData: [{ token: ' Rain ', tag: 'NOUN' }] });
    expect(p.data.posData).toEqual([{ token: 'Rain', tag: 'NOUN' }]);
  });
});

describe('real contributor data (issue 8)', () => {
  it("reads the age band '60-100' (the reference examples' spelling) as '61-100', in params and rows", () => {
    const params = { ...PARAMS['asr-corpus'], age: '60-100' };
    const p = checkParams(params);
    expect(p).toMatchObject({ ok: true, params: { age: '61-100' } });
    const row = okRow('asr-corpus', { ...ROWS['asr-corpus'], age: '60-100' });
    expect(row.data.age).toBe('61-100');
    expect(okRow('asr-corpus', { ...ROWS['asr-corpus'], age: '61-100' }).data.age).toBe('61-100');
    // Other bands stay refused.
    expect(badRow('asr-corpus', { ...ROWS['asr-corpus'], age: '60-99' })).toMatchObject({ code: 'INVALID_VALUE' });
  });

  it('takes optional fields given as null as absent, in params and rows', () => {
    const ocr = { ...PARAMS['ocr-corpus'], languages: { sourceLanguage: 'hi', targetLanguage: null }, licenseUrl: null };
    const p = checkParams(ocr);
    expect(p).toMatchObject({ ok: true });
    if (p.ok) expect(p.params.languages).toEqual({ sourceLanguage: 'hi' });
    const row = okRow('ocr-corpus', { ...ROWS['ocr-corpus'], boundingBox: null }, ocr);
    expect(row.data).not.toHaveProperty('boundingBox');
    const asr = okRow('asr-corpus', { ...ROWS['asr-corpus'], speaker: null, snr: { methodType: null } });
    expect(asr.data).not.toHaveProperty('speaker');
  });

  it('still refuses a required field given as null, and a null list item', () => {
    expect(checkParams({ ...PARAMS['parallel-corpus'], license: null })).toMatchObject({
      ok: false,
      message: expect.stringContaining("missing required field 'license'"),
    });
    expect(badRow('parallel-corpus', { sourceText: EN, targetText: null })).toMatchObject({
      code: 'MISSING_FIELD',
      message: expect.stringContaining('targetText'),
    });
    expect(badRow('asr-corpus', { ...ROWS['asr-corpus'], languagesSpoken: [null] })).toMatchObject({ code: 'WRONG_TYPE' });
  });

  it('accepts NER tokens given only by tokenIndex when the row has sourceText', () => {
    const row = okRow('ner-corpus', { sourceText: 'सीता दिल्ली गई', nerData: [{ tokenIndex: 2, tag: 'LOC' }] });
    expect(row.data.nerData).toEqual([{ tokenIndex: 2, tag: 'LOC' }]);
    const other = okRow('ner-corpus', { sourceText: 'सीता दिल्ली गई', nerData: [{ tokenIndex: 1, tag: 'LOC' }] });
    expect(other.identity).not.toBe(row.identity);
    expect(badRow('ner-corpus', { nerData: [{ tokenIndex: 2, tag: 'LOC' }] })).toMatchObject({
      code: 'MISSING_FIELD',
      message: expect.stringContaining('nerData[0].token'),
    });
    expect(badRow('ner-corpus', { sourceText: 'सीता दिल्ली गई', nerData: [{ tag: 'LOC' }] })).toMatchObject({ code: 'MISSING_FIELD' });
  });
});
