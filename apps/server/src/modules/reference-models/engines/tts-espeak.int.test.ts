import wavefile from 'wavefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inferenceResponseSchemas, type InferenceRequest, type LanguageCode } from '@ulca/contracts';
import { engineRefusal } from '../../../test/engine-refusal.ts';
import { createTtsEspeakEngine } from './tts-espeak.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
const engine = createTtsEspeakEngine({ cacheDir: '/tmp', log });
const SENTENCES = { hi: 'भारत एक विशाल देश है।', ta: 'தமிழ் ஒரு பழமையான மொழி.' };

function request(lang: LanguageCode, source: string, gender: 'female' | 'male' = 'female', extra: object = {}): InferenceRequest<'tts'> {
  return { input: [{ source }], config: { language: { sourceLanguage: lang }, gender, ...extra } };
}

/** Decodes a base64 WAV: sample rate, channels, bit depth, duration in seconds, peak amplitude (0..1). */
function readWav(base64: string) {
  const file = new wavefile.WaveFile(Buffer.from(base64, 'base64'));
  const fmt = file.fmt as { sampleRate: number; numChannels: number };
  const samples = file.getSamples(false, Int16Array) as unknown as Int16Array;
  return {
    rate: fmt.sampleRate,
    channels: fmt.numChannels,
    bitDepth: file.bitDepth,
    seconds: samples.length / fmt.sampleRate,
    peak: samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0) / 32768,
  };
}

beforeAll(async () => engine.warm());
afterAll(async () => engine.close());

describe('espeak-ng TTS engine', () => {
  for (const lang of ['hi', 'ta'] as const) {
    for (const gender of ['female', 'male'] as const) {
      it(`speaks ${lang} (${gender}): a 22 050 Hz mono 16-bit WAV of plausible length with sound in it`, async () => {
        const res = await engine.infer(request(lang, SENTENCES[lang], gender));
        expect(inferenceResponseSchemas.tts.safeParse(res).success).toBe(true);
        expect(res.config).toMatchObject({ language: { sourceLanguage: lang }, gender, audioFormat: 'wav', samplingRate: 22050 });
        const wav = readWav(res.audio[0]!.audioContent!);
        expect(wav).toMatchObject({ rate: 22050, channels: 1, bitDepth: '16' });
        // ~20 characters of speech at 175 words a minute: one to five seconds.
        expect(wav.seconds).toBeGreaterThan(1);
        expect(wav.seconds).toBeLessThan(5);
        expect(wav.peak).toBeGreaterThan(0.1);
      });
    }
  }

  it('speaks every language it lists, each in its own script (what the try panel offers)', async () => {
    const greetings: Record<string, string> = {
      hi: 'नमस्ते',
      mr: 'नमस्कार',
      ne: 'नमस्ते',
      ta: 'வணக்கம்',
      bn: 'নমস্কার',
      as: 'নমস্কাৰ',
      te: 'నమస్కారం',
      kn: 'ನಮಸ್ಕಾರ',
      ml: 'നമസ്കാരം',
      gu: 'નમસ્તે',
      pa: 'ਸਤ ਸ੍ਰੀ ਅਕਾਲ',
      or: 'ନମସ୍କାର',
      ur: 'السلام علیکم',
      en: 'Hello',
    };
    const listed = engine.languages.map((l) => l.sourceLanguage);
    expect(listed.filter((l) => !greetings[l])).toEqual([]);
    for (const lang of listed) {
      const res = await engine.infer(request(lang as LanguageCode, greetings[lang]!));
      const wav = readWav(res.audio[0]!.audioContent!);
      expect(wav.seconds, lang).toBeGreaterThan(0.2);
      expect(wav.peak, lang).toBeGreaterThan(0.05);
    }
  });

  it('resamples to the asked rate and speaks more slowly at speed 0.5', async () => {
    const normal = readWav((await engine.infer(request('hi', SENTENCES.hi))).audio[0]!.audioContent!);
    const res = await engine.infer(request('hi', SENTENCES.hi, 'female', { samplingRate: 16000, speed: 0.5 }));
    const slow = readWav(res.audio[0]!.audioContent!);
    expect(res.config?.samplingRate).toBe(16000);
    expect(slow.rate).toBe(16000);
    expect(slow.seconds).toBeGreaterThan(normal.seconds * 1.5);
  });

  it('answers one WAV per input', async () => {
    const res = await engine.infer({
      input: [{ source: 'एक' }, { source: 'दो तीन चार पाँच छह सात' }],
      config: { language: { sourceLanguage: 'hi' }, gender: 'male' },
    });
    const [a, b] = res.audio.map((x) => readWav(x.audioContent!));
    expect(b!.seconds).toBeGreaterThan(a!.seconds);
  });

  it('refuses text over 150 characters, blank text, another script, an unserved language or gender, and stays usable', async () => {
    const refusals: [InferenceRequest<'tts'>, RegExp][] = [
      [request('hi', 'क'.repeat(151)), /151 characters/],
      [request('hi', '   '), /empty/],
      [request('hi', SENTENCES.ta), /Devanagari/],
      [request('sa', 'नमः'), /not served/],
      [request('hi', SENTENCES.hi, 'female', { audioFormat: 'mp3' }), /wav/],
      [{ ...request('hi', SENTENCES.hi), config: { language: { sourceLanguage: 'hi' }, gender: 'others' } }, /female or male/],
      [request('hi', '!!! ...'), /no letters or digits/],
    ];
    for (const [req, message] of refusals) expect((await engineRefusal(engine, req)).message).toMatch(message);
    expect(readWav((await engine.infer(request('hi', 'ठीक है'))).audio[0]!.audioContent!).seconds).toBeGreaterThan(0.3);
  });
});
