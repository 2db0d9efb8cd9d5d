import { describe, expect, it } from 'vitest';
import { GLOSSARY_LANGUAGE_OPTIONS, checkGlossaryForm, deletedText, entryId } from './glossary.ts';
import { glossaryPath } from '../../../lib/provider-pages.ts';

describe('glossary form rules (docs/product.md#validation-rules)', () => {
  it('accepts a complete entry, trimmed', () => {
    expect(checkGlossaryForm({ sourceLanguage: 'en', targetLanguage: 'hi', sourceText: 'river  ', targetText: 'नदी ' })).toEqual({
      entry: { sourceLanguage: 'en', targetLanguage: 'hi', sourceText: 'river', targetText: 'नदी' },
    });
  });

  it('says Required field for every missing field (no API field names), and refuses the same language twice and markup', () => {
    expect(checkGlossaryForm({ sourceLanguage: '', targetLanguage: '', sourceText: ' ', targetText: '' })).toEqual({
      errors: {
        sourceLanguage: 'Required field',
        targetLanguage: 'Required field',
        sourceText: 'Required field',
        targetText: 'Required field',
      },
    });
    expect(checkGlossaryForm({ sourceLanguage: 'hi', targetLanguage: 'hi', sourceText: 'a', targetText: 'b' })).toEqual({
      errors: { targetLanguage: 'Target language cannot be the same as source language.' },
    });
    expect(checkGlossaryForm({ sourceLanguage: 'en', targetLanguage: 'hi', sourceText: '<i>a</i>', targetText: 'b' })).toEqual({
      errors: { sourceText: 'HTML or markup is not allowed in glossary text.' },
    });
  });

  it('offers the 23 glossary languages, the spec texts for deletes, and the page path', () => {
    expect(GLOSSARY_LANGUAGE_OPTIONS).toHaveLength(23);
    expect(GLOSSARY_LANGUAGE_OPTIONS.find((l) => l.code === 'gom')?.label).toBe('Goan Konkani');
    expect(deletedText(1)).toBe('Glossary Deleted Successfully');
    expect(deletedText(3)).toBe('Multiple Glossaries Deleted Successfully');
    expect(entryId({ sourceLanguage: 'hi', targetLanguage: 'ur', sourceText: 'राम' })).toBe('hi|ur|राम');
    expect(glossaryPath('Kisan Bot', 'ulca-reference-models')).toBe(
      '/glossary?appName=Kisan+Bot&serviceProviderName=ulca-reference-models',
    );
  });
});
