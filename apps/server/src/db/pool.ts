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

/** Opens a pool to `url` (max connections `max`, default 10). Does not connect until first use. */
export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* idle client errors (e.g. server restart) must not crash the process */
  });
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
