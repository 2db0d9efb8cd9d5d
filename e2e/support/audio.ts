/** Audio the journeys feed Chromium's fake microphone with. */
import { silentWav } from '../../apps/server/src/test/model-server.ts';

/**
 * A mono 16-bit PCM WAV of `seconds` at `rate` Hz with real header sizes (Chromium's file-backed fake
 * capture reads them): silentWav's, with sample i set to `sample(i / rate)`, in 16-bit units, rounded.
 */
export function pcmWav(seconds: number, rate: number, sample: (t: number) => number): Buffer {
  const b = silentWav(seconds, rate);
  const n = (b.length - 44) / 2;
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(sample(i / rate)), 44 + i * 2);
  return b;
}
