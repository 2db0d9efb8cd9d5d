/**
 * The guarded connection to a streaming model's socket endpoint (docs/api.md#conventions
 * "Outbound URLs", docs/architecture.md#calling-models "Calling models"). Streaming models speak socket.io, as the original ULCA's
 * did (its ASR client library and its TTS panel both used socket.io): the callbackUrl's origin is
 * the server, its path the socket.io namespace (what `io(callbackUrl)` means), the engine path the
 * default `/socket.io/`.
 *
 * The same rules as every model call: the host is resolved and checked by safe-fetch.ts
 * checkFetchTarget (private, loopback and metadata addresses refused unless ALLOWED_FETCH_HOSTS or
 * the exact allowed origin of the reference server), the socket connects only to the checked
 * addresses (DNS pinned by the agent's lookup), websocket transport only (no long-polling, no
 * reconnection), a connect time limit and a per-message size cap (ws maxPayload).
 */
import http from 'node:http';
import https from 'node:https';
import { io, type Socket } from 'socket.io-client';
import { inferenceResponseSchemas } from '@ulca/contracts';
import { checkFetchTarget, FetchError, pinnedLookup } from './safe-fetch.ts';
import { ModelCallError } from './model-call.ts';

/** Why opening a model socket failed. */
export type ModelSocketErrorCode = 'REFUSED' | 'UNREACHABLE' | 'TIMEOUT';

/** A model socket that could not be opened; `message` names the reason for logs and the uploader. */
export class ModelSocketError extends Error {
  constructor(
    public readonly code: ModelSocketErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ModelSocketError';
  }
}

/** Options of {@link openModelSocket}. */
export interface ModelSocketOptions {
  /** Hosts allowed on loopback/private addresses (ALLOWED_FETCH_HOSTS). */
  allowedHosts: string[];
  /** Exact origins allowed on loopback (the reference server's; see reference-models modelCallRoute). */
  allowedOrigins?: readonly string[];
  /** Time limit from DNS to the socket.io handshake's end, ms. */
  connectTimeoutMs: number;
  /** Largest single message accepted from the model, bytes (larger: the socket is closed). */
  maxMessageBytes: number;
  /** socket.io handshake query (ASR: language, samplingRate, postProcessors). */
  query?: Record<string, string>;
  /** The model's inference key, sent as header `name: value` on the upgrade request. */
  apiKey?: { name: string; value: string } | null;
}

/** The http(s) form of a ws(s) or http(s) callbackUrl (socket.io-client and the guard speak http). */
export function httpFormOf(callbackUrl: string): string {
  return callbackUrl.replace(/^ws(s?):/i, 'http$1:');
}

/**
 * Opens a socket.io connection to `callbackUrl` (ws, wss, http or https) under the outbound rules
 * and resolves once the model accepted it (socket.io `connect`).
 * @throws ModelSocketError REFUSED (bad URL or refused address, before any connection),
 *   UNREACHABLE (DNS, connection refused, handshake refused), TIMEOUT (`connectTimeoutMs`).
 */
export async function openModelSocket(callbackUrl: string, opts: ModelSocketOptions): Promise<Socket> {
  const url = httpFormOf(callbackUrl);
  let target;
  try {
    target = await checkFetchTarget(url, opts.allowedHosts, opts.allowedOrigins ?? []);
  } catch (err) {
    if (err instanceof FetchError) throw new ModelSocketError(err.code === 'UNREACHABLE' ? 'UNREACHABLE' : 'REFUSED', err.message);
    throw err;
  }
  const secure = target.url.protocol === 'https:';
  // A fresh agent per stream whose lookup answers only the checked addresses (no DNS rebinding).
  const agentOptions = { keepAlive: false, lookup: pinnedLookup(target.addresses) };
  const agent = secure ? new https.Agent(agentOptions) : new http.Agent(agentOptions);
  const headers: Record<string, string> = {};
  if (opts.apiKey?.value) headers[opts.apiKey.name || 'Authorization'] = opts.apiKey.value;
  const socket = io(target.url.href, {
    transports: ['websocket'],
    upgrade: false,
    reconnection: false,
    forceNew: true,
    multiplex: false,
    autoConnect: false,
    timeout: opts.connectTimeoutMs,
    agent: agent as unknown as string,
    maxPayload: opts.maxMessageBytes,
    extraHeaders: headers,
    query: opts.query ?? {},
  } as Parameters<typeof io>[1]);
  return new Promise<Socket>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.disconnect();
      agent.destroy();
      reject(
        new ModelSocketError(
          'TIMEOUT',
          `The model's socket did not accept the connection within ${Math.round(opts.connectTimeoutMs / 100) / 10} seconds.`,
        ),
      );
    }, opts.connectTimeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.io.engine?.once('close', () => agent.destroy());
      resolve(socket);
    });
    socket.once('connect_error', (err: Error) => {
      clearTimeout(timer);
      socket.disconnect();
      agent.destroy();
      const why = err.message === 'timeout' ? 'the handshake timed out' : err.message || 'connection failed';
      reject(
        new ModelSocketError(
          err.message === 'timeout' ? 'TIMEOUT' : 'UNREACHABLE',
          `Could not open the model's socket at ${target.host}: ${why}.`,
        ),
      );
    });
    socket.connect();
  });
}

/**
 * Whether a model is served over a socket: its inference schema says
 * `modelProcessingType: {type: 'streaming'}`, or its callbackUrl is ws:// or wss://.
 */
