/**
 * Rule-based ITN: number words back to digits in running text, and the exact inverse of the
 * to-words normalisation engine for every served language: itn(tn(n)) == n for edge cases and
 * numbers sampled over 0..10^7 (plus a few beyond), decimals and negatives.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createItnRulesEngine } from './itn-rules.ts';
import { createTextNormalizationTowordsEngine, TOWORDS_LOCALES } from './text-normalization-towords.ts';

const log = { info() {}, warn() {}, error() {} };
const itnEngine = createItnRulesEngine({ cacheDir: '/tmp', log });
const tnEngine = createTextNormalizationTowordsEngine({ cacheDir: '/tmp', log });

async function itn(source: string, sourceLanguage: string): Promise<string> {
  const answer = await itnEngine.infer({ input: [{ source }], config: { language: { sourceLanguage: sourceLanguage as 'hi' } } });
  inferenceResponseSchemas.itn.parse(answer);
  expect(answer.output[0].source).toBe(source);
  return answer.output[0].target;
}
async function tn(source: string, sourceLanguage: string): Promise<string> {
  return (await tnEngine.infer({ input: [{ source }], config: { language: { sourceLanguage: sourceLanguage as 'hi' } } })).output[0].target;
}

/** Numbers to round-trip: edge cases, then a fixed pseudo-random sample of 0..10^7 (a seeded LCG, so a failure repeats). */
function sampleNumbers(count: number): string[] {
  const edges = [
    0, 1, 9, 10, 11, 19, 20, 21, 99, 100, 101, 110, 199, 999, 1000, 1001, 1010, 1100, 9999, 10000, 99999, 100000, 100001, 110000, 999999,
    1000000, 1234567, 9999999, 10000000, 10000001, 123456789, 1000000000,
  ];
  let seed = 20240101;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sampled = Array.from({ length: count }, () => Math.floor(next() * 1e7));
  return [...edges, ...sampled].map(String).concat(['12.5', '3.05', '0.123', '99.99', '-42', '-100000']);
}

describe('itn-rules', () => {
  beforeAll(async () => {
    await itnEngine.warm();
    await tnEngine.warm();
  });

  it('writes number words as digits in running Hindi and English text', async () => {
    expect(await itn('मेरे पास पच्चीस आम और एक लाख पचास हज़ार रुपये हैं', 'hi')).toBe('मेरे पास 25 आम और 150000 रुपये हैं');
    expect(await itn('बारह लाख चौंतीस हज़ार पांच सौ सड़सठ', 'hi')).toBe('1234567');
    // Variant spellings: हजार without nukta, पाँच with chandrabindu.
    expect(await itn('पाँच हजार, दो सौ', 'hi')).toBe('5000, 200');
    expect(await itn('I have twenty-five apples and one hundred and five oranges.', 'en')).toBe('I have 25 apples and 105 oranges.');
    expect(await itn('Twelve Lakh Thirty Four Thousand', 'en')).toBe('1234000');
    expect(await itn('two million and three lakhs', 'en')).toBe('2300000');
    expect(await itn('minus five point zero five', 'en')).toBe('-5.05');
    expect(await itn('बारह दशांश पांच', 'hi')).toBe('12.5');
    // Words that cannot form one number stay separate; a lone "and" or "point" is a word.
    expect(await itn('two three and point', 'en')).toBe('2 3 and point');
    expect(await itn('one lakh crore', 'en')).toBe('1000000000000');
    expect(await itn('nothing to do here', 'en')).toBe('nothing to do here');
  });

  it('is the inverse of the to-words normalisation in every served language', async () => {
    const numbers = sampleNumbers(200);
    for (const lang of Object.keys(TOWORDS_LOCALES)) {
      const wrong: string[] = [];
      for (const n of numbers) {
        const words = await tn(n, lang);
        expect(words).not.toMatch(/\d/);
        const back = await itn(words, lang);
        if (back !== n) wrong.push(`${n} → ${words} → ${back}`);
      }
      expect(wrong, lang).toEqual([]);
    }
    // Inside a sentence too.
    expect(await itn(await tn('मेरे पास 1,25,000 रुपये और 3.75 किलो चावल है', 'hi'), 'hi')).toBe('मेरे पास 125000 रुपये और 3.75 किलो चावल है');
  });

  it('refuses bad input with a clear message and stays usable', async () => {
    const ask = (source: string, lang = 'hi') =>
      itnEngine.infer({ input: [{ source }], config: { language: { sourceLanguage: lang as 'hi' } } });
    await expect(ask('')).rejects.toThrow(EngineInputError);
    await expect(ask('एक'.repeat(76))).rejects.toThrow(/152 characters, at most 150/);
    await expect(ask('एक', 'ne')).rejects.toThrow(/not supported/);
    expect(await itn('एक', 'hi')).toBe('1');
  });
});
