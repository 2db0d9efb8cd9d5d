/**
 * Stand-in for the inference feature's call client (`apps/server/src/net/model-call.ts`, branch
 * `inference`, issue #11 §6), with its exact signature, so that the upload check is written
 * against it. It covers what the upload check needs: one synchronous JSON POST through the
 * outbound rules (checkFetchTarget, connection pinned to the checked addresses), a time limit and
 * a size cap. Async polling is the real client's. When net/model-call.ts is merged this file
 * becomes a re-export of it.
 */
import http from 'node:http';
import https from 'node:https';
import { checkFetchTarget, describeBytes, FetchError } from '../../net/safe-fetch.ts';

/** Why a model call failed. */
export type ModelCallErrorCode = 'URL_REFUSED' | 'UNREACHABLE' | 'TIMEOUT' | 'HTTP_ERROR' | 'TOO_LARGE' | 'NOT_JSON' | 'UNSUPPORTED';

/** A failed model call; `message` is written for the model's contributor or user. */
export class ModelCallError extends Error {
  constructor(
    public readonly code: ModelCallErrorCode,
    message: string,
    /** HTTP status for HTTP_ERROR. */
    public readonly status?: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

/** Where and how a model is called (from its descriptor). */
export interface ModelCallTarget {
  task: string;
  callbackUrl: string;
  inferenceApiKey: { name: string; value: string } | null;
  isSyncApi: boolean;
  asyncApiDetails: Record<string, unknown> | null;
}

/** Limits of one call: hosts allowed on private addresses, time limit (ms, whole call) and answer size cap (bytes). */
export interface ModelCallOptions {
  allowedHosts: string[];
  timeoutMs: number;
  maxBytes: number;
}

/**
 * POSTs `request` as JSON to the model's callbackUrl and returns its parsed JSON answer and the
 * time it took (ms).
 * @throws ModelCallError URL_REFUSED, UNREACHABLE, TIMEOUT, HTTP_ERROR (status ≥ 400), TOO_LARGE,
 *   NOT_JSON, UNSUPPORTED (async or ws(s) endpoints: the real client's).
 */
export async function callModelEndpoint(target: ModelCallTarget, request: unknown, opts: ModelCallOptions): Promise<{ body: unknown; latencyMs: number }> {
  if (!target.isSyncApi) throw new ModelCallError('UNSUPPORTED', 'Asynchronous model endpoints cannot be checked yet.');
  if (/^wss?:/i.test(target.callbackUrl)) throw new ModelCallError('UNSUPPORTED', 'Streaming (ws/wss) model endpoints cannot be checked yet.');
  let checked;
  try {
    checked = await checkFetchTarget(target.callbackUrl, opts.allowedHosts);
  } catch (err) {
    if (err instanceof FetchError) throw new ModelCallError(err.code === 'URL_REFUSED' || err.code === 'INVALID_URL' ? 'URL_REFUSED' : 'UNREACHABLE', err.message);
    throw err;
  }
  const payload = Buffer.from(JSON.stringify(request));
  const started = performance.now();
  const pinned = checked.addresses[0];
  const lib = checked.url.protocol === 'https:' ? https : http;
  const text = await new Promise<string>((resolve, reject) => {
    const req = lib.request(
      checked.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': payload.length,
          accept: 'application/json',
          ...(target.inferenceApiKey ? { [target.inferenceApiKey.name]: target.inferenceApiKey.value } : {}),
        },
        lookup: (_h, o, cb) => (o.all ? cb(null, [pinned]) : cb(null, pinned.address, pinned.family)),
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            req.destroy(new ModelCallError('TOO_LARGE', `The model answered more than ${describeBytes(opts.maxBytes)}.`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if ((res.statusCode ?? 500) >= 400) reject(new ModelCallError('HTTP_ERROR', `The model answered HTTP ${res.statusCode}.`, res.statusCode));
          else resolve(body);
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err: Error & { code?: string }) => {
      if (err instanceof ModelCallError) return reject(err);
      if (err.name === 'AbortError' || err.name === 'TimeoutError' || err.code === 'ABORT_ERR') {
        return reject(new ModelCallError('TIMEOUT', `The model did not answer within ${Math.round(opts.timeoutMs / 100) / 10} seconds.`));
      }
      reject(new ModelCallError('UNREACHABLE', `The model endpoint ${checked.host} could not be reached (${err.code ?? err.message}).`));
    });
    req.end(payload);
  });
  const latencyMs = Math.round(performance.now() - started);
  try {
    return { body: JSON.parse(text), latencyMs };
  } catch {
    throw new ModelCallError('NOT_JSON', 'The model answered something that is not JSON.');
  }
}
