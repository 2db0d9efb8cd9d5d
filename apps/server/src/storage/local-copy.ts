import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store.ts';

/**
 * Runs `fn` with a local file holding object `key`, for readers that need random access (yauzl
 * opens a zip at its central directory, then seeks to each entry). A local store hands over its
 * own file; any other store is streamed once into a private temp folder under os.tmpdir()
 * (TMPDIR), deleted when `fn` settles, whether it resolves or throws.
 *
 * Why a temp copy rather than ranged GETs: yauzl reads the central directory in 46-byte pieces and
 * each entry's local header separately, so reading through ranged requests costs several round
 * trips per zip entry (hundreds of thousands for a speech dataset), where one streamed GET costs
 * one. The price is disk: one zip (at most MAX_DOWNLOAD_BYTES) per running ingest job.
 * Throws the store's error (code 'ENOENT' when the object is missing) or `fn`'s.
 */
export async function withLocalCopy<T>(store: ObjectStore, key: string, fn: (file: string) => Promise<T>): Promise<T> {
  const own = store.localPath(key);
  if (own) return fn(own);
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'ulca-object-'));
  try {
    const file = path.join(dir, path.posix.basename(key) || 'object');
    await pipeline(await store.get(key), fs.createWriteStream(file, { mode: 0o600 }));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
