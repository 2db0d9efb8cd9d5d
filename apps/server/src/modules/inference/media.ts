/**
 * The audio and image inputs of hosted inference (docs/api.md#inference "Hosted inference", docs/product.md#constants-and-limits limits):
 * base64 content is decoded, a URI is downloaded by the server through the guarded fetch (so a
 * model never receives a private URL), and the bytes are checked to be audio (duration read with
 * music-metadata) or an image (image-size). Errors are 400s with a clear message.
 */
import { parseBuffer } from 'music-metadata';
import { imageSize } from 'image-size';
import { FetchError, describeBytes, safeGetStream } from '../../net/safe-fetch.ts';
import { badRequest } from '../../lib/errors.ts';

/** Guarded-download limits of a media URI. */
export interface MediaFetchLimits {
  allowedHosts: string[];
  maxBytes: number;
  timeoutMs: number;
}

/** Audio that passed the checks: its bytes, duration in seconds and what the model is told about it. */
export interface CheckedAudio {
  bytes: Buffer;
  durationSeconds: number;
  /** ULCA AudioFormat: wav, mp3, flac or ogg (from the container). */
  audioFormat: 'wav' | 'mp3' | 'flac' | 'ogg' | null;
  samplingRate: number | null;
}

/** An image that passed the checks. */
export interface CheckedImage {
  bytes: Buffer;
  width: number;
  height: number;
  type: string;
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** Decodes base64 (standard or URL alphabet; a data: URL prefix is allowed). 400 BAD_MEDIA when it is not base64 or over `maxBytes`. */
export function decodeBase64(value: string, what: string, maxBytes: number): Buffer {
  const text = value.replace(/^data:[^;,]*;base64,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text) || text.length === 0) throw badRequest('BAD_MEDIA', `The ${what} content is not base64.`);
  if (Math.floor((text.length * 3) / 4) > maxBytes + 2)
    throw badRequest('MEDIA_TOO_LARGE', `The ${what} is larger than ${describeBytes(maxBytes)}.`);
  return Buffer.from(text, 'base64');
}

/**
 * Downloads `uri` through the guarded fetch (docs/api.md#conventions: public hosts only unless allowed, size
 * and time limits). 400 MEDIA_URL when it cannot be fetched, worded `${subject} could not be downloaded: ${reason}`
 * (subject e.g. 'The audio URL'), with the fetch's detail.
 */
export async function downloadMedia(uri: string, subject: string, limits: MediaFetchLimits): Promise<Buffer> {
  try {
    const { stream } = await safeGetStream(uri, limits);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  } catch (err) {
    const reason = err instanceof FetchError ? err.message : 'the download failed.';
    throw badRequest(
      'MEDIA_URL',
      `${subject} could not be downloaded: ${reason}`,
      undefined,
      err instanceof FetchError ? err.detail : undefined,
    );
  }
}

const FORMATS: Record<string, CheckedAudio['audioFormat']> = { wave: 'wav', mpeg: 'mp3', flac: 'flac', ogg: 'ogg' };

/**
 * Checks that `bytes` are audio and at most `maxSeconds` long (docs/product.md#constants-and-limits: 1 minute of speech for
 * the try panels). 400 NOT_AUDIO or AUDIO_TOO_LONG.
 */
export async function checkAudio(bytes: Buffer, maxSeconds: number): Promise<CheckedAudio> {
  let format;
  try {
    ({ format } = await parseBuffer(bytes, { size: bytes.length }, { duration: true, skipCovers: true }));
  } catch {
    format = null;
  }
  const duration = format?.duration;
  if (!format || (!format.container && !format.codec) || typeof duration !== 'number' || !Number.isFinite(duration) || duration <= 0) {
    throw badRequest('NOT_AUDIO', 'The file is not audio that can be read: please send wav, mp3, flac or ogg speech.');
  }
  if (duration > maxSeconds + 0.05) {
    const limit = maxSeconds === 60 ? 'max 1 minute of speech' : `max ${maxSeconds} seconds of speech`;
    throw badRequest('AUDIO_TOO_LONG', `The audio is ${Math.round(duration)} seconds long; ${limit}.`);
  }
  const container = (format.container ?? '').toLowerCase().split(/[\s/]/)[0];
  return { bytes, durationSeconds: duration, audioFormat: FORMATS[container] ?? null, samplingRate: format.sampleRate ?? null };
}

/** Checks that `bytes` are an image with a size. 400 NOT_IMAGE otherwise. */
export function checkImage(bytes: Buffer): CheckedImage {
  try {
    const size = imageSize(bytes);
    if (size.width && size.height) return { bytes, width: size.width, height: size.height, type: size.type ?? 'image' };
  } catch {
    // Unknown format: answered below.
  }
  throw badRequest('NOT_IMAGE', 'The file is not an image that can be read: please send png, jpeg, tiff, bmp, gif or webp.');
}
