/**
 * to-words text normalisation: numbers in digits (grouped, decimal, negative, Indian digit scripts)
 * become words of the sentence's language, everything else is untouched; bad input is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createTextNormalizationTowordsEngine, TOWORDS_LOCALES } from './text-normalization-towords.ts';

const log = { info() {}, warn() {}, error() {} };
const engine = createTextNormalizationTowordsEngine({ cacheDir: '/tmp', log });

async function tn(source: string, sourceLanguage: string): Promise<string> {
  const answer = await engine.infer({ input: [{ source }], config: { language: { sourceLanguage: sourceLanguage as 'hi' } } });
  inferenceResponseSchemas['text-normalization'].parse(answer);
  expect(answer.output[0].source).toBe(source);
  return answer.output[0].target;
}

describe('text-normalization-towords', () => {
  beforeAll(() => engine.warm());

  it('spells out numbers in Hindi and Indian English with lakh and crore, leaving other words alone', async () => {
    expect(await tn('मेरे पास 25 आम और 1,50,000 रुपये हैं', 'hi')).toBe('मेरे पास पच्चीस आम और एक लाख पचास हज़ार रुपये हैं');
    expect(await tn('12,34,567', 'hi')).toBe('बारह लाख चौंतीस हज़ार पांच सौ सड़सठ');
    expect(await tn('Population 1234567 and 100,000 people', 'en')).toBe(
      'Population twelve lakh thirty four thousand five hundred sixty seven and one lakh people',
    );
    expect(await tn('10000000', 'en')).toBe('one crore');
    expect(await tn('no numbers here.', 'en')).toBe('no numbers here.');
  });

  it('reads decimals, a leading minus, leading zeros and Indian digit scripts', async () => {
    expect(await tn('12.5', 'hi')).toBe('बारह दशांश पांच');
    expect(await tn('3.05 and -7.', 'en')).toBe('three point zero five and minus seven.');
    expect(await tn('PIN 007', 'en')).toBe('PIN zero zero seven');
    expect(await tn('१२३ और ०.५', 'hi')).toBe('एक सौ तेईस और शून्य दशांश पांच');
    expect(await tn('৫০০ টাকা', 'bn')).toBe('পাঁচ শত টাকা');
    // A comma list is not a grouping: each piece is a number.
    expect(await tn('1,2,3', 'en')).toBe('one,two,three');
    // 2020-21: the hyphen is not a minus sign.
    expect(await tn('2020-21', 'en')).toBe('two thousand twenty-twenty one');
  });

  it('serves every listed language in its own words', async () => {
    const seven: Record<string, string> = {
      en: 'seven',
      hi: 'सात',
      mr: 'सात',
      bn: 'সাত',
      as: 'সাত',
      gu: 'સાત',
      pa: 'ਸੱਤ',
      or: 'ସାତ',
      ta: 'ஏழு',
      te: 'ఏడు',
      kn: 'ಏಳು',
      ml: 'ഏഴ്',
      ur: 'سات',
    };
    expect(engine.languages.map((l) => l.sourceLanguage).sort()).toEqual(Object.keys(TOWORDS_LOCALES).sort());
    for (const { sourceLanguage } of engine.languages) expect(await tn('7', sourceLanguage)).toBe(seven[sourceLanguage]);
  });

  it('refuses bad input with a clear message and stays usable', async () => {
    const ask = (source: string, lang = 'hi') =>
      engine.infer({ input: [{ source }], config: { language: { sourceLanguage: lang as 'hi' } } });
    await expect(ask('')).rejects.toThrow(EngineInputError);
    await expect(ask(' \n ')).rejects.toThrow(/empty/);
    await expect(ask('1'.repeat(151))).rejects.toThrow(/at most 150/);
    await expect(ask('5', 'sa')).rejects.toThrow(/not supported/);
    await expect(ask('5', 'brx')).rejects.toThrow(EngineInputError);
    expect(await tn('5', 'hi')).toBe('पांच');
  });

  it('leaves dates and times as written and reads rupee amounts as rupees and paise, never mangling them', async () => {
    expect(await tn('Meet on 12/03/2024 at 10:30:15 or 2024-03-12', 'en')).toBe('Meet on 12/03/2024 at 10:30:15 or 2024-03-12');
    expect(await tn('It costs ₹500 or Rs. 1,50,000.50', 'en')).toBe(
      'It costs five hundred rupees or one lakh fifty thousand rupees and fifty paise',
    );
    expect(await tn('मेरे पास ₹500 हैं, १२/०३/२०२४ को 25 आम', 'hi')).toBe('मेरे पास पांच सौ रुपये हैं, १२/०३/२०२४ को पच्चीस आम');
    expect(await tn('pages 10-20', 'en')).toBe('pages ten-twenty');
  });
});
