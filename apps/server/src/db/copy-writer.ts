import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

type Cell = string | number | null | undefined;

/** Escapes one value for PostgreSQL's COPY text format (NULL is \N). */
function cell(v: Cell): string {
  if (v === null || v === undefined) return '\\N';
  const s = typeof v === 'number' ? String(v) : v;
  return /[\\\t\n\r]/.test(s) ? s.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : s;
}

/**
 * Streams rows into `table(columns)` with COPY FROM STDIN (text format) on `client`, honouring
 * back-pressure. Call `write` per row and `end` once; `end` resolves when PostgreSQL has
 * accepted every row (the caller owns the transaction, if any). Throws the COPY's error.
 */
export class CopyWriter {
  private stream: NodeJS.WritableStream & { on: (e: string, cb: (...a: unknown[]) => void) => void };
  private failed: Error | null = null;
  private buf: string[] = [];
  private bufLen = 0;

  constructor(client: pg.PoolClient, table: string, columns: string[]) {
    this.stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`)) as never;
    this.stream.on('error', (e) => {
      this.failed = e as Error;
    });
  }

  /** Queues one row (values in column order). Awaits only when the socket needs to drain. */
  async write(values: Cell[]): Promise<void> {
    if (this.failed) throw this.failed;
    const line = values.map(cell).join('\t') + '\n';
    this.buf.push(line);
    this.bufLen += line.length;
    if (this.bufLen >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (!this.buf.length) return;
    const chunk = this.buf.join('');
    this.buf = [];
    this.bufLen = 0;
    if (!this.stream.write(chunk)) await once(this.stream as never, 'drain');
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
