import { readFileSync } from 'node:fs';
import wavefile from 'wavefile';
import { describe, expect, it } from 'vitest';
import { SPEAKER_RATE, SpeakerAudioError, decodeSpeech, fixStreamedWavSizes, resampleTo16k, sniffFormat } from './audio.ts';
import {
  EMBEDDING_SIZE,
  MIN_VOICED_FRAMES,
  confidenceOf,
  deltas,
  equalErrorRate,
  frameEnergiesDb,
  normalisedCosine,
  speakerStats,
  voicedMask,
} from './embedding.ts';
import { BACKGROUND } from './background.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A 16-bit PCM WAV of `samples` (floats in [-1, 1]) at `rate`. */
function wav(samples: Float32Array, rate: number, channels = 1): Buffer {
  const f = new wavefile.WaveFile();
  const ints = Int16Array.from(samples, (v) => Math.round(v * 32767));
  f.fromScratch(channels, rate, '16', channels === 1 ? ints : [ints, ints]);
  return Buffer.from(f.toBuffer());
}

const tone = (hz: number, seconds: number, rate: number, amp = 0.5) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => amp * Math.sin((2 * Math.PI * hz * i) / rate));

/** Frequency of the strongest DFT bin of `x` near the expected band (plain DFT over 1-4000 Hz, 10 Hz steps). */
function peakHz(x: Float32Array, rate: number): number {
  let best = 0;
  let bestHz = 0;
  for (let hz = 10; hz <= 4000; hz += 10) {
    let re = 0;
    let im = 0;
    for (let i = 0; i < x.length; i++) {
      re += x[i] * Math.cos((2 * Math.PI * hz * i) / rate);
      im += x[i] * Math.sin((2 * Math.PI * hz * i) / rate);
    }
    if (re * re + im * im > best) [best, bestHz] = [re * re + im * im, hz];
  }
  return bestHz;
}

// Decoding and MFCC work take seconds on a busy 2-core machine: past vitest's 5 s default.
const SLOW = { timeout: 30_000 };

describe('speaker audio decoding', () => {
  it('recognises the four containers by their bytes and nothing else', () => {
    expect(sniffFormat(wav(tone(440, 0.1, 16000), 16000))).toBe('wav');
    expect(sniffFormat(fixture('voice.mp3'))).toBe('mp3');
    expect(sniffFormat(fixture('voice.flac'))).toBe('flac');
    expect(sniffFormat(fixture('voice.ogg'))).toBe('ogg');
    expect(sniffFormat(Buffer.from('hello, I am text'))).toBeUndefined();
    expect(sniffFormat(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0]))).toBeUndefined(); // webm / matroska
  });

  it('decodes mp3, flac and ogg vorbis of the same 3.35 s recording to 16 kHz mono of that length', SLOW, async () => {
    for (const name of ['voice.mp3', 'voice.flac', 'voice.ogg']) {
      const d = await decodeSpeech(fixture(name));
      expect(d.sourceRate, name).toBe(22050);
      expect(d.seconds, name).toBeGreaterThan(3.3);
      expect(d.seconds, name).toBeLessThan(3.5);
      expect(d.samples.length / SPEAKER_RATE, name).toBeCloseTo(d.seconds, 1);
      expect(speakerStats(d.samples).voicedFrames, name).toBeGreaterThan(MIN_VOICED_FRAMES);
    }
  });

  it('the three compressed copies of one voice score as the same speaker', SLOW, async () => {
    const [a, b, c] = await Promise.all(
      ['voice.mp3', 'voice.flac', 'voice.ogg'].map(async (n) => speakerStats((await decodeSpeech(fixture(n))).samples).vector),
    );
    expect(confidenceOf(normalisedCosine(a, b, BACKGROUND))).toBeGreaterThan(0.95);
    expect(confidenceOf(normalisedCosine(b, c, BACKGROUND))).toBeGreaterThan(0.95);
  });

  it('resamples 22.05 and 44.1 kHz to 16 kHz keeping a tone at its frequency, and stereo is mixed to mono', SLOW, async () => {
    for (const rate of [22050, 44100, 8000]) {
      const out = resampleTo16k(tone(1000, 0.5, rate), rate);
      expect(out.length).toBe(Math.floor(0.5 * rate * (16000 / rate)));
      expect(peakHz(out.subarray(1000, 5000), 16000)).toBe(1000);
    }
    const d = await decodeSpeech(wav(tone(500, 1, 44100), 44100, 2));
    expect(d.samples.length).toBe(16000);
    expect(Math.max(...d.samples.subarray(100, 15900))).toBeGreaterThan(0.45);
  });

  it('downsampling removes content above the new Nyquist frequency instead of folding it back', () => {
    const out = resampleTo16k(tone(10000, 0.5, 44100), 44100);
    const rms = Math.sqrt(out.subarray(500, 7500).reduce((a, v) => a + v * v, 0) / 7000);
    expect(rms).toBeLessThan(0.02);
  });

  it('reads a WAV streamed with placeholder sizes (espeak-ng, arecord)', async () => {
    const good = wav(tone(300, 1, 16000), 16000);
    const streamed = Buffer.from(good);
    streamed.writeUInt32LE(0x7fffffff, 4);
    streamed.writeUInt32LE(0x7fffffff, 40);
    expect(fixStreamedWavSizes(good)).toBe(good);
    expect((await decodeSpeech(streamed)).samples.length).toBe(16000);
  });

  it('refuses audio over 60 s, broken files and other formats with their own codes', SLOW, async () => {
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'accepted',
        (e: unknown) => (e instanceof SpeakerAudioError ? e.code : String(e)),
      );
    expect(await codeOf(decodeSpeech(wav(new Float32Array(8000 * 61), 8000)))).toBe('AUDIO_TOO_LONG');
    expect(await codeOf(decodeSpeech(wav(new Float32Array(8000 * 60), 8000)))).toBe('accepted');
    // MPEG frames concatenate: 19 copies of the 3.35 s mp3 are 64 s, refused while decoding.
    expect(await codeOf(decodeSpeech(Buffer.concat(Array.from({ length: 19 }, () => fixture('voice.mp3')))))).toBe('AUDIO_TOO_LONG');
    expect(await codeOf(decodeSpeech(Buffer.from('not audio at all')))).toBe('UNSUPPORTED_AUDIO_FORMAT');
    expect(await codeOf(decodeSpeech(Buffer.concat([Buffer.from('RIFF\x10\x00\x00\x00WAVEjunk', 'latin1'), Buffer.alloc(8)])))).toBe(
      'NOT_AUDIO',
    );
    expect(await codeOf(decodeSpeech(Buffer.concat([fixture('voice.flac').subarray(0, 4), Buffer.alloc(200, 7)])))).toBe('NOT_AUDIO');
    expect(await codeOf(decodeSpeech(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(300, 1)])))).toBe('NOT_AUDIO');
  });
});

