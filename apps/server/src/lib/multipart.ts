import type { FastifyRequest } from 'fastify';
import { findTextProblem, withoutNul } from '@ulca/contracts';
import { ApiError, badRequest } from './errors.ts';
import { textProblemError } from './nul-guard.ts';

/**
 * multipart/form-data read as bytes, so that a request signature over the exact body verifies
 * (docs/api.md#request-signatures): the models upload and the inference tryMe route register this parser in their
 * own scope. The bytes become `request.body` and `request.rawBody`; a body over `limit` bytes
 * (announced by Content-Length or counted as it arrives) is refused with `tooLarge()` at once.
 */
export function multipartBytesParser(limit: number, tooLarge: () => ApiError) {
  return (req: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) => {
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > limit) {
      // Drain what the client still sends, answer at once.
      payload.resume();
      return done(tooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    payload.on('data', (c: Buffer) => {
      if (finished) return;
      size += c.length;
      if (size > limit) {
        finished = true;
        chunks.length = 0;
        return done(tooLarge());
      }
      chunks.push(c);
    });
    payload.on('end', () => {
      if (finished) return;
      finished = true;
      const body = Buffer.concat(chunks);
      req.rawBody = body;
      done(null, body);
    });
    payload.on('error', (err: Error) => {
      if (finished) return;
      finished = true;
      done(err);
    });
  };
}

/**
 * The form of a body read by {@link multipartBytesParser}, parsed by the platform's own multipart
 * parser (undici's, in Node). Throws 400 MALFORMED_MULTIPART when the bytes are not a valid form,
 * 400 VALIDATION_FAILED naming the field when a text field holds a NUL;
 * `missing` is thrown when the request carried no multipart body at all.
 */
export async function readMultipartForm(req: FastifyRequest, missing: () => ApiError): Promise<FormData> {
  if (!Buffer.isBuffer(req.body)) throw missing();
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(req.body), { headers: { 'content-type': String(req.headers['content-type']) } }).formData();
  } catch {
    throw badRequest('MALFORMED_MULTIPART', 'The upload is not a valid multipart/form-data body.');
  }
  // The input rule of JSON bodies (lib/nul-guard.ts) for every decoded text field; files are
  // checked by whoever decodes them (e.g. parseModelDescriptor).
  for (const [name, value] of form.entries()) {
    const problem = name.includes('\0') ? findTextProblem(name) : typeof value === 'string' ? findTextProblem(value) : null;
    if (problem) throw textProblemError({ ...problem, field: withoutNul(name) });
  }
  return form;
}
