/**
 * The processing driver of the dataset stages (docs/architecture.md#dataset-stages ingest + validate): turns the rows
 * of an opened archive into RowEvents, one per row, in file order. Shared by the ingest worker and
 * the offline validator (`npm run ulca -- validate`). De-duplication and publishing are the
 * caller's business.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { isAudioDatasetType, type BenchmarkTask, type DatasetType } from '@ulca/contracts';
import { MediaReadError, type DatasetArchive } from './archive.ts';
import { checkBoundingBox, mediaKind, probeAudio, probeImage, recordDuration, type MediaFailure } from './media.ts';
import { checkBenchmarkParams, checkParams, createRowChecker, recordHash } from './rows.ts';
import { DatasetRejected, type NormalizedRecord, type RowEvent } from './types.ts';

/** Types whose records carry durationSeconds (the rest store null). */
/** Longest row excerpt shown in error reports (characters). */
export const SNIPPET_CHARS = 200;
/** Media files kept decoded for consecutive rows naming the same file (auto-aligned segments). */
const MEDIA_CACHE_ENTRIES = 8;

/** Options of processArchive. */
export interface ProcessOptions {
  /** Called once, after params.json passed its check and before the first row. */
  onParams?: (datasetType: DatasetType, params: Record<string, unknown>) => void;
  /** A benchmark dataset: params.json follows benchmark-dataset-schema.yml (checkBenchmarkParams). */
  benchmark?: boolean;
}

/** A row's JSON, cut to SNIPPET_CHARS characters, for error reports. */
export function rowSnippet(raw: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(raw) ?? String(raw);
  } catch {
    text = String(raw);
  }
  return text.length > SNIPPET_CHARS ? `${text.slice(0, SNIPPET_CHARS - 1)}…` : text;
}

interface LoadedMedia {
  sha256: string;
  key: string;
  bytes: Buffer;
  /** Result of the kind-specific probe; both absent for media that is only hashed. */
  audio?: Awaited<ReturnType<typeof probeAudio>>;
  image?: ReturnType<typeof probeImage>;
}

