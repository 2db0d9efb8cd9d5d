import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { transactionOn } from './transaction.ts';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

/**
 * Applies the plain-SQL migrations in db/migrations in file-name order, each once, each in a
 * transaction, under an advisory lock so that several processes starting together are safe.
 * Returns the names applied in this call.
 */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name as string));
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      // On the connection that holds the advisory lock, so transactionOn rather than inTransaction.
      try {
        await transactionOn(client, async (tx) => {
          await tx.client.query(sql);
          await tx.client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        });
        applied.push(file);
      } catch (err) {
        if ((err as { brokenConnection?: boolean }).brokenConnection) broken = err as Error;
        throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    client.release(broken);
  }
  return applied;
}

/**
 * Migrations of this code not yet applied to the database behind `pool` (file names, in order):
 * empty when the schema is at the expected version. Migrations the database has but this code
 * does not know (a newer version migrated first, as a rolling upgrade does) do not count.
 * Throws when the database does not answer.
 */
export async function pendingMigrations(pool: pg.Pool): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const table = await pool.query(`SELECT to_regclass('schema_migrations') IS NOT NULL AS present`);
  if (!table.rows[0].present) return files;
  const done = new Set((await pool.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name as string));
  return files.filter((f) => !done.has(f));
}
