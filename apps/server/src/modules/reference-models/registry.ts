/**
 * The reference servers of one process (ctx.services.referenceModels): the one started with the API
 * process (startReferenceModels sets `running`), and the engines a worker-only process starts on
 * demand (`onDemand`, per engine id). Built by createServices; close() stops the on-demand engines
 * (the API's server is stopped by the ReferenceModels handle that started it).
 */
import type { ReferenceModelServer } from './server.ts';

/** See the file comment. */
export class ReferenceModelRegistry {
  /** The reference server of this API process, while it runs. */
  running: ReferenceModelServer | undefined;
  /** Engines started on demand in this worker process, per engine id (null: could not start). */
  readonly onDemand = new Map<string, Promise<ReferenceModelServer | null>>();

  /** Stops the engines started on demand (worker-only shutdown). */
  async close(): Promise<void> {
    this.running = undefined;
    const servers = [...this.onDemand.values()];
    this.onDemand.clear();
    await Promise.allSettled(servers.map(async (s) => (await s)?.close()));
  }
}

/**
 * The slice of the reference-models feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<ReferenceModelServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface ReferenceModelServices {
  /** The reference servers of this process: the API's, or engines started on demand. */
  referenceModels: ReferenceModelRegistry;
}
