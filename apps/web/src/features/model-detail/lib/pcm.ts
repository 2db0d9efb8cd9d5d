import { resampleLinear } from '../../../lib/wav.ts';

/**
 * One block of microphone samples (float, -1..1, at the audio context's `rate`) as the streaming
 * relay takes them (@ulca/contracts api/streaming.ts): 16-bit little-endian PCM at `toRate` Hz
 * (16 kHz), mono. Values beyond ±1 are clipped.
 */
export function toPcm16(samples: Float32Array, rate: number, toRate = 16_000): ArrayBuffer {
  const resampled = rate === toRate ? samples : resampleLinear(samples, rate, toRate);
  const out = new DataView(new ArrayBuffer(resampled.length * 2));
  for (let i = 0; i < resampled.length; i++) {
    const v = Math.max(-1, Math.min(1, resampled[i]));
    out.setInt16(i * 2, v < 0 ? v * 0x8000 : v * 0x7fff, true);
  }
  return out.buffer;
}

/** The WebSocket URL of a relay path on this page's server (ws: for http pages, wss: for https). */
export function streamUrl(
  path: string,
  query: Record<string, string | undefined>,
  location: { protocol: string; host: string } = window.location,
): string {
  const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${path}?${q.toString()}`;
}
