/**
 * Speaker baseline benchmark (docs/benchmarks.md#performance-benches): synthesises `--seconds N` (default 60) of
 * speech with espeak-ng, then times per stage, in ms per 10 s of audio: WAV decoding and
 * resampling to 16 kHz, MFCC statistics (meyda), and the whole analysis through the worker pool
 * (dsp.ts, what a request waits for). Baseline in the same run: one pass of reading the samples
 * (sum of squares), the least any analysis must do. The figure that decided the worker threads:
 * anything over 50 ms for 60 s blocks the API's event loop too long. Times are wall-clock on a
 * shared machine; each stage is the median of 3 runs.
 */
import { execFileSync } from 'node:child_process';
import { decodeSpeech } from '../apps/server/src/modules/speakers/audio.ts';
import { SpeechPool } from '../apps/server/src/modules/speakers/dsp.ts';
import { speakerStats } from '../apps/server/src/modules/speakers/embedding.ts';
import { arg } from './cli.ts';

async function median(fn: () => unknown): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[1];
}

/** Runs the benchmark; prints one line per stage. */
export async function main(args: string[]): Promise<void> {
  const target = Math.min(60, arg(args, 'seconds', 60));
  const sentence = 'The quick brown fox jumps over the lazy dog near the river bank, and the birds sing in the trees. ';
  // espeak-ng speaks a sentence in ~6 s; cut the WAV at the target length (its header's sizes are placeholders, fixed on reading).
  const full = execFileSync('espeak-ng', ['-v', 'en-us+m3', '--stdout'], {
    input: sentence.repeat(Math.ceil(target / 5)),
    maxBuffer: 64 * 1024 * 1024,
  });
  const wav = full.subarray(0, Math.min(full.length, 44 + Math.round(target * 22050) * 2));
  const d = await decodeSpeech(wav);
  const per10 = (ms: number) => (ms * 10) / d.seconds;
  const baseline = await median(() => {
    let e = 0;
    for (const v of d.samples) e += v * v;
    return e;
  });
  const decode = await median(() => decodeSpeech(wav));
  const stats = await median(() => speakerStats(d.samples));
  const pool = new SpeechPool();
  await pool.analyse(wav); // start the worker threads
  const worker = await median(() => pool.analyse(wav));
  await pool.close();
  const line = (name: string, ms: number) =>
    console.log(`${name.padEnd(34)} ${per10(ms).toFixed(1).padStart(8)} ms / 10 s audio  ×${(ms / baseline).toFixed(0)} baseline`);
  console.log(`speaker baseline on ${d.seconds.toFixed(1)} s of espeak-ng speech (22.05 kHz WAV):`);
  line('baseline (one pass over samples)', baseline);
  line('decode + resample to 16 kHz', decode);
  line('MFCC statistics (meyda)', stats);
  line('whole analysis via worker pool', worker);
  console.log(`whole analysis of ${d.seconds.toFixed(0)} s: ${worker.toFixed(0)} ms, off the event loop`);
}
