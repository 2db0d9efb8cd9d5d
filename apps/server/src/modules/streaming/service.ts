/**
 * The streaming relay (docs/product.md#screens, docs/product.md#states-and-transitions, docs/api.md#streaming last paragraph, docs/product.md#messages): the browser's
 * WebSocket (protocol in @ulca/contracts api/streaming.ts) on one side, the model's socket.io
 * endpoint (model-socket.ts, guarded) on the other. Nothing of the audio, text or answers is kept.
 *
 * Model protocol (the original ULCA's streaming models):
 * - ASR: handshake query `language`, `samplingRate`, `postProcessors`; on connect the relay emits
 *   `connect_mic_stream`, the model answers `connect-success`; audio goes as
 *   `mic_data(pcm, language, isSpeaking, isStreamingOver)`; the model emits `response(text,
 *   language)` with the text so far; stop = `mic_data(null, language, false, false)` then
 *   `mic_data(null, language, false, true)`, answered by `terminate`; `abort` = busy. The final text
 *   is then POSTed `{text, language, enabledItn}` to `{callbackUrl}asr/v1/punctuate/{language}`
 *   (guarded HTTP) which answers `{text}`.
 * - TTS: `infer` with `{input:[{source}], config:{gender, language:{sourceLanguage}}}` and an
 *   acknowledgement callback receiving `{audio:[{audioContent}]}`.
 *
 * Limits (config STREAM_*): connect time limit, idle limit while the model owes an answer, session
 * limit (61 s of audio plus slack; ASR audio beyond 61 s stops the stream as Stop would), message
 * size and rate both ways, concurrent streams per model and per caller.
 */
