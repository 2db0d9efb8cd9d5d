import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ObjectStore } from './object-store.ts';

/** ObjectStore on a local folder. Writes go to a temp file and are renamed into place. */
export class LocalObjectStore implements ObjectStore {
  constructor(private readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** Resolves `key` inside the root; throws on keys that would escape it. */
  private file(key: string): string {
    const p = path.resolve(this.root, key);
    if (!p.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid object key: ${key}`);
    return p;
  }

  async put(key: string, body: Readable | Buffer | string): Promise<number> {
    const dest = this.file(key);
    await fsp.mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      const src = typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([Buffer.from(body)]) : body;
      await pipeline(src, fs.createWriteStream(tmp));
      await fsp.rename(tmp, dest);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return (await fsp.stat(dest)).size;
  }

  async get(key: string): Promise<Readable> {
    const p = this.file(key);
    await fsp.access(p);
    return fs.createReadStream(p);
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.file(key))).size;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.file(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await fsp.rm(this.file(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  localPath(key: string): string | null {
    return this.file(key);
  }
}
