/**
 * Calling a model's inference endpoint (docs/architecture.md#calling-models "Calling models"; docs/api.md#inference "Hosted
 * inference"): the one way the inference proxy, the health job, model upload and benchmark runs
 * reach a contributor's `callbackUrl`. Every call goes through the guarded POST of safe-fetch.ts
 * (address policy, DNS pinning, no redirects, time limit, size cap), sends the endpoint's key as
 * its header, and only returns an answer that matches the task's ULCA response schema.
 */
import type { InferenceResponse, InferenceTask } from '@ulca/contracts';
import { FetchError, describeBytes, safePostJson, type OutboundPools, type SafePostResult } from './safe-fetch.ts';
import { AnswerPoolBusyError, LARGE_ANSWER_BYTES, type AnswerPool } from './answer-pool.ts';
import { checkAnswer } from './answer-parse.worker.ts';

/** Why a model call failed. */
export type ModelCallErrorCode = 'URL_REFUSED' | 'TIMEOUT' | 'UNREACHABLE' | 'HTTP_ERROR' | 'TOO_LARGE' | 'BAD_RESPONSE' | 'BUSY';

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
  /**
   * Reads answers over LARGE_ANSWER_BYTES off the event loop, a bounded number at once
   * (InferenceState.answerPool, docs/operations.md#model-answers); without, every answer is parsed on the loop.
   */
  answers?: AnswerPool;
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

/** Largest error answer whose `message` is read (on the loop): an endpoint's error text is short. */
const ERROR_ANSWER_READ_BYTES = 64 * 1024;

/** The exact bytes of large answers that were passed unchanged (see {@link answerBytesOf}). */
const ANSWER_BYTES = new WeakMap<object, Buffer>();

/**
 * The bytes the model sent for `answer`, when it was a large answer (over LARGE_ANSWER_BYTES) read
 * off the loop and valid as it is: sending them spares the loop a re-serialisation of megabytes
 * (docs/operations.md#model-answers). undefined for every other answer (serialise it as usual).
 */
export function answerBytesOf(answer: object): Buffer | undefined {
  return ANSWER_BYTES.get(answer);
}

/** An answer read: its value, and why it does not follow the task's schema (null: it does; value is then the schema's output). */
interface ReadAnswer {
  value: unknown;
  problem: string | null;
}

/**
 * Reads a 2xx JSON answer and checks it against `task`'s response schema, off the loop when it is
 * large and `pool` is given; non-2xx → HTTP_ERROR with the endpoint's own message when it gave one.
 */
async function readAnswer(res: SafePostResult, what: string, task: InferenceTask, pool: AnswerPool | undefined): Promise<ReadAnswer> {
  if (res.status < 200 || res.status >= 300) {
    let said: string | undefined;
    try {
      if (res.body.length <= ERROR_ANSWER_READ_BYTES) {
        const m = (JSON.parse(res.body.toString('utf8')) as { message?: unknown }).message;
        if (typeof m === 'string' && m) said = m.slice(0, 200);
      }
    } catch {
      // Not JSON: the status alone says enough.
    }
    throw new ModelCallError('HTTP_ERROR', `The ${what} answered HTTP ${res.status}${said ? `: ${said}` : ''}.`, res.status, said);
  }
  const notJson = () =>
    new ModelCallError('BAD_RESPONSE', `The ${what}'s answer is not JSON (${describeBytes(res.body.length)} received).`);
  if (pool && res.body.length > LARGE_ANSWER_BYTES) {
    let parsed;
    try {
      parsed = await pool.parse(res.body, task);
    } catch (err) {
      if (err instanceof AnswerPoolBusyError)
        throw new ModelCallError('BUSY', `The platform had no room to read the ${what}'s answer in time.`);
      throw new ModelCallError('BAD_RESPONSE', `The ${what}'s answer could not be read (${describeBytes(res.body.length)} received).`);
    }
    if (!parsed.json) throw notJson();
    if (parsed.problem === null && parsed.value && typeof parsed.value === 'object') ANSWER_BYTES.set(parsed.value, res.body);
    return parsed;
  }
  let value: unknown;
  try {
    value = JSON.parse(res.body.toString('utf8'));
  } catch {
    throw notJson();
  }
  return checkAnswer(task, value);
}

/** The value of an answer that follows the schema; else BAD_RESPONSE with the problem. */
function valid<T extends InferenceTask>(answer: ReadAnswer): InferenceResponse<T> {
  if (answer.problem !== null) throw new ModelCallError('BAD_RESPONSE', answer.problem);
  return answer.value as InferenceResponse<T>;
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
 *   failed async job), TOO_LARGE (answer over `maxBytes`), BAD_RESPONSE (not JSON, wrong shape),
 *   BUSY (`opts.answers` had no turn to read a large answer within its wait).
 */
export async function callModelEndpoint<T extends InferenceTask>(
  target: ModelCallTarget & { task: T },
  request: unknown,
  opts: ModelCallOptions,
): Promise<ModelCallResult<T>> {
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  if (opts.maxBytes > LARGE_ANSWER_BYTES) opts.answers?.warm();
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
      return { body: valid<T>(await readAnswer(res, 'model endpoint', target.task, opts.answers)), latencyMs: performance.now() - started };
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
    const first = await readAnswer(await post(target.callbackUrl, request), 'model endpoint', target.task, opts.answers);
    // A model that answers at once although it is declared async is accepted as it is.
    if (first.problem === null) return { body: valid<T>(first), latencyMs: performance.now() - started };
    const requestId = requestIdOf(first.value);
    if (!requestId) throw new ModelCallError('BAD_RESPONSE', 'The asynchronous model endpoint did not answer a requestId.');
    const details = target.asyncApiDetails ?? {};
    const pollingUrl = typeof details.pollingUrl === 'string' ? details.pollingUrl : null;
    if (!pollingUrl)
      throw new ModelCallError('BAD_RESPONSE', 'The model is asynchronous but its descriptor gives no asyncApiDetails.pollingUrl.');
    const interval = Math.max(MIN_POLL_INTERVAL_MS, Number(details.pollInterval) || DEFAULT_POLL_INTERVAL_MS);
    const url = pollingUrl.replaceAll('{requestId}', encodeURIComponent(requestId));
    for (;;) {
      await sleep(interval, controller.signal);
      const answer = await readAnswer(await post(url, { requestId }), 'polling endpoint', target.task, opts.answers);
      if (answer.problem === null) return { body: valid<T>(answer), latencyMs: performance.now() - started };
      const status = (answer.value as { status?: unknown } | null)?.status;
      if (typeof status === 'string' && FAILED_STATUS.test(status)) {
        throw new ModelCallError('HTTP_ERROR', `The model endpoint reported that the request failed (status ${status.slice(0, 50)}).`);
      }
      if (typeof status !== 'string' || !PENDING_STATUS.test(status)) valid<T>(answer);
    }
  } catch (err) {
    throw fromFetchError(err, opts.timeoutMs);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
}
