import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, downmix, encodeWav, resampleLinear } from './wav.ts';

describe('encodeWav', () => {
  it('writes a 16 kHz mono 16-bit PCM RIFF header and clipped samples', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2, -2]), 16000);
    const view = new DataView(wav.buffer);
    const text = (o: number, n: number) => String.fromCharCode(...wav.subarray(o, o + n));
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(36 + 12);
    expect(text(8, 4)).toBe('WAVE');
    expect(text(12, 4)).toBe('fmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(12);
    const samples = Array.from({ length: 6 }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(samples).toEqual([0, 32767, -32768, 16384, 32767, -32768]);
    expect(wav.length).toBe(56);
  });
});

describe('downmix and resample', () => {
  it('averages channels', () => {
    expect(Array.from(downmix([new Float32Array([1, 0]), new Float32Array([0, 0.5])]))).toEqual([0.5, 0.25]);
  });
  it('resamples 48 kHz to 16 kHz keeping duration and values of a slow signal', () => {
    const input = Float32Array.from({ length: 4800 }, (_, i) => i / 4800);
    const out = resampleLinear(input, 48000, 16000);
    expect(out.length).toBe(1600);
    expect(out[800]).toBeCloseTo(input[2400], 5);
  });
  it('returns the input when the rates are equal', () => {
    const input = new Float32Array([0.1, 0.2]);
    expect(resampleLinear(input, 16000, 16000)).toBe(input);
  });
});

describe('base64', () => {
  it('round-trips bytes, also over the chunk size, and accepts a data: URL', () => {
    const bytes = Uint8Array.from({ length: 70000 }, (_, i) => i % 256);
    const b64 = bytesToBase64(bytes);
    expect(Buffer.from(b64, 'base64').equals(Buffer.from(bytes))).toBe(true);
    expect(Array.from(base64ToBytes(`data:audio/wav;base64,${b64}`).subarray(0, 5))).toEqual([0, 1, 2, 3, 4]);
  });
});
