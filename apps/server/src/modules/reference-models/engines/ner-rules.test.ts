/**
 * Rule-based NER: exact token spans and tags on sentences with dates, amounts, e-mail addresses,
 * phone numbers, PIN codes, URLs and places, in English and Hindi; indices point into the source
 * (end inclusive); bad input is refused and the engine stays usable.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createNerRulesEngine, type NerToken } from './ner-rules.ts';

const log = { info() {}, warn() {}, error() {} };
const engine = createNerRulesEngine({ cacheDir: '/tmp', log });

async function ner(source: string, sourceLanguage = 'en'): Promise<NerToken[]> {
  const answer = await engine.infer({ input: [{ source }], config: { language: { sourceLanguage: sourceLanguage as 'en' } } });
  inferenceResponseSchemas.ner.parse(answer);
  expect(answer.output[0].source).toBe(source);
  const tokens = answer.output[0].nerPrediction as NerToken[];
  const chars = [...source];
  tokens.forEach((t, i) => {
    expect(t.tokenIndex).toBe(i);
    expect(chars.slice(t.tokenStartIndex, t.tokenEndIndex + 1).join('')).toBe(t.token);
  });
  return tokens;
}
/** The entities only, as "token/TAG@start-end". */
const entities = (tokens: NerToken[]) =>
  tokens.filter((t) => t.tag !== 'O').map((t) => `${t.token}/${t.tag}@${t.tokenStartIndex}-${t.tokenEndIndex}`);

describe('ner-rules', () => {
  beforeAll(() => engine.warm());

  it('tags an amount, an e-mail address, a date, a place and a PIN code in English with exact spans', async () => {
    const tokens = await ner('Pay ₹1,500 to ram@example.com by 15 August 2025 in New Delhi 110001.');
    expect(entities(tokens)).toEqual([
      '₹/B-MONEY@4-4',
      '1,500/I-MONEY@5-9',
      'ram@example.com/B-EMAIL@14-28',
      '15/B-DATE@33-34',
      'August/I-DATE@36-41',
      '2025/I-DATE@43-46',
      'New/B-LOC@51-53',
      'Delhi/I-LOC@55-59',
      '110001/B-PIN@61-66',
    ]);
    expect(tokens.map((t) => t.token)).toEqual([
      'Pay',
      '₹',
      '1,500',
      'to',
      'ram@example.com',
      'by',
      '15',
      'August',
      '2025',
      'in',
      'New',
      'Delhi',
      '110001',
      '.',
    ]);
    expect(tokens.filter((t) => t.tag === 'O').map((t) => t.token)).toEqual(['Pay', 'to', 'by', 'in', '.']);
  });

  it('tags Hindi dates, rupee amounts, PIN codes after a cue and phone numbers', async () => {
    const tokens = await ner('मुझे 15 अगस्त 2024 को 500 रुपये मिले, पिन कोड 400001, फ़ोन +91 98765 43210', 'hi');
    expect(entities(tokens)).toEqual([
      '15/B-DATE@5-6',
      'अगस्त/I-DATE@8-12',
      '2024/I-DATE@14-17',
      '500/B-MONEY@22-24',
      'रुपये/I-MONEY@26-30',
      '400001/B-PIN@46-51',
      '+91/B-PHONE@59-61',
      '98765/I-PHONE@63-67',
      '43210/I-PHONE@69-73',
    ]);
    expect(entities(await ner('उत्तर प्रदेश और तमिलनाडु में 3 करोड़ रुपये', 'hi'))).toEqual([
      'उत्तर/B-LOC@0-4',
      'प्रदेश/I-LOC@6-11',
      'तमिलनाडु/B-LOC@16-23',
      '3/B-MONEY@29-29',
      'करोड़/I-MONEY@31-35',
      'रुपये/I-MONEY@37-41',
    ]);
  });

  it('tags URLs without trailing punctuation, numeric dates, toll-free and landline numbers, and plain numbers', async () => {
    const tokens = await ner(
      'Call 1800 123 4567 or 011-23456789, see https://example.org/a?b=1. Rs. 2.5 lakh due 12/05/2024; 42% of 250000',
    );
    expect(entities(tokens)).toEqual([
      '1800/B-PHONE@5-8',
      '123/I-PHONE@10-12',
      '4567/I-PHONE@14-17',
      '011-23456789/B-PHONE@22-33',
      'https://example.org/a?b=1/B-URL@40-64',
      'Rs/B-MONEY@67-68',
      './I-MONEY@69-69',
      '2.5/I-MONEY@71-73',
      'lakh/I-MONEY@75-78',
      '12/05/2024/B-DATE@84-93',
      '42/B-NUM@96-97',
      '%/I-NUM@98-98',
      '250000/B-NUM@103-108',
    ]);
    expect(entities(await ner('Write to a.b-c@mail.co.in, mobile 9876543210.'))).toEqual([
      'a.b-c@mail.co.in/B-EMAIL@9-24',
      '9876543210/B-PHONE@34-43',
    ]);
  });

  it('answers O for a sentence with no entity, and counts indices in code points', async () => {
    const tokens = await ner('Nothing here, friend!');
    expect(tokens.map((t) => `${t.token}/${t.tag}`)).toEqual(['Nothing/O', 'here/O', ',/O', 'friend/O', '!/O']);
    // An emoji before is two UTF-16 units but one character.
    expect(entities(await ner('😀 Goa'))).toEqual(['Goa/B-LOC@2-4']);
  });

  it('refuses bad input with a clear message and stays usable', async () => {
    const ask = (source: string, lang = 'en') =>
      engine.infer({ input: [{ source }], config: { language: { sourceLanguage: lang as 'en' } } });
    await expect(ask('')).rejects.toThrow(EngineInputError);
    await expect(ask('  ')).rejects.toThrow(/empty/);
    await expect(ask('x'.repeat(151))).rejects.toThrow(/151 characters, at most 150/);
    await expect(ask('Chennai', 'ta')).rejects.toThrow(/not supported/);
    expect(entities(await ner('Chennai'))).toEqual(['Chennai/B-LOC@0-6']);
  });
});
