/**
 * A counter of whole-dataset downloads running at once in this process. The download route is
 * public and each download streams a whole dataset from the database, so anyone could otherwise
 * open enough of them to starve the pool; past the limit the route answers 429 instead.
 */
export class DownloadSlots {
  private running = 0;

  constructor(
    /** Downloads allowed at once (at least 1). */
    readonly max: number,
  ) {}

  /** Takes a slot: returns its release function (safe to call more than once), or null when all are taken. */
  tryAcquire(): (() => void) | null {
    if (this.running >= Math.max(1, this.max)) return null;
    this.running += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
    };
  }

  /** Downloads running now. */
  get inUse(): number {
    return this.running;
  }
}
