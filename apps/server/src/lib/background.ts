/**
 * Work a request starts and does not wait for (e.g. the reset e-mail sent after forgot-password
 * answers, so the answer's timing reveals nothing). Owned by the context (ctx.services.background);
 * the HTTP app waits for it when it closes (app.ts), before pg-boss and the pool stop.
 */
export class BackgroundWork {
  private readonly pending = new Set<Promise<void>>();

  /** Runs `work` in the background: its failure is handed to `onError`, never thrown. */
  track(work: Promise<unknown>, onError: (err: unknown) => void): void {
    const p: Promise<void> = work
      .then(() => undefined)
      .catch(onError)
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Resolves when every piece of work tracked so far (and any started meanwhile) has settled. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Waits for the work under way (process shutdown). */
  async close(): Promise<void> {
    await this.settled();
  }
}
