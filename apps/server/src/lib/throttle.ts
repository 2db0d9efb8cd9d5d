/**
 * "At most once per interval" for housekeeping a request triggers (pruning expired nonces or
 * tickets), held by a service of the context rather than a module variable (docs/architecture.md#services).
 */
export class Throttle {
  private last = 0;

  /** @param intervalMs the least time between two runs, ms */
  constructor(private readonly intervalMs: number) {}

  /** True (and the interval restarts) when the last run is at least `intervalMs` ago. */
  due(now = Date.now()): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }

  /** Nothing to stop (a service of the context). */
  close(): void {}
}
