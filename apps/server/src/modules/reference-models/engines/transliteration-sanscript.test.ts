/**
 * Sanscript transliteration engine: round trips between scripts and romanisation on words the
 * rules can carry both ways, the losses the card states (Tamil), every listed pair answering in
 * its target script, and bad input refused with the engine still usable. Dictionaries off: these
 * are the strict readings.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inferenceRequestSchemas, inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createTransliterationSanscriptEngine } from './transliteration-sanscript.ts';

const log = { info() {}, warn() {}, error() {} };
// The rule set alone: the dictionary ranking has its own tests (transliteration-lexicon.test.ts).
const engine = createTransliterationSanscriptEngine({ cacheDir: '/tmp', log }, { dictionaries: false });

/** Calls the engine like the server does (request validated first) and checks the answer's shape. */
async function suggestions(source: string, from: string, to: string, numSuggestions?: number): Promise<string[]> {
  const request = inferenceRequestSchemas.transliteration.parse({
    input: [{ source }],
    config: { language: { sourceLanguage: from, targetLanguage: to }, ...(numSuggestions ? { numSuggestions } : {}) },
  });
  const answer = await engine.infer(request);
  inferenceResponseSchemas.transliteration.parse(answer);
  expect(answer.output).toHaveLength(1);
  expect(answer.output[0].source).toBe(source);
  const target = answer.output[0].target;
  expect(Array.isArray(target)).toBe(true);
  return target as string[];
}
const t = async (source: string, from: string, to: string) => (await suggestions(source, from, to))[0];

