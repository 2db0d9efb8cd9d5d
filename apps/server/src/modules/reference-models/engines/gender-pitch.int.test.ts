import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanguageCode } from '@ulca/contracts';
import { createGenderPitchEngine } from './gender-pitch.ts';
import { createTtsEspeakEngine } from './tts-espeak.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const tts = createTtsEspeakEngine({ cacheDir: '/tmp', log });
const gender = createGenderPitchEngine({ cacheDir: '/tmp', log });

const SENTENCES: [LanguageCode, string][] = [
  ['hi', 'भारत एक विशाल देश है।'],
  ['ta', 'தமிழ் ஒரு பழமையான மொழி.'],
  ['bn', 'আমি বাংলায় কথা বলি।'],
  ['te', 'నేను తెలుగు మాట్లాడతాను.'],
  ['ml', 'ഞാൻ മലയാളം സംസാരിക്കുന്നു.'],
  ['ur', 'یہ ایک اچھی کتاب ہے۔'],
  ['en', 'The weather is pleasant today.'],
];

beforeAll(async () => Promise.all([tts.warm(), gender.warm()]));
afterAll(async () => Promise.all([tts.close(), gender.close()]));

describe('pitch gender detection on espeak-ng voices', () => {
  it('tells the female (f3) voices from the male (m3) ones', async () => {
    let right = 0;
    const rows: string[] = [];
    for (const [lang, source] of SENTENCES) {
      for (const voice of ['female', 'male'] as const) {
        const speech = await tts.infer({ input: [{ source }], config: { language: { sourceLanguage: lang }, gender: voice } });
        const res = await gender.infer({ audio: [{ audioContent: speech.audio[0]!.audioContent! }] });
        const answer = res.output[0]!;
        if (answer.genderPrediction[0]!.gender === voice) right += 1;
        rows.push(
          `${lang} ${voice}: ${String(answer.medianPitchHz)} Hz → ${answer.genderPrediction[0]!.gender} (${answer.genderPrediction[0]!.genderScore})`,
        );
      }
    }
    const accuracy = right / (SENTENCES.length * 2);
    console.log(
      `gender of espeak voices: accuracy ${(accuracy * 100).toFixed(0)}% (${right}/${SENTENCES.length * 2})\n  ${rows.join('\n  ')}`,
    );
    expect(accuracy).toBe(1);
  });
});
