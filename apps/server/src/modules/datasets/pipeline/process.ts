/**
 * The processing driver of the dataset pipeline (DESIGN.md §6 ingest + validate): turns the rows
 * of an opened archive into RowEvents, one per row, in file order. Shared by the ingest worker and
 * the offline validator (`npm run ulca -- validate`). De-duplication and publishing are the
 * caller's business.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DatasetType } from '@ulca/contracts';
import { MediaReadError, type DatasetArchive } from './archive.ts';
import { checkBoundingBox, mediaKind, probeAudio, probeImage, recordDuration, type MediaFailure } from './media.ts';
import { checkParams, createRowChecker, recordHash } from './rows.ts';
import { DatasetRejected, type NormalizedRecord, type RowEvent } from './types.ts';

/** Types whose records carry durationSeconds (the rest store null). */
const TIMED_TYPES: ReadonlySet<string> = new Set(['asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus']);
/** Longest row excerpt shown in error reports (characters). */
export const SNIPPET_CHARS = 200;
/** Media files kept decoded for consecutive rows naming the same file (auto-aligned segments). */
const MEDIA_CACHE_ENTRIES = 8;

/** Options of processArchive. */
export interface ProcessOptions {
  /** Called once, after params.json passed its check and before the first row. */
  onParams?: (datasetType: DatasetType, params: Record<string, unknown>) => void;
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
  /** Result of the kind-specific probe, or null for media that is only hashed. */
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
  const params = checkParams(archive.rawParams);
  if (!params.ok) throw new DatasetRejected('ingest', 'PARAMS_INVALID', params.message);
  opts.onParams?.(params.datasetType, params.params);
  const checker = createRowChecker(params.datasetType, params.params);
  const timed = TIMED_TYPES.has(params.datasetType);
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

  for await (const { seq, raw } of archive.rows()) {
    const row = checker.check(raw, seq);
    if (!row.ok) {
      yield { kind: 'invalid', stage: row.stage, seq, code: row.code, message: row.message, snippet: rowSnippet(raw) };
      continue;
    }
    const base = {
      seq,
      sourceLanguage: row.sourceLanguage,
      targetLanguage: row.targetLanguage,
      domain: row.domain,
      collectionMethod: row.collectionMethod,
      submitter: row.submitter,
    };
    // Text-only rows stay synchronous: no await between rows beyond the stream's own.
    if (row.mediaPaths.length === 0) {
      const record: NormalizedRecord = { ...base, hash: recordHash(row.identity, []), durationSeconds: null, data: row.data, media: [] };
      yield { kind: 'valid', record };
      continue;
    }

    const data: Record<string, unknown> = { ...row.data };
    const media: NormalizedRecord['media'] = [];
    const hashes: string[] = [];
    let durationSeconds: number | null = null;
    let failure: MediaFailure | null = null;
    for (const { field, path: relPath } of row.mediaPaths) {
      const loaded = await load(field, relPath);
      if (!('sha256' in loaded)) {
        failure = loaded;
        break;
      }
      if (loaded.audio) {
        if (!loaded.audio.ok) {
          failure = loaded.audio;
          break;
        }
        const span = recordDuration(row.data, loaded.audio.durationSeconds, relPath);
        if (!span.ok) {
          failure = span;
          break;
        }
        durationSeconds ??= span.durationSeconds;
      }
      if (loaded.image) {
        if (!loaded.image.ok) {
          failure = loaded.image;
          break;
        }
        const outside = checkBoundingBox(row.data.boundingBox, loaded.image, relPath);
        if (outside) {
          failure = outside;
          break;
        }
      }
      data[`${field}Hash`] = loaded.sha256;
      hashes.push(loaded.sha256);
      if (!media.some((m) => m.key === loaded.key)) media.push({ key: loaded.key, bytes: loaded.bytes });
    }
    if (failure) {
      yield { kind: 'invalid', stage: 'validate', seq, code: failure.code, message: failure.message, snippet: rowSnippet(raw) };
      continue;
    }
    const record: NormalizedRecord = {
      ...base,
      hash: recordHash(row.identity, hashes),
      durationSeconds: timed ? durationSeconds : null,
      data,
      media,
    };
    yield { kind: 'valid', record };
  }
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