// Unicode block of each served language's script, to check an answer is written in it.
const BLOCK: Record<string, RegExp> = {
  hi: /[\u0900-\u097f]/u,
  mr: /[\u0900-\u097f]/u,
  sa: /[\u0900-\u097f]/u,
  ne: /[\u0900-\u097f]/u,
  bn: /[\u0980-\u09ff]/u,
  as: /[\u0980-\u09ff]/u,
  pa: /[\u0a00-\u0a7f]/u,
  gu: /[\u0a80-\u0aff]/u,
  or: /[\u0b00-\u0b7f]/u,
  ta: /[\u0b80-\u0bff]/u,
  te: /[\u0c00-\u0c7f]/u,
  kn: /[\u0c80-\u0cff]/u,
  ml: /[\u0d00-\u0d7f]/u,
  en: /^[\p{Script=Latin}\s.~^']+$/u,
};

describe('transliteration-sanscript', () => {
  beforeAll(() => engine.warm());

  it('romanises Hindi as ITRANS (IAST as a second suggestion) and reads ITRANS back', async () => {
    expect(await suggestions('नमस्ते भारत', 'hi', 'en', 2)).toEqual(['namaste bhArata', 'namaste bhārata']);
    expect(await suggestions('नमस्ते भारत', 'hi', 'en')).toEqual(['namaste bhArata']);
    expect(await t('namaste bhArata', 'en', 'hi')).toBe('नमस्ते भारत');
    for (const word of ['नमस्ते', 'भारत', 'संस्कृत', 'क्षत्रिय', 'ज्ञान', 'दिल्ली', 'मराठी', 'कृष्ण', 'हिन्दी', 'रामायण', 'क़िला']) {
      const roman = await t(word, 'hi', 'en');
      expect(roman).toMatch(/^[\x20-\x7e]+$/);
      expect(await t(roman, 'en', 'hi'), `${word} → ${roman}`).toBe(word.normalize('NFC'));
    }
  });

  it('has no schwa deletion: casual spellings keep their short a, and the final virama rule is per language', async () => {
    expect(await t('bharat', 'en', 'hi')).toBe('भरत');
    expect(await t('bharat', 'en', 'sa')).toBe('भरत्');
    expect(await t('tamizh', 'en', 'ta')).toBe('தமிழ்');
  });

  it('round-trips Devanagari through every other script except Tamil', async () => {
    const words = ['भारत', 'नमस्ते', 'विद्यालय', 'संगीत', 'पुस्तक'];
    for (const via of ['bn', 'as', 'gu', 'or', 'te', 'kn', 'ml', 'pa']) {
      for (const word of words) {
        const there = await t(word, 'hi', via);
        expect(there).toMatch(BLOCK[via]);
        expect(await t(there, via, 'hi'), `${word} via ${via}: ${there}`).toBe(word);
      }
    }
    expect(await t('भारत', 'hi', 'bn')).toBe('ভারত');
    expect(await t('ৰবি অসম', 'as', 'bn')).toBe('রবি অসম');
  });

  it('is lossy through Tamil (no voiced or aspirated letters) and reads Tamil with plain letters', async () => {
    expect(await t('कमल', 'hi', 'ta')).toBe('கமல');
    expect(await t('கமல', 'ta', 'hi')).toBe('कमल');
    // भ and द have no Tamil letter: they come back as प and त, as the card says.
    expect(await t('भारत', 'hi', 'ta')).toBe('பாரத');
    expect(await t('பாரத', 'ta', 'hi')).toBe('पारत');
    expect(await t('வணக்கம்', 'ta', 'en')).toBe('vaNakkam');
    expect(await t('vaNakkam', 'en', 'ta')).toBe('வணக்கம்');
    // Tamil → Devanagari → Tamil keeps the Tamil spelling.
    for (const word of ['தமிழ்நாடு', 'கடல்', 'வணக்கம்', 'சென்னை']) {
      expect(await t(await t(word, 'ta', 'hi'), 'hi', 'ta')).toBe(word);
    }
  });

  it('handles decomposed nukta letters, Malayalam chillus and Gurmukhi tippi', async () => {
    expect(await t('क\u093Cिला', 'hi', 'en')).toBe('qilA');
    expect(await t('ਖ\u0A3Cਾਲਸਾ', 'pa', 'hi')).toBe('ख\u093Cालसा');
    expect(await t('അവൻ', 'ml', 'en')).toBe('avan');
    expect(await t('पंजाब', 'hi', 'pa')).toBe('ਪੰਜਾਬ');
    expect(await t('कृष्ण', 'hi', 'pa')).not.toMatch(/[\u0900-\u097f]/u);
  });

  it('answers every listed pair in the target script', async () => {
    expect(engine.languages).toContainEqual({ sourceLanguage: 'en', targetLanguage: 'hi' });
    expect(engine.languages).toContainEqual({ sourceLanguage: 'ta', targetLanguage: 'en' });
    expect(engine.languages).toContainEqual({ sourceLanguage: 'hi', targetLanguage: 'ta' });
    expect(engine.languages).not.toContainEqual({ sourceLanguage: 'hi', targetLanguage: 'mr' });
    const sample: Record<string, string> = { en: 'vidyAlaya' };
    for (const code of Object.keys(BLOCK)) if (code !== 'en') sample[code] = await t('vidyAlaya', 'en', code);
    for (const { sourceLanguage, targetLanguage } of engine.languages) {
      const out = await t(sample[sourceLanguage], sourceLanguage, targetLanguage!);
      expect(out, `${sourceLanguage}→${targetLanguage}: ${out}`).toMatch(BLOCK[targetLanguage!]);
    }
  });

  it('refuses bad input with a clear message and stays usable', async () => {
    for (const source of ['', '   ']) {
      await expect(
        engine.infer({ input: [{ source }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'en' } } }),
      ).rejects.toThrow(/text is empty/);
    }
    await expect(t('क'.repeat(151), 'hi', 'en')).rejects.toThrow(/too long: 151 characters, at most 150/);
    expect(await t('क'.repeat(150), 'hi', 'en')).toBe('ka'.repeat(150));
    await expect(t('नमस्ते', 'hi', 'mr')).rejects.toThrow(/not supported/);
    await expect(t('salaam', 'en', 'ur')).rejects.toThrow(EngineInputError);
    await expect(t('வணக்கம்', 'hi', 'en')).rejects.toThrow(/no Devanagari letters/);
    await expect(t('नमस्ते வணக்கம்', 'hi', 'en')).rejects.toThrow(/mixes in Tamil/);
    await expect(t('வணக்கம்', 'en', 'hi')).rejects.toThrow(/no Latin letters/);
    await expect(t('namaste नमस्ते', 'en', 'hi')).rejects.toThrow(/mixes in Devanagari/);
    expect(await t('namaste', 'en', 'hi')).toBe('नमस्ते');
  });

  it('answers a word already in the target script as its own suggestion (what a transliterating input sends)', async () => {
    expect(await suggestions('नमस्ते', 'en', 'hi')).toEqual(['नमस्ते']);
    expect(await suggestions('வணக்கம்', 'en', 'ta')).toEqual(['வணக்கம்']);
    expect(await suggestions('hello', 'hi', 'en')).toEqual(['hello']);
    expect(await suggestions('नमस्ते', 'ta', 'hi')).toEqual(['नमस्ते']);
  });
});
