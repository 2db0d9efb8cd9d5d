/**
 * The body limit of the compute routes, sized to what the caller and the task may send
 * (docs/operations.md#limits "Request bodies"): a text call carries at most 25 inputs of 150
 * characters (anonymous and signed-in callers) or 5000 characters (API keys), so its body may
 * take COMPUTE_TEXT_BODY_BYTES (16 KiB) or COMPUTE_API_TEXT_BODY_BYTES (512 KiB); only a body
 * that sends media (`audioContent` / `imageContent`) may grow to the media limit, base64 of
 * INFERENCE_MAX_MEDIA_BYTES. The key of a JSON member comes before its value, so a body past the
 * text limit without a media key in what was read so far is refused (413) without reading on; a
 * compressed body is counted as decompressed.
 */
import { Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { ApiError } from '../../lib/errors.ts';
import { describeBytes } from '../../net/safe-fetch.ts';

/** Room for the rest of a media body beside the base64 content (modelId, language, JSON syntax). */
const MEDIA_BODY_SLACK_BYTES = 64 * 1024;
const MEDIA_KEY = /"(audioContent|imageContent)"\s*:/;

/** Largest compute body of any kind: a base64 media file of INFERENCE_MAX_MEDIA_BYTES plus slack (the route's bodyLimit). */
export function computeMediaBodyBytes(config: Pick<Config, 'inferenceMaxMediaBytes'>): number {
  return Math.ceil(config.inferenceMaxMediaBytes / 3) * 4 + MEDIA_BODY_SLACK_BYTES;
}

/**
 * A preParsing hook enforcing the text limit of the caller unless the body sends media: returns
 * `payload` itself when the body cannot pass the text limit or is refused unread anyway (a
 * Content-Length over the route's bodyLimit: Fastify answers 413 without reading), else a stream
 * of the same bytes that fails with ApiError 413 BODY_TOO_LARGE once the text limit is passed
 * without a media key (Fastify answers with that error). Never lets a stream error go unheard
 * (docs/operations.md#request-bodies).
 */
export function computeBodyGuard(config: Pick<Config, 'computeTextBodyBytes' | 'computeApiTextBodyBytes'>) {
  return async (request: FastifyRequest, _reply: FastifyReply, payload: NodeJS.ReadableStream) => {
    const textLimit = request.headers.ulcaapikey !== undefined ? config.computeApiTextBodyBytes : config.computeTextBodyBytes;
    const announced = Number(request.headers['content-length'] ?? 0);
    // Chunked, or compressed (@fastify/compress decompresses before this hook): the length says nothing of the size.
    const unsized =
      request.headers['transfer-encoding'] !== undefined || (request.headers['content-encoding'] ?? 'identity') !== 'identity';
    if (announced <= textLimit && !unsized) return payload;
    // Refused by Fastify (413) before a byte is read: a guard stream here would never be read.
    if (announced > (request.routeOptions.bodyLimit ?? Infinity)) return payload;
    const tooLarge = () =>
      new ApiError(
        413,
        'BODY_TOO_LARGE',
        `A compute request without audioContent or imageContent may be at most ${describeBytes(textLimit)}.`,
      );
    let seen = 0;
    let head = '';
    let media = false;
    const guard = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        seen += chunk.length;
        if (!media && head.length < textLimit) {
          head += chunk.subarray(0, textLimit - head.length).toString('latin1');
          media = MEDIA_KEY.test(head);
        }
        if (!media && seen > textLimit) return cb(tooLarge());
        cb(null, chunk);
      },
    });
    // Fastify may stop reading the guard (past its own limit) or never start: an 'error' event
    // without a listener ends the process. While Fastify reads, its listener answers the error.
    guard.on('error', () => undefined);
    payload.on('error', (err: Error) => guard.destroy(err));
    return payload.pipe(guard);
  };
}
