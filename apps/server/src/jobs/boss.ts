import PgBossImport from 'pg-boss';
import { QUEUES } from './queues.ts';

export type PgBoss = PgBossImport;
export const PgBossCtor = PgBossImport;

/**
 * Starts pg-boss against `url` and creates the platform's queues. A job still active after
 * `expireInSeconds` (default 1 hour) is taken to have lost its worker and is retried; the retry
 * resumes where the dead worker stopped. pg-boss keeps its own tables in
 * the `pgboss` schema of the same database; `max` is its pool size (BOSS_POOL_SIZE, default 4);
 * `onError` hears its errors (e.g. to log them). Throws if the database is unreachable at start.
 */
export async function startBoss(
  url: string,
  opts: { supervise?: boolean; expireInSeconds?: number; max?: number; onError?: (err: Error) => void } = {},
): Promise<PgBoss> {
  const boss = new PgBossImport({
    connectionString: url,
    max: opts.max ?? 4,
    supervise: opts.supervise ?? true,
    schedule: false,
  });
  // pg-boss reports a lost connection, a failed fetch or maintenance run as 'error' and goes on
  // polling; without a listener the event would end the process (docs/operations.md#database-restarts).
  boss.on('error', (err: Error) => opts.onError?.(err));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { name, retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: opts.expireInSeconds ?? 3600 });
  }
  return boss;
}
