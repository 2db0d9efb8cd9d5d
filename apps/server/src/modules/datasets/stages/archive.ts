/**
 * Reading a dataset zip in the ULCA contribution format (docs/architecture.md#dataset-stages "ingest"): guards against
 * hostile zips, finds params.json and data.json / data.csv, streams the rows and serves the media
 * files the rows name. Shared by the ingest worker and the offline validator CLI.
 */
import path from 'node:path';
import { Transform, pipeline, type Readable, type TransformCallback } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import Parser from 'stream-json/Parser.js';
import StreamArray from 'stream-json/streamers/StreamArray.js';
import Verifier from 'stream-json/utils/Verifier.js';
import { parse as parseCsv } from 'csv-parse';
import { DatasetRejected } from './types.ts';

/** Zip guards (see Config: maxUnzippedBytes, maxCompressionRatio, maxZipEntries). Sizes in bytes. */
export interface ArchiveLimits {
  /** Cap on the total uncompressed size of all entries, declared and actually streamed. */
  maxUnzippedBytes: number;
  /** Cap on uncompressed/compressed size of one entry (entries under RATIO_MIN_BYTES exempt). */
  maxCompressionRatio: number;
  /** Cap on the number of entries (files and folders) in the zip. */
  maxZipEntries: number;
  /** Largest media file readMedia() loads into memory (default 256 MiB). */
  maxMediaBytes?: number;
}

/** One row of data.json / data.csv as found in the file; `seq` is its 0-based position. */
export interface RawRow {
  seq: number;
  raw: unknown;
}

/** An opened dataset zip. Call close() when done (also after an error). */
export interface DatasetArchive {
  /** Parsed params.json (not yet checked against the schema). */
  rawParams: unknown;
  /** 'data.json' or 'data.csv', relative to the dataset folder. */
  dataFile: 'data.json' | 'data.csv';
  /**
   * Streams the rows of the data file in order. Throws DatasetRejected (DATA_MALFORMED_JSON,
   * DATA_MALFORMED_CSV, DATA_NOT_ARRAY, ZIP_BOMB, NOT_A_ZIP) from the iterator; for malformed JSON,
   * after every complete row before the fault was yielded.
   */
  rows(): AsyncIterable<RawRow>;
  /**
   * The same rows in file order, in arrays of up to ROW_BATCH rows: one await per batch instead
   * of per row, for callers that process rows synchronously (same errors as rows()).
   */
  rowBatches(): AsyncIterable<RawRow[]>;
  /**
   * Bytes of the media file at `relPath` (relative to the folder holding the data file), or null
   * when the zip has no such file or the path tries to leave that folder. Throws MediaReadError
   * when the entry is corrupt or too large, DatasetRejected('ingest', 'ZIP_BOMB') on a bomb.
   */
  readMedia(relPath: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

/** A media entry exists but cannot be read (corrupt compressed data, encrypted, too large). */
export class MediaReadError extends Error {
  constructor(
    public readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'MediaReadError';
  }
}

/**
 * Small entries compress extremely well without being bombs (a 20 KB run of spaces): the ratio
 * cap only applies from this uncompressed size on (bytes).
 */
export const RATIO_MIN_BYTES = 1024 * 1024;
/**
 * Deepest nesting of arrays and objects accepted in params.json and the data file (the data
 * file's top-level array is level 1, a record level 2). Deeper JSON is refused as JSON_TOO_DEEP
 * while it is read, before any recursive code (schema checks, JSON.stringify) could overflow the
 * stack on it. No contribution format needs more than a handful of levels.
 */
export const MAX_JSON_DEPTH = 64;
const MAX_PARAMS_BYTES = 8 * 1024 * 1024;
const DEFAULT_MAX_MEDIA_BYTES = 256 * 1024 * 1024;
const IGNORED_TOP_FOLDERS: ReadonlySet<string> = new Set(['__MACOSX']);

// yauzl exports this helper but @types/yauzl does not declare it.
const getFileNameLowLevel = (
  yauzl as unknown as {
    getFileNameLowLevel(flags: number, raw: Buffer, extraFields: unknown[], strict: boolean): string;
  }
).getFileNameLowLevel;

const reject = (code: string, message: string) => new DatasetRejected('ingest', code, message);

/** Why an entry name could escape the extraction folder, or null when it is safe. */
function unsafeNameReason(name: string): string | null {
  if (name.includes('\\')) return 'contains a backslash';
  if (name.includes('\0')) return 'contains a NUL character';
  if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return 'is an absolute path';
  if (name.split('/').includes('..')) return 'contains ".."';
  return yauzl.validateFileName(name);
}

function openZip(zipPath: string): Promise<ZipFile> {
  return new Promise((resolve, reject_) => {
    yauzl.open(
      zipPath,
      // decodeStrings:false so that we see raw names (yauzl would turn "\" into "/" and fail on
      // ".." with a generic error); we decode and judge them ourselves.
      { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true },
      (err, zip) => {
        if (err) {
          const code = (err as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') return reject_(err);
          return reject_(reject('NOT_A_ZIP', `The file is not a readable zip archive (${err.message}).`));
        }
        resolve(zip);
      },
    );
  });
}

/** Reads the central directory once into a name → entry map, enforcing the entry guards. */
function indexEntries(zip: ZipFile, limits: ArchiveLimits): Promise<Map<string, Entry>> {
  if (zip.entryCount > limits.maxZipEntries) {
    return Promise.reject(
      reject('TOO_MANY_ENTRIES', `The zip holds ${zip.entryCount} entries; at most ${limits.maxZipEntries} are allowed.`),
    );
  }
  return new Promise((resolve, reject_) => {
    const entries = new Map<string, Entry>();
    let declaredTotal = 0;
    let settled = false;
    const fail = (e: Error) => {
      if (settled) return;
      settled = true;
      reject_(e);
    };
    zip.on('error', (err: Error) =>
      fail(err instanceof DatasetRejected ? err : reject('NOT_A_ZIP', `The zip archive is corrupt (${err.message}).`)),
    );
    zip.on('entry', (entry: Entry) => {
      const raw = entry as unknown as { fileNameRaw: Buffer; extraFields: unknown[] };
      const name = getFileNameLowLevel(entry.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, true);
      const unsafe = unsafeNameReason(name);
      if (unsafe) return fail(reject('ZIP_SLIP', `The zip entry "${name}" ${unsafe}: entry names must stay inside the archive.`));
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxUnzippedBytes) {
        return fail(reject('ZIP_BOMB', `The zip expands to more than ${limits.maxUnzippedBytes} bytes (the limit) once uncompressed.`));
      }
      if (ratioTooHigh(entry.uncompressedSize, entry.compressedSize, limits)) {
        return fail(bombByRatio(name, entry.uncompressedSize, entry.compressedSize, limits));
      }
      if (!name.endsWith('/') && !entries.has(name)) entries.set(name, entry);
      zip.readEntry();
    });
    zip.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(entries);
    });
    zip.readEntry();
  });
}

