/**
 * The reusable record export (contracts.md "Reusable export writer"): streams the records a
 * query selects, as JSON (the ULCA format: one array of records with their metadata), JSON Lines
 * or CSV, from a `COPY … TO STDOUT` of the database, so memory stays flat whatever the count.
 * Used by the search-export job (all formats in one pass, plus samples and zips) and by other
 * features (ready-made dataset downloads: one format to one stream).
 */
import type { Writable } from 'node:stream';
import { validateSearchCriteria, type NormalizedCriteria, type SearchCriteria } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { copyRows } from './copy-rows.ts';
import { RecordFormatter, type PreparedParams, type RawRecord } from './export-format.ts';
import { buildRecordQuery, inlineQuery, type ResolvedRecordQuery } from './record-query.ts';

export type { SearchCriteria };

/** What to export: a dataset type, optionally only some datasets, search criteria and a maximum count. */
export interface RecordQuery {
  datasetType: string;
  /** Only records of these datasets; with exactly one, the records carry that dataset's params. */
  datasetIds?: string[];
  /** Search criteria as submitted (checked against the filter catalogue). */
  criteria?: SearchCriteria;
  /** At most this many records, in export order. */
  limit?: number;
}

/** Records handed to the writers at once. */
const BATCH_RECORDS = 2000;

/** An export file format. */
export type ExportFormat = 'json' | 'jsonl' | 'csv';

/** Checks a RecordQuery's criteria. Throws ApiError 400 (field errors) when they do not fit the catalogue. */
export function resolveRecordQuery(q: RecordQuery): ResolvedRecordQuery {
  let criteria: NormalizedCriteria | undefined;
  if (q.criteria) {
    const checked = validateSearchCriteria(q.datasetType, q.criteria);
    if (!checked.ok) throw badRequest('VALIDATION_FAILED', checked.errors[0].message, checked.errors);
    criteria = checked.value;
  }
  return { datasetType: q.datasetType, datasetIds: q.datasetIds, criteria, limit: q.limit };
}

/** Writes text to a Writable, waiting for 'drain' when its buffer is full. */
export async function writeText(out: Writable, text: string): Promise<void> {
  if (!text) return;
  if (out.write(text)) return;
  if (out.destroyed) throw new Error('output stream closed');
  await new Promise<void>((resolve, reject) => {
    const done = (err?: Error) => {
      out.off('drain', onDrain).off('close', onClose).off('error', done);
      if (err) reject(err);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error('output stream closed'));
    out.on('drain', onDrain).on('close', onClose).on('error', done);
  });
}

/** A format's document around the records: opening, separator, closing. */
export class FormatSink {
  private n = 0;
  private header: string;

  constructor(
    readonly format: ExportFormat,
    readonly out: Writable,
    csvHeader: string,
  ) {
    this.header = format === 'json' ? '[\n' : format === 'csv' ? `${csvHeader}\n` : '';
  }

  /** Records written so far. */
  get count(): number {
    return this.n;
  }

  /** Appends records (JSON text or CSV lines) as one write. */
  async write(items: string[]): Promise<void> {
    if (!items.length) return;
    let text = this.n === 0 ? this.header : '';
    if (this.format === 'json') text += (this.n === 0 ? '' : ',\n') + items.join(',\n');
    else text += items.join('\n') + '\n';
    this.n += items.length;
    await writeText(this.out, text);
  }

  /** Writes the closing part and ends the stream; resolves when everything is flushed. */
  async end(): Promise<void> {
    let tail = this.n === 0 ? this.header : '';
    if (this.format === 'json') tail += this.n === 0 ? ']\n' : '\n]\n';
    await new Promise<void>((resolve, reject) => {
      this.out.end(tail, (err?: Error | null) => (err ? reject(err) : resolve()));
    });
  }
}

