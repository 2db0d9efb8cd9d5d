import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.ts';

// bigint (int8) and numeric come back as strings by default; counts here fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** A connection pool plus a typed query builder over the same pool. */
export interface Db {
  pool: pg.Pool;
  db: Kysely<Database>;
  /** Change counters of this pool inside this process (db/local-versions.ts). */
  readonly versions: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Opens a pool to `url` (max connections `max`, default 10). Does not connect until first use.
 * A lost connection (PostgreSQL restarted, network cut) never ends the process
 * (docs/operations.md#database-restarts): idle clients are dropped by the pool, and a client
 * checked out at that moment gets a listener of its own, so its loss reaches its caller as the
 * error of its next query (the job fails and is retried) instead of an unhandled 'error' event.
 * `onError` (optional) hears each such loss once, e.g. to log it.
 */
export function createDb(url: string, max = 10, onError?: (err: Error) => void): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  // The pool re-emits an idle client's error; the client's own listener below has reported it.
  pool.on('error', () => undefined);
  // pg-pool listens on a client only while it is idle; a checked-out client without a listener
  // would throw its 'error' event out of the process.
  pool.on('connect', (client) => client.on('error', (err: Error) => onError?.(err)));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    pool,
    db,
    versions: new Map(),
    async close() {
      await db.destroy();
    },
  };
}

/**
 * Waits until PostgreSQL answers `SELECT 1` on `pool` again, trying every `everyMs` (default
 * 500 ms), for at most `ms` milliseconds (default 120 s). Resolves true once it answers, false when
 * the time ran out; never throws. A job that lost its connection waits with it before it reports
 * its failure, so the queue records the failure and retries the job at once
 * (docs/operations.md#database-restarts).
 */
export async function waitForDatabase(pool: pg.Pool, ms = 120_000, everyMs = 500): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await pool.query('SELECT 1');
      return true;
    } catch {
      if (Date.now() + everyMs > end) return false;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }
}