function ratioTooHigh(uncompressed: number, compressed: number, limits: ArchiveLimits): boolean {
  return uncompressed >= RATIO_MIN_BYTES && uncompressed / Math.max(compressed, 1) > limits.maxCompressionRatio;
}

function bombByRatio(name: string, uncompressed: number, compressed: number, limits: ArchiveLimits) {
  const ratio = Math.round(uncompressed / Math.max(compressed, 1));
  return reject(
    'ZIP_BOMB',
    `The zip entry "${name}" expands ${ratio} times (${compressed} → ${uncompressed} bytes); at most ${limits.maxCompressionRatio} is allowed.`,
  );
}

/**
 * Counts the bytes actually inflated: a header can lie about the uncompressed size, so the caps
 * hold on what is streamed, not only on what was declared.
 */
class InflateGuard extends Transform {
  private seen = 0;
  constructor(
    private readonly name: string,
    private readonly entry: Entry,
    private readonly limits: ArchiveLimits,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.entry.uncompressedSize || this.seen > this.limits.maxUnzippedBytes) {
      return cb(
        reject('ZIP_BOMB', `The zip entry "${this.name}" expands beyond its declared size of ${this.entry.uncompressedSize} bytes.`),
      );
    }
    if (ratioTooHigh(this.seen, this.entry.compressedSize, this.limits)) {
      return cb(bombByRatio(this.name, this.seen, this.entry.compressedSize, this.limits));
    }
    cb(null, chunk);
  }
}

/** Maps a low-level read error of entry `name` to the error the dataset stages report. */
function entryError(name: string, err: unknown): Error {
  if (err instanceof DatasetRejected) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/too many bytes/i.test(message)) {
    return reject('ZIP_BOMB', `The zip entry "${name}" expands beyond its declared size (${message}).`);
  }
  return reject('NOT_A_ZIP', `The zip entry "${name}" cannot be read: the archive is corrupt (${message}).`);
}

