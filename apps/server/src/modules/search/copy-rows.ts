/**
 * Streams the rows of a query with `COPY (…) TO STDOUT (FORMAT binary)` and decodes them in
 * batches, so that a million records never sit in memory: the COPY stream is paused while the
 * consumer awaits (backpressure through `for await`). Binary format needs no unescaping: every
 * selected column must be of type text (cast it), and arrives as its UTF-8 bytes.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** Signature, flags and header-extension length of the binary COPY format (PostgreSQL docs, "COPY … Binary Format"). */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8;

/**
 * Parses complete tuples of binary COPY data from `buf` starting at `pos`. Returns the rows and
 * the offset of the first byte not consumed; `done` when the trailer (-1) was read.
 */
export function parseBinaryTuples(buf: Buffer, pos: number): { rows: (string | null)[][]; pos: number; done: boolean } {
  const rows: (string | null)[][] = [];
  for (;;) {
    if (pos + 2 > buf.length) return { rows, pos, done: false };
    const n = buf.readInt16BE(pos);
    if (n === -1) return { rows, pos: pos + 2, done: true };
    let p = pos + 2;
    const row: (string | null)[] = new Array(n);
    let complete = true;
    for (let i = 0; i < n; i++) {
      if (p + 4 > buf.length) {
        complete = false;
        break;
      }
      const len = buf.readInt32BE(p);
      p += 4;
      if (len === -1) {
        row[i] = null;
        continue;
      }
      if (p + len > buf.length) {
        complete = false;
        break;
      }
      row[i] = buf.toString('utf8', p, p + len);
      p += len;
    }
    if (!complete) return { rows, pos, done: false };
    rows.push(row);
    pos = p;
  }
}

/**
 * Runs `select` (a SELECT whose columns are all text) as a binary COPY on `client` and yields
 * the rows as arrays of strings (null for NULL), one batch per received chunk. The caller owns
 * the client. Throws when the data ends inside a tuple or the header is not binary COPY.
 */
export async function* copyRows(client: pg.PoolClient, select: string): AsyncGenerator<(string | null)[][]> {
  const stream = client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
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
    const parsed = parseBinaryTuples(buf, pos);
    buf = buf.subarray(parsed.pos);
    if (parsed.done) done = true;
    if (parsed.rows.length) yield parsed.rows;
  }
  if (!done || buf.length) throw new Error('COPY output ended inside a row');
}
