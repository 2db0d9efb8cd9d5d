// The checks made before tesseract sees any bytes, and the clean-up of its text (pure functions).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../engine.ts';
import { IMAGE_LIMITS, SAMPLE_HINDI_PNG, cleanOcrText, decodeImage, prepareTraineddata } from './tesseract-support.ts';

/** A PNG signature and IHDR chunk declaring `w`×`h` (enough for the header check; no pixel data). */
function pngHeader(w: number, h: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'ascii');
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b[24] = 8;
  return b;
}
const refuse = (imageContent: string) => expect(() => decodeImage({ imageContent })).toThrow(EngineInputError);

describe('decodeImage', () => {
  it('accepts the sample PNG, with or without a data: prefix, and reports its size', () => {
    expect(decodeImage({ imageContent: SAMPLE_HINDI_PNG })).toMatchObject({ width: 270, height: 56, type: 'png' });
    expect(decodeImage({ imageContent: `data:image/png;base64,${SAMPLE_HINDI_PNG}` }).width).toBe(270);
  });

  it('refuses imageUri, bad base64, non-images, unsupported formats and sizes beyond the limits', () => {
    expect(() => decodeImage({ imageUri: 'https://example.org/a.png' })).toThrow(/imageContent/);
    refuse('@@@');
    refuse(Buffer.from('hello, not an image').toString('base64'));
    refuse(Buffer.from('GIF89a\x10\x00\x10\x00\x00\x00\x00').toString('base64'));
    refuse(pngHeader(IMAGE_LIMITS.maxSide + 1, 10).toString('base64'));
    refuse(pngHeader(6000, 6000).toString('base64')); // 36 MP
    refuse(pngHeader(4, 4).toString('base64'));
    expect(decodeImage({ imageContent: pngHeader(5000, 5000).toString('base64') })).toMatchObject({ width: 5000, height: 5000 });
  });

  it('refuses more than 8 MB from the encoded length, before decoding', () => {
    expect(() => decodeImage({ imageContent: 'A'.repeat(Math.ceil((IMAGE_LIMITS.maxBytes * 4) / 3) + 8) })).toThrow(/larger than 8 MB/);
  });
});

describe('cleanOcrText', () => {
  it('drops every ZWNJ in Tamil, word-final ones elsewhere, and blank lines', () => {
    expect(cleanOcrText('தமிழ்\u200c மொழி\u200c\n\n  இது  \n', 'tam')).toBe('தமிழ் மொழி\nஇது');
    expect(cleanOcrText('ഭാഷയാണ്\u200c കേര\u200cളം', 'mal')).toBe('ഭാഷയാണ് കേര\u200cളം');
  });
});

describe('prepareTraineddata', () => {
  it('unpacks the packaged models once into one folder, also when two engines do it at the same time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessdata-'));
    try {
      const [a, b] = await Promise.all([prepareTraineddata(dir, ['hin', 'tam']), prepareTraineddata(dir, ['tam', 'hin'])]);
      expect(a).toBe(b);
      expect(fs.readdirSync(a).sort()).toEqual(['hin.traineddata', 'tam.traineddata']);
      expect(fs.statSync(path.join(a, 'hin.traineddata')).size).toBeGreaterThan(1_000_000);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
