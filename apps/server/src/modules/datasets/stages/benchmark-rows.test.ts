// Benchmark params and rows of the language-detection tasks (benchmark-dataset-schema.yml
// TxtLangDetection / AudioLangDetection rows), checked by the dataset stages.
import { describe, expect, it } from 'vitest';
import { checkBenchmarkParams, createRowChecker } from './rows.ts';

const params = (type: string, extra: Record<string, unknown> = {}) => ({
  name: 'LID benchmark',
  taskType: { type },
  description: 'Language detection',
  languages: null,
  collectionSource: ['written for this test'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'Bench Team' },
  ...extra,
});

describe('language-detection benchmark datasets', () => {
  it("accepts params without languages, and ULCA's misspelt task names", () => {
    const txt = checkBenchmarkParams(params('txt-lang-detetcion'));
    expect(txt).toMatchObject({
      ok: true,
      task: 'txt-lang-detection',
      datasetType: 'monolingual-corpus',
      stored: { taskType: { type: 'txt-lang-detection' } },
    });
    expect(checkBenchmarkParams(params('audio-lang-detection', { format: 'wav' }))).toMatchObject({
      ok: true,
      task: 'audio-lang-detection',
      datasetType: 'asr-corpus',
    });
    // Other tasks still need their languages.
    expect(checkBenchmarkParams(params('ner', { tagsFormat: 'IOB2' }))).toMatchObject({ ok: false, code: 'PARAMS_INVALID' });
  });

  it('checks text rows: langCode (aliases rewritten) is the row language; no script check', () => {
    const p = checkBenchmarkParams(params('txt-lang-detection'));
    if (!p.ok) throw new Error(p.message);
    const checker = createRowChecker(p.datasetType, p.params, p.task);
    expect(checker.mediaFields).toEqual([]);
    const ok = checker.check({ sourceText: ' its  always good ', langCode: 'en' }, 0);
    expect(ok).toMatchObject({ ok: true, sourceLanguage: 'en', data: { sourceText: 'its always good', langCode: 'en' } });
    // Romanised Hindi labelled hi is a fair language-detection row.
    expect(checker.check({ sourceText: 'mera naam Ram hai', langCode: 'hi' }, 1)).toMatchObject({ ok: true, sourceLanguage: 'hi' });
    expect(checker.check({ sourceText: 'ಕನ್ನಡ', langCode: 'ka' }, 2)).toMatchObject({ ok: true, sourceLanguage: 'kn' });
    expect(checker.check({ sourceText: 'x', langCode: 'xx' }, 3)).toMatchObject({ ok: false, stage: 'ingest', code: 'INVALID_VALUE' });
    expect(checker.check({ sourceText: 'hello' }, 4)).toMatchObject({ ok: false, code: 'MISSING_FIELD' });
    expect(checker.check({ sourceText: '  ', langCode: 'en' }, 5)).toMatchObject({ ok: false, stage: 'validate', code: 'EMPTY_TEXT' });
    expect(checker.check({ text: 'hello', langCode: 'en' }, 6)).toMatchObject({
      ok: false,
      code: 'MISSING_FIELD',
      message: expect.stringContaining('sourceText'),
    });
  });

  it('checks audio rows: audioFilename is media, langCode the language', () => {
    const p = checkBenchmarkParams(params('audio-lang-detection', { format: 'wav' }));
    if (!p.ok) throw new Error(p.message);
    const checker = createRowChecker(p.datasetType, p.params, p.task);
    expect(checker.mediaFields).toEqual(['audioFilename']);
    expect(checker.check({ audioFilename: './a/x.wav', langCode: 'en', duration: 2.5 }, 0)).toMatchObject({
      ok: true,
      sourceLanguage: 'en',
      mediaPaths: [{ field: 'audioFilename', path: 'a/x.wav' }],
    });
    expect(checker.check({ audioFilename: 'x.wav', text: 'hello', langCode: 'en' }, 1)).toMatchObject({ ok: false, code: 'UNKNOWN_FIELD' });
  });
});
