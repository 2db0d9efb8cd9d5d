/**
 * Large model answers off the event loop (docs/operations.md#model-answers): an answer over
 * LARGE_ANSWER_BYTES is decoded, JSON-parsed and checked against its task's response schema in a
 * worker thread (answer-parse.worker.ts, a piscina pool), and at most `concurrency` such answers
 * are read at once per process; one more waits up to `waitMs` for its turn and is then refused, so
 * that 2 cores are not all taken by parsing audio. The main thread only copies the bytes over and
 * the parsed value back. The source is TypeScript, so each worker loads tsx like the server does.
 */
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { Piscina } from 'piscina';
import type { InferenceTask } from '@ulca/contracts';
import type { AnswerJob, ParsedAnswer } from './answer-parse.worker.ts';

export type { ParsedAnswer } from './answer-parse.worker.ts';

/** Answers larger than this (bytes) are read in a worker thread; smaller ones parse on the loop in about a millisecond. */
export const LARGE_ANSWER_BYTES = 1024 * 1024;

const WORKER = new URL('./answer-parse.worker.ts', import.meta.url);

/** No turn to read a large answer came within the wait: the caller refuses the call as busy (503). */
export class AnswerPoolBusyError extends Error {
  constructor(public readonly waitedMs: number) {
    super(`No room to read a large model answer within ${waitedMs} ms.`);
    this.name = 'AnswerPoolBusyError';
  }
}

/**
 * The large-answer readers of one process (InferenceState.answerPool): `concurrency` at once
 * (LARGE_ANSWER_CONCURRENCY of state.ts), each in one of as many worker threads (at most the CPU
 * count); the first starts on the first call that may answer large ({@link AnswerPool.warm}), a
 * second idle one exits after a minute, and all stop on close().
 */
export class AnswerPool {
  private pool: Piscina | undefined;
  private readonly limit: LimitFunction;

  constructor(
    private readonly concurrency: number,
    private readonly waitMs: number,
  ) {
    this.limit = pLimit(Math.max(1, concurrency));
  }

  private get threads(): Piscina {
    this.pool ??= new Piscina({
      filename: WORKER.href,
      execArgv: ['--import', 'tsx'],
      // One thread stays (idle, it holds no process open); a second starts when two answers come at once.
      minThreads: 1,
      maxThreads: Math.max(1, Math.min(this.concurrency, availableParallelism())),
      idleTimeout: 60_000,
      // A 20 MiB answer is parsed into a few times its size.
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    return this.pool;
  }

  /**
   * Starts the threads, if not yet, while a call that may answer large waits for its model: a
   * thread's start (tsx, the schemas) takes about a second, which no answer should wait for.
   */
  warm(): void {
    void this.threads;
  }

  /**
   * Parses `bytes` (UTF-8 JSON) and checks it against `task`'s ULCA response schema in a worker.
   * @returns what answer-parse.worker.ts found (not JSON; or the value and the schema problem, null when none).
   * @throws AnswerPoolBusyError when no turn frees within `waitMs` (the answer is then never parsed);
   *   Error when the worker itself fails (out of memory).
   */
  async parse(bytes: Uint8Array, task: InferenceTask): Promise<ParsedAnswer> {
    const job: AnswerJob = { bytes, task };
    const run = () => this.threads.run(job) as Promise<ParsedAnswer>;
    // p-limit counts a call as active a microtask after it is queued: both counts, or two calls made at once would both skip the wait.
    if (this.limit.activeCount + this.limit.pendingCount < this.limit.concurrency) return this.limit(run);
    let gaveUp = false;
    let timer: NodeJS.Timeout | undefined;
    const queued = this.limit(() => (gaveUp ? Promise.resolve(null) : run()));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        reject(new AnswerPoolBusyError(this.waitMs));
      }, this.waitMs);
    });
    try {
      return (await Promise.race([queued, timeout])) as ParsedAnswer;
    } finally {
      clearTimeout(timer);
      // A queued read that gave up still settles later (to nothing); keep that from being unhandled.
      queued.catch(() => undefined);
    }
  }

  /** Stops the worker threads (process shutdown). */
  async close(): Promise<void> {
    const p = this.pool;
    this.pool = undefined;
    await p?.destroy();
  }
}