describe('speaker features and scores', () => {
  it('energy VAD keeps the loud part and drops digital silence and a -70 dB hiss', () => {
    const x = new Float32Array(16000 * 3);
    x.set(tone(200, 1, 16000), 16000);
    for (let i = 32000; i < 48000; i++) x[i] = (Math.random() - 0.5) * 0.0006;
    const mask = voicedMask(frameEnergiesDb(x));
    const voiced = mask.filter(Boolean).length;
    expect(voiced).toBeGreaterThan(90);
    expect(voiced).toBeLessThan(105);
    expect(mask[10]).toBe(false);
    expect(mask[150]).toBe(true);
    expect(mask[250]).toBe(false);
  });

  it('silence has no voiced frames and no vector; speech gives a 57-number vector', () => {
    expect(speakerStats(new Float32Array(32000))).toMatchObject({ voicedFrames: 0, vector: [] });
    const noise = Float32Array.from({ length: 32000 }, () => (Math.random() - 0.5) * 0.2);
    expect(speakerStats(noise).vector).toHaveLength(EMBEDDING_SIZE);
  });

  it('deltas of a ramp are its slope', () => {
    const seq = Array.from({ length: 10 }, (_, t) => Float64Array.from([t * 2, 5]));
    const d = deltas(seq);
    expect(d[5][0]).toBeCloseTo(2, 10);
    expect(d[5][1]).toBe(0);
  });

  it('normalised cosine: 1 for the same vector, -1 for its mirror about the background mean, confidence in [0, 1]', () => {
    const v = BACKGROUND.mean.map((m, j) => m + BACKGROUND.std[j] * Math.sin(j));
    const mirror = BACKGROUND.mean.map((m, j) => m - BACKGROUND.std[j] * Math.sin(j));
    expect(normalisedCosine(v, v, BACKGROUND)).toBeCloseTo(1, 10);
    expect(normalisedCosine(v, mirror, BACKGROUND)).toBeCloseTo(-1, 10);
    expect(confidenceOf(1)).toBe(1);
    expect(confidenceOf(-1)).toBe(0);
    expect(confidenceOf(0)).toBe(0.5);
    expect(() => normalisedCosine([1], [1, 2], BACKGROUND)).toThrow(/sizes differ/);
  });

  it('equal error rate: 0 for separated scores, 0.5 for identical ones, and the crossing in between', () => {
    expect(equalErrorRate([0.9, 0.95], [0.1, 0.2, 0.3])).toEqual({ eer: 0, threshold: 0.9 });
    expect(equalErrorRate([0.5, 0.5], [0.5, 0.5]).eer).toBe(0.5);
    // genuine 0.4 0.6 0.8 0.9, impostor 0.1 0.2 0.5 0.7: at 0.6 one genuine of 4 is rejected, one impostor of 4 accepted.
    expect(equalErrorRate([0.4, 0.6, 0.8, 0.9], [0.1, 0.2, 0.5, 0.7])).toEqual({ eer: 0.25, threshold: 0.6 });
  });
});
