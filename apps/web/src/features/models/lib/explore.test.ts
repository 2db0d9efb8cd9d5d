import { describe, expect, it } from 'vitest';
import {
  anyLanguageOnly,
  MANDATORY_MESSAGE,
  exploreResults,
  languageOptions,
  matchesExploreFilter,
  sourceOptions,
  targetOptions,
  validateExploreFilter,
} from './explore.ts';
import { testModel } from '../../../test/models.ts';

const translation = [
  testModel({ modelId: 'hi-en', languages: [{ sourceLanguage: 'hi', targetLanguage: 'en' }], publishedOn: 10 }),
  testModel({ modelId: 'hi-ur', languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }], publishedOn: 30 }),
  testModel({
    modelId: 'multi',
    languages: [
      { sourceLanguage: 'en', targetLanguage: 'ta' },
      { sourceLanguage: 'en', targetLanguage: 'hi' },
    ],
    publishedOn: 20,
  }),
  // A pair to itself must never be offered as a target.
  testModel({ modelId: 'odd', languages: [{ sourceLanguage: 'bn', targetLanguage: 'bn' }], publishedOn: 5 }),
];

describe('Explore language lists (docs/product.md#explore-models)', () => {
  it('offers every source of the task, by name', () => {
    expect(sourceOptions(translation).map((o) => o.value)).toEqual(['bn', 'en', 'hi']);
    expect(sourceOptions(translation).find((o) => o.value === 'hi')?.label).toBe('Hindi');
  });

  it('offers only targets some model translates the source into, never the source itself', () => {
    expect(targetOptions(translation, 'hi').map((o) => o.value)).toEqual(['en', 'ur']);
    expect(targetOptions(translation, 'en').map((o) => o.value)).toEqual(['hi', 'ta']);
    expect(targetOptions(translation, 'bn')).toEqual([]);
    expect(targetOptions(translation, '')).toEqual([]);
  });

  it("offers a single-language task's languages as 'Language'", () => {
    const asr = [
      testModel({
        modelId: 'a',
        task: { type: 'asr' },
        languages: [{ sourceLanguage: 'ta' }, { sourceLanguage: 'hi', targetLanguage: null }],
      }),
    ];
    expect(languageOptions(asr).map((o) => o.value)).toEqual(['hi', 'ta']);
  });
});

describe('Explore filter rules (docs/product.md#validation-rules)', () => {
  it('translation needs both languages, other tasks one', () => {
    expect(validateExploreFilter('translation', { source: '', target: '' })).toEqual({
      source: MANDATORY_MESSAGE,
      target: MANDATORY_MESSAGE,
    });
    expect(validateExploreFilter('translation', { source: 'hi', target: '' })).toEqual({ target: MANDATORY_MESSAGE });
    expect(validateExploreFilter('translation', { source: 'hi', target: 'en' })).toEqual({});
    expect(validateExploreFilter('asr', { source: '', target: '' })).toEqual({ target: MANDATORY_MESSAGE });
    expect(validateExploreFilter('asr', { source: '', target: 'hi' })).toEqual({});
  });

  it('matches a translation pair, or a language as source or target for other tasks', () => {
    expect(matchesExploreFilter('translation', translation[2], { source: 'en', target: 'hi' })).toBe(true);
    expect(matchesExploreFilter('translation', translation[2], { source: 'hi', target: 'en' })).toBe(false);
    const tl = testModel({ modelId: 't', task: { type: 'transliteration' }, languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }] });
    expect(matchesExploreFilter('transliteration', tl, { source: '', target: 'hi' })).toBe(true);
    expect(matchesExploreFilter('transliteration', tl, { source: '', target: 'ta' })).toBe(false);
  });

  it('lists results newest first, all of them for an empty filter', () => {
    expect(exploreResults('translation', translation, { source: '', target: '' }).map((m) => m.modelId)).toEqual([
      'hi-ur',
      'multi',
      'hi-en',
      'odd',
    ]);
    expect(exploreResults('translation', translation, { source: 'hi', target: 'ur' }).map((m) => m.modelId)).toEqual(['hi-ur']);
  });
});

describe('models that need no language', () => {
  it("are told apart from a task without models, so the Language box does not say 'No published model yet'", () => {
    const gender = [testModel({ modelId: 'pitch', languages: [] })];
    expect(languageOptions(gender)).toEqual([]);
    expect(anyLanguageOnly(gender)).toBe(true);
    expect(anyLanguageOnly([])).toBe(false);
    expect(anyLanguageOnly([...gender, testModel({ modelId: 'x', languages: [{ sourceLanguage: 'hi', targetLanguage: null }] })])).toBe(
      false,
    );
  });
});
