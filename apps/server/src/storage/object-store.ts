import type { Readable } from 'node:stream';

/** A byte range of an object, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/** One object found by `list`. */
export interface ObjectEntry {
  key: string;
  /** Bytes. */
  size: number;
}

/**
 * Where the platform keeps files: downloaded zips, error reports, media, search results
 * (docs/architecture.md#where-state-lives). Keys are relative slash-separated paths such as `datasets/SRN/source.zip`.
 * Implementations: LocalObjectStore (a folder, default) and S3ObjectStore (any S3-compatible
 * store, selected by S3_BUCKET; see storage/create-store.ts).
 */
export interface ObjectStore {
  /** Streams `body` to `key`, replacing any previous object atomically. Returns bytes written. */
  put(key: string, body: Readable | Buffer | string): Promise<number>;
  /**
   * Opens `key` for reading, the whole object or only `range` (inclusive; the caller checks it
   * against the size). Throws an error with code 'ENOENT' when missing.
   */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** True when `key` exists. */
  exists(key: string): Promise<boolean>;
  /** Size of `key` in bytes, or null when missing. */
  size(key: string): Promise<number | null>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<ObjectEntry>;
  /** Removes `key` (no error if missing). */
  delete(key: string): Promise<void>;
  /** Removes every key under `prefix/`. */
  deletePrefix(prefix: string): Promise<void>;
  /**
   * A local file path for `key` when the store is a local folder, else null. Only an optimisation
   * (storage/local-copy.ts opens zips in place instead of copying them): code must work with null.
   */
  localPath(key: string): string | null;
}

/** The error `get` throws for a missing key (code 'ENOENT', like the file system). */
export function missingObject(key: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`object not found: ${key}`);
  err.code = 'ENOENT';
  return err;
}
