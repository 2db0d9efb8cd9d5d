/**
 * Dictionary ranking of romanised input (docs/product.md#transliteration-word-ranking): the usual
 * Hinglish and Tanglish spellings give the usual word first, the strict ITRANS reading stays a
 * suggestion, a language without a dictionary keeps the rule set, and the aspell word-list format
 * decodes. Reads the Debian dictionaries (scripts/ensure-debian-packages.mjs installs them).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inferenceRequestSchemas } from '@ulca/contracts';
import { decodePrezip } from './transliteration-lexicon.ts';
import { createTransliterationSanscriptEngine, strictReading } from './transliteration-sanscript.ts';

const log = { info() {}, warn() {}, error() {} };
const engine = createTransliterationSanscriptEngine({ cacheDir: '/tmp', log });

async function suggestions(source: string, to: string, numSuggestions = 5): Promise<string[]> {
  const request = inferenceRequestSchemas.transliteration.parse({
    input: [{ source }],
    config: { language: { sourceLanguage: 'en', targetLanguage: to }, numSuggestions },
  });
  return (await engine.infer(request)).output[0]!.target as string[];
}

describe('transliteration dictionary ranking', () => {
  // Reading the hi and ta dictionaries takes seconds.
  beforeAll(() => engine.warm(), 120_000);

  it('spells "mera naam ram hai" and "duniya" as the words they are, the strict reading second', async () => {
    expect(await suggestions('mera naam ram hai', 'hi')).toEqual(['मेरा नाम राम है', 'मेर नाम रम है']);
    const duniya = await suggestions('duniya', 'hi');
    expect(duniya[0]).toBe('दुनिया');
    expect(duniya).toContain(strictReading('duniya', 'hi'));
    expect(strictReading('duniya', 'hi')).toBe('दुनिय');
  });

  it('reads common Hinglish spellings: a for ā at the end, ee/oo, w for v, sh', async () => {
    const cases: [string, string][] = [
      ['mera', 'मेरा'],
      ['naam', 'नाम'],
      ['paani', 'पानी'],
      ['pani', 'पानी'],
      ['khana', 'खाना'],
      ['teen', 'तीन'],
      ['phool', 'फूल'],
      ['bhagwan', 'भगवान'],
      ['desh', 'देश'],
      ['shaam', 'शाम'],
      ['kiya', 'किया'],
    ];
    for (const [roman, word] of cases) expect((await suggestions(roman, 'hi'))[0], roman).toBe(word);
  });

  it('reads common Tanglish spellings', async () => {
    for (const [roman, word] of [
      ['amma', 'அம்மா'],
      ['vanakkam', 'வணக்கம்'],
      ['thamizh', 'தமிழ்'],
      ['kadai', 'கடை'],
      ['kovil', 'கோவில்'],
      ['veedu', 'வீடு'],
    ] as const)
      expect((await suggestions(roman, 'ta'))[0], roman).toBe(word);
  });

  it('answers one suggestion when one is asked, and the strict reading alone for a word no dictionary has', async () => {
    expect(await suggestions('duniya', 'hi', 1)).toEqual(['दुनिया']);
    expect(await suggestions('xqzv', 'hi')).toEqual([strictReading('xqzv', 'hi')]);
  });

  it('keeps the rule set for a language without a dictionary (Sanskrit)', async () => {
    expect(await suggestions('rAma', 'sa')).toEqual([strictReading('rAma', 'sa')]);
  });

  it("decodes aspell's prefix-compressed word list", () => {
    // "cat", "catch" (3 bytes shared), "dog".
    const data = Buffer.concat([
      Buffer.from([2, 0]),
      Buffer.from('cat'),
      Buffer.from([3]),
      Buffer.from('ch'),
      Buffer.from([0]),
      Buffer.from('dog'),
      Buffer.from([0x1f, 0xff]),
    ]);
    expect(decodePrezip(data)).toEqual(['cat', 'catch', 'dog']);
    expect(() => decodePrezip(Buffer.from('x'))).toThrow(/prezip/);
  });
});
