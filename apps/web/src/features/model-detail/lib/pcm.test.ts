import { describe, expect, it } from 'vitest';
import { streamUrl, toPcm16 } from './pcm.ts';

describe('toPcm16', () => {
  it('writes 16-bit little-endian samples, clipped', () => {
    const view = new DataView(toPcm16(new Float32Array([0, 1, -1, 2, 0.5]), 16_000));
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(i * 2, true))).toEqual([0, 32767, -32768, 32767, 16383]);
  });

  it('resamples 48 kHz to 16 kHz (a third of the samples)', () => {
    expect(toPcm16(new Float32Array(4800), 48_000).byteLength).toBe(1600 * 2);
  });
});

describe('streamUrl', () => {
  it('uses wss on https pages and drops empty query values', () => {
    expect(
      streamUrl(
        '/ulca/apis/v0/model/streaming/asr',
        { modelId: 'm1', language: undefined },
        { protocol: 'https:', host: 'ulca.example.org' },
      ),
    ).toBe('wss://ulca.example.org/ulca/apis/v0/model/streaming/asr?modelId=m1');
    expect(streamUrl('/p', { modelId: 'a b', language: 'hi' }, { protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/p?modelId=a+b&language=hi',
    );
  });
});
