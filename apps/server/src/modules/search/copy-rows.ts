/**
 * Streams the rows of a query with `COPY (…) TO STDOUT (FORMAT binary)` and hands them on in
 * batches, so that a million records never sit in memory: the COPY stream is paused while the
 * consumer awaits (backpressure through `for await`). Binary format needs no unescaping: every
 * selected column must be of type text (cast it) and arrives as its UTF-8 bytes. A batch gives
 * the byte range of every field inside the received data (no copy, no decoding), so a consumer
 * slices or decodes only what it uses.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** Signature, flags and header-extension length of the binary COPY format (PostgreSQL docs, "COPY … Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;
/** Bytes of COPY output buffered ahead of the consumer. */
export const READ_AHEAD_BYTES = 4 << 20;

/** Rows of one received chunk: field `f` of row `r` is `buf[start[r*fields+f] .. end[…])`, start -1 for NULL. */
export class RowBatch {
  constructor(
    readonly buf: Buffer,
    readonly fields: number,
    readonly rows: number,
    readonly start: Int32Array,
    readonly end: Int32Array,
  ) {}

  /** Field `f` of row `r` as a slice of the received bytes, or null. */
  bytes(r: number, f: number): Buffer | null {
    const i = r * this.fields + f;
    return this.start[i] < 0 ? null : this.buf.subarray(this.start[i], this.end[i]);
  }

  /** Field `f` of row `r` decoded (utf8, or latin1 for ASCII-only fields), or null. */
  text(r: number, f: number, encoding: 'utf8' | 'latin1' = 'utf8'): string | null {
    const i = r * this.fields + f;
    return this.start[i] < 0 ? null : this.buf.toString(encoding, this.start[i], this.end[i]);
  }

  /** First byte of field `f` of row `r` (-1 for NULL or empty). */
  firstByte(r: number, f: number): number {
    const i = r * this.fields + f;
    return this.start[i] < 0 || this.start[i] === this.end[i] ? -1 : this.buf[this.start[i]];
  }
}

/**
 * Parses the complete tuples of binary COPY data in `buf` from `pos` (each with `fields`
 * fields). Returns the batch, the offset of the first byte not consumed, and `done` when the
 * trailer (-1) was read. Throws when a tuple has another field count.
 */
export function parseBinaryTuples(buf: Buffer, pos: number, fields: number): { batch: RowBatch; pos: number; done: boolean } {
  // A tuple takes at least 2 + 4 bytes per field: enough room for every tuple in the buffer.
  const max = Math.floor((buf.length - pos) / (2 + 4 * fields)) + 1;
  const start = new Int32Array(max * fields);
  const end = new Int32Array(max * fields);
  let rows = 0;
  let done = false;
  for (;;) {
    if (pos + 2 > buf.length) break;
    const n = buf.readInt16BE(pos);
    if (n === -1) {
      pos += 2;
      done = true;
      break;
    }
    if (n !== fields) throw new Error(`COPY row has ${n} fields, expected ${fields}`);
    let p = pos + 2;
    let complete = true;
    const base = rows * fields;
    for (let i = 0; i < n; i++) {
      if (p + 4 > buf.length) {
        complete = false;
        break;
      }
      const len = buf.readInt32BE(p);
      p += 4;
      if (len === -1) {
        start[base + i] = -1;
        end[base + i] = -1;
        continue;
      }
      if (p + len > buf.length) {
        complete = false;
        break;
      }
      start[base + i] = p;
      end[base + i] = p + len;
      p += len;
    }
    if (!complete) break;
    rows++;
    pos = p;
  }
  return { batch: new RowBatch(buf, fields, rows, start, end), pos, done };
}

/**
 * Runs `select` (a SELECT of `fields` columns, all text) as a binary COPY on `client` and yields
 * a RowBatch per received chunk. The caller owns the client. Throws when the data ends inside a
 * tuple or the header is not binary COPY.
 */
export async function* copyRows(client: pg.PoolClient, select: string, fields: number): AsyncGenerator<RowBatch> {
  // A deep read-ahead lets PostgreSQL keep producing while this process formats and writes
  // (they run on different cores); memory stays bounded by READ_AHEAD_BYTES.
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`, { highWaterMark: READ_AHEAD_BYTES }));
  let buf: Buffer = Buffer.alloc(0);
  let headerRead = false;
  let done = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    let pos = 0;
    if (!headerRead) {
      if (buf.length < HEADER_BYTES) continue;
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not binary COPY data');
      pos = HEADER_BYTES + buf.readInt32BE(SIGNATURE.length + 4);
      headerRead = true;
    }
    const parsed = parseBinaryTuples(buf, pos, fields);
    buf = buf.subarray(parsed.pos);
    if (parsed.done) done = true;
    if (parsed.batch.rows) yield parsed.batch;
  }
  if (!done || buf.length) throw new Error('COPY output ended inside a row');
}
