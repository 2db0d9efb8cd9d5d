/**
 * The speaker DSP off the event loop: a small piscina pool of worker threads running
 * dsp.worker.ts. The source is TypeScript, so each worker loads tsx like the server does
 * (`node --import tsx`).
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { DspResult } from './dsp.worker.ts';

export type { DspResult } from './dsp.worker.ts';

const WORKER = new URL('./dsp.worker.ts', import.meta.url);

/**
 * The pool of one process (ctx.services.speechPool), built by createServices; its threads start on
 * first use (at most 2, or the CPU count when lower; idle threads exit after 30 s) and stop on close().
 */
export class SpeechPool {
  private pool: Piscina | undefined;

  private get threads(): Piscina {
    this.pool ??= new Piscina({
      filename: WORKER.href,
      execArgv: ['--import', 'tsx'],
      minThreads: 0,
      maxThreads: Math.max(1, Math.min(2, availableParallelism())),
      idleTimeout: 30_000,
      // A minute of 48 kHz stereo float, decoded, stays well under this.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return this.pool;
  }

  /**
   * Decodes audio bytes and computes its speaker vector in a worker thread.
   * @returns the vector, or why the audio is refused (codes of SpeakerAudioError and NO_SPEECH).
   * @throws Error when the worker itself fails (a bug, out of memory).
   */
  async analyse(bytes: Uint8Array): Promise<DspResult> {
    return (await this.threads.run(bytes)) as DspResult;
  }

  /** Stops the worker threads (process shutdown). */
  async close(): Promise<void> {
    const p = this.pool;
    this.pool = undefined;
    await p?.destroy();
  }
}

/**
 * The slice of the speakers feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<SpeakerServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface SpeakerServices {
  /** Worker threads of the speaker DSP. */
  speechPool: SpeechPool;
}
