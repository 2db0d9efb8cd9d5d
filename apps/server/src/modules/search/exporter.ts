/**
 * The search-export job (docs/architecture.md#processes Jobs): writes the records a search selects to
 * the object store under `searches/<srn>/`: `all` and `sample` (first SAMPLE_RECORDS) files in
 * JSON, JSON Lines and CSV, in one pass over a COPY of the records (never all in memory); for
 * speech and OCR types also zips holding data.json (the JSON file) and the media files.
 * Idempotent: every file is replaced atomically, so a retry rewrites the same files with the same
 * counts; an attempt that cannot finish leaves the search In-Progress for the retry, and the last
 * failed attempt marks it Failed with a message.
 */
import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import { isAudioDatasetType } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { copyRows } from './copy-rows.ts';
import { FormatSink, resolveRecordQuery, streamRecordBatches, type ExportFormat } from './export-writer.ts';
import { RecordFormatter } from './export-format.ts';
import { SAMPLE_RECORDS, searchFileKey, type SearchFileVariant } from './links.ts';
import { buildMediaKeyQuery, inlineQuery, mediaFieldsOf, type ResolvedRecordQuery } from './record-query.ts';
import { completeSearch, failSearch, getSearch } from './repo.ts';
import { writeParquetFromJsonl } from './parquet.ts';

/** pg-boss payload of the search-export queue. */
export interface SearchExportJobData {
  serviceRequestNumber: string;
}

/** Entries queued in a zip ahead of the one being written (bounds memory while media stream in). */
const ZIP_QUEUE_AHEAD = 64;
const TEXT_FORMATS: ExportFormat[] = ['json', 'jsonl', 'csv'];
/** Message of a search that failed for a reason the user cannot fix. */
export const SEARCH_FAILED_MESSAGE = 'The search could not be completed; please try again later.';

/** Outcome of an export. */
export interface SearchExportResult {
  count: number;
  durationSeconds: number | null;
  files: string[];
}

/** A file being written to the object store through a stream. */
interface StoreTarget {
  stream: PassThrough;
  done: Promise<number>;
}

function openTarget(ctx: AppContext, key: string): StoreTarget {
  // Room for a few batches, so formatting goes on while the file system writes.
  const stream = new PassThrough({ highWaterMark: 2 << 20 });
  const done = ctx.store.put(key, stream);
  done.catch(() => undefined); // awaited later; a failure also destroys the stream, which stops the writer
  return { stream, done };
}

/** True for the types whose export also has a zip with media files (speech and OCR). */
export function hasMediaZip(datasetType: string): boolean {
  return mediaFieldsOf(datasetType).length > 0 && (isAudioDatasetType(datasetType) || datasetType === 'ocr-corpus');
}

/**
 * Writes every file of a search export for `q` under `searches/<srn>/` and returns the count of
 * records, the audio seconds (speech types) and the formats written. Throws on database or store
 * errors (nothing is marked; the caller decides).
 */
export async function writeSearchFiles(ctx: AppContext, srn: string, q: ResolvedRecordQuery): Promise<SearchExportResult> {
  const header = new RecordFormatter(q.datasetType).header();
  const zip = hasMediaZip(q.datasetType);
  const targets: StoreTarget[] = [];
  const sinks: Record<SearchFileVariant, FormatSink[]> = { all: [], sample: [] };
  for (const variant of ['all', 'sample'] as const) {
    for (const format of TEXT_FORMATS) {
      const t = openTarget(ctx, searchFileKey(srn, variant, format));
      targets.push(t);
      sinks[variant].push(new FormatSink(format, t.stream, header));
    }
  }
  let count = 0;
  let seconds = 0;
  const sampleMedia: string[] = [];
  try {
    for await (const batch of streamRecordBatches(ctx, q, { csv: true, sampleRecords: SAMPLE_RECORDS, sampleMedia: zip })) {
      count += batch.count;
      seconds += batch.seconds;
      const writes = sinks.all.map((s) => s.write(batch[s.format], batch.count));
      if (batch.sample.count) {
        for (const s of sinks.sample) writes.push(s.write(batch[s.format].subarray(0, batch.sample[s.format]), batch.sample.count));
        sampleMedia.push(...batch.sample.media);
      }
      await Promise.all(writes);
    }
    await Promise.all([...sinks.all, ...sinks.sample].map((s) => s.end()));
    await Promise.all(targets.map((t) => t.done));
  } catch (err) {
    for (const t of targets) t.stream.destroy(err as Error);
    await Promise.allSettled(targets.map((t) => t.done));
    throw err;
  }
  // Parquet beside them, written from the JSON Lines files (parquet.ts; docs/api.md#search-and-download).
  for (const variant of ['all', 'sample'] as const)
    await writeParquetFromJsonl(ctx, searchFileKey(srn, variant, 'jsonl'), searchFileKey(srn, variant, 'parquet'));
  const files = [...TEXT_FORMATS, 'parquet'] as string[];
  if (zip) {
    await writeZip(ctx, searchFileKey(srn, 'sample', 'zip'), searchFileKey(srn, 'sample', 'json'), listKeys([...new Set(sampleMedia)]));
    await writeZip(ctx, searchFileKey(srn, 'all', 'zip'), searchFileKey(srn, 'all', 'json'), mediaKeysOf(ctx, q));
    files.push('zip');
  }
  return { count, durationSeconds: isAudioDatasetType(q.datasetType) ? seconds : null, files };
}

