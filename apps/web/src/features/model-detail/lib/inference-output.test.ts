import { describe, expect, it } from 'vitest';
import { MODEL_NOT_ACCESSIBLE_MESSAGE } from '@ulca/contracts';
import { OutputShapeError, formatScore, outputText, readOutput } from './inference-output.ts';

describe('readOutput (docs/product.md#entities-and-fields inference response fields)', () => {
  it('translation, itn and text-normalization read output[0].target', () => {
    const res = { output: [{ source: 'hello', target: 'नमस्ते' }] };
    expect(readOutput('translation', res)).toEqual({ kind: 'text', text: 'नमस्ते' });
    expect(readOutput('itn', { output: [{ source: 'twenty five', target: '25' }] })).toEqual({ kind: 'text', text: '25' });
    expect(readOutput('text-normalization', { output: [{ source: '25', target: 'twenty five' }] })).toEqual({
      kind: 'text',
      text: 'twenty five',
    });
  });

  it('asr reads output[0].source of model/compute, as every speech task (no wrapped `data`)', () => {
    expect(readOutput('asr', { output: [{ source: 'hello' }], status: 'SUCCESS' })).toEqual({ kind: 'text', text: 'hello' });
  });

  it('ocr reads output[0].source', () => {
    expect(readOutput('ocr', { output: [{ source: 'मुद्रित पाठ' }] })).toEqual({ kind: 'text', text: 'मुद्रित पाठ' });
  });

  it('transliteration reads a list of suggestions or one string', () => {
    expect(readOutput('transliteration', { output: [{ source: 'namaste', target: ['नमस्ते', 'नमस्ती'] }] })).toEqual({
      kind: 'suggestions',
      suggestions: ['नमस्ते', 'नमस्ती'],
    });
    expect(readOutput('transliteration', { output: [{ source: 'namaste', target: 'नमस्ते' }] })).toEqual({
      kind: 'suggestions',
      suggestions: ['नमस्ते'],
    });
  });

  it('tts reads audio[0].audioContent or audioUri', () => {
    expect(readOutput('tts', { audio: [{ audioContent: 'UklGRg==' }] })).toEqual({
      kind: 'audio',
      audioContent: 'UklGRg==',
      audioUri: undefined,
    });
    expect(readOutput('tts', { audio: [{ audioUri: 'https://x.example/a.wav' }] })).toMatchObject({
      kind: 'audio',
      audioUri: 'https://x.example/a.wav',
    });
  });

  it('language detection lists langCode with the language name; gender detection lists genders', () => {
    expect(
      readOutput('txt-lang-detection', { output: [{ source: 'नमस्ते', langPrediction: [{ langCode: 'hi', langScore: 98.5 }] }] }),
    ).toEqual({
      kind: 'languages',
      predictions: [{ code: 'hi', label: 'Hindi', score: 98.5 }],
    });
    expect(readOutput('img-lang-detection', { output: [{ langPrediction: [{ langCode: 'ta' }] }] })).toMatchObject({
      predictions: [{ code: 'ta', label: 'Tamil' }],
    });
    expect(readOutput('audio-gender-detection', { output: [{ genderPrediction: [{ gender: 'female', genderScore: 0.91 }] }] })).toEqual({
      kind: 'genders',
      predictions: [{ gender: 'female', score: 0.91 }],
    });
  });

  it('ner groups the predictions', () => {
    const out = readOutput('ner', {
      output: [
        {
          source: 'Sachin lives in Mumbai',
          nerPrediction: [
            { token: 'Sachin', tag: 'B-PER' },
            { token: 'lives', tag: 'O' },
            { token: 'in', tag: 'O' },
            { token: 'Mumbai', tag: 'B-LOC' },
          ],
        },
      ],
    });
    expect(out).toEqual({
      kind: 'ner',
      source: 'Sachin lives in Mumbai',
      segments: [
        { text: 'Sachin', tag: 'PER' },
        { text: 'lives in', tag: null },
        { text: 'Mumbai', tag: 'LOC' },
      ],
    });
    expect(outputText(out)).toBe('Sachin [PER] lives in Mumbai [LOC]');
  });

  it('refuses an answer with nothing to show, with the spec text (its shape the server checked)', () => {
    expect(() => readOutput('translation', { output: [] })).toThrow(OutputShapeError);
    expect(() => readOutput('tts', { audio: [] })).toThrow(OutputShapeError);
    expect(() => readOutput('transliteration', { output: [{ source: 'x', target: [] }] })).toThrow(OutputShapeError);
    expect(new OutputShapeError().message).toBe(MODEL_NOT_ACCESSIBLE_MESSAGE);
  });
});

describe('formatScore', () => {
  it('shows fractions as percentages and percentages as given', () => {
    expect(formatScore(0.912)).toBe('91.2%');
    expect(formatScore(98.5)).toBe('98.5%');
    expect(formatScore(undefined)).toBeNull();
  });
});
