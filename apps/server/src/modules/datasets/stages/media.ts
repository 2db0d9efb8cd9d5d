/**
 * Validate-stage checks of a record's media (docs/architecture.md#dataset-stages "validate"): audio readable and with a
 * duration (music-metadata: wav, mp3, flac, ogg…), image readable and its size (image-size), and
 * bounding boxes of ocr-corpus / document-layout-corpus rows inside their image.
 * Error codes: MEDIA_MISSING, MEDIA_UNREADABLE, DURATION_INVALID, BOUNDING_BOX_OUTSIDE_IMAGE.
 */
import { parseBuffer } from 'music-metadata';
import { imageSize } from 'image-size';

/** A validate-stage failure of one record. */
export interface MediaFailure {
  ok: false;
  code: 'MEDIA_MISSING' | 'MEDIA_UNREADABLE' | 'DURATION_INVALID' | 'BOUNDING_BOX_OUTSIDE_IMAGE';
  message: string;
}

/** How a media field is checked: audio (duration), image (dimensions) or only hashed. */
export type MediaKind = 'audio' | 'image' | 'other';

/** The kind of media a row field names, from the field's name (audioFilename, imageFilename). */
export function mediaKind(field: string): MediaKind {
  if (/audio/i.test(field)) return 'audio';
  if (/image/i.test(field)) return 'image';
  return 'other';
}

/** Readable audio: its length in seconds and the container music-metadata found (e.g. "WAVE"). */
export interface AudioInfo {
  ok: true;
  durationSeconds: number;
  container: string;
}

/**
 * Decodes the audio headers of `bytes` (the file at `relPath` in the zip) and returns its duration
 * in seconds. MEDIA_UNREADABLE when no audio format is recognised; DURATION_INVALID when the
 * duration is 0 or cannot be determined.
 */
export async function probeAudio(bytes: Buffer, relPath: string): Promise<AudioInfo | MediaFailure> {
  let format;
  try {
    // duration:true makes music-metadata scan files whose header lacks it (VBR mp3 without Xing).
    ({ format } = await parseBuffer(bytes, { path: relPath, size: bytes.length }, { duration: true, skipCovers: true }));
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, code: 'MEDIA_UNREADABLE', message: `Audio file "${relPath}" cannot be decoded (${detail}).` };
  }
  if (!format.container && !format.codec) {
    return {
      ok: false,
      code: 'MEDIA_UNREADABLE',
      message: `Audio file "${relPath}" cannot be decoded: no known audio format (wav, mp3, flac, ogg…) was recognised.`,
    };
  }
  const duration = format.duration;
  if (duration === undefined && !format.sampleRate) {
    // A container was recognised but no audio stream in it: truncated or corrupt header.
    return {
      ok: false,
      code: 'MEDIA_UNREADABLE',
      message: `Audio file "${relPath}" cannot be decoded: its ${format.container ?? 'audio'} header is incomplete or corrupt.`,
    };
  }
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) {
    return {
      ok: false,
      code: 'DURATION_INVALID',
      message: `Audio file "${relPath}" has no playable duration (${duration ?? 'unknown'} s).`,
    };
  }
  return { ok: true, durationSeconds: duration, container: format.container ?? format.codec ?? 'audio' };
}

/** Readable image: its size in pixels and type (png, jpg, tiff…). */
export interface ImageInfo {
  ok: true;
  width: number;
  height: number;
  type: string;
}

/** Reads the image header of `bytes`. MEDIA_UNREADABLE when the format is unknown or has no size. */
export function probeImage(bytes: Buffer, relPath: string): ImageInfo | MediaFailure {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) {
      return { ok: false, code: 'MEDIA_UNREADABLE', message: `Image "${relPath}" has no width or height.` };
    }
    return { ok: true, width: size.width, height: size.height, type: size.type ?? 'image' };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, code: 'MEDIA_UNREADABLE', message: `Image "${relPath}" cannot be decoded (${detail}).` };
  }
}

/**
 * Checks that every vertex of `boundingBox` ({ vertices: [{ x, y }] } in pixels, dataset-schema
 * BoundingBox) lies within an image of `width`×`height`. Returns null when inside, or when there is
 * no box (whether a box is required is the row schema's concern).
 */
export function checkBoundingBox(boundingBox: unknown, image: { width: number; height: number }, relPath: string): MediaFailure | null {
  const vertices = (boundingBox as { vertices?: unknown } | null | undefined)?.vertices;
  if (!Array.isArray(vertices)) return null;
  for (const v of vertices) {
    const { x, y } = (v ?? {}) as { x?: unknown; y?: unknown };
    if (typeof x !== 'number' || typeof y !== 'number') continue;
    if (x < 0 || y < 0 || x > image.width || y > image.height) {
      return {
        ok: false,
        code: 'BOUNDING_BOX_OUTSIDE_IMAGE',
        message: `Bounding box vertex (${x}, ${y}) is outside image "${relPath}" of ${image.width}×${image.height} pixels.`,
      };
    }
  }
  return null;
}

/**
 * Parses a dataset-schema time ("hh:mm:ss", seconds may have decimals, e.g. "00:00:6.96"; also
 * "mm:ss" or plain seconds) into seconds. Returns null when malformed.
 */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(?:(?:(\d+):)?(\d+):)?(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3]);
}

/** Slack for rounding in declared segment ends against the decoded audio length, in seconds. */
const SEGMENT_TOLERANCE_SECONDS = 0.5;

/**
 * Duration of a record in seconds: the startTime–endTime span when the row gives one (auto-aligned
 * segments of a longer file), else the whole audio. DURATION_INVALID for a malformed, empty or
 * reversed span, or one ending after the audio does.
 */
export function recordDuration(
  row: { startTime?: unknown; endTime?: unknown },
  audioSeconds: number,
  relPath: string,
): { ok: true; durationSeconds: number } | MediaFailure {
  if (row.startTime === undefined && row.endTime === undefined) return { ok: true, durationSeconds: audioSeconds };
  const start = row.startTime === undefined ? 0 : parseTimestamp(row.startTime);
  const end = row.endTime === undefined ? audioSeconds : parseTimestamp(row.endTime);
  if (start === null || end === null) {
    return {
      ok: false,
      code: 'DURATION_INVALID',
      message: `startTime/endTime must be times like "00:01:02.5" (got ${JSON.stringify(row.startTime)} – ${JSON.stringify(row.endTime)}).`,
    };
  }
  if (end <= start) {
    return { ok: false, code: 'DURATION_INVALID', message: `endTime (${end} s) must be after startTime (${start} s).` };
  }
  if (end > audioSeconds + SEGMENT_TOLERANCE_SECONDS) {
    return {
      ok: false,
      code: 'DURATION_INVALID',
      message: `endTime (${end} s) is after the end of audio "${relPath}" (${audioSeconds.toFixed(2)} s).`,
    };
  }
  return { ok: true, durationSeconds: Number((end - start).toFixed(3)) };
}
