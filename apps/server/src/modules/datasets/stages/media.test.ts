import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBoundingBox, mediaKind, parseTimestamp, probeAudio, probeImage, recordDuration } from './media.ts';
import { png, tempDir, wav } from '../../../test/dataset-zips.ts';

/** sox converts our generated WAV to other formats; where it is not installed those cases skip. */
const hasSox = (() => {
  try {
    execFileSync('sox', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const box = (...points: [number, number][]) => ({ vertices: points.map(([x, y]) => ({ x, y })) });

describe('probeAudio', () => {
  it('reads the duration of a PCM WAV in seconds', async () => {
    const info = await probeAudio(wav(1.5), 'a.wav');
    expect(info.ok).toBe(true);
    if (info.ok) expect(info.durationSeconds).toBeCloseTo(1.5, 3);
  });

  it.skipIf(!hasSox)('reads the duration of FLAC and Ogg Vorbis', async () => {
    const dir = await tempDir();
    try {
      fs.writeFileSync(path.join(dir, 'in.wav'), wav(1.25, 16000));
      for (const ext of ['flac', 'ogg']) {
        execFileSync('sox', [path.join(dir, 'in.wav'), path.join(dir, `out.${ext}`)]);
        const info = await probeAudio(fs.readFileSync(path.join(dir, `out.${ext}`)), `out.${ext}`);
        expect(info.ok && info.durationSeconds).toBeCloseTo(1.25, 2);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('calls bytes that are no audio format unreadable', async () => {
    const info = await probeAudio(Buffer.from('definitely not audio, just some text in a file'), 'clip.wav');
    expect(info).toMatchObject({ ok: false, code: 'MEDIA_UNREADABLE' });
    if (!info.ok) expect(info.message).toMatch(/^Audio file "clip\.wav" cannot be decoded/);
  });

  it('calls a WAV cut inside its header unreadable', async () => {
    const info = await probeAudio(wav(1).subarray(0, 30), 'cut.wav');
    expect(info).toMatchObject({ ok: false, code: 'MEDIA_UNREADABLE' });
    if (!info.ok) expect(info.message).toBe('Audio file "cut.wav" cannot be decoded: its WAVE header is incomplete or corrupt.');
  });

  it('calls a WAV without samples a duration error', async () => {
    expect(await probeAudio(wav(0), 'empty.wav')).toMatchObject({ ok: false, code: 'DURATION_INVALID' });
  });
});

describe('probeImage', () => {
  it('reads the size of a PNG', () => {
    expect(probeImage(png(30, 20), 'p.png')).toEqual({ ok: true, width: 30, height: 20, type: 'png' });
  });

  it('calls bytes that are no image unreadable', () => {
    expect(probeImage(Buffer.from('not an image at all'), 'p.png')).toMatchObject({ ok: false, code: 'MEDIA_UNREADABLE' });
  });
});

describe('checkBoundingBox', () => {
  const image = { width: 100, height: 50 };
  it('accepts a box inside the image, edges included', () => {
    expect(checkBoundingBox(box([0, 0], [100, 0], [100, 50], [0, 50]), image, 'p.png')).toBeNull();
  });

  it('names the first vertex outside the image', () => {
    expect(checkBoundingBox(box([0, 0], [120, 0], [120, 50], [0, 50]), image, 'p.png')).toEqual({
      ok: false,
      code: 'BOUNDING_BOX_OUTSIDE_IMAGE',
      message: 'Bounding box vertex (120, 0) is outside image "p.png" of 100×50 pixels.',
    });
    expect(checkBoundingBox(box([-1, 0]), image, 'p.png')?.code).toBe('BOUNDING_BOX_OUTSIDE_IMAGE');
  });

  it('has nothing to check without a box', () => {
    expect(checkBoundingBox(undefined, image, 'p.png')).toBeNull();
  });
});

describe('durations', () => {
  it('parses hh:mm:ss with decimals, mm:ss and seconds', () => {
    expect(parseTimestamp('00:00:6.96')).toBeCloseTo(6.96);
    expect(parseTimestamp('01:02:03')).toBe(3723);
    expect(parseTimestamp('2:30')).toBe(150);
    expect(parseTimestamp('12.5')).toBe(12.5);
    expect(parseTimestamp('soon')).toBeNull();
  });

  it('uses the startTime–endTime span when the row has one, else the whole audio', () => {
    expect(recordDuration({}, 7.25, 'a.wav')).toEqual({ ok: true, durationSeconds: 7.25 });
    expect(recordDuration({ startTime: '00:00:01.5', endTime: '00:00:04' }, 7.25, 'a.wav')).toEqual({ ok: true, durationSeconds: 2.5 });
  });

  it('refuses a reversed span and one ending after the audio', () => {
    expect(recordDuration({ startTime: '00:00:04', endTime: '00:00:02' }, 7, 'a.wav')).toMatchObject({
      ok: false,
      code: 'DURATION_INVALID',
    });
    const late = recordDuration({ startTime: '00:00:04', endTime: '00:00:09' }, 7, 'a.wav');
    expect(late).toMatchObject({ ok: false, code: 'DURATION_INVALID' });
    if (!late.ok) expect(late.message).toBe('endTime (9 s) is after the end of audio "a.wav" (7.00 s).');
  });

  it('tells audio from image fields by name', () => {
    expect([mediaKind('audioFilename'), mediaKind('imageFilename'), mediaKind('file')]).toEqual(['audio', 'image', 'other']);
  });
});
