import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { QUEUES } from '../jobs/queues.ts';
import { createMetrics, type Metrics } from './prometheus.ts';
import { createReadiness, type Readiness } from './readiness.ts';

const QUEUE_STATES = ['created', 'retry', 'active'];

/**
 * The operations services of a process (main.ts, the test harness): its metrics, reading pool use
 * from `db` and queue depth from pg-boss's job table at scrape time, and its readiness checks.
 * Both have `close()`.
 */
export function createOpsServices(parts: { config: Config; db: Db; store: ObjectStore }): { metrics: Metrics; readiness: Readiness } {
  const metrics = createMetrics();
  const pool = parts.db.pool;
  metrics.setSources({
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    // pg-boss 10 has no per-state counts API; read its table as jobs/recovery-repo.ts does. Every
    // platform queue and state is answered, 0 included, so a dashboard sees an empty queue as 0.
    queueDepth: async () => {
      const r = await pool.query(
        `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      );
      const counted = new Map(
        (r.rows as { queue: string; state: string; count: number }[]).map((row) => [`${row.queue} ${row.state}`, row.count]),
      );
      return Object.values(QUEUES).flatMap((queue) =>
        QUEUE_STATES.map((state) => ({ queue, state, count: counted.get(`${queue} ${state}`) ?? 0 })),
      );
    },
  });
  return { metrics, readiness: createReadiness(parts) };
}
