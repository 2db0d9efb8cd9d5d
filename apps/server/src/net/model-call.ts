/**
 * Calling a model's inference endpoint (docs/architecture.md#calling-models "Calling models"; docs/api.md#inference "Hosted
 * inference"): the one way the inference proxy, the health job, model upload and benchmark runs
 * reach a contributor's `callbackUrl`. Every call goes through the guarded POST of safe-fetch.ts
 * (address policy, DNS pinning, no redirects, time limit, size cap), sends the endpoint's key as
 * its header, and only returns an answer that matches the task's ULCA response schema.
 */
import { inferenceResponseSchemas, type InferenceResponse, type InferenceTask } from '@ulca/contracts';
import { FetchError, describeBytes, safePostJson, type OutboundPools, type SafePostResult } from './safe-fetch.ts';

/** Why a model call failed. */
export type ModelCallErrorCode = 'URL_REFUSED' | 'TIMEOUT' | 'UNREACHABLE' | 'HTTP_ERROR' | 'TOO_LARGE' | 'BAD_RESPONSE';

/**
 * A failed model call. `message` is written for the person who submitted or tries the model (e.g.
 * "The endpoint did not answer within 30 seconds."); the try panels show the spec's generic text
 * instead and the details go to the log.
 */
export class ModelCallError extends Error {
  constructor(
    public readonly code: ModelCallErrorCode,
    message: string,
    /** HTTP status of the endpoint's answer, for HTTP_ERROR. */
    public readonly status?: number,
    /** The endpoint's own `message` in its error answer (at most 200 characters), for HTTP_ERROR. */
    public readonly endpointMessage?: string,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}

/** The endpoint of a model, as models/service.ts ModelEndpoint gives it (server-side only). */
export interface ModelCallTarget {
  task: InferenceTask;
  callbackUrl: string;
  /** Sent as header `name: value`; the header is `Authorization` when the descriptor gave no name. */
  inferenceApiKey: { name: string; value: string } | null;
  /** false: the endpoint answers `{requestId}` and the answer is polled at asyncApiDetails.pollingUrl. */
  isSyncApi: boolean;
  /** `{pollingUrl, pollInterval (ms)}` (model-schema AsyncApiDetails) for async endpoints. */
  asyncApiDetails: Record<string, unknown> | null;
}

/** Limits of one model call. */
export interface ModelCallOptions {
  /** Hosts allowed on loopback/private addresses (config ALLOWED_FETCH_HOSTS). */
  allowedHosts: string[];
  /** Exact origins allowed on loopback/private addresses: only the platform's own reference-model server, for reference models (safe-fetch.ts checkFetchTarget). */
  allowedOrigins?: readonly string[];
  /** Overall time limit in milliseconds, polling included. */
  timeoutMs: number;
  /** Largest answer accepted, in bytes (each answer, polls included). */
  maxBytes: number;
  /** Cancels the call (e.g. the client went away). */
  signal?: AbortSignal;
  /** The process's connection pools (ctx.services.outbound); without, a fresh connection per request. */
  pools?: OutboundPools;
}

/** A model's validated answer and how long the whole call took (milliseconds, polling included). */
export interface ModelCallResult<T extends InferenceTask = InferenceTask> {
  body: InferenceResponse<T>;
  latencyMs: number;
}

const DEFAULT_POLL_INTERVAL_MS = 1000;
const MIN_POLL_INTERVAL_MS = 10;
const PENDING_STATUS = /progress|pending|queued|running|submitted|processing|accepted|started|waiting/i;
const FAILED_STATUS = /fail|error|cancel|reject/i;

function describeMs(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`;
}

function fromFetchError(err: unknown, timeoutMs: number): ModelCallError {
  if (err instanceof ModelCallError) return err;
  if (err instanceof FetchError) {
    switch (err.code) {
      case 'TIMEOUT':
        return new ModelCallError('TIMEOUT', `The model endpoint did not answer within ${describeMs(timeoutMs)}.`);
      case 'TOO_LARGE':
        return new ModelCallError('TOO_LARGE', `The model endpoint's answer is too large: ${err.message}`);
      case 'URL_REFUSED':
      case 'INVALID_URL':
        return new ModelCallError('URL_REFUSED', `The model endpoint's URL is refused: ${err.message}`);
      case 'HTTP_404':
      case 'HTTP_ERROR':
        return new ModelCallError('HTTP_ERROR', `The model endpoint answered with an error: ${err.message}`, err.status);
      default:
        return new ModelCallError('UNREACHABLE', `The model endpoint could not be reached: ${err.message}`);
    }
  }
  return new ModelCallError('UNREACHABLE', `The model endpoint could not be reached: ${err instanceof Error ? err.message : String(err)}`);
}

/** Parses a 2xx JSON answer; non-2xx → HTTP_ERROR with the endpoint's own message when it gave one. */
function parseAnswer(res: SafePostResult, what: string): unknown {
  if (res.status < 200 || res.status >= 300) {
    let said: string | undefined;
    try {
      const m = (JSON.parse(res.body.toString('utf8')) as { message?: unknown }).message;
      if (typeof m === 'string' && m) said = m.slice(0, 200);
    } catch {
      // Not JSON: the status alone says enough.
    }
    throw new ModelCallError('HTTP_ERROR', `The ${what} answered HTTP ${res.status}${said ? `: ${said}` : ''}.`, res.status, said);
  }
  try {
    return JSON.parse(res.body.toString('utf8'));
  } catch {
    throw new ModelCallError('BAD_RESPONSE', `The ${what}'s answer is not JSON (${describeBytes(res.body.length)} received).`);
  }
}

