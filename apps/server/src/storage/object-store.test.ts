import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../test/s3-server.ts';
import { LocalObjectStore } from './local-store.ts';
import { removeStaleTempCopies, withLocalCopy } from './local-copy.ts';
import type { ObjectStore } from './object-store.ts';
import { S3ObjectStore } from './s3-store.ts';

// The same contract for both stores; the S3 one talks to a real S3-protocol server (s3rver).
let s3: TestS3Server;
let localRoot: string;
const stores: Record<string, () => ObjectStore> = {
  local: () => new LocalObjectStore(localRoot),
  s3: () => new S3ObjectStore(s3.config),
};

beforeAll(async () => {
  s3 = await startTestS3Server();
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-store-test-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** `total` pseudo-random bytes handed out in 64 KiB chunks, as a download or COPY would. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 65536) yield bytes.subarray(i, i + 65536);
    })(),
  );
}

describe.each(Object.keys(stores))('%s object store', (kind) => {
  let store: ObjectStore;
  const p = `t-${kind}`;
  beforeAll(() => {
    store = stores[kind]();
  });

  it('puts text and buffers, reads them back, and knows their size', async () => {
    expect(await store.put(`${p}/a/hello.txt`, 'नमस्ते')).toBe(Buffer.byteLength('नमस्ते'));
    expect(await store.put(`${p}/a/bytes.bin`, Buffer.from([0, 1, 2, 255]))).toBe(4);
    expect((await readAll(await store.get(`${p}/a/hello.txt`))).toString('utf8')).toBe('नमस्ते');
    expect([...(await readAll(await store.get(`${p}/a/bytes.bin`)))]).toEqual([0, 1, 2, 255]);
    expect(await store.size(`${p}/a/hello.txt`)).toBe(18);
    expect(await store.exists(`${p}/a/bytes.bin`)).toBe(true);
  });

  it('streams a 12 MiB object in (multipart on S3) and out, byte for byte, and serves ranges', async () => {
    const bytes = crypto.randomBytes(12 * 1024 * 1024 + 123);
    expect(await store.put(`${p}/big.bin`, chunked(bytes))).toBe(bytes.length);
    expect(await store.size(`${p}/big.bin`)).toBe(bytes.length);
    expect(sha(await readAll(await store.get(`${p}/big.bin`)))).toBe(sha(bytes));
    const start = 8 * 1024 * 1024 - 5;
    const range = await readAll(await store.get(`${p}/big.bin`, { start, end: start + 9 }));
    expect(range.equals(bytes.subarray(start, start + 10))).toBe(true);
  });

  it('stores an empty stream as an empty object', async () => {
    expect(await store.put(`${p}/empty`, Readable.from([]))).toBe(0);
    expect(await store.size(`${p}/empty`)).toBe(0);
    expect((await readAll(await store.get(`${p}/empty`))).length).toBe(0);
  });

  it('replaces an object whole, and keeps the old one when the new body fails half-way', async () => {
    await store.put(`${p}/r.txt`, 'old');
    await store.put(`${p}/r.txt`, 'new');
    expect((await readAll(await store.get(`${p}/r.txt`))).toString()).toBe('new');
    const failing = Readable.from(
      (async function* () {
        yield crypto.randomBytes(9 * 1024 * 1024);
        throw new Error('source broke');
      })(),
    );
    await expect(store.put(`${p}/r.txt`, failing)).rejects.toThrow('source broke');
    expect((await readAll(await store.get(`${p}/r.txt`))).toString()).toBe('new');
  });

  it('lists by prefix in key order', async () => {
    for (const k of ['l/b/2.txt', 'l/a.txt', 'l/b/1.txt', 'lx.txt']) await store.put(`${p}/${k}`, k);
    const listed: { key: string; size: number }[] = [];
    for await (const o of store.list(`${p}/l/`)) listed.push(o);
    expect(listed).toEqual([
      { key: `${p}/l/a.txt`, size: 7 },
      { key: `${p}/l/b/1.txt`, size: 9 },
      { key: `${p}/l/b/2.txt`, size: 9 },
    ]);
  });

  it('deletes one key and every key under a prefix; missing keys are ENOENT / null, deleting them is no error', async () => {
    for (const k of ['d/x/1', 'd/x/2', 'd/y']) await store.put(`${p}/${k}`, k);
    await store.delete(`${p}/d/y`);
    await store.delete(`${p}/d/never-there`);
    await store.deletePrefix(`${p}/d/x`);
    expect(await store.size(`${p}/d/y`)).toBeNull();
    expect(await store.exists(`${p}/d/x/1`)).toBe(false);
    const left: string[] = [];
    for await (const o of store.list(`${p}/d/`)) left.push(o.key);
    expect(left).toEqual([]);
    await expect(store.get(`${p}/d/x/2`)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives random-access readers a local file, and removes a temporary copy afterwards', async () => {
    await store.put(`${p}/zip/source.zip`, 'pretend zip');
    const tmp = path.join(localRoot, 'tmp-copies');
    let seen = '';
    const text = await withLocalCopy(store, `${p}/zip/source.zip`, tmp, async (file) => {
      seen = file;
      return fs.promises.readFile(file, 'utf8');
    });
    expect(text).toBe('pretend zip');
    expect(fs.existsSync(seen)).toBe(kind === 'local');
    if (kind !== 'local') expect(path.dirname(path.dirname(seen))).toBe(tmp);
    await expect(withLocalCopy(store, `${p}/zip/missing.zip`, tmp, (file) => fs.promises.readFile(file))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});

describe('temp copies left by a killed process', () => {
  it('are removed at the next start; those of live processes and other hosts stay', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-tmp-copies-'));
    try {
      const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
      // 4194304 is above Linux's largest pid, so no process has it.
      const names = [
        `ulca-object-${host}-4194304-dead`,
        `ulca-object-${host}-${process.pid}-mine`,
        `ulca-object-${host}-1-init`,
        'ulca-object-otherhost-4194304-x',
        'demo.zip',
      ];
      for (const n of names) fs.mkdirSync(path.join(tmp, n));
      fs.writeFileSync(path.join(tmp, names[0]!, 'source.zip'), 'left over');
      expect(await removeStaleTempCopies(tmp)).toEqual([names[0]]);
      expect(fs.readdirSync(tmp).sort()).toEqual(names.slice(1).sort());
      expect(await removeStaleTempCopies(tmp, { ownPidToo: true })).toEqual([names[1]]);
      expect(await removeStaleTempCopies(path.join(tmp, 'missing'))).toEqual([]);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

describe('S3 object store set-up', () => {
  it('keeps its objects in the bucket, not on local disk', async () => {
    const store = new S3ObjectStore(s3.config);
    await store.put('where/is/it.txt', 'here');
    expect(store.localPath()).toBeNull();
    expect(fs.readdirSync(s3.directory)).toContain(s3.config.bucket);
  });

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const store = new S3ObjectStore({ ...s3.config, bucket: 'no-such-bucket' });
    await expect(store.verify()).rejects.toThrow(/S3 bucket "no-such-bucket" does not exist/);
  });
});
