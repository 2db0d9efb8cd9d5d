import { createHash } from 'node:crypto';
import { Transform, pipeline } from 'node:stream';
import type { AppContext } from '../../../context.ts';
import { FetchError, safeGetStream } from '../../../net/safe-fetch.ts';
import { DatasetRejected } from './types.ts';

/** onProgress is called at most once per this many bytes. */
const PROGRESS_STEP = 1024 * 1024;

/** What {@link downloadToStore} stored: size in bytes and sha-256 hex of the content. */
export interface DownloadResult {
  bytes: number;
  sha256: string;
}

/**
 * The download stage of a dataset submission (docs/architecture.md#dataset-stages): fetches `url` under the outbound
 * policy (safeGetStream with ctx.config.allowedFetchHosts, maxDownloadBytes, downloadTimeoutMs)
 * and streams it to `key` in ctx.store while computing its sha-256.
 * `onProgress(bytesSoFar)` is called at most once per MiB.
 * Throws DatasetRejected('download', code, message) with the FetchError's code (URL_REFUSED,
 * HTTP_404, HTTP_ERROR, UNREACHABLE, TOO_LARGE, TIMEOUT, INVALID_URL) and contributor-facing
 * message; no object is left at `key` after a failure. Storage errors are rethrown unchanged.
 */
export async function downloadToStore(
  ctx: AppContext,
  url: string,
  key: string,
  onProgress?: (bytes: number) => void,
): Promise<DownloadResult> {
  const { config, store } = ctx;
  try {
    const { stream } = await safeGetStream(url, {
      allowedHosts: config.allowedFetchHosts,
      maxBytes: config.maxDownloadBytes,
      timeoutMs: config.downloadTimeoutMs,
    });
    const hash = createHash('sha256');
    let bytes = 0;
    let reported = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        hash.update(chunk);
        bytes += chunk.length;
        if (onProgress && bytes - reported >= PROGRESS_STEP) {
          reported = bytes;
          onProgress(bytes);
        }
        cb(null, chunk);
      },
    });
    // pipeline destroys `meter` with the body's error (TOO_LARGE, TIMEOUT...), which makes put reject
    // and remove its temp file; the error itself is surfaced by put.
    pipeline(stream, meter, () => {});
    await store.put(key, meter);
    return { bytes, sha256: hash.digest('hex') };
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    if (err instanceof FetchError) throw new DatasetRejected('download', err.code, err.message, err.detail);
    throw err;
  }
}