function validate<T extends InferenceTask>(task: T, value: unknown): InferenceResponse<T> {
  const parsed = inferenceResponseSchemas[task].safeParse(value);
  if (parsed.success) return parsed.data as InferenceResponse<T>;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new ModelCallError(
    'BAD_RESPONSE',
    `The model endpoint's answer does not follow the ULCA ${task} response schema${where}: ${issue?.message ?? 'invalid'}.`,
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** requestId of an async endpoint's first answer (`requestId`, or `data.requestId`). */
function requestIdOf(value: unknown): string | null {
  const v = value as { requestId?: unknown; data?: { requestId?: unknown } } | null;
  const id = v?.requestId ?? v?.data?.requestId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * Calls `target.callbackUrl` with `request` (the task's ULCA inference request) and returns the
 * answer validated against `inferenceResponseSchemas[task]`.
 * - The key goes as header `inferenceApiKey.name` (default `Authorization`) = value.
 * - Async endpoints (`isSyncApi` false): the first answer carries `requestId`; then
 *   `asyncApiDetails.pollingUrl` (with `{requestId}` replaced when present) is POSTed
 *   `{requestId}` every `pollInterval` ms until an answer matches the task's schema; answers with a
 *   pending `status` (IN_PROGRESS, QUEUED, …) keep polling, a failed one is HTTP_ERROR.
 * - `timeoutMs` bounds the whole call, polling included.
 * @throws ModelCallError URL_REFUSED (policy), TIMEOUT, UNREACHABLE, HTTP_ERROR (non-2xx, redirect,
 *   failed async job), TOO_LARGE (answer over `maxBytes`), BAD_RESPONSE (not JSON, wrong shape).
 */
export async function callModelEndpoint<T extends InferenceTask>(
  target: ModelCallTarget & { task: T },
  request: unknown,
  opts: ModelCallOptions,
): Promise<ModelCallResult<T>> {
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  const headers: Record<string, string> = {};
  if (target.inferenceApiKey?.value) headers[target.inferenceApiKey.name || 'Authorization'] = target.inferenceApiKey.value;
  if (target.isSyncApi) {
    // One POST: its own time limit is the call's, and the caller's signal cancels it directly (no
    // second timer and AbortController per call: docs/benchmarks.md#inference-proxy).
    try {
      const res = await safePostJson(target.callbackUrl, request, {
        allowedHosts: opts.allowedHosts,
        allowedOrigins: opts.allowedOrigins,
        maxBytes: opts.maxBytes,
        timeoutMs: opts.timeoutMs,
        headers,
        signal: opts.signal,
        pools: opts.pools,
      });
      return { body: validate(target.task, parseAnswer(res, 'model endpoint')), latencyMs: performance.now() - started };
    } catch (err) {
      throw fromFetchError(err, opts.timeoutMs);
    }
  }
  // One signal for the whole call: the overall limit, or the caller's cancel.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FetchError('TIMEOUT', 'overall limit')), opts.timeoutMs);
  const onOuterAbort = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) onOuterAbort();
  else opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const post = (url: string, body: unknown) =>
    safePostJson(url, body, {
      allowedHosts: opts.allowedHosts,
      allowedOrigins: opts.allowedOrigins,
      maxBytes: opts.maxBytes,
      timeoutMs: Math.max(1, Math.ceil(deadline - performance.now())),
      headers,
      signal: controller.signal,
      pools: opts.pools,
    });

  try {
    const first = parseAnswer(await post(target.callbackUrl, request), 'model endpoint');
    // A model that answers at once although it is declared async is accepted as it is.
    if (inferenceResponseSchemas[target.task].safeParse(first).success)
      return { body: validate(target.task, first), latencyMs: performance.now() - started };
    const requestId = requestIdOf(first);
    if (!requestId) throw new ModelCallError('BAD_RESPONSE', 'The asynchronous model endpoint did not answer a requestId.');
    const details = target.asyncApiDetails ?? {};
    const pollingUrl = typeof details.pollingUrl === 'string' ? details.pollingUrl : null;
    if (!pollingUrl)
      throw new ModelCallError('BAD_RESPONSE', 'The model is asynchronous but its descriptor gives no asyncApiDetails.pollingUrl.');
    const interval = Math.max(MIN_POLL_INTERVAL_MS, Number(details.pollInterval) || DEFAULT_POLL_INTERVAL_MS);
    const url = pollingUrl.replaceAll('{requestId}', encodeURIComponent(requestId));
    for (;;) {
      await sleep(interval, controller.signal);
      const answer = parseAnswer(await post(url, { requestId }), 'polling endpoint');
      if (inferenceResponseSchemas[target.task].safeParse(answer).success)
        return { body: validate(target.task, answer), latencyMs: performance.now() - started };
      const status = (answer as { status?: unknown } | null)?.status;
      if (typeof status === 'string' && FAILED_STATUS.test(status)) {
        throw new ModelCallError('HTTP_ERROR', `The model endpoint reported that the request failed (status ${status.slice(0, 50)}).`);
      }
      if (typeof status !== 'string' || !PENDING_STATUS.test(status)) validate(target.task, answer);
    }
  } catch (err) {
    throw fromFetchError(err, opts.timeoutMs);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
