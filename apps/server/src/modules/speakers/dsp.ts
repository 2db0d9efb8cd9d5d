/**
 * The speaker DSP off the event loop: a small piscina pool of worker threads running
 * dsp.worker.ts. The source is TypeScript, so each worker loads tsx like the server does
 * (`node --import tsx`).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DspResult } from './dsp.worker.ts';

export type { DspResult } from './dsp.worker.ts';

let pool: Piscina | undefined;

const WORKER = new URL('./dsp.worker.ts', import.meta.url);

/** The shared pool: at most 2 threads (or the CPU count when lower); idle threads exit after 30 s. */
function getPool(): Piscina {
  pool ??= new Piscina({
    filename: WORKER.href,
    execArgv: ['--import', 'tsx'],
    minThreads: 0,
    maxThreads: Math.max(1, Math.min(2, availableParallelism())),
    idleTimeout: 30_000,
    // A minute of 48 kHz stereo float, decoded, stays well under this.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return pool;
}

/**
 * Decodes audio bytes and computes its speaker vector in a worker thread.
 * @returns the vector, or why the audio is refused (codes of SpeakerAudioError and NO_SPEECH).
 * @throws Error when the worker itself fails (a bug, out of memory).
 */
export async function analyseSpeech(bytes: Uint8Array): Promise<DspResult> {
  return (await getPool().run(bytes)) as DspResult;
}

/** Stops the worker threads (app shutdown, tests). */
export async function closeSpeechPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
