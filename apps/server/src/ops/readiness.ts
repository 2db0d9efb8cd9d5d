import type { Config } from '../config.ts';
import type { Db } from '../db/pool.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { secretKey } from '../security/crypto.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/** One check's answer: ok, or the reason it is not. */
export interface CheckResult {
  ok: boolean;
  error?: string;
}

/** The readiness answer: ready when every check is ok (docs/operations.md#running-it-in-production). */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/**
 * Readiness of this process, as opposed to liveness (the process answers at all): the database
 * answers, its migrations are the ones this code expects (none pending), the object store answers,
 * the server secret is usable, plus checks other parts add (`add`: the reference engines warm, when
 * this process runs them). Each check is bounded by `timeoutMs` (default 2 s), run at each
 * `check()`; nothing is cached, so a database back up is seen at the next probe. `close()` drops the checks.
 */
export interface Readiness {
  add(name: string, check: () => Promise<void> | void): void;
  check(): Promise<ReadinessReport>;
  close(): void;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/** The readiness checks of a process built on `parts` (main.ts, the test harness). */
export function createReadiness(parts: { config: Config; db: Db; store: ObjectStore }, opts: { timeoutMs?: number } = {}): Readiness {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const checks = new Map<string, () => Promise<void> | void>([
    ['database', async () => void (await parts.db.pool.query('SELECT 1'))],
    [
      'migrations',
      async () => {
        const pending = await pendingMigrations(parts.db.pool);
        if (pending.length) throw new Error(`pending: ${pending.join(', ')} (run npm run migrate)`);
      },
    ],
    ['objectStore', async () => void (await parts.store.exists('ops/readiness-probe'))],
    ['secret', () => void secretKey(parts.config)],
  ]);
  return {
    add(name, check) {
      checks.set(name, check);
    },
    async check() {
      const results = await Promise.all(
        [...checks].map(async ([name, run]): Promise<[string, CheckResult]> => {
          try {
            await within(Promise.resolve().then(run), timeoutMs);
            return [name, { ok: true }];
          } catch (err) {
            return [name, { ok: false, error: err instanceof Error ? err.message : String(err) }];
          }
        }),
      );
      return { ready: results.every(([, r]) => r.ok), checks: Object.fromEntries(results) };
    },
    close() {
      checks.clear();
    },
  };
}
