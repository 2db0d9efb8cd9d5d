import { describe, expect, it } from 'vitest';
import { checkOutput, scriptShare } from './output-check.ts';

const translated = (target: string) => ({ output: [{ source: 'x', target }] });

describe('health output check', () => {
  it('accepts output in the expected script of the target (translation) or the source (asr, ocr)', () => {
    expect(checkOutput('translation', translated('आज नदी शांत है।'), { sourceLanguage: 'en', targetLanguage: 'hi' })).toBeNull();
    expect(checkOutput('translation', translated('இன்று நதி அமைதியாக உள்ளது'), { sourceLanguage: 'en', targetLanguage: 'ta' })).toBeNull();
    expect(checkOutput('translation', translated('আজ নদী শান্ত'), { sourceLanguage: 'hi', targetLanguage: 'as' })).toBeNull();
    expect(checkOutput('translation', translated('آج دریا پرسکون ہے'), { sourceLanguage: 'hi', targetLanguage: 'ur' })).toBeNull();
    expect(checkOutput('asr', { output: [{ source: 'the river is calm' }] }, { sourceLanguage: 'en' })).toBeNull();
    expect(
      checkOutput(
        'transliteration',
        { output: [{ source: 'namaste', target: ['नमस्ते', 'नमस्ते!'] }] },
        { sourceLanguage: 'en', targetLanguage: 'hi' },
      ),
    ).toBeNull();
    // Names in Latin inside Devanagari text stay under the threshold.
    expect(checkOutput('ocr', { output: [{ source: 'राम ने Google पर खोजा और किताब पढ़ी' }] }, { sourceLanguage: 'hi' })).toBeNull();
  });

  it('refuses the wrong script with the script and the language named', () => {
    expect(checkOutput('translation', translated('hi:The river is calm'), { sourceLanguage: 'en', targetLanguage: 'hi' })).toMatch(
      /^The output is not in the Devanagari script expected for hi \(0% of its letters are\)\.$/,
    );
    expect(checkOutput('asr', { output: [{ source: 'नमस्ते' }] }, { sourceLanguage: 'ta' })).toMatch(/Tamil script expected for ta/);
    expect(checkOutput('translation', translated('नमस्ते'), { sourceLanguage: 'hi', targetLanguage: 'en' })).toMatch(
      /Latin script expected for en/,
    );
  });

  it('refuses empty outputs for every task kind', () => {
    expect(checkOutput('translation', { output: [{ source: 'x', target: '  ' }] }, { targetLanguage: 'hi' })).toBe(
      'The model answered an empty output.',
    );
    expect(checkOutput('asr', { output: [] }, { sourceLanguage: 'hi' })).toBe('The model answered an empty output.');
    expect(checkOutput('tts', { audio: [{ audioUri: '' }] }, { sourceLanguage: 'hi' })).toBe('The model answered no audio.');
    expect(checkOutput('tts', { audio: [{ audioContent: 'UklGRg==' }] }, { sourceLanguage: 'hi' })).toBeNull();
    expect(checkOutput('ner', { output: [{ source: 'a', nerPrediction: [] }] }, { sourceLanguage: 'hi' })).toMatch(/no named-entity/);
    expect(checkOutput('txt-lang-detection', { output: [{ source: 'a', langPrediction: [{ langCode: '' }] }] }, {})).toMatch(
      /no language prediction/,
    );
    expect(checkOutput('audio-gender-detection', { output: [{ genderPrediction: [{ gender: 'female' }] }] }, {})).toBeNull();
  });

  it('does not judge the script of digits-only output or of unknown languages', () => {
    expect(scriptShare('12 345', ['Devanagari'])).toBeNull();
    expect(checkOutput('itn', { output: [{ source: 'x', target: '25' }] }, { sourceLanguage: 'hi' })).toBeNull();
    expect(checkOutput('translation', translated('anything'), { sourceLanguage: 'en', targetLanguage: 'mixed' })).toBeNull();
  });
});