export function isStreamingEndpoint(schema: Record<string, unknown> | null | undefined, callbackUrl: string): boolean {
  const mpt = (schema?.modelProcessingType as { type?: unknown } | undefined)?.type;
  return mpt === 'streaming' || /^wss?:/i.test(callbackUrl);
}

/** Tasks that may be streaming (docs/product.md#screens: asr and tts only). */
export const STREAMING_TASKS = ['asr', 'tts'] as const;

/** Options of {@link probeStreamingEndpoint}. */
export interface StreamingProbeOptions {
  allowedHosts: string[];
  allowedOrigins?: readonly string[];
  /** Overall time limit, connection included, ms. */
  timeoutMs: number;
  /** Largest single message accepted from the model, bytes. */
  maxBytes: number;
}

function fromSocketError(err: unknown): ModelCallError {
  if (err instanceof ModelCallError) return err;
  if (err instanceof ModelSocketError) {
    if (err.code === 'REFUSED') return new ModelCallError('URL_REFUSED', `The model's streaming URL is refused: ${err.message}`);
    if (err.code === 'TIMEOUT') return new ModelCallError('TIMEOUT', err.message);
    return new ModelCallError('UNREACHABLE', err.message);
  }
  return new ModelCallError('UNREACHABLE', `The model's socket failed: ${err instanceof Error ? err.message : String(err)}`);
}

/**
 * Checks a streaming model's socket the way the relay uses it (modules/streaming/service.ts), for
 * the upload check and the health round: ASR opens the stream in `language`, waits for
 * `connect-success`, sends 0.5 s of silence (16 kHz PCM) and the stop pair, and waits for
 * `terminate` (the answer is `{output:[{source: <last response or ''>}]}`); TTS emits `infer` with
 * `request` (the descriptor's example) and returns its acknowledgement, which must be a ULCA tts
 * response. The socket is closed in every case.
 * @throws ModelCallError URL_REFUSED, UNREACHABLE, TIMEOUT (`timeoutMs`), HTTP_ERROR (the model
 *   answered `abort`: busy), TOO_LARGE (a message over `maxBytes`), BAD_RESPONSE (wrong shape, or a
 *   task that cannot stream).
 */
export async function probeStreamingEndpoint(
  task: string,
  callbackUrl: string,
  request: unknown,
  apiKey: { name: string; value: string } | null,
  opts: StreamingProbeOptions,
): Promise<{ body: Record<string, unknown>; latencyMs: number }> {
  if (task !== 'asr' && task !== 'tts') throw new ModelCallError('BAD_RESPONSE', `Only asr and tts models can be streaming, not ${task}.`);
  const started = performance.now();
  const deadline = started + opts.timeoutMs;
  const req = (request ?? {}) as { input?: { source?: unknown }[]; config?: { language?: { sourceLanguage?: unknown }; gender?: unknown } };
  const language = typeof req.config?.language?.sourceLanguage === 'string' ? req.config.language.sourceLanguage : 'en';
  let socket: Socket | null = null;
  try {
    socket = await openModelSocket(callbackUrl, {
      allowedHosts: opts.allowedHosts,
      allowedOrigins: opts.allowedOrigins,
      connectTimeoutMs: opts.timeoutMs,
      maxMessageBytes: opts.maxBytes,
      apiKey,
      query: task === 'asr' ? { language, samplingRate: '16000', postProcessors: '[]' } : {},
    });
    const s = socket;
    const left = () => Math.max(1, Math.ceil(deadline - performance.now()));
    const body = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new ModelCallError(
              'TIMEOUT',
              `The model's socket did not finish the check within ${Math.round(opts.timeoutMs / 100) / 10} seconds.`,
            ),
          ),
        left(),
      );
      const fail = (e: ModelCallError) => {
        clearTimeout(timer);
        reject(e);
      };
      s.on('disconnect', (reason: string) =>
        fail(
          reason === 'transport error'
            ? new ModelCallError('TOO_LARGE', "The model's socket closed with a transport error (a message may have been too large).")
            : new ModelCallError('UNREACHABLE', 'The model closed the socket before the check finished.'),
        ),
      );
      if (task === 'asr') {
        let text = '';
        s.on('response', (t: unknown) => {
          if (typeof t === 'string') text = t;
        });
        s.on('abort', () => fail(new ModelCallError('HTTP_ERROR', 'The model answered that it is busy (abort).')));
        s.once('connect-success', () => {
          s.emit('mic_data', Buffer.alloc(16_000), language, true, false);
          s.emit('mic_data', null, language, false, false);
          s.emit('mic_data', null, language, false, true);
        });
        s.once('terminate', () => {
          clearTimeout(timer);
          resolve({ output: [{ source: text }] });
        });
        s.emit('connect_mic_stream');
      } else {
        const source = typeof req.input?.[0]?.source === 'string' ? req.input[0].source : 'नमस्ते';
        const gender = req.config?.gender === 'male' ? 'male' : 'female';
        s.emit('infer', { input: [{ source }], config: { gender, language: { sourceLanguage: language } } }, (answer: unknown) => {
          clearTimeout(timer);
          const parsed = inferenceResponseSchemas.tts.safeParse(answer);
          if (!parsed.success)
            return reject(
              new ModelCallError('BAD_RESPONSE', "The model's infer answer is not a ULCA tts response (audio[0].audioContent)."),
            );
          resolve(parsed.data as Record<string, unknown>);
        });
      }
    });
    return { body, latencyMs: performance.now() - started };
  } catch (err) {
    throw fromSocketError(err);
  } finally {
    socket?.removeAllListeners();
    socket?.disconnect();
  }
}
