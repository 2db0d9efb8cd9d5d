import type { Db } from './pool.ts';

/**
 * Per-database change counters inside this process: a writer bumps a topic after committing a
 * change (e.g. 'rollup' after publish), and a cache of derived answers compares the counter it
 * saw when filling an entry. Lets one feature invalidate another's cache without either reading
 * the other's tables (docs/architecture.md#layout). Other processes do not see these counters: caches that use
 * them must also expire by time.
 */
// The counters are held by the Db object (db.versions), so they live and die with the process's pool.

/** Marks `topic` of `db` as changed in this process (call after the change committed). */
export function bumpLocalVersion(db: Pick<Db, 'versions'>, topic: string): void {
  db.versions.set(topic, (db.versions.get(topic) ?? 0) + 1);
}

/** The current change counter of `topic` of `db` in this process (0 before any change). */
export function localVersion(db: Pick<Db, 'versions'>, topic: string): number {
  return db.versions.get(topic) ?? 0;
}

/** Topic bumped whenever `record_rollup` changes (publish, unpublish). */
export const ROLLUP_TOPIC = 'rollup';
