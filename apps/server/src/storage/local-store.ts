import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { missingObject, type ByteRange, type ObjectEntry, type ObjectStore } from './object-store.ts';

/** ObjectStore on a local folder (the default: ULCA_DATA_DIR/objects). Writes go to a temp file and are renamed into place. */
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

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const p = this.file(key);
    try {
      await fsp.access(p);
    } catch {
      throw missingObject(key);
    }
    return fs.createReadStream(p, range ? { start: range.start, end: range.end } : {});
  }

  async *list(prefix: string): AsyncIterable<ObjectEntry> {
    // Walks only the folder the prefix names (`searches/123/` → searches/123), then filters.
    const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = dir ? this.file(dir) : path.resolve(this.root);
    const found: ObjectEntry[] = [];
    const walk = async (folder: string): Promise<void> => {
      let names: fs.Dirent[];
      try {
        names = await fsp.readdir(folder, { withFileTypes: true });
      } catch {
        return;
      }
      for (const d of names) {
        const full = path.join(folder, d.name);
        if (d.isDirectory()) await walk(full);
        else if (d.isFile() && !d.name.endsWith('.tmp')) {
          const key = path.relative(this.root, full).split(path.sep).join('/');
          if (key.startsWith(prefix)) found.push({ key, size: (await fsp.stat(full)).size });
        }
      }
    };
    await walk(start);
    yield* found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
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