import type { WebSocket, RawData } from 'ws';
import type { Socket } from 'socket.io-client';
import {
  STREAM_ASR_MAX_SECONDS,
  STREAM_ENDPOINT_MISSING_MESSAGE,
  STREAM_SAMPLE_RATE,
  TRY_TEXT_MAX_CHARS,
  findTextProblem,
  streamClientMessage,
  type StreamErrorCode,
  type StreamServerMessage,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { safePostJson } from '../../net/safe-fetch.ts';
import * as models from '../models/service.ts';
import * as referenceModels from '../reference-models/service.ts';
import { httpFormOf, isStreamingEndpoint, ModelSocketError, openModelSocket } from '../../net/model-socket.ts';
import type { StreamingServices } from './state.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';
import type { ModelsServices } from '../models/service.ts';
/** This feature's slice of ctx.services (docs/architecture.md#boundaries), for the features that call it. */
export type { StreamingServices } from './state.ts';

/** Largest frame the browser may send, bytes (a second of 16 kHz PCM is 32 KB). */
export const CLIENT_MAX_FRAME_BYTES = 256 * 1024;
/** ASR audio accepted per stream, bytes: 61 s of 16 kHz 16-bit mono. */
export const ASR_MAX_AUDIO_BYTES = STREAM_ASR_MAX_SECONDS * STREAM_SAMPLE_RATE * 2;
/** TTS infers waiting for the model at once per stream; more → CLIENT_FLOOD. */
const TTS_MAX_PENDING = 4;

/** Who streams: the verified user or API key, or the anonymous web caller's IP address. */
export interface StreamCaller {
  user: { userId: string; roles: readonly string[] } | null;
  apiKey: { keyId: string; userID: string } | null;
  ip: string;
}

/** The streaming flavour of a relay route. */
export type StreamKind = 'asr' | 'tts';

/** An error that ends a stream: sent to the browser as an `error` frame, then both sides close. */
export class StreamError extends Error {
  constructor(
    public readonly code: StreamErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

/** Streams running now in this process: per model id and per caller key (tests, README figures). */
export function activeStreams(ctx: AppContext<StreamingServices>): { models: Record<string, number>; callers: Record<string, number> } {
  const c = ctx.services.streaming;
  return { models: Object.fromEntries(c.perModel), callers: Object.fromEntries(c.perCaller) };
}

function callerKey(c: StreamCaller): string {
  if (c.apiKey) return `key:${c.apiKey.keyId}`;
  if (c.user) return `user:${c.user.userId}`;
  return `ip:${c.ip}`;
}

/** Takes a slot of the model and the caller, or throws TOO_MANY_STREAMS; the returned function frees both once. */
function takeSlot(ctx: AppContext<StreamingServices>, modelId: string, caller: string): () => void {
  const c = ctx.services.streaming;
  const m = c.perModel.get(modelId) ?? 0;
  const u = c.perCaller.get(caller) ?? 0;
  if (u >= ctx.config.streamMaxPerCaller)
    throw new StreamError('TOO_MANY_STREAMS', `You already have ${u} streams open; close one and try again.`);
  if (m >= ctx.config.streamMaxPerModel)
    throw new StreamError('TOO_MANY_STREAMS', 'This model is busy with other streams. Please try again in a moment.');
  c.perModel.set(modelId, m + 1);
  c.perCaller.set(caller, u + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const dec = (map: Map<string, number>, k: string) => {
      const v = (map.get(k) ?? 1) - 1;
      if (v <= 0) map.delete(k);
      else map.set(k, v);
    };
    dec(c.perModel, modelId);
    dec(c.perCaller, caller);
  };
}

/** Whether a model is served over a socket: its schema says `modelProcessingType: streaming`, or its callbackUrl is ws(s). */
export function isStreamingModel(model: Pick<models.ModelEndpoint, 'schema' | 'callbackUrl'>): boolean {
  return isStreamingEndpoint(model.schema, model.callbackUrl);
}

/** Counts events in one-second windows; `hit()` is false once more than `max` arrived in the current window. */
class RateWindow {
  private start = Date.now();
  private n = 0;
  constructor(private readonly max: number) {}
  hit(): boolean {
    const now = Date.now();
    if (now - this.start >= 1000) {
      this.start = now;
      this.n = 0;
    }
    this.n += 1;
    return this.n <= this.max;
  }
}

function byteLength(value: unknown): number {
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (Buffer.isBuffer(value) || value instanceof ArrayBuffer) return value.byteLength;
  try {
    return Buffer.byteLength(JSON.stringify(value) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

function send(ws: WebSocket, msg: StreamServerMessage): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
}

function errorOf(err: unknown): StreamError {
  if (err instanceof StreamError) return err;
  if (err instanceof ModelSocketError) {
    if (err.code === 'REFUSED') return new StreamError('MODEL_REFUSED', `The model's streaming endpoint cannot be used: ${err.message}`);
    if (err.code === 'TIMEOUT')
      return new StreamError('MODEL_TIMEOUT', 'The model did not accept the stream in time. Please try again later.');
    return new StreamError('MODEL_UNREACHABLE', 'The model is not accessible currently. Please try again later');
  }
  if (err instanceof ApiError) return new StreamError(err.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', err.message);
  return new StreamError('MODEL_CLOSED', 'The stream failed. Please try again later.');
}

/** The model, checked for the caller and for streaming, with the route this process uses to reach it. */
async function streamingModel(
  ctx: AppContext<ReferenceModelServices & ModelsServices>,
  modelId: string,
  caller: StreamCaller,
  kind: StreamKind,
) {
  const who = caller.user
    ? { userId: caller.user.userId, roles: caller.user.roles }
    : caller.apiKey
      ? { userId: caller.apiKey.userID, roles: [] }
      : null;
  const model = await models.getModelForCall(ctx, modelId, who);
  if (model.task !== kind) throw new StreamError('BAD_REQUEST', `This model is a ${model.task} model, not ${kind}.`);
  if (!isStreamingModel(model)) throw new StreamError('NOT_STREAMING', 'This model is not a streaming model; use model/compute.');
  if (!model.callbackUrl) throw new StreamError('ENDPOINT_MISSING', STREAM_ENDPOINT_MISSING_MESSAGE);
  const route = referenceModels.modelCallRoute(ctx, model);
  // A reference model's registered ws URL maps to this process's reference server (http form).
  return { model, url: route.target.callbackUrl, allowedOrigins: route.allowedOrigins };
}

/**
 * Runs one relay session on the browser socket `ws` until it ends (resolves then; never rejects).
 * `kind` picks the protocol; `modelId` and `language` come from the query. Every failure ends with
 * an `error` frame (code and sentence) and both sockets closed; the server stays up.
 */
export async function runStream(
  ctx: AppContext<ReferenceModelServices & StreamingServices & ModelsServices>,
  ws: WebSocket,
  kind: StreamKind,
  caller: StreamCaller,
  query: { modelId: string; language?: string },
): Promise<void> {
  // Frames that arrive while the model connects are kept (in order) and replayed: the browser may start talking at once.
  const early: { data: RawData; binary: boolean }[] = [];
  let earlyBytes = 0;
  const onEarly = (data: RawData, binary: boolean) => {
    earlyBytes += byteLength(data);
    if (earlyBytes <= ASR_MAX_AUDIO_BYTES) early.push({ data, binary });
  };
  ws.on('message', onEarly);
  let release: (() => void) | null = null;
  let socket: Socket | null = null;
  let sessionTimer: NodeJS.Timeout | undefined;
  let finished = false;
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  const log = ctx.log.child({ feature: 'streaming', kind, modelId: query.modelId });

  const finish = (err?: unknown) => {
    if (finished) return;
    finished = true;
    clearTimeout(sessionTimer);
    if (err) {
      const e = errorOf(err);
      if (!(err instanceof StreamError) && !(err instanceof ModelSocketError) && !(err instanceof ApiError))
        log.error({ err }, 'stream failed');
      else log.info({ code: e.code }, 'stream ended with an error');
      send(ws, { type: 'error', code: e.code, message: e.message });
    }
    socket?.removeAllListeners();
    socket?.disconnect();
    release?.();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(err ? 1011 : 1000);
    resolveDone();
  };
  ws.once('close', () => finish());
  ws.on('error', () => finish());

  try {
    const { model, url, allowedOrigins } = await streamingModel(ctx, query.modelId, caller, kind);
    const language = query.language ?? model.languages[0]?.sourceLanguage ?? 'en';
    release = takeSlot(ctx, model.modelId, callerKey(caller));
    if (finished) return finish();
    sessionTimer = setTimeout(
      () =>
        finish(
          new StreamError(
            'MODEL_TIMEOUT',
            `The stream reached its time limit of ${Math.round(ctx.config.streamMaxSessionMs / 1000)} seconds.`,
          ),
        ),
      ctx.config.streamMaxSessionMs,
    );
    const s = await openModelSocket(url, {
      allowedHosts: ctx.config.allowedFetchHosts,
      allowedOrigins,
      connectTimeoutMs: ctx.config.streamConnectTimeoutMs,
      maxMessageBytes: ctx.config.streamMaxMessageBytes,
      apiKey: model.inferenceApiKey,
      query: kind === 'asr' ? { language, samplingRate: String(STREAM_SAMPLE_RATE), postProcessors: '[]' } : {},
    });
    socket = s;
    if (finished) return finish();
    const modelRate = new RateWindow(ctx.config.streamMaxMessagesPerSecond);
    // Any event beyond the rate, or larger than the cap, ends the stream: a model that floods is cut off.
    s.onAny((_event: string, ...args: unknown[]) => {
      if (!modelRate.hit()) finish(new StreamError('MODEL_FLOOD', 'The model sent too many messages; the stream was closed.'));
      else if (args.reduce<number>((n, a) => n + byteLength(a), 0) > ctx.config.streamMaxMessageBytes)
        finish(new StreamError('TOO_LARGE', 'The model sent a message that is too large; the stream was closed.'));
    });
    s.on('disconnect', (reason: string) => {
      // ws maxPayload closes the transport with an error; the rate check may already have finished the stream.
      finish(
        new StreamError(
          reason === 'transport error' ? 'TOO_LARGE' : 'MODEL_CLOSED',
          reason === 'transport error'
            ? 'The connection to the model failed (a message may have been too large); the stream was closed.'
            : 'The model closed the stream before it finished.',
        ),
      );
    });
    ws.off('message', onEarly);
    const runner = kind === 'asr' ? relayAsr : relayTts;
    runner(ctx, { ws, socket: s, language, url, allowedOrigins, finish, early, isFinished: () => finished });
  } catch (err) {
    finish(err);
  }
  return done;
}

interface Session {
  ws: WebSocket;
  socket: Socket;
  language: string;
  /** The model's URL as this process reaches it (http form for the punctuate call). */
  url: string;
  allowedOrigins: string[];
  finish: (err?: unknown) => void;
  early: { data: RawData; binary: boolean }[];
  isFinished: () => boolean;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}

/** One idle timer: armed while the model owes an answer, cleared by any model event. */
function idleWatch(ctx: AppContext, s: Session) {
  let timer: NodeJS.Timeout | undefined;
  const clear = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const arm = () => {
    timer ??= setTimeout(
      () => s.finish(new StreamError('MODEL_TIMEOUT', 'The model stopped answering; the stream was closed.')),
      ctx.config.streamIdleTimeoutMs,
    );
  };
  s.socket.onAny(clear);
  s.ws.once('close', clear);
  return { arm, clear };
}

function relayAsr(ctx: AppContext, s: Session): void {
  const { ws, socket, language } = s;
  const clientRate = new RateWindow(ctx.config.streamMaxMessagesPerSecond);
  const idle = idleWatch(ctx, s);
  let text = '';
  let audioBytes = 0;
  let stopping = false;
  let ready = false;

  const punctuateAndFinish = async () => {
    let punctuated: string | null = null;
    if (text.trim()) {
      try {
        // docs/api.md#route-groups: {callbackUrl}asr/v1/punctuate/{languageCode}, concatenated as the original did.
        const res = await safePostJson(
          `${httpFormOf(s.url)}asr/v1/punctuate/${encodeURIComponent(language)}`,
          { text, language, enabledItn: true },
          {
            allowedHosts: ctx.config.allowedFetchHosts,
            pools: ctx.services.outbound,
            allowedOrigins: s.allowedOrigins,
            maxBytes: 1024 * 1024,
            timeoutMs: ctx.config.streamIdleTimeoutMs,
          },
        );
        const body = res.status >= 200 && res.status < 300 ? (JSON.parse(res.body.toString('utf8')) as { text?: unknown }) : null;
        if (body && typeof body.text === 'string') punctuated = body.text;
      } catch (err) {
        ctx.log.info({ err: (err as Error).message }, 'punctuate call failed; the unpunctuated text is answered');
      }
    }
    if (s.isFinished()) return;
    send(ws, { type: 'final', text, punctuated });
    s.finish();
  };

  const stop = () => {
    if (stopping) return;
    stopping = true;
    socket.emit('mic_data', null, language, false, false);
    socket.emit('mic_data', null, language, false, true);
    idle.arm();
  };

  socket.on('connect-success', () => {
    if (ready) return;
    ready = true;
    idle.clear();
    send(ws, { type: 'ready' });
    const replay = s.early.splice(0);
    for (const f of replay) onFrame(f.data, f.binary);
  });
  socket.on('response', (data: unknown) => {
    if (typeof data !== 'string')
      return s.finish(new StreamError('BAD_ANSWER', 'The model sent a transcript that is not text; the stream was closed.'));
    text = data;
    send(ws, { type: 'partial', text });
  });
  socket.on('terminate', () => {
    socket.removeAllListeners('disconnect');
    idle.clear();
    void punctuateAndFinish();
  });
  socket.on('abort', () => s.finish(new StreamError('MODEL_BUSY', 'The server is busy at the moment, please try after sometime.')));

  function onFrame(data: RawData, binary: boolean): void {
    if (s.isFinished()) return;
    if (!clientRate.hit()) return s.finish(new StreamError('CLIENT_FLOOD', 'Too many messages; the stream was closed.'));
    if (!binary) {
      const parsed = safeJson(toBuffer(data).toString('utf8'));
      const msg = streamClientMessage.safeParse(parsed);
      if (!msg.success || msg.data.type !== 'stop')
        return s.finish(new StreamError('BAD_REQUEST', 'Send audio as binary frames and {"type":"stop"} to stop.'));
      return stop();
    }
    if (stopping) return;
    const buf = toBuffer(data);
    if (buf.length % 2 !== 0) return s.finish(new StreamError('BAD_REQUEST', 'Audio frames must be 16-bit PCM (an even number of bytes).'));
    const room = ASR_MAX_AUDIO_BYTES - audioBytes;
    const chunk = buf.length > room ? buf.subarray(0, room) : buf;
    audioBytes += chunk.length;
    if (chunk.length > 0) {
      socket.emit('mic_data', chunk, language, true, false);
      idle.arm();
    }
    // The 61 s timer (docs/product.md#states-and-transitions): audio beyond it stops the stream as Stop would.
    if (audioBytes >= ASR_MAX_AUDIO_BYTES) stop();
  }

  ws.on('message', (data: RawData, binary: boolean) => {
    if (!ready) {
      s.early.push({ data, binary });
      return;
    }
    onFrame(data, binary);
  });
  socket.emit('connect_mic_stream');
  idle.arm();
}

function relayTts(ctx: AppContext, s: Session): void {
  const { ws, socket, language } = s;
  const clientRate = new RateWindow(ctx.config.streamMaxMessagesPerSecond);
  let seq = 0;
  let pending = 0;
  send(ws, { type: 'ready' });

  const onFrame = (data: RawData, binary: boolean) => {
    if (s.isFinished()) return;
    if (!clientRate.hit()) return s.finish(new StreamError('CLIENT_FLOOD', 'Too many messages; the stream was closed.'));
    const msg = binary ? null : streamClientMessage.safeParse(safeJson(toBuffer(data).toString('utf8')));
    if (!msg?.success || msg.data.type !== 'infer')
      return s.finish(new StreamError('BAD_REQUEST', 'Send {"type":"infer","text":"…","gender":"female"|"male"}.'));
    const { text, gender } = msg.data;
    if (text.length > TRY_TEXT_MAX_CHARS) {
      send(ws, { type: 'error', code: 'TEXT_TOO_LONG', message: `max ${TRY_TEXT_MAX_CHARS} characters of text` });
      return;
    }
    if (pending >= TTS_MAX_PENDING)
      return s.finish(new StreamError('CLIENT_FLOOD', 'Too many texts waiting for the model; the stream was closed.'));
    pending += 1;
    seq += 1;
    const mine = seq;
    socket
      .timeout(ctx.config.streamIdleTimeoutMs)
      .emit(
        'infer',
        { input: [{ source: text }], config: { gender, language: { sourceLanguage: language } } },
        (err: Error | null, answer: unknown) => {
          pending -= 1;
          if (s.isFinished()) return;
          if (err) return s.finish(new StreamError('MODEL_TIMEOUT', 'The model did not answer in time; the stream was closed.'));
          const audio = (answer as { audio?: { audioContent?: unknown }[] } | null)?.audio?.[0]?.audioContent;
          if (typeof audio !== 'string' || !audio)
            return s.finish(new StreamError('BAD_ANSWER', 'The model answered without audio[0].audioContent; the stream was closed.'));
          send(ws, { type: 'audio', seq: mine, audioContent: audio });
        },
      );
  };
  for (const f of s.early.splice(0)) onFrame(f.data, f.binary);
  ws.on('message', onFrame);
}

function safeJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    // The input rule of every API text (text-fields.ts): no NUL, bounded depth and size; else not a message.
    return findTextProblem(value) ? null : value;
  } catch {
    return null;
  }
}
