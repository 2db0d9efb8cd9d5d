/**
 * The endpoint cache of the inference path of one process (ctx.services.modelEndpoints
 * bench: no database read and key decryption per call). Filled and invalidated by the models
 * service (see MODEL_ENDPOINT_CACHE_TTL_MS there); built by createServices (services.ts).
 */
import type { BenchmarkLookups, ModelEndpoint } from './types.ts';

/** See the file comment. */
export class EndpointCache {
  readonly entries = new Map<string, { endpoint: ModelEndpoint; expiresAt: number }>();
  /** Reads under way, shared by the calls that miss at the same time. */
  readonly pending = new Map<string, Promise<ModelEndpoint | null>>();
  /** Bumped by every invalidation: a read that raced with one is not cached. */
  epoch = 0;

  /** Forgets everything (shutdown). */
  close(): void {
    this.epoch += 1;
    this.entries.clear();
    this.pending.clear();
  }
}

/**
 * The slice of the models feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it
 * types its context as `AppContext<ModelsServices>`; the composition root (app-services.ts) adds it to the
 * ground services.
 */
export interface ModelsServices {
  /** The models' endpoints served from memory on the inference path. */
  modelEndpoints: EndpointCache;
  /** The benchmarks feature's answers about a model's runs, built from benchmarks/service.ts. */
  benchmarks: BenchmarkLookups;
}