/** Strips a UTF-8 BOM and checks that the first non-blank character opens an array. */
class ArrayStartCheck extends Transform {
  private checked = false;
  private first = true;
  constructor(private readonly fileName: string) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    if (this.first) {
      this.first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    if (!this.checked) {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk[i];
        if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
        this.checked = true;
        if (c !== 0x5b /* [ */) {
          return cb(
            reject(
              'DATA_NOT_ARRAY',
              `${this.fileName} must hold a JSON array of records ([ {...}, {...} ]); it starts with "${String.fromCharCode(c)}".`,
            ),
          );
        }
        break;
      }
    }
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    if (!this.checked) return cb(reject('DATA_NOT_ARRAY', `${this.fileName} is empty: it must hold a JSON array of records.`));
    cb();
  }
}

type ProcessBuffer = (this: Parser, cb: (err?: Error | null) => void) => void;
const parserProcessBuffer = (Parser.prototype as unknown as { _processBuffer: ProcessBuffer })._processBuffer;

const tooDeep = (fileName: string, where: string) =>
  reject(
    'JSON_TOO_DEEP',
    `${fileName} nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep${where}; at most ${MAX_JSON_DEPTH} are allowed.`,
  );

/**
 * True when the JSON text nests arrays/objects deeper than `max` levels. Brackets inside strings
 * do not count. Linear and iterative: safe on any input.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * A stream-json Parser that, on a syntax error, remembers it and ends cleanly instead of
 * destroying the chain: every row completed before the fault still reaches the consumer, which
 * then reports the fault. It also counts nesting token by token and stops with a JSON_TOO_DEEP
 * failure at level MAX_JSON_DEPTH + 1, so no over-deep value is ever assembled.
 */
class TolerantParser extends Parser {
  failure: Error | null = null;
  private depth = 0;
  constructor(
    private readonly fileName: string,
    options: ConstructorParameters<typeof Parser>[0],
  ) {
    super(options);
  }
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    // null ends the stream: it must always go through.
    if (chunk === null) return super.push(chunk, encoding);
    if (this.failure) return true;
    const name = (chunk as { name?: string } | null)?.name;
    if (name === 'startArray' || name === 'startObject') {
      if (++this.depth > MAX_JSON_DEPTH) {
        this.failure = tooDeep(this.fileName, '');
        // An empty buffer ends the parse loop at once; the rest of the file is not read.
        (this as unknown as { _buffer: string })._buffer = '';
        return true;
      }
    } else if (name === 'endArray' || name === 'endObject') this.depth--;
    return super.push(chunk, encoding);
  }
  _processBuffer(cb: (err?: Error | null) => void): void {
    const self = this as unknown as { _buffer: string };
    if (this.failure) {
      self._buffer = '';
      return cb(null);
    }
    parserProcessBuffer.call(this, (err) => {
      if (err) {
        this.failure = err;
        self._buffer = '';
      }
      cb(null);
    });
  }
}

/** Splits dotted CSV headers ("submitter.name") into nested objects, once per file. */
function csvRowBuilder(header: string[]): (values: Record<string, string>) => Record<string, unknown> {
  const paths = header.map((h) => h.split('.'));
  if (paths.every((p) => p.length === 1)) return (values) => values;
  return (values) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < header.length; i++) {
      const p = paths[i];
      const value = values[header[i]];
      if (value === undefined) continue;
      let node = out;
      for (let j = 0; j < p.length - 1; j++) {
        const next = node[p[j]];
        node = (next && typeof next === 'object' ? next : (node[p[j]] = {})) as Record<string, unknown>;
      }
      node[p[p.length - 1]] = value;
    }
    return out;
  };
}

/** Rows handed over per await by rowBatches(). */
export const ROW_BATCH = 512;

/**
 * Reads an object-mode stream in arrays of up to ROW_BATCH items, synchronously from its buffer:
 * per-item async iteration costs a promise per row. Throws the stream's error after the items
 * read before it; destroys the stream when the consumer stops early.
 */
async function* readBatches(stream: Readable): AsyncGenerator<unknown[]> {
  let ended = false;
  let failure: unknown = null;
  let notify: (() => void) | null = null;
  const poke = () => {
    const n = notify;
    notify = null;
    n?.();
  };
  stream.on('readable', poke);
  stream.on('end', () => {
    ended = true;
    poke();
  });
  stream.on('error', (err) => {
    failure ??= err;
    poke();
  });
  try {
    for (;;) {
      const batch: unknown[] = [];
      let item: unknown;
      while (batch.length < ROW_BATCH && (item = stream.read()) !== null) batch.push(item);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>((resolve) => (notify = resolve));
    }
  } finally {
    if (!ended) stream.destroy();
  }
}

