import type { Db } from '../../db/pool.ts';
import { localVersion, ROLLUP_TOPIC } from '../../db/local-versions.ts';

/** Most answers kept per database; the cache starts over when full (bodies are user input). */
const MAX_ENTRIES = 1000;

interface Entry {
  value: unknown;
  version: number;
  expiresAt: number;
}

/** The dashboard's answers of one process (ctx.services.dashboard), built by createServices. */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deps: { db: Db }) {}

  /**
   * Memoises a dashboard answer (store search, store reports) for `ttlSeconds`. The dashboard is the
   * busiest public call and the rollup changes only when a chunk is published: an entry is dropped
   * as soon as this process publishes or unpublishes (ROLLUP_TOPIC), and answers changed by another
   * process show after at most `ttlSeconds` (DASHBOARD_CACHE_SECONDS). `ttlSeconds` 0 disables it.
   * `key` must identify the request completely (the parsed body).
   */
  async answer<T>(key: string, ttlSeconds: number, compute: () => Promise<T>): Promise<T> {
    if (ttlSeconds <= 0) return compute();
    const { db } = this.deps;
    const version = localVersion(db, ROLLUP_TOPIC);
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > now) return hit.value as T;
    const value = await compute();
    // A publish that committed while computing makes the answer possibly stale: do not keep it.
    if (localVersion(db, ROLLUP_TOPIC) === version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, { value, version, expiresAt: now + ttlSeconds * 1000 });
    }
    return value;
  }

  /** Forgets every answer (shutdown). */
  close(): void {
    this.entries.clear();
  }
}

/**
 * The slice of the metrics feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<MetricsServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface MetricsServices {
  /** The dashboard's answers. */
  dashboard: AnswerCache;
}
