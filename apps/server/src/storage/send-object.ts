import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { ApiError, notFound } from '../lib/errors.ts';
import type { ObjectStore } from './object-store.ts';

/** How a downloaded object is labelled. */
export interface SendObjectOptions {
  /** Content-Type header, e.g. 'text/csv; charset=utf-8'. */
  type: string;
  /** File name offered by Content-Disposition (attachment). */
  filename: string;
  /** Message of the 404 when the object is missing. */
  missing?: string;
}

/**
 * Answers a download from the object store: Content-Length from the store's size (a HEAD on S3),
 * `Accept-Ranges: bytes`, and for a single `Range: bytes=…` a 206 with only those bytes (a
 * resumed download reads the rest of the object, not all of it again). Several ranges get the
 * whole object (200); a range past the end gets 416. HEAD answers the headers without opening
 * the object. Throws ApiError 404 when the object is missing.
 */
export async function sendObject(
  req: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  opts: SendObjectOptions,
): Promise<FastifyReply> {
  const size = await store.size(key);
  if (size === null) throw notFound(opts.missing ?? 'This file is no longer available.');
  let range: { start: number; end: number } | undefined;
  const header = req.headers.range;
  if (header && size > 0) {
    const parsed = parseRange(size, header, { combine: true });
    if (parsed === -1) {
      // Only Content-Range is set before the error: the JSON error body keeps its own type.
      reply.header('content-range', `bytes */${size}`);
      throw new ApiError(416, 'RANGE_NOT_SATISFIABLE', `The requested range is outside the file (${size} bytes).`);
    }
    if (parsed !== -2 && parsed.type === 'bytes' && parsed.length === 1) range = parsed[0];
  }
  reply.type(opts.type).header('content-disposition', `attachment; filename="${opts.filename}"`).header('accept-ranges', 'bytes');
  const length = range ? range.end - range.start + 1 : size;
  reply.header('content-length', length);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  // Fastify's HEAD route drains a stream and keeps our Content-Length (an empty payload would reset it to 0).
  if (req.method === 'HEAD') return reply.send(Readable.from([]));
  return reply.send(await store.get(key, range));
}
