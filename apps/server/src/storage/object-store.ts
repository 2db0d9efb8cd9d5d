import type { Readable } from 'node:stream';

/**
 * Where the platform keeps files: downloaded zips, error reports, media, search results
 * (DESIGN.md §2). Keys are relative slash-separated paths such as `datasets/SRN/source.zip`.
 * Implementations: LocalObjectStore (a folder, default).
 */
export interface ObjectStore {
  /** Streams `body` to `key`, replacing any previous object atomically. Returns bytes written. */
  put(key: string, body: Readable | Buffer | string): Promise<number>;
  /** Opens `key` for reading. Throws an error with code 'ENOENT' when missing. */
  get(key: string): Promise<Readable>;
  /** True when `key` exists. */
  exists(key: string): Promise<boolean>;
  /** Size of `key` in bytes, or null when missing. */
  size(key: string): Promise<number | null>;
  /** Removes `key` (no error if missing). */
  delete(key: string): Promise<void>;
  /** Removes every key under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /** A local file path for `key` when the store is a local folder (used to open zips randomly), else null. */
  localPath(key: string): string | null;
}