/** Finds the folder ('' = root, or one top-level folder) that holds the dataset files. */
function findBase(entries: Map<string, Entry>): string {
  const markers = ['params.json', 'data.json', 'data.csv'];
  if (markers.some((m) => entries.has(m))) return '';
  const folders = new Set<string>();
  for (const name of entries.keys()) {
    const parts = name.split('/');
    if (parts.length === 2 && markers.includes(parts[1]) && !IGNORED_TOP_FOLDERS.has(parts[0])) folders.add(parts[0]);
  }
  if (folders.size > 1) {
    throw reject(
      'PARAMS_MISSING',
      `The zip holds several datasets (folders ${[...folders].map((f) => `"${f}"`).join(', ')}): zip one dataset, with params.json and data.json at the root or in a single folder.`,
    );
  }
  return folders.size === 1 ? [...folders][0] : '';
}

/** Line and column (1-based) of character `position` in `text`. */
function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

/**
 * Opens a dataset zip and applies the ingest guards (docs/architecture.md#dataset-stages). Rejections are
 * DatasetRejected('ingest', code): NOT_A_ZIP, ZIP_SLIP, TOO_MANY_ENTRIES, ZIP_BOMB, PARAMS_MISSING,
 * PARAMS_INVALID (params.json not JSON), DATA_MISSING. File-system errors (ENOENT…) pass through.
 */
export async function openArchive(zipPath: string, limits: ArchiveLimits): Promise<DatasetArchive> {
  const zip = await openZip(zipPath);
  try {
    return await describe(zip, limits);
  } catch (err) {
    zip.close();
    throw err;
  }
}

