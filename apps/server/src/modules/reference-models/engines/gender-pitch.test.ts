import wavefile from 'wavefile';
import { describe, expect, it } from 'vitest';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { EngineInputError } from '../engine.ts';
import { createGenderPitchEngine, estimatePitch, genderScore, GENDER_THRESHOLD_HZ } from './gender-pitch.ts';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A harmonic tone (a crude voiced sound) as a 16-bit mono WAV; `hz` 0 = silence. */
function toneWav(hz: number, seconds: number, rate = 16000, channels = 1): Buffer {
  const n = Math.round(rate * seconds);
  const data = channels === 1 ? new Int16Array(n) : Array.from({ length: channels }, () => new Int16Array(n));
  for (let i = 0; i < n; i++) {
    let v = 0;
    for (let h = 1; h <= 6 && hz > 0; h++) v += Math.sin(2 * Math.PI * hz * h * (i / rate)) / h;
    const s = Math.round(v * 7000);
    if (data instanceof Int16Array) data[i] = s;
    else for (const ch of data) ch[i] = s;
  }
  const file = new wavefile.WaveFile();
  file.fromScratch(channels, rate, '16', data);
  return Buffer.from(file.toBuffer());
}

describe('pitch estimate', () => {
  it('finds the fundamental of harmonic tones within 3%, at any rate and channel count', () => {
    for (const [hz, rate, channels] of [
      [110, 16000, 1],
      [220, 44100, 2],
      [180, 8000, 1],
    ] as const) {
      const { medianHz } = estimatePitch(toneWav(hz, 1, rate, channels));
      expect(Math.abs(medianHz - hz) / hz).toBeLessThan(0.03);
    }
  });

  it('refuses silence, bytes that are not a WAV, and audio over 60 s', () => {
    expect(() => estimatePitch(toneWav(0, 1))).toThrow(/No voice found/);
    expect(() => estimatePitch(Buffer.from('this is not audio at all, just some text bytes'))).toThrow(EngineInputError);
    expect(() => estimatePitch(toneWav(150, 61, 8000))).toThrow(/at most 60 s/);
  });

  it('scores 0.5 at the threshold, rising to 1 an octave away', () => {
    expect(genderScore(GENDER_THRESHOLD_HZ)).toBe(0.5);
    expect(genderScore(GENDER_THRESHOLD_HZ * 2)).toBe(1);
    expect(genderScore(GENDER_THRESHOLD_HZ / 4)).toBe(1);
    expect(genderScore(200)).toBeGreaterThan(0.5);
  });
});

describe('gender-pitch engine', () => {
  it('answers female for a high voice and male for a low one, in the ULCA response shape', async () => {
    const engine = createGenderPitchEngine({ cacheDir: '/tmp', log });
    await engine.warm();
    const res = await engine.infer({
      audio: [{ audioContent: toneWav(230, 1).toString('base64') }, { audioContent: toneWav(105, 1).toString('base64') }],
    });
    expect(inferenceResponseSchemas['audio-gender-detection'].safeParse(res).success).toBe(true);
    expect(res.output.map((o) => o.genderPrediction[0]!.gender)).toEqual(['female', 'male']);
    expect(res.output[0]!.genderPrediction[0]!.genderScore).toBeGreaterThan(0.6);
  });

  it('refuses an audioUri without content, and stays usable', async () => {
    const engine = createGenderPitchEngine({ cacheDir: '/tmp', log });
    await expect(engine.infer({ audio: [{ audioUri: 'https://example.org/a.wav' }] })).rejects.toThrow(/audioContent/);
    await expect(engine.infer({ audio: [{ audioContent: 'bm90IGEgd2F2' }] })).rejects.toThrow(/not a WAV/);
    const res = await engine.infer({ audio: [{ audioContent: toneWav(120, 1).toString('base64') }] });
    expect(res.output[0]!.genderPrediction[0]!.gender).toBe('male');
  });
});
