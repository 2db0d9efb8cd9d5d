import type { Logger } from 'pino';

/**
 * The platform's in-process events and their payloads (docs/architecture.md#events). The emitter
 * names no subscriber: the features that care subscribe at start (subscriptions.ts).
 */
export interface AppEvents {
  /**
   * A submission's ingest job ran to its end and the submission is Completed, by this attempt or an
   * earlier one (so a retried job emits it again: subscribers are idempotent).
   */
  datasetPublished: {
    serviceRequestNumber: string;
    datasetId: string;
    /** The dataset type (e.g. 'parallel-corpus'); null when none was read. */
    datasetType: string | null;
    kind: 'dataset' | 'benchmark';
  };
  /** A submission's ingest ended Failed (rejected data, or its job's last attempt failed); emitted again on retries. */
  datasetFailed: { serviceRequestNumber: string; datasetId: string };
}

/**
 * What a subscriber's error does. 'log' (default): logged at warn with `failure` and the other
 * subscribers go on; the emit succeeds. 'retry': the other subscribers still run, then `emit`
 * throws the first such error, so the emitting job fails and pg-boss retries it (the subscriber
 * must be idempotent: every subscriber hears the retried event again).
 */
export type OnSubscriberError = 'log' | 'retry';

/** One subscription: a name for the logs, the handler and its error policy. */
export interface Subscription<P> {
  /** Who subscribes (e.g. 'dataset-versions.freeze'); logged with its errors. */
  name: string;
  handle: (payload: P) => Promise<unknown>;
  onError?: OnSubscriberError;
  /** Log message of an error under the 'log' policy; default `<event> subscriber failed`. */
  failure?: string;
}

/**
 * A typed in-process event hub (ctx.services.events, built by createServices). `emit` awaits the
 * subscribers one after the other, in the order they subscribed, and isolates their errors as
 * {@link OnSubscriberError} says. Nothing is queued or persisted: an event of a job is emitted again
 * when the job is retried. `close()` drops the subscribers; later `on` calls throw and emits do nothing.
 */
export class EventHub<E extends object = AppEvents> {
  private readonly subscribers = new Map<keyof E, Subscription<never>[]>();
  private closed = false;

  constructor(private readonly log: Pick<Logger, 'warn'>) {}

  /** Subscribes to `event` after the subscribers already there. Throws once the hub is closed. */
  on<K extends keyof E>(event: K, subscription: Subscription<E[K]>): this {
    if (this.closed) throw new Error(`event hub closed: cannot subscribe to ${String(event)}`);
    const list = this.subscribers.get(event) ?? [];
    list.push(subscription as Subscription<never>);
    this.subscribers.set(event, list);
    return this;
  }

  /**
   * Runs every subscriber of `event` with `payload`, in order. Resolves when all ran; rejects with
   * the first error of a 'retry' subscriber (after the others ran; later 'retry' errors are logged).
   */
  async emit<K extends keyof E>(event: K, payload: E[K]): Promise<void> {
    let thrown: { err: unknown } | undefined;
    for (const s of [...((this.subscribers.get(event) ?? []) as Subscription<E[K]>[])]) {
      try {
        await s.handle(payload);
      } catch (err) {
        if (s.onError === 'retry' && !thrown) thrown = { err };
        else this.log.warn({ err, event, subscriber: s.name, payload }, s.failure ?? `${String(event)} subscriber failed`);
      }
    }
    if (thrown) throw thrown.err;
  }

  /** The names of `event`'s subscribers, in order (start-up checks, tests). */
  subscribersOf(event: keyof E): string[] {
    return (this.subscribers.get(event) ?? []).map((s) => s.name);
  }

  /** Drops every subscription; called once by closeServices. */
  close(): void {
    this.closed = true;
    this.subscribers.clear();
  }
}