/** File extension used in the content-addressed key, lower-case; 'bin' when absent or odd. */
function mediaExtension(relPath: string): string {
  const ext = path.posix.extname(relPath).slice(1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
}

/**
 * Streams the archive's rows through the params check, the type's row checker and the media
 * checks, yielding one RowEvent per row ('valid' with a NormalizedRecord, or 'invalid' with stage,
 * code, message and snippet). Throws DatasetRejected('ingest', 'PARAMS_INVALID') when params.json
 * fails its schema, and lets the archive's own rejections (malformed data file, zip bomb) through;
 * events yielded before a rejection stand.
 */
export async function* processArchive(archive: DatasetArchive, opts: ProcessOptions = {}): AsyncGenerator<RowEvent> {
  let params: { datasetType: DatasetType; params: Record<string, unknown>; task?: BenchmarkTask };
  let stored: Record<string, unknown>;
  if (opts.benchmark) {
    const checked = checkBenchmarkParams(archive.rawParams);
    if (!checked.ok) throw new DatasetRejected('ingest', 'PARAMS_INVALID', checked.message);
    params = checked;
    stored = checked.stored;
  } else {
    const checked = checkParams(archive.rawParams);
    if (!checked.ok) throw new DatasetRejected('ingest', 'PARAMS_INVALID', checked.message);
    params = checked;
    stored = checked.params;
  }
  opts.onParams?.(params.datasetType, stored);
  const checker = createRowChecker(params.datasetType, params.params, params.task);
  const timed = isAudioDatasetType(params.datasetType);
  const cache = new Map<string, LoadedMedia | MediaFailure>();

  const load = async (field: string, relPath: string): Promise<LoadedMedia | MediaFailure> => {
    const cacheKey = `${field}\0${relPath}`;
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    const result = await loadMedia(archive, field, relPath);
    if (cache.size >= MEDIA_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(cacheKey, result);
    return result;
  };

  /** Checks one row; synchronous unless the row names media files. */
  const handle = (seq: number, raw: unknown): RowEvent | Promise<RowEvent> => {
    const row = checker.check(raw, seq);
    if (!row.ok) return { kind: 'invalid', stage: row.stage, seq, code: row.code, message: row.message, snippet: rowSnippet(raw) };
    const record: NormalizedRecord = {
      seq,
      hash: '',
      sourceLanguage: row.sourceLanguage,
      targetLanguage: row.targetLanguage,
      domain: row.domain,
      collectionMethod: row.collectionMethod,
      submitter: row.submitter,
      durationSeconds: null,
      data: ownFields(row.data, raw),
      media: [],
    };
    if (row.mediaPaths.length === 0) {
      record.hash = recordHash(row.identity, []);
      return { kind: 'valid', record };
    }
    return withMedia(record, row.identity, row.mediaPaths, raw);
  };

  const withMedia = async (
    record: NormalizedRecord,
    identity: string,
    mediaPaths: { field: string; path: string }[],
    raw: unknown,
  ): Promise<RowEvent> => {
    const data: Record<string, unknown> = { ...record.data };
    const hashes: string[] = [];
    let durationSeconds: number | null = null;
    const fail = (f: MediaFailure): RowEvent => ({
      kind: 'invalid',
      stage: 'validate',
      seq: record.seq,
      code: f.code,
      message: f.message,
      snippet: rowSnippet(raw),
      ...(durationSeconds !== null ? { durationSeconds } : {}),
    });
    for (const { field, path: relPath } of mediaPaths) {
      const loaded = await load(field, relPath);
      if (!('sha256' in loaded)) return fail(loaded);
      if (loaded.audio) {
        if (!loaded.audio.ok) return fail(loaded.audio);
        const span = recordDuration(data, loaded.audio.durationSeconds, relPath);
        if (!span.ok) return fail(span);
        durationSeconds ??= span.durationSeconds;
      }
      if (loaded.image) {
        if (!loaded.image.ok) return fail(loaded.image);
        const outside = checkBoundingBox(data.boundingBox, loaded.image, relPath);
        if (outside) return fail(outside);
      }
      data[`${field}Hash`] = loaded.sha256;
      hashes.push(loaded.sha256);
      if (!record.media.some((m) => m.key === loaded.key)) record.media.push({ key: loaded.key, bytes: loaded.bytes });
    }
    record.data = data;
    record.hash = recordHash(identity, hashes);
    record.durationSeconds = timed ? durationSeconds : null;
    return { kind: 'valid', record };
  };

  // One await per batch of rows: text-only rows cost no promise of their own beyond the yield.
  for await (const batch of archive.rowBatches()) {
    for (const { seq, raw } of batch) {
      const event = handle(seq, raw);
      yield event instanceof Promise ? await event : event;
    }
  }
}

/**
 * The record keeps the row's own fields (normalised by the checker); dataset-wide values from
 * params.json stay with the submission, so a million rows do not each carry a copy of params.
 */
function ownFields(merged: Record<string, unknown>, raw: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(raw as Record<string, unknown>)) if (k in merged) out[k] = merged[k];
  return out;
}

/** Reads, hashes and probes one media file of a row. */
async function loadMedia(archive: DatasetArchive, field: string, relPath: string): Promise<LoadedMedia | MediaFailure> {
  let bytes: Buffer | null;
  try {
    bytes = await archive.readMedia(relPath);
  } catch (err) {
    if (err instanceof MediaReadError) return { ok: false, code: 'MEDIA_UNREADABLE', message: err.message };
    throw err;
  }
  if (!bytes) {
    return {
      ok: false,
      code: 'MEDIA_MISSING',
      message: `${field} "${relPath}" is not in the zip (media paths are relative to the folder holding the data file).`,
    };
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const loaded: LoadedMedia = { sha256, key: `media/${sha256}.${mediaExtension(relPath)}`, bytes };
  const kind = mediaKind(field);
  if (kind === 'audio') loaded.audio = await probeAudio(bytes, relPath);
  else if (kind === 'image') loaded.image = probeImage(bytes, relPath);
  return loaded;
}
