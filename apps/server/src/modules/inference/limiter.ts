/**
 * Per-model concurrency limit of hosted inference (docs/architecture.md#calling-models "a concurrency limit per model"):
 * at most `concurrency` calls of one model run at once in this process; a further call waits up to
 * `waitMs` for a slot, first come first served, and is then refused with 503 (the model is busy),
 * so a slow model cannot tie up the server or be flooded through it. A plain counter and queue per
 * model: a call that finds a free slot starts at once, with no promise or microtask of the limiter's
 * own (p-limit took several per call, a measurable part of a proxied call: docs/benchmarks.md#inference-proxy).
 */
import { ApiError } from '../../lib/errors.ts';

/** Message of the 503 answered when a model's slots stay taken. */
export const MODEL_BUSY_MESSAGE = 'This model is busy with other requests. Please try again in a moment.';

/** A call waiting for a slot: started by the call that frees one, or refused by its timer. */
interface Waiter {
  start(): void;
  timer: NodeJS.Timeout | undefined;
}

/** The slots of one model: calls running, and calls waiting in arrival order. */
interface Slots {
  running: number;
  waiting: Waiter[];
}

/** One limiter per process, per model. */
export class ModelLimiter {
  /** Models with a call running or waiting (an idle model's entry is dropped). */
  private readonly models = new Map<string, Slots>();
  private readonly concurrency: number;

  constructor(
    concurrency: number,
    private readonly waitMs: number,
  ) {
    this.concurrency = Math.max(1, concurrency);
  }

  /** Calls of `modelId` running now (for tests and the log). */
  running(modelId: string): number {
    return this.models.get(modelId)?.running ?? 0;
  }

  /**
   * Runs `fn` in a slot of `modelId`. @throws ApiError 503 MODEL_BUSY (with Retry-After) when no slot frees within
   * `waitMs` (fn then never runs); otherwise what `fn` throws.
   */
  async run<T>(modelId: string, fn: () => Promise<T>): Promise<T> {
    let slots = this.models.get(modelId);
    if (!slots) {
      slots = { running: 0, waiting: [] };
      this.models.set(modelId, slots);
    }
    // A freed slot is handed to the first waiter directly (running stays), so no later call can take it first.
    if (slots.running < this.concurrency) slots.running++;
    else await this.slotFor(modelId, slots);
    try {
      return await fn();
    } finally {
      this.release(modelId, slots);
    }
  }

  /** Waits for a slot handed over by {@link release}; refuses with MODEL_BUSY after waitMs. */
  private slotFor(modelId: string, slots: Slots): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { start: resolve, timer: undefined };
      waiter.timer = setTimeout(() => {
        const i = slots.waiting.indexOf(waiter);
        if (i >= 0) slots.waiting.splice(i, 1);
        if (slots.running === 0 && slots.waiting.length === 0) this.models.delete(modelId);
        // A slot frees within a call's time, usually much sooner: ask to retry after the wait we gave.
        reject(new ApiError(503, 'MODEL_BUSY', MODEL_BUSY_MESSAGE).retryAfter(this.waitMs / 1000));
      }, this.waitMs);
      slots.waiting.push(waiter);
    });
  }

  /** A call of the model ended: its slot goes to the first waiter, or is freed. */
  private release(modelId: string, slots: Slots): void {
    const next = slots.waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
      return;
    }
    slots.running--;
    if (slots.running === 0) this.models.delete(modelId);
  }
}