/** One record ready for the sinks. */
export interface FormattedRecord {
  json: string;
  csv: string | null;
  /** Duration in seconds (speech types), else null. */
  seconds: number | null;
  /** Object-store keys of the record's media files (only when asked for). */
  media: string[];
}

/**
 * Streams the records of `q` in export order, in batches, formatted. `csv` asks for CSV lines;
 * `mediaFor(index)` says for which records (0-based position) media keys are wanted. Params of
 * the datasets involved are loaded once per dataset.
 */
export async function* streamFormattedRecords(
  ctx: AppContext,
  q: ResolvedRecordQuery,
  opts: { csv: boolean; mediaFor?: (index: number) => boolean },
): AsyncGenerator<FormattedRecord[]> {
  const formatter = new RecordFormatter(q.datasetType);
  const params = new Map<string, PreparedParams>();
  const loadParams = async (ids: string[]) => {
    const missing = ids.filter((id) => !params.has(id));
    if (!missing.length) return;
    const r = await ctx.db.pool.query(`SELECT dataset_id::text AS id, params FROM dataset_submissions WHERE dataset_id = ANY ($1::uuid[])`, [missing]);
    for (const row of r.rows) params.set(row.id, formatter.prepare(row.params));
    for (const id of missing) if (!params.has(id)) params.set(id, formatter.prepare(null));
  };
  // The params of every dataset of the type, up front (one small query); a dataset published
  // after this point is loaded when its first record arrives.
  const all = await ctx.db.pool.query(
    `SELECT dataset_id::text AS id, params FROM dataset_submissions WHERE dataset_type = $1 AND params IS NOT NULL`,
    [q.datasetType],
  );
  for (const row of all.rows) params.set(row.id, formatter.prepare(row.params));

  const client = await ctx.db.pool.connect();
  let index = 0;
  // COPY delivers ~64 KiB at a time; writing bigger batches costs fewer calls per record.
  let pending: FormattedRecord[] = [];
  try {
    const sql = inlineQuery(buildRecordQuery(q, { rowColumns: opts.csv ? formatter.rowColumns : [] }));
    for await (const rows of copyRows(client, sql)) {
      await loadParams([...new Set(rows.map((r) => r[1] as string))]);
      const out: FormattedRecord[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i];
        const rec: RawRecord = { data: row[0] as string, pid: row[1] as string, rev: row[2] === 'true', cells: opts.csv ? row.slice(4) : undefined };
        const secs = row[3];
        const media: string[] = [];
        const f = formatter.format(rec, params.get(rec.pid) as PreparedParams, opts.csv, opts.mediaFor?.(index) ? media : undefined);
        out[i] = { json: f.json, csv: f.csv, seconds: secs === null ? null : Number(secs), media };
        index++;
      }
      pending = pending.length ? pending.concat(out) : out;
      if (pending.length >= BATCH_RECORDS) {
        yield pending;
        pending = [];
      }
    }
    if (pending.length) yield pending;
  } finally {
    client.release();
  }
}

/**
 * Writes every record `query` selects to `out` in `format` (JSON array, JSON Lines, or CSV with
 * a header row) and ends `out`; resolves with the number of records once `out` has finished.
 * Memory stays flat: rows stream from COPY with backpressure. Throws ApiError 400 when the
 * criteria do not fit the filter catalogue; database or stream errors reject (and `out` is
 * destroyed so a consumer sees the failure).
 */
export async function writeRecordsExport(ctx: AppContext, query: RecordQuery, format: ExportFormat, out: Writable): Promise<{ count: number }> {
  const q = resolveRecordQuery(query);
  const sink = new FormatSink(format, out, new RecordFormatter(q.datasetType).header());
  try {
    for await (const batch of streamFormattedRecords(ctx, q, { csv: format === 'csv' })) {
      await sink.write(batch.map((r) => (format === 'csv' ? (r.csv as string) : r.json)));
    }
    await sink.end();
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }
  return { count: sink.count };
}
