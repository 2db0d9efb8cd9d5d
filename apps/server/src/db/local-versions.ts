import type { Db } from './pool.ts';

/**
 * Per-database change counters inside this process: a writer bumps a topic after committing a
 * change (e.g. 'rollup' after publish), and a cache of derived answers compares the counter it
 * saw when filling an entry. Lets one feature invalidate another's cache without either reading
 * the other's tables (DESIGN.md §4). Other processes do not see these counters: caches that use
 * them must also expire by time.
 */
const versions = new WeakMap<Db, Map<string, number>>();

/** Marks `topic` of `db` as changed in this process (call after the change committed). */
export function bumpLocalVersion(db: Db, topic: string): void {
  let m = versions.get(db);
  if (!m) versions.set(db, (m = new Map()));
  m.set(topic, (m.get(topic) ?? 0) + 1);
}

/** The current change counter of `topic` of `db` in this process (0 before any change). */
export function localVersion(db: Db, topic: string): number {
  return versions.get(db)?.get(topic) ?? 0;
}

/** Topic bumped whenever `record_rollup` changes (publish, unpublish). */
export const ROLLUP_TOPIC = 'rollup';
