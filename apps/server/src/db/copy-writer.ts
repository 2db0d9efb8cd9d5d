import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type Cell = string | number | null | undefined;

/** Bytes (UTF-16 units) of rows gathered before they are handed to the COPY stream in one write. */
const CHUNK_CHARS = 256 * 1024;
const NEEDS_ESCAPE = /[\\\t\n\r]/;

/** Escapes one value for PostgreSQL's COPY text format (NULL is \N). */
function cell(v: Cell): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v === 'number') return String(v);
  return NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

/**
 * Streams rows into `table(columns)` with COPY FROM STDIN (text format) on `client`, honouring
 * back-pressure. Call `write` per row and `end` once; `end` resolves when PostgreSQL has
 * accepted every row (the caller owns the transaction, if any). Throws the COPY's error.
 */
export class CopyWriter {
  private stream: NodeJS.WritableStream & { on: (e: string, cb: (...a: unknown[]) => void) => void };
  private failed: Error | null = null;
  private buf = '';

  constructor(client: pg.PoolClient, table: string, columns: string[]) {
    this.stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)) as never;
    this.stream.on('error', (e) => {
      this.failed = e as Error;
    });
  }

  /**
   * Queues one row (values in column order). Synchronous: returns a promise only when the COPY
   * stream asked for back-pressure (its `write` returned false), which the caller must await
   * before writing more; otherwise undefined, so a row costs no promise. Throws the COPY's error.
   */
  write(values: Cell[]): Promise<void> | undefined {
    if (this.failed) throw this.failed;
    let line = cell(values[0]);
    for (let i = 1; i < values.length; i++) line += '\t' + cell(values[i]);
    this.buf += line + '\n';
    return this.buf.length >= CHUNK_CHARS ? this.flush() : undefined;
  }

  /** Hands the gathered rows to the stream; a promise of 'drain' when it is full. */
  private flush(): Promise<void> | undefined {
    if (!this.buf) return undefined;
    const chunk = this.buf;
    this.buf = '';
    return this.stream.write(chunk) ? undefined : once(this.stream as never, 'drain').then(() => undefined);
  }

  /** Ends the COPY; resolves with no value when committed to the table (within the caller's transaction). */
  async end(): Promise<void> {
    await this.flush();
    if (this.failed) throw this.failed;
    this.stream.end();
    await finished(this.stream as never);
    if (this.failed) throw this.failed;
  }
}
