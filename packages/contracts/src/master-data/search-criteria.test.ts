import { describe, expect, it } from 'vitest';
import { DATASET_FILTER_PARAMS, MANDATORY_MESSAGE, PICKER_DATASET_TYPES, SINGLE_VALUE_FILTERS, validateSearchCriteria } from '../index.ts';

describe('validateSearchCriteria', () => {
  it('normalises a valid parallel search', () => {
    const r = validateSearchCriteria('parallel-corpus', {
      sourceLanguage: ['en'],
      targetLanguage: ['hi', 'ta'],
      domain: ['news'],
      minScore: '0.5',
      alignmentTool: ['LaBSE'],
      multipleContributors: true,
      license: [],
    });
    expect(r).toEqual({
      ok: true,
      value: {
        datasetType: 'parallel-corpus',
        sourceLanguage: ['en'],
        targetLanguage: ['hi', 'ta'],
        lists: { domain: ['news'], alignmentTool: ['LaBSE'] },
        numbers: { minScore: 0.5 },
        multipleContributors: true,
        originalSourceSentence: false,
        mixedDataSource: null,
      },
    });
  });

  it('requires both languages for text pairs and one language otherwise', () => {
    expect(validateSearchCriteria('glossary-corpus', { targetLanguage: ['hi'] })).toEqual({
      ok: false,
      errors: [{ field: 'sourceLanguage', message: MANDATORY_MESSAGE }],
    });
    expect(validateSearchCriteria('parallel-corpus', { sourceLanguage: ['en'] })).toEqual({
      ok: false,
      errors: [{ field: 'targetLanguage', message: MANDATORY_MESSAGE }],
    });
    expect(validateSearchCriteria('ocr-corpus', {})).toEqual({
      ok: false,
      errors: [{ field: 'targetLanguage', message: MANDATORY_MESSAGE }],
    });
    const mono = validateSearchCriteria('tts-corpus', { sourceLanguage: ['ta'], targetLanguage: null });
    expect(mono.ok && mono.value.sourceLanguage).toEqual(['ta']);
  });

  it('refuses filters outside the catalogue, inactive filters and values outside the options', () => {
    const r = validateSearchCriteria('ner-corpus', {
      targetLanguage: ['hi'],
      submitterName: ['x'],
      collectionSource: ['y'],
      gender: ['male'],
      license: ['nope'],
    });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.field).sort()).toEqual(['collectionSource', 'gender', 'license', 'submitterName']);
    const range = validateSearchCriteria('tts-corpus', { targetLanguage: ['ta'], minAge: 60, maxAge: 20 });
    expect(range).toEqual({ ok: false, errors: [{ field: 'maxAge', message: 'The maximum must not be less than the minimum.' }] });
    expect(validateSearchCriteria('parallel-corpus', { sourceLanguage: ['en'], targetLanguage: ['hi'], minScore: [0.5, 0.6] }).ok).toBe(
      false,
    );
    expect(validateSearchCriteria('monolingual-corpus', { targetLanguage: ['hi'], mixedDataSource: true }).ok).toBe(false);
    expect(validateSearchCriteria('asr-corpus', { targetLanguage: ['mixed'], mixedDataSource: 'vaani', assertLanguage: ['hi'] }).ok).toBe(
      true,
    );
  });

  it('every single-value filter of the catalogue takes numbers', () => {
    for (const t of DATASET_FILTER_PARAMS) {
      for (const f of t.filters.filter((f) => SINGLE_VALUE_FILTERS.includes(f.value))) {
        expect(f, `${t.datasetType}.${f.value}`).toMatchObject({ input: 'single-select', type: 'number' });
        expect(f.options.every((o) => typeof o.value === 'number')).toBe(true);
      }
    }
  });
});

describe('searchable dataset types', () => {
  it("are the pickers' one list of dataset types, in its order (ten: document layout has no search filters)", () => {
    expect(DATASET_FILTER_PARAMS.map((p) => p.datasetType)).toEqual(PICKER_DATASET_TYPES);
    expect(PICKER_DATASET_TYPES).toHaveLength(10);
  });
});
