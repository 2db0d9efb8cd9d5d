/**
 * One attempt at a time per job subject (docs/operations.md#limits "Jobs after a crash"): the
 * attempt running a subject (an sts batch, a benchmark run) holds a session advisory lock named
 * after it, on a connection of its own. PostgreSQL frees the lock when that session dies (kill -9),
 * which is how the recovery scan tells an orphaned job from a live one; and an attempt started
 * while another still runs (a job that outlived JOB_EXPIRE_SECONDS is retried by pg-boss) waits
 * instead of running the subject a second time.
 */
import type pg from 'pg';
import type { Db } from './pool.ts';

/** How often a waiting attempt looks again, ms. */
const POLL_MS = 2000;

/** Takes the session advisory lock `name` on `client`; false when another session holds it. */
export async function tryNamedLock(client: pg.PoolClient, name: string): Promise<boolean> {
  const r = await client.query(`SELECT pg_try_advisory_lock(hashtext($1)) AS ok`, [name]);
  return r.rows[0].ok as boolean;
}

/** Releases {@link tryNamedLock}'s lock on this connection. */
export async function releaseNamedLock(client: pg.PoolClient, name: string): Promise<void> {
  await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [name]);
}

/**
 * Runs `fn` holding the lock `name`. While another session holds it, looks every 2 s: returns
 * without running `fn` once `isFinal()` says the subject ended (the other attempt finished it), or
 * runs `fn` once the lock is free (the other attempt ended or died).
 */
export async function runUnderLock(
  db: Db,
  name: string,
  isFinal: () => Promise<boolean>,
  fn: () => Promise<void>,
  pollMs = POLL_MS,
): Promise<void> {
  const client = await db.pool.connect();
  try {
    while (!(await tryNamedLock(client, name))) {
      if (await isFinal()) return;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    try {
      await fn();
    } finally {
      await releaseNamedLock(client, name).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/** Runs `fn` only when the lock `name` is free (nobody runs the subject); false when it was taken. */
export async function ifUnlocked(db: Db, name: string, fn: () => Promise<void>): Promise<boolean> {
  const client = await db.pool.connect();
  try {
    if (!(await tryNamedLock(client, name))) return false;
    try {
      await fn();
      return true;
    } finally {
      await releaseNamedLock(client, name).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