async function describe(zip: ZipFile, limits: ArchiveLimits): Promise<DatasetArchive> {
  const entries = await indexEntries(zip, limits);
  const base = findBase(entries);
  const prefix = base ? `${base}/` : '';
  const maxMediaBytes = limits.maxMediaBytes ?? DEFAULT_MAX_MEDIA_BYTES;

  const openEntry = (name: string, entry: Entry): Promise<Readable> =>
    new Promise((resolve, reject_) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject_(entryError(name, err));
        const guard = new InflateGuard(name, entry, limits);
        // pipeline() forwards a source error (bad deflate data, size mismatch) to the guard.
        pipeline(stream, guard, () => {});
        resolve(guard);
      });
    });

  const readWhole = async (name: string, entry: Entry): Promise<Buffer> => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of await openEntry(name, entry)) chunks.push(chunk as Buffer);
    } catch (err) {
      throw entryError(name, err);
    }
    return Buffer.concat(chunks);
  };

  const paramsName = `${prefix}params.json`;
  const paramsEntry = entries.get(paramsName);
  if (!paramsEntry) {
    throw reject(
      'PARAMS_MISSING',
      'The zip has no params.json: put params.json and data.json at the root of the zip or in a single folder.',
    );
  }
  let dataFile: 'data.json' | 'data.csv' = 'data.json';
  let dataEntry = entries.get(`${prefix}data.json`);
  if (!dataEntry) {
    dataFile = 'data.csv';
    dataEntry = entries.get(`${prefix}data.csv`);
  }
  if (!dataEntry) {
    throw reject('DATA_MISSING', `The zip has params.json but neither data.json nor data.csv${base ? ` in folder "${base}"` : ''}.`);
  }
  const dataName = `${prefix}${dataFile}`;
  const dataEntryFound = dataEntry;

  if (paramsEntry.uncompressedSize > MAX_PARAMS_BYTES) {
    throw reject('PARAMS_INVALID', `params.json is ${paramsEntry.uncompressedSize} bytes; at most ${MAX_PARAMS_BYTES} are allowed.`);
  }
  const paramsText = (await readWhole(paramsName, paramsEntry)).toString('utf8').replace(/^\uFEFF/, '');
  if (jsonDeeperThan(paramsText, MAX_JSON_DEPTH)) throw tooDeep('params.json', '');
  let rawParams: unknown;
  try {
    rawParams = JSON.parse(paramsText);
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    const pos = /position (\d+)/.exec(detail);
    const where = pos ? (({ line, column }) => ` at line ${line}, column ${column}`)(lineColumn(paramsText, Number(pos[1]))) : '';
    throw reject('PARAMS_INVALID', `params.json is not valid JSON${where}: ${detail}`);
  }

  /** Re-reads data.json to find where its syntax error is (only on the failure path). */
  const locateJsonError = async (): Promise<string> => {
    try {
      await pipelineAsync(await openEntry(dataName, dataEntryFound), new ArrayStartCheck(dataFile), new Verifier());
      return '';
    } catch (err) {
      const e = err as { line?: number; pos?: number };
      return typeof e.line === 'number' ? ` (line ${e.line}, column ${e.pos})` : '';
    }
  };

  async function* jsonBatches(): AsyncGenerator<RawRow[]> {
    const parser = new TolerantParser(dataFile, { streamValues: false });
    const array = new StreamArray();
    pipeline(await openEntry(dataName, dataEntryFound), new ArrayStartCheck(dataFile), parser, array, () => {});
    let seq = 0;
    try {
      for await (const batch of readBatches(array)) {
        const rows = new Array<RawRow>(batch.length);
        for (let i = 0; i < batch.length; i++) rows[i] = { seq: seq++, raw: (batch[i] as { value: unknown }).value };
        yield rows;
      }
    } catch (err) {
      if (err instanceof DatasetRejected) throw err;
      const message = err instanceof Error ? err.message : String(err);
      if (/Top-level object should be an array/.test(message)) {
        throw reject('DATA_NOT_ARRAY', `${dataFile} must hold a JSON array of records.`);
      }
      throw entryError(dataName, err);
    }
    if (parser.failure instanceof DatasetRejected) {
      throw tooDeep(dataFile, ` in record ${seq + 1}`);
    }
    if (parser.failure) {
      const where = await locateJsonError();
      const reason = parser.failure.message.replace(/^Parser (cannot parse input: )?/, '');
      throw reject(
        'DATA_MALFORMED_JSON',
        `${dataFile} is not valid JSON at record ${seq + 1}${where}: ${reason}. The ${seq} record(s) before it were read.`,
      );
    }
  }

  async function* csvBatches(): AsyncGenerator<RawRow[]> {
    // Set by csv-parse when it reads the header line.
    const shape: { build: ((values: Record<string, string>) => Record<string, unknown>) | null } = { build: null };
    const csv = parseCsv({
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        // Dotted headers build nested objects: bound their depth like JSON's (the row is level 2).
        const deep = names.find((n) => n.split('.').length > MAX_JSON_DEPTH - 1);
        if (deep !== undefined) throw tooDeep('data.csv', ` in its header (column "${deep.slice(0, 40)}…")`);
        shape.build = csvRowBuilder(names);
        return names;
      },
    });
    pipeline(await openEntry(dataName, dataEntryFound), csv, () => {});
    let seq = 0;
    try {
      for await (const batch of readBatches(csv)) {
        const build = shape.build ?? ((v: Record<string, string>) => v);
        yield batch.map((values) => ({ seq: seq++, raw: build(values as Record<string, string>) }));
      }
    } catch (err) {
      if (err instanceof DatasetRejected) throw err;
      const e = err as { code?: string; lines?: number; message?: string };
      if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
        throw reject('DATA_MALFORMED_CSV', `data.csv is malformed at line ${e.lines ?? '?'} (record ${seq + 1}): ${e.message}`);
      }
      throw entryError(dataName, err);
    }
  }

  const rowBatches = () => (dataFile === 'data.json' ? jsonBatches() : csvBatches());

  return {
    rawParams,
    dataFile,
    rowBatches,
    async *rows() {
      for await (const batch of rowBatches()) yield* batch;
    },
    async readMedia(relPath: string): Promise<Buffer | null> {
      if (typeof relPath !== 'string' || relPath === '' || unsafeNameReason(relPath)) return null;
      const name = prefix + path.posix.normalize(relPath);
      const entry = entries.get(name);
      if (!entry) return null;
      if (entry.uncompressedSize > maxMediaBytes) {
        throw new MediaReadError(
          relPath,
          `"${relPath}" is ${entry.uncompressedSize} bytes; media files may be at most ${maxMediaBytes} bytes.`,
        );
      }
      try {
        return await readWhole(name, entry);
      } catch (err) {
        if (err instanceof DatasetRejected && err.code === 'ZIP_BOMB') throw err;
        throw new MediaReadError(
          relPath,
          `"${relPath}" cannot be read from the zip (${err instanceof Error ? err.message : String(err)}).`,
        );
      }
    },
    async close() {
      zip.close();
    },
  };
}
