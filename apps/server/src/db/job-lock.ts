/**
 * One attempt at a time per job subject (docs/operations.md#limits "Jobs after a crash"): the
 * attempt running a subject (an sts batch, a benchmark run) holds a session advisory lock named
 * after it, on a connection of its own. PostgreSQL frees the lock when that session dies (kill -9),
 * which is how the recovery scan tells an orphaned job from a live one; and an attempt started
 * while another still runs (a job that outlived JOB_EXPIRE_SECONDS is retried by pg-boss) waits
 * instead of running the subject a second time.
 */
import type pg from 'pg';
import { waitForDatabase, type Db } from './pool.ts';

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

/** A session lock held by {@link keepLock}: on whichever connection holds it now. */
export interface KeptLock {
  /** Releases the lock and gives its connection back (a broken one is discarded). Never throws. */
  release(): Promise<void>;
}

/**
 * Keeps the lock `name`, already taken on `client`, held while the attempt runs
 * (docs/operations.md#database-restarts): when that connection is lost (PostgreSQL restarted),
 * PostgreSQL has freed the lock, so it is taken again on a new connection as soon as the database
 * answers, before the recovery scan (which waits GRACE_SECONDS, jobs/recovery.ts) or another
 * attempt can take the subject for orphaned. `onLost` hears each loss and whether the lock was
 * taken again (false: the database did not come back within 2 minutes, or another session took
 * it first).
 */
export function keepLock(db: Db, client: pg.PoolClient, name: string, onLost?: (retaken: boolean, err: Error) => void): KeptLock {
  let holder: pg.PoolClient | undefined = client;
  let broken = false;
  let released = false;
  const watch = (c: pg.PoolClient) =>
    c.once('error', (err: Error) => {
      if (released || holder !== c) return;
      broken = true;
      void retake(err);
    });
  const retake = async (err: Error) => {
    let ok = false;
    if (await waitForDatabase(db.pool)) {
      const next = await db.pool.connect().catch(() => undefined);
      if (next) {
        ok = await tryNamedLock(next, name).catch(() => false);
        // Destroyed rather than pooled when the attempt ended meanwhile: closing the session frees the lock.
        if (!ok || released) next.release(true);
        else {
          holder?.release(true);
          holder = next;
          broken = false;
          watch(next);
        }
      }
    }
    onLost?.(ok, err);
  };
  watch(client);
  return {
    async release() {
      released = true;
      const c = holder;
      holder = undefined;
      if (!c) return;
      if (!broken) await releaseNamedLock(c, name).catch(() => (broken = true));
      c.release(broken);
    },
  };
}

/**
 * Runs `fn` holding the lock `name`. While another session holds it, looks every 2 s: returns
 * without running `fn` once `isFinal()` says the subject ended (the other attempt finished it), or
 * runs `fn` once the lock is free (the other attempt ended or died). A lost connection does not
 * drop the lock for long: {@link keepLock} takes it again.
 */
export async function runUnderLock(
  db: Db,
  name: string,
  isFinal: () => Promise<boolean>,
  fn: () => Promise<void>,
  pollMs = POLL_MS,
): Promise<void> {
  const client = await db.pool.connect();
  let kept: KeptLock | undefined;
  try {
    while (!(await tryNamedLock(client, name))) {
      if (await isFinal()) return;
      await new Promise((r) => setTimeout(r, pollMs));
    }
    kept = keepLock(db, client, name);
    await fn();
  } finally {
    if (kept) await kept.release();
    else client.release();
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
