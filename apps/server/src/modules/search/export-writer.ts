/**
 * The reusable record export (docs/architecture.md#data-flow, docs/api.md#search-and-download): streams the records a
 * query selects, as JSON (the ULCA format: one array of records with their metadata), JSON Lines
 * or CSV, from a `COPY … TO STDOUT` of the database, so memory stays flat whatever the count.
 * Used by the search-export job (all formats in one pass, plus samples and zips) and by other
 * features (ready-made dataset downloads: one format to one stream).
 */
import type { Writable } from 'node:stream';
import { validateSearchCriteria, type NormalizedCriteria, type SearchCriteria } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { paramsOfDatasets, paramsOfType } from '../datasets/service.ts';
import { badRequest } from '../../lib/errors.ts';
import { CSV_BOM } from '../../lib/csv.ts';
import { copyRows } from './copy-rows.ts';
import { ByteBuilder } from './byte-builder.ts';
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

/** Writes to a Writable, waiting for 'drain' when its buffer is full; rejects when it closes or fails first. */
export async function writeChunk(out: Writable, chunk: Buffer | string): Promise<void> {
  if (!chunk.length) return;
  if (out.write(chunk)) return;
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

const COMMA_NL = Buffer.from(',\n');

/** A format's document around the records: opening, separator, closing. */
export class FormatSink {
  private n = 0;
  private readonly header: Buffer;

  constructor(
    readonly format: ExportFormat,
    readonly out: Writable,
    csvHeader: string,
  ) {
    // A CSV starts with the UTF-8 BOM (lib/csv.ts), so spreadsheets read Indian scripts right.
    this.header =
      format === 'json' ? Buffer.from('[\n') : format === 'csv' ? Buffer.concat([CSV_BOM, Buffer.from(`${csvHeader}\n`)]) : Buffer.alloc(0);
  }

  /** Records written so far. */
  get count(): number {
    return this.n;
  }

  /**
   * Appends `count` records given as the bytes of an EncodedBatch for this format (JSON texts
   * joined by ",\n"; JSONL and CSV lines each ending in "\n").
   */
  async write(body: Buffer, count: number): Promise<void> {
    if (!count) return;
    const lead = this.n === 0 ? this.header : this.format === 'json' ? COMMA_NL : null;
    this.n += count;
    if (lead?.length) await writeChunk(this.out, lead);
    await writeChunk(this.out, body);
  }

  /** Writes the closing part and ends the stream; resolves when everything is flushed. */
  async end(): Promise<void> {
    let tail = this.n === 0 ? this.header.toString('utf8') : '';
    if (this.format === 'json') tail += this.n === 0 ? ']\n' : '\n]\n';
    await new Promise<void>((resolve, reject) => {
      this.out.end(tail, (err?: Error | null) => (err ? reject(err) : resolve()));
    });
  }
}

/** Bytes of records for each format, in export order. */
export interface EncodedBatch {
  /** Records in the batch. */
  count: number;
  /** Sum of the records' durations in seconds (0 when none has one). */
  seconds: number;
  /** JSON texts joined by ",\n" (no brackets). */
  json: Buffer;
  /** JSON Lines, each ending in "\n". */
  jsonl: Buffer;
  /** CSV lines, each ending in "\n" (empty unless CSV was asked for). */
  csv: Buffer;
  /** The leading records of the batch that belong to the sample: their count and byte lengths per format, and their media keys. */
  sample: { count: number; json: number; jsonl: number; csv: number; media: string[] };
}

/**
 * Streams the records of `q` in export order as encoded batches (see EncodedBatch). `csv` asks
 * for CSV lines; the first `sampleRecords` records are marked as the sample (with their media
 * keys when `sampleMedia`). Params of the datasets involved are loaded once per dataset.
 */
export async function* streamRecordBatches(
  ctx: AppContext,
  q: ResolvedRecordQuery,
  opts: { csv: boolean; sampleRecords?: number; sampleMedia?: boolean },
): AsyncGenerator<EncodedBatch> {
  const formatter = new RecordFormatter(q.datasetType);
  const params = new Map<string, PreparedParams>();
  const loadParams = async (ids: string[]) => {
    for (const row of await paramsOfDatasets(ctx, ids)) params.set(row.id, formatter.prepare(row.params));
    for (const id of ids) if (!params.has(id)) params.set(id, formatter.prepare(null));
  };
  // The params of every dataset of the type, up front (one small query); a dataset published
  // after this point is loaded when its first record arrives.
  for (const row of await paramsOfType(ctx, q.datasetType)) params.set(row.id, formatter.prepare(row.params));

  const sampleRecords = opts.sampleRecords ?? 0;
  const json = new ByteBuilder();
  const jsonl = new ByteBuilder();
  const csv = opts.csv ? new ByteBuilder() : null;
  const record = new ByteBuilder(1 << 12);
  let index = 0;
  let count = 0;
  let seconds = 0;
  let sample = { count: 0, json: 0, jsonl: 0, csv: 0, media: [] as string[] };
  const take = (): EncodedBatch => {
    const batch = { count, seconds, json: json.take(), jsonl: jsonl.take(), csv: csv ? csv.take() : Buffer.alloc(0), sample };
    count = 0;
    seconds = 0;
    sample = { count: 0, json: 0, jsonl: 0, csv: 0, media: [] };
    return batch;
  };

  const client = await ctx.db.pool.connect();
  let finished = false;
  try {
    const rowColumns = opts.csv ? formatter.rowColumns : [];
    const sql = inlineQuery(buildRecordQuery(q, { rowColumns }));
    const fields = 4 + rowColumns.length;
    const target = { json: record, csv };
    for await (const batch of copyRows(client, sql, fields)) {
      const pids: string[] = new Array(batch.rows);
      let unknown: Set<string> | null = null;
      for (let r = 0; r < batch.rows; r++) {
        const pid = batch.text(r, 1, 'latin1') as string;
        pids[r] = pid;
        if (!params.has(pid)) (unknown ??= new Set()).add(pid);
      }
      if (unknown) await loadParams([...unknown]);
      for (let r = 0; r < batch.rows; r++) {
        let cells: (Buffer | null)[] | undefined;
        if (csv) {
          cells = new Array(rowColumns.length);
          for (let c = 0; c < rowColumns.length; c++) cells[c] = batch.bytes(r, 4 + c);
        }
        // rev is 'true' or 'false'.
        const rec: RawRecord = { data: batch.bytes(r, 0) as Buffer, pid: pids[r], rev: batch.firstByte(r, 2) === 0x74, cells };
        const inSample = index < sampleRecords;
        // The record's JSON goes to a scratch builder once, then into both JSON layouts.
        formatter.formatInto(rec, params.get(rec.pid) as PreparedParams, target, inSample && opts.sampleMedia ? sample.media : undefined);
        const bytes = record.view();
        if (count > 0) json.append(COMMA_NL);
        json.append(bytes);
        jsonl.append(bytes);
        jsonl.appendByte(0x0a);
        record.reset();
        csv?.appendByte(0x0a);
        const secs = batch.text(r, 3, 'latin1');
        if (secs !== null) seconds += Number(secs);
        count++;
        index++;
        if (inSample) sample = { ...sample, count: sample.count + 1, json: json.length, jsonl: jsonl.length, csv: csv?.length ?? 0 };
      }
      // COPY delivers ~64 KiB at a time; writing bigger batches costs fewer calls per record.
      if (count >= BATCH_RECORDS) yield take();
    }
    if (count > 0) yield take();
    finished = true;
  } finally {
    // A COPY abandoned half-way leaves the connection busy: discard it rather than pool it.
    client.release(finished ? undefined : new Error('record export stopped early'));
  }
}

/**
 * Writes every record `query` selects to `out` in `format` (JSON array, JSON Lines, or CSV with
 * a header row) and ends `out`; resolves with the number of records once `out` has finished.
 * Memory stays flat: rows stream from COPY with backpressure. Throws ApiError 400 when the
 * criteria do not fit the filter catalogue; database or stream errors reject (and `out` is
 * destroyed so a consumer sees the failure).
 */
export async function writeRecordsExport(
  ctx: AppContext,
  query: RecordQuery,
  format: ExportFormat,
  out: Writable,
): Promise<{ count: number }> {
  const q = resolveRecordQuery(query);
  const sink = new FormatSink(format, out, new RecordFormatter(q.datasetType).header());
  try {
    for await (const batch of streamRecordBatches(ctx, q, { csv: format === 'csv' })) {
      await sink.write(batch[format], batch.count);
    }
    await sink.end();
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }
  return { count: sink.count };
}