async function* listKeys(keys: string[]): AsyncGenerator<string> {
  yield* [...keys].sort();
}

/** The media keys of every record `q` selects, streamed from the database. */
async function* mediaKeysOf(ctx: AppContext, q: ResolvedRecordQuery): AsyncGenerator<string> {
  const query = buildMediaKeyQuery(q);
  if (!query) return;
  const client = await ctx.db.pool.connect();
  let finished = false;
  try {
    for await (const batch of copyRows(client, inlineQuery(query), 1)) {
      for (let r = 0; r < batch.rows; r++) {
        const k = batch.text(r, 0);
        if (k) yield k;
      }
    }
    finished = true;
  } finally {
    // A COPY abandoned half-way leaves the connection busy: discard it rather than pool it.
    client.release(finished ? undefined : new Error('media listing stopped early'));
  }
}

/**
 * Writes a zip to `key`: `data.json` (the object `dataKey`, deflated) and then each media key as
 * its own entry (stored: audio and images are compressed already), opened only when its turn
 * comes and at most ZIP_QUEUE_AHEAD queued, so memory stays flat whatever the number of files.
 */
async function writeZip(ctx: AppContext, key: string, dataKey: string, mediaKeys: AsyncIterable<string>): Promise<void> {
  const zip = new yazl.ZipFile();
  const failed = new Promise<never>((_r, reject) => zip.on('error', reject));
  failed.catch(() => undefined);
  const target = ctx.store.put(key, zip.outputStream as unknown as Readable);
  target.catch(() => undefined);
  let added = 0;
  let started = 0;
  let wake: (() => void) | null = null;
  type Open = (err: Error | null, stream: NodeJS.ReadableStream) => void;
  const lazy = (objectKey: string) => (cb: Open) => {
    started++;
    wake?.();
    ctx.store.get(objectKey).then(
      (s) => cb(null, s),
      (err: Error) => cb(err, undefined as unknown as NodeJS.ReadableStream),
    );
  };
  try {
    zip.addReadStreamLazy('data.json', { compress: true }, lazy(dataKey));
    added++;
    for await (const k of mediaKeys) {
      zip.addReadStreamLazy(k, { compress: false }, lazy(k));
      added++;
      while (added - started > ZIP_QUEUE_AHEAD) {
        await Promise.race([new Promise<void>((r) => (wake = r)), failed, target.then(() => undefined)]);
        wake = null;
      }
    }
    zip.end();
    await Promise.race([target, failed]);
  } catch (err) {
    (zip.outputStream as unknown as Readable).destroy(err as Error);
    await target.catch(() => undefined);
    throw err;
  }
}

/**
 * Runs the export of search `srn` (the job body): skips a search that is no longer In-Progress,
 * checks its criteria again, writes the files and marks it Completed with the count. Criteria
 * that no longer fit the catalogue mark it Failed at once (a retry cannot help); other errors are
 * thrown for pg-boss to retry.
 */
export async function runSearchExport(ctx: AppContext, srn: string): Promise<void> {
  const search = await getSearch(ctx.db, srn);
  if (!search || search.status !== 'In-Progress') return;
  let q: ResolvedRecordQuery;
  try {
    // The stored criteria also hold datasetType, which the check ignores.
    q = resolveRecordQuery({ datasetType: search.dataset_type, criteria: search.criteria });
  } catch (err) {
    if (err instanceof ApiError) {
      await failSearch(ctx.db, srn, `The search criteria are not valid: ${err.message}`);
      return;
    }
    throw err;
  }
  const result = await writeSearchFiles(ctx, srn, q);
  await completeSearch(ctx.db, srn, result);
}
