/** Audio the journeys feed Chromium's fake microphone with. */

/**
 * A mono 16-bit PCM WAV of `seconds` at `rate` Hz with real header sizes (Chromium's file-backed fake
 * capture reads them); sample i is `sample(i / rate)`, in 16-bit units, rounded.
 */
export function pcmWav(seconds: number, rate: number, sample: (t: number) => number): Buffer {
  const n = Math.round(seconds * rate);
  const b = Buffer.alloc(44 + n * 2);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + n * 2, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) b.writeInt16LE(Math.round(sample(i / rate)), 44 + i * 2);
  return b;
}
