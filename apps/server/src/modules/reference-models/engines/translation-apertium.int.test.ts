import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas, type InferenceRequest, type LanguageCode } from '@ulca/contracts';
import { engineRefusal } from '../../../test/engine-refusal.ts';
import { createTranslationApertiumEngine } from './translation-apertium.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const engine = createTranslationApertiumEngine({ cacheDir: '/tmp', log });

function request(pair: string, sources: string[]): InferenceRequest<'translation'> {
  const [sourceLanguage, targetLanguage] = pair.split('-') as [LanguageCode, LanguageCode];
  return { input: sources.map((source) => ({ source })), config: { language: { sourceLanguage, targetLanguage } } };
}
async function translate(pair: string, sources: string[]): Promise<string[]> {
  const res = await engine.infer(request(pair, sources));
  expect(inferenceResponseSchemas.translation.safeParse(res).success).toBe(true);
  expect(res.output.map((o) => o.source)).toEqual(sources);
  return res.output.map((o) => o.target);
}

beforeAll(async () => engine.warm());
afterAll(async () => engine.close());

describe('apertium Hindi↔Urdu engine', () => {
  it('translates known Hindi sentences into Urdu', async () => {
    // What apertium-urd-hin 0.1.0 answers (checked by hand): the words are the expected Urdu ones.
    expect(await translate('hi-ur', ['मेरा नाम राम है।', 'आज मौसम अच्छा है।', 'वह पानी पीता है।', 'मैं घर जा रहा हूँ।'])).toEqual([
      'میرا نام رام ہے۔',
      'آج موسم اچھا ہے۔',
      'وہ پانی پیتا ہے۔',
      'میں گھر جارہا ہوں۔',
    ]);
  });

  it('reads a nukta letter in either form (precomposed or letter + nukta), whichever the dictionary holds', async () => {
    // The dictionary has ज़रूर precomposed (U+095B) and बड़ा as ड + ़ : both spellings of both must translate.
    const [a, b, c, d] = await translate('hi-ur', [
      'मुझे \u095Bरूर जाना है।',
      'मुझे \u091C\u093Cरूर जाना है।',
      'वह ब\u095Cा आदमी है।',
      'वह ब\u0921\u093Cा आदमी है।',
    ]);
    expect(a).toBe('مجھے ضرور جانا ہے۔');
    expect(b).toBe(a);
    expect(c).toBe('وہ بڑا آدمی ہے۔');
    expect(d).toBe(c);
  });

  it('translates Urdu into Hindi, also when typed with Arabic letter variants', async () => {
    expect(await translate('ur-hi', ['میرا نام رام ہے۔', 'پاکستان ایک ملک ہے۔', 'یہ ایک \u0643تاب \u0647ے'])).toEqual([
      'मेरा नाम राम है।',
      'पाकिस्तान एक देश है।',
      'ये एक किताब है',
    ]);
  });

  it("passes unknown words through unchanged without apertium's marks, and keeps the user's symbols", async () => {
    const [out] = await translate('hi-ur', ['राम #टैग और/या a@b.com xqz गया।']);
    expect(out).toBe('رام #टैग اور/یا a@b.com xqz گیا۔');
    // apertium alone marks the unknown लड़का as '*लड़का' (and बच्चे as '*बच्चे'): the marks are gone, the words kept.
    expect(await translate('hi-ur', ['लड़का स्कूल जाता है।', 'बच्चे खेल रहे हैं।'])).toEqual(['लड़का سکول جاتا ہے۔', 'बच्चे کھیل رہے ہیں۔']);
    const [generated] = await translate('ur-hi', ['میں گھر جا رہا ہوں۔']);
    // The generator offers two spellings (हूं/हूँ); only the first is kept.
    expect(generated).toBe('में घर जा रहा हूं।');
  });

  it('refuses other pairs, text over 150 characters and text in the wrong script, and stays usable', async () => {
    const refusals: [InferenceRequest<'translation'>, RegExp][] = [
      [request('hi-en', ['नमस्ते']), /hi→ur and ur→hi/],
      [request('hi-ur', ['क'.repeat(151)]), /151 characters/],
      [request('hi-ur', ['میرا نام']), /Devanagari/],
      [request('ur-hi', ['   ']), /empty/],
    ];
    for (const [req, message] of refusals) expect((await engineRefusal(engine, req)).message).toMatch(message);
    expect(await translate('hi-ur', ['भारत'])).toEqual(['بھارت']);
  });
});
