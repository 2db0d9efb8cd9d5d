/**
 * The streaming relay's state of one process (ctx.services.streaming): the streams open per model
 * and per caller, and when expired tickets were last pruned. Built by createServices (services.ts).
 */
import { Throttle } from '../../lib/throttle.ts';

/** Expired tickets are deleted at most this often per process, ms. */
const TICKET_PRUNE_INTERVAL_MS = 60_000;

/** See the file comment. */
export class StreamingState {
  /** Streams open now, per model id. */
  readonly perModel = new Map<string, number>();
  /** Streams open now, per caller key (key:, user: or ip:). */
  readonly perCaller = new Map<string, number>();
  /** When stream tickets are pruned next (tickets.ts). */
  readonly ticketPrune = new Throttle(TICKET_PRUNE_INTERVAL_MS);

  /** Forgets the counts (shutdown: the sockets are closed with the app). */
  close(): void {
    this.perModel.clear();
    this.perCaller.clear();
  }
}

/**
 * The slice of the streaming feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<StreamingServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface StreamingServices {
  /** Streams open per model and caller; ticket pruning. */
  streaming: StreamingState;
}
