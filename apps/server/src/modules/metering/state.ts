/**
 * The metering state of one process (ctx.services.metering; docs/api.md#usage-and-quotas): the
 * per-key usage counted and not yet written to `key_usage` (written every second and on close),
 * and each key's quota limits, reused for QUOTA_LIMITS_CACHE_MS. Built once by createServices.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db/pool.ts';
import { flushPendingCounts } from '../../lib/pending-counts.ts';
import * as repo from './repo.ts';
import type { KeyUsageDelta, QuotaUnit } from './repo.ts';

/** How long a process reuses a key's limits, ms: a limit set on another process applies within this time. */
export const QUOTA_LIMITS_CACHE_MS = 1000;

const FIELDS = ['calls', 'failures', 'latencyMsTotal', 'charactersIn', 'audioMsIn', 'audioMsOut', 'images'] as const;

/** See the file comment. */
export class MeteringState {
  /** Counts per `keyId|modelId|task|day` not yet written. */
  readonly usage = new Map<string, KeyUsageDelta>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> | undefined;
  private readonly limitsCache = new Map<string, { until: number; limits: Promise<Map<QuotaUnit, number>> }>();

  constructor(private readonly deps: { db: Db; log: Logger }) {
    this.timer = setInterval(() => void this.flush(), 1000);
    this.timer.unref();
  }

  /** Writes the counts; a flush already in flight is waited for first (a reader then sees all). Never throws. */
  async flush(): Promise<void> {
    const run = (this.flushing ?? Promise.resolve()).then(() => this.flushNow());
    this.flushing = run;
    try {
      await run;
    } finally {
      if (this.flushing === run) this.flushing = undefined;
    }
  }

  private async flushNow(): Promise<void> {
    await flushPendingCounts(this.usage, {
      fields: FIELDS,
      keyOf: (d) => `${d.keyId}|${d.modelId}|${d.task}|${d.day}`,
      write: (deltas) => repo.addUsage(this.deps.db, deltas),
      onError: (err) => this.deps.log.warn({ err }, 'could not record key usage'),
    });
  }

  /** The limits of `keyId` (its own, else the default), read at most once per QUOTA_LIMITS_CACHE_MS. */
  limits(keyId: string): Promise<Map<QuotaUnit, number>> {
    const now = Date.now();
    const hit = this.limitsCache.get(keyId);
    if (hit && hit.until > now) return hit.limits;
    if (this.limitsCache.size > 10_000) this.limitsCache.clear();
    const limits = repo.limitsOf(this.deps.db, keyId);
    this.limitsCache.set(keyId, { until: now + QUOTA_LIMITS_CACHE_MS, limits });
    limits.catch(() => this.limitsCache.delete(keyId));
    return limits;
  }

  /** Forgets every cached limit (a limit was just set here: it applies at once on this process). */
  forgetLimits(): void {
    this.limitsCache.clear();
  }

  /** Stops the timer after a last flush. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * The slice of the metering feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<MeteringServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface MeteringServices {
  /** Per-key usage not yet written, and quota limits reused for a second. */
  metering: MeteringState;
}
