/**
 * The inference state of one process: the per-model call slots and the model_usage counts not yet
 * written. Built once by createServices (services.ts) and closed by closeServices, so the counts of
 * every caller (the compute routes and the sts batch jobs alike, in the API or a worker process)
 * are written on shutdown whichever routes the process registered (docs/architecture.md#services).
 */
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';
import { ModelLimiter } from './model-calls.concurrency.ts';
import { AnswerBudget } from './model-answers.size-limit.ts';
import { AnswerPool } from '../../net/answer-pool.ts';
import { flushPendingCounts } from '../../lib/pending-counts.ts';
import * as repo from './repo.ts';
import type { UsageDelta } from './repo.ts';

/** How often counted usage is written, ms. */
const FLUSH_INTERVAL_MS = 1000;
/** Large answers (net/answer-pool.ts) read at once per process: half of a 2-core machine's CPU at most (docs/operations.md#model-answers). */
export const LARGE_ANSWER_CONCURRENCY = 2;

/** Call slots and usage counts of one process; see the file comment. */
export class InferenceState {
  /** At most MODEL_CONCURRENCY calls per model at once (waits MODEL_QUEUE_WAIT_MS for a slot). */
  readonly limiter: ModelLimiter;
  /** Bytes of model answers buffered at once in this process, and calls per owner (model-answers.size-limit.ts). */
  readonly answers: AnswerBudget;
  /** Answers over 1 MiB parsed and checked in worker threads, LARGE_ANSWER_CONCURRENCY at once (waits MODEL_QUEUE_WAIT_MS for a turn). */
  readonly answerPool: AnswerPool;
  private readonly usage = new Map<string, UsageDelta>();
  private readonly timer: NodeJS.Timeout;
  // The UTC day of usage counts, recomputed at most once a second (not a Date per call).
  private dayOf = { until: 0, day: '' };
  private closed = false;

  /** `flushIntervalMs` (default 1000) lets a test see that close() writes what the timer has not. */
  constructor(private readonly deps: { config: Config; db: Db; log: Logger; flushIntervalMs?: number }) {
    this.limiter = new ModelLimiter(deps.config.modelConcurrency, deps.config.modelQueueWaitMs);
    this.answers = new AnswerBudget(deps.config);
    this.answerPool = new AnswerPool(LARGE_ANSWER_CONCURRENCY, deps.config.modelQueueWaitMs);
    // Counts are written once a second in one statement, not one upsert per call: no hot-row lock on the inference path.
    this.timer = setInterval(() => void this.flush(), deps.flushIntervalMs ?? FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  private today(): string {
    const now = Date.now();
    if (now >= this.dayOf.until) this.dayOf = { until: now + 1000 - (now % 1000), day: new Date(now).toISOString().slice(0, 10) };
    return this.dayOf.day;
  }

  /** Counts one call of `modelId` by API key `keyId` ('' for web calls) today (UTC). */
  count(keyId: string, modelId: string, failed: boolean): void {
    const day = this.today();
    const k = `${keyId}|${modelId}|${day}`;
    const d = this.usage.get(k) ?? { keyId, modelId, day, calls: 0, failures: 0 };
    d.calls += 1;
    if (failed) d.failures += 1;
    this.usage.set(k, d);
  }

  /** Usage counted and not yet written (tests). */
  get pending(): UsageDelta[] {
    return [...this.usage.values()].map((d) => ({ ...d }));
  }

  /**
   * Writes the usage counted since the last flush to `model_usage` (every second and on close; at
   * most one second of counts is lost if the process dies). Never throws: a failed write is logged
   * and its counts are put back.
   */
  async flush(): Promise<void> {
    await flushPendingCounts(this.usage, {
      fields: ['calls', 'failures'],
      keyOf: (d) => `${d.keyId}|${d.modelId}|${d.day}`,
      write: (deltas) => repo.addUsage(this.deps.db, deltas),
      onError: (err) => this.deps.log.warn({ err }, 'could not record model usage'),
    });
  }

  /** Stops the timer after a last flush (process shutdown; the pool must still be open), and the answer readers' threads. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    await this.flush();
    await this.answerPool.close();
  }
}

/**
 * The slice of the inference feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<InferenceServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface InferenceServices {
  /** Model call slots and the model_usage counts not yet written. */
  inference: InferenceState;
}
