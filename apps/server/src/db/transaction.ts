import type pg from 'pg';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Db } from './pool.ts';
import type { Database } from './schema.ts';

/**
 * The one transaction helper of the server (docs/architecture.md#data-access): every multi-statement
 * write goes through {@link inTransaction} (or {@link transactionOn} when the caller already holds a
 * connection), never a hand-written BEGIN/COMMIT/ROLLBACK, nor Kysely's own `transaction()`.
 */

/**
 * A transaction in progress: `client` for raw SQL (COPY, the measured hot path) and `db`, a Kysely
 * over that same connection, for every other query. Both see the transaction's own writes. Never
 * start a transaction on either (no `BEGIN`, no `db.transaction()`): this one is already open.
 */
export interface Tx {
  readonly client: pg.PoolClient;
  readonly db: Kysely<Database>;
}

/** How a transaction begins; the default is PostgreSQL's READ COMMITTED, read-write. */
export interface TxOptions {
  /** `'repeatable read'` for one snapshot across statements (the backup). */
  isolation?: 'read committed' | 'repeatable read' | 'serializable';
  readOnly?: boolean;
}

function beginStatement(opts: TxOptions): string {
  // Both parts come from the closed sets of TxOptions, never from a caller's text.
  const isolation = {
    'read committed': '',
    'repeatable read': ' ISOLATION LEVEL REPEATABLE READ',
    serializable: ' ISOLATION LEVEL SERIALIZABLE',
  }[opts.isolation ?? 'read committed'];
  return `BEGIN${isolation}${opts.readOnly ? ' READ ONLY' : ''}`;
}

/** A Kysely that runs every query on `client` (and never releases it: the helper does). */
function kyselyOn(client: pg.PoolClient): Kysely<Database> {
  const one: PostgresPoolClient = {
    query: client.query.bind(client) as PostgresPoolClient['query'],
    release: () => undefined,
  };
  const pool: PostgresPool = { connect: async () => one, end: async () => undefined };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Thrown by {@link transactionOn} when ROLLBACK itself failed: the connection is unusable. */
class BrokenConnectionError extends Error {}

/**
 * Runs `fn` in one transaction on `client`, a connection the caller holds (and releases): BEGIN
 * (with `opts`), `fn`, COMMIT; ROLLBACK when `fn` or the COMMIT throws, then the error is thrown
 * again. When the ROLLBACK fails too (the connection was lost), the original error is thrown with
 * `brokenConnection: true` set on it (likewise when BEGIN fails), so that {@link inTransaction} releases the client as broken.
 * Resolves to what `fn` resolved to.
 */
export async function transactionOn<T>(client: pg.PoolClient, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  let db: Kysely<Database> | undefined;
  const tx: Tx = {
    client,
    // Built on first use: the raw-SQL callers (the publish loop) never pay for it.
    get db() {
      db ??= kyselyOn(client);
      return db;
    },
  };
  try {
    await client.query(beginStatement(opts));
  } catch (err) {
    // A connection that cannot even begin is not handed to anyone else.
    throw Object.assign(err instanceof Error ? err : new BrokenConnectionError(String(err)), { brokenConnection: true });
  }
  try {
    const out = await fn(tx);
    await client.query('COMMIT');
    return out;
  } catch (err) {
    try {
      await client.query('ROLLBACK');
    } catch {
      throw Object.assign(err instanceof Error ? err : new BrokenConnectionError(String(err)), { brokenConnection: true });
    }
    throw err;
  }
}

/**
 * Runs `fn` in one transaction on a connection of `db`'s pool (see {@link transactionOn}; `opts`
 * picks the isolation level). The connection goes back to the pool afterwards, or is destroyed when
 * it broke (a failed ROLLBACK: PostgreSQL restarted, network cut; docs/operations.md#database-restarts),
 * so no later caller receives a dead or half-open session. Throws what `fn`, BEGIN or COMMIT threw.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  const client = await db.pool.connect();
  let broken: Error | undefined;
  try {
    return await transactionOn(client, fn, opts);
  } catch (err) {
    if ((err as { brokenConnection?: boolean }).brokenConnection) broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}
