/**
 * Test helpers (imported by *.test.ts only): build dataset zips with yazl and generate small,
 * valid media in code (PCM WAV, PNG) so that tests need no fixture files or external tools.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import yazl from 'yazl';
import { afterAll, beforeAll } from 'vitest';

/** A fresh temp folder under the OS temp dir. */
export function tempDir(prefix = 'ulca-test-'): Promise<string> {
  return fsp.mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * Registers beforeAll and afterAll: a fresh {@link tempDir} for the tests of the file (or describe),
 * removed after them. Read `.path` inside the tests (set once beforeAll has run).
 */
export function useTempDir(prefix?: string): { readonly path: string } {
  let dir = '';
  beforeAll(async () => {
    dir = await tempDir(prefix);
  });
  afterAll(async () => {
    if (dir) await fsp.rm(dir, { recursive: true, force: true });
  });
  return {
    get path() {
      return dir;
    },
  };
}

/** Zip entries: file name → content (strings are UTF-8). */
export type ZipFiles = Record<string, string | Buffer | object>;

/** The bytes of a zip holding `files`, deflated unless `compress` is false. */
export async function zipBuffer(files: ZipFiles, compress = true): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(files)) {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(typeof content === 'string' ? content : JSON.stringify(content));
    zip.addBuffer(bytes, name, { compress });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes a zip of `files` to `dir/name` and returns its path. */
export async function writeZip(dir: string, name: string, files: ZipFiles, compress = true): Promise<string> {
  const file = path.join(dir, name);
  await fsp.writeFile(file, await zipBuffer(files, compress));
  return file;
}

/** Writes `files` as a folder tree under `dir` and returns `dir`. */
export async function writeFolder(dir: string, files: ZipFiles): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await fsp.writeFile(file, Buffer.isBuffer(content) ? content : typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

/** A mono 16-bit PCM WAV of `seconds` of a quiet tone at `sampleRate` Hz. */
export function wav(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const dataBytes = samples * 2;
  const b = Buffer.alloc(44 + dataBytes);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + dataBytes, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28); // byte rate
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i++) b.writeInt16LE(Math.round(1000 * Math.sin((2 * Math.PI * 440 * i) / sampleRate)), 44 + i * 2);
  return b;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid grey PNG of `width`×`height` pixels. */
export function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0; // filter byte per scanline
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Replaces every occurrence of `from` with `to` (same length) in `buf`: forges entry names yazl refuses to write. */
export function patchBytes(buf: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('patchBytes needs equal lengths');
  const out = Buffer.from(buf);
  const needle = Buffer.from(from);
  for (let i = out.indexOf(needle); i !== -1; i = out.indexOf(needle, i + 1)) Buffer.from(to).copy(out, i);
  return out;
}

/** Rewrites the uncompressed size that the central directory declares for entry `name`. */
export function forgeDeclaredSize(buf: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(buf);
  for (
    let i = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    i !== -1;
    i = out.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), i + 4)
  ) {
    const nameLength = out.readUInt16LE(i + 28);
    if (out.toString('utf8', i + 46, i + 46 + nameLength) === name) {
      out.writeUInt32LE(size, i + 24);
      return out;
    }
  }
  throw new Error(`entry ${name} not found`);
}

/** params.json of a monolingual corpus in Hindi with the fields the dataset schema requires. */
export const MONO_PARAMS = {
  datasetType: 'monolingual-corpus',
  languages: { sourceLanguage: 'hi' },
  collectionSource: ['https://example.org/news'],
  domain: ['news'],
  license: 'cc-by-4.0',
  submitter: { name: 'Test Team', aboutMe: 'Writers of test sentences' },
};

/** Rows of a monolingual corpus, each a different sentence. */
export function monoRows(n: number): { text: string }[] {
  return Array.from({ length: n }, (_, i) => ({ text: `यह परीक्षण वाक्य संख्या ${i + 1} है` }));
}
