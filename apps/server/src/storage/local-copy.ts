import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store.ts';

/** Prefix of a temp copy's folder: `ulca-object-<host>-<pid>-<random>`, so a start can tell its own host's dead copies. */
const PREFIX = 'ulca-object-';

/** The folder of temporary copies: `<dataDir>/tmp` (docs/operations.md#running-it-in-production, "Temp files"). */
export function tempDir(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

function hostTag(): string {
  return os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
}

/** A temp file name of this process, `ulca-object-<host>-<pid>-<tag>`, that {@link removeStaleTempCopies} clears once the process is gone. */
export function tempFileName(tag: string): string {
  return `${PREFIX}${hostTag()}-${process.pid}-${tag}`;
}

/**
 * Runs `fn` with a local file holding object `key`, for readers that need random access (yauzl
 * opens a zip at its central directory, then seeks to each entry). A local store hands over its
 * own file; any other store is streamed once into a private folder under `tmpDir` (the data
 * folder's tmp/, see {@link tempDir}), deleted when `fn` settles, whether it resolves or throws.
 * A process killed meanwhile leaves it behind: {@link removeStaleTempCopies} clears it at the next start.
 *
 * Why a temp copy rather than ranged GETs: yauzl reads the central directory in 46-byte pieces and
 * each entry's local header separately, so reading through ranged requests costs several round
 * trips per zip entry (hundreds of thousands for a speech dataset), where one streamed GET costs
 * one. The price is disk: one zip (at most MAX_DOWNLOAD_BYTES) per running ingest job.
 * Throws the store's error (code 'ENOENT' when the object is missing) or `fn`'s.
 */
export async function withLocalCopy<T>(store: ObjectStore, key: string, tmpDir: string, fn: (file: string) => Promise<T>): Promise<T> {
  const own = store.localPath(key);
  if (own) return fn(own);
  await fsp.mkdir(tmpDir, { recursive: true });
  const dir = await fsp.mkdtemp(path.join(tmpDir, tempFileName('')));
  try {
    const file = path.join(dir, path.posix.basename(key) || 'object');
    await pipeline(await store.get(key), fs.createWriteStream(file, { mode: 0o600 }));
    return await fn(file);
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temp copies in `tmpDir` left by processes of this host that are gone (killed
 * mid-ingest), called once at start before the workers take jobs. Copies of live processes and of
 * other hosts sharing the folder are left alone; when `ownPidToo` is set (a fresh start, whose pid
 * may be an old one's, e.g. 1 in a container) a copy of this very pid is stale too.
 * Returns the names of the folders removed.
 */
export async function removeStaleTempCopies(tmpDir: string, opts: { ownPidToo?: boolean } = {}): Promise<string[]> {
  let names: string[];
  try {
    names = await fsp.readdir(tmpDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mine = `${PREFIX}${hostTag()}-`;
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(mine)) continue;
    const pid = Number(name.slice(mine.length).split('-')[0]);
    if (!Number.isInteger(pid)) continue;
    if (alive(pid) && !(opts.ownPidToo && pid === process.pid)) continue;
    await fsp.rm(path.join(tmpDir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
