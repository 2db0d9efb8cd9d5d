import { describe, expect, it } from 'vitest';
import { initialTryLanguages, readTryLanguageHint, sourceChoices, targetChoices, withSource } from './try-languages.ts';

const apertium = [
  { sourceLanguage: 'hi', targetLanguage: 'ur' },
  { sourceLanguage: 'ur', targetLanguage: 'hi' },
];
const espeak = ['hi', 'ta', 'bn', 'en'].map((sourceLanguage) => ({ sourceLanguage }));
const sanscript = [
  { sourceLanguage: 'en', targetLanguage: 'hi' },
  { sourceLanguage: 'hi', targetLanguage: 'en' },
  { sourceLanguage: 'en', targetLanguage: 'ta' },
  { sourceLanguage: 'ta', targetLanguage: 'en' },
  { sourceLanguage: 'hi', targetLanguage: 'ta' },
  { sourceLanguage: 'ta', targetLanguage: 'hi' },
];

describe('the languages a try panel offers and starts with', () => {
  it('offers every source of the model and, for a pair task, the targets of the chosen source but never the source itself', () => {
    expect(sourceChoices(apertium)).toEqual(['hi', 'ur']);
    expect(targetChoices(apertium, 'ur')).toEqual(['hi']);
    expect(targetChoices([...apertium, { sourceLanguage: 'hi', targetLanguage: 'hi' }], 'hi')).toEqual(['ur']);
    expect(sourceChoices(sanscript)).toEqual(['en', 'hi', 'ta']);
    expect(targetChoices(sanscript, 'hi')).toEqual(['en', 'ta']);
  });

  it('preselects the Explore pair: Apertium Urdu → Hindi, not its first pair', () => {
    expect(initialTryLanguages('translation', apertium, { source: 'ur', target: 'hi' })).toEqual({ source: 'ur', target: 'hi' });
    expect(initialTryLanguages('translation', apertium, {})).toEqual({ source: 'hi', target: 'ur' });
    // A target the model does not write the source into falls back to its first target.
    expect(initialTryLanguages('translation', apertium, { source: 'ur', target: 'ta' })).toEqual({ source: 'ur', target: 'hi' });
    // A source the model does not offer falls back to its first pair.
    expect(initialTryLanguages('translation', apertium, { source: 'ta', target: 'hi' })).toEqual({ source: 'hi', target: 'ur' });
  });

  it('preselects the Explore language of one-language tasks: eSpeak in Tamil, Tesseract in English', () => {
    expect(initialTryLanguages('tts', espeak, { language: 'ta' })).toEqual({ source: 'ta', target: '' });
    expect(initialTryLanguages('ocr', [{ sourceLanguage: 'hi' }, { sourceLanguage: 'en' }], { language: 'en' })).toEqual({
      source: 'en',
      target: '',
    });
    expect(initialTryLanguages('ner', [{ sourceLanguage: 'en' }, { sourceLanguage: 'hi' }], { language: 'xx' })).toEqual({
      source: 'en',
      target: '',
    });
  });

  it('reads a one-language filter on transliteration as writing into that language from Roman letters', () => {
    expect(initialTryLanguages('transliteration', sanscript, { language: 'ta' })).toEqual({ source: 'en', target: 'ta' });
    expect(initialTryLanguages('transliteration', sanscript, { source: 'ta', target: 'en' })).toEqual({ source: 'ta', target: 'en' });
  });

  it('has no language for the detections', () => {
    expect(initialTryLanguages('txt-lang-detection', espeak, { language: 'ta' })).toEqual({ source: '', target: '' });
  });

  it('keeps the target on a new source when the model still offers it, else takes the first', () => {
    expect(withSource(sanscript, { source: 'en', target: 'ta' }, 'hi')).toEqual({ source: 'hi', target: 'ta' });
    expect(withSource(apertium, { source: 'hi', target: 'ur' }, 'ur')).toEqual({ source: 'ur', target: 'hi' });
  });

  it('reads the hint from the page query', () => {
    expect(readTryLanguageHint(new URLSearchParams('source=ur&target=hi'))).toEqual({ source: 'ur', target: 'hi', language: undefined });
    expect(readTryLanguageHint(new URLSearchParams('language=ta&source='))).toEqual({
      source: undefined,
      target: undefined,
      language: 'ta',
    });
  });
});
