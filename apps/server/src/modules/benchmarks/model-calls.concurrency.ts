/**
 * The concurrency limits of benchmark runs' model calls in one process (ctx.services.benchmarkCalls):
 * at most MODEL_CONCURRENCY calls of one model at once, whichever runs make them. Built by createServices.
 */
import pLimit, { type LimitFunction } from 'p-limit';
import type { Config } from '../../config.ts';

/** See the file comment. */
export class BenchmarkCallLimits {
  private readonly limits = new Map<string, LimitFunction>();

  constructor(private readonly deps: { config: Pick<Config, 'modelConcurrency'> }) {}

  /** The limit of `modelId`'s calls (made on first use). */
  of(modelId: string): LimitFunction {
    let l = this.limits.get(modelId);
    if (!l) {
      l = pLimit(Math.max(1, this.deps.config.modelConcurrency));
      this.limits.set(modelId, l);
    }
    return l;
  }

  /** Forgets the limits (shutdown: the jobs have stopped). */
  close(): void {
    this.limits.clear();
  }
}

/**
 * The slice of the benchmarks feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<BenchmarkServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface BenchmarkServices {
  /** Concurrency limits of benchmark runs' model calls (run.ts). */
  benchmarkCalls: BenchmarkCallLimits;
}
