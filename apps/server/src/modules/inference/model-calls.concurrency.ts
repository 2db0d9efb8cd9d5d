/**
 * Per-model concurrency limit of hosted inference (docs/architecture.md#calling-models "a concurrency limit per model"):
 * at most `concurrency` calls of one model run at once in this process; a further call waits up to
 * `waitMs` for a slot and is then refused with 503 (the model is busy), so a slow model cannot tie
 * up the server or be flooded through it. Built on p-limit.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import { ApiError } from '../../lib/errors.ts';

/** Message of the 503 answered when a model's slots stay taken. */
export const MODEL_BUSY_MESSAGE = 'This model is busy with other requests. Please try again in a moment.';

/** One limiter per process, per model. */
export class ModelLimiter {
  private readonly limits = new Map<string, LimitFunction>();

  constructor(
    private readonly concurrency: number,
    private readonly waitMs: number,
  ) {}

  /**
   * Runs `fn` in a slot of `modelId`. @throws ApiError 503 MODEL_BUSY (with Retry-After) when no slot frees within
   * `waitMs` (fn then never runs); otherwise what `fn` throws.
   */
  async run<T>(modelId: string, fn: () => Promise<T>): Promise<T> {
    let limit = this.limits.get(modelId);
    if (!limit) {
      limit = pLimit(Math.max(1, this.concurrency));
      this.limits.set(modelId, limit);
    }
    // p-limit counts a call active only a microtask after it is queued: both counts, or calls made in one tick all skip the wait.
    if (limit.activeCount + limit.pendingCount < limit.concurrency) return limit(fn);
    let gaveUp = false;
    let timer: NodeJS.Timeout | undefined;
    const queued = limit(() => (gaveUp ? Promise.resolve(undefined as T) : fn()));
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        gaveUp = true;
        // A slot frees within a call's time, usually much sooner: ask to retry after the wait we gave.
        reject(new ApiError(503, 'MODEL_BUSY', MODEL_BUSY_MESSAGE).retryAfter(this.waitMs / 1000));
      }, this.waitMs);
    });
    try {
      return await Promise.race([queued, timeout]);
    } finally {
      clearTimeout(timer);
      // A queued call that gave up still resolves later (to nothing); keep that from being unhandled.
      queued.catch(() => undefined);
    }
  }
}
