/**
 * Streaming ASR and TTS between the browser and this platform (docs/product.md#model-detail-and-try-it-panels "Try-it panels", docs/product.md#states-and-transitions,
 * docs/api.md#streaming last paragraph). The browser opens a WebSocket to one of
 * {@link STREAMING_API}'s paths with `?modelId=…&language=…`; the server relays to the model's own
 * socket endpoint (socket.io, the protocol of the original ULCA's streaming models). The browser
 * never connects to a model.
 *
 * Frames, browser → server:
 * - ASR: binary frames of raw PCM, 16-bit little-endian, mono, {@link STREAM_SAMPLE_RATE} Hz;
 *   a text frame `{"type":"stop"}` ends the stream (the final text is then punctuated).
 * - TTS: text frames `{"type":"infer","text":"…","gender":"female"|"male"}`.
 * Frames, server → browser (text, JSON, {@link streamServerMessage}):
 * - `ready`: the model's socket is connected (ASR: start 'Listening...').
 * - `partial` (ASR): the text so far. `final` (ASR): the last text and its punctuated form
 *   (null when the punctuate call failed), after which both sockets close.
 * - `audio` (TTS): `audioContent` (base64 WAV) of the infer with the same `seq` (1, 2, …).
 * - `error`: `code` and a sentence for the person; the server closes the socket after it.
 */
import { z } from 'zod';

/**
 * WebSocket paths (GET upgrade) of the streaming relay, query `modelId`, `language` and optionally
 * `ticket`; and `ticket`, the signed POST that issues a stream ticket ({@link streamTicketBody}).
 */
export const STREAMING_API = {
  asr: '/ulca/apis/v0/model/streaming/asr',
  tts: '/ulca/apis/v0/model/streaming/tts',
  ticket: '/ulca/apis/v0/model/streaming/ticket',
} as const;

/** Seconds a stream ticket stays valid after it is issued. */
export const STREAM_TICKET_SECONDS = 60;

/**
 * Body of POST {@link STREAMING_API}.ticket (signed). A browser WebSocket cannot carry the
 * signature headers, so a signed-in owner or admin who streams an unpublished model first asks
 * for a ticket: opaque, random, single-use, bound to the caller and this `modelId`, valid
 * {@link STREAM_TICKET_SECONDS} s, then opens the socket with `?ticket=…` (same `modelId`).
 */
export const streamTicketBody = z.object({ modelId: z.string().min(1).max(100) });
export type StreamTicketBody = z.infer<typeof streamTicketBody>;

/** Answer of the ticket POST: the ticket (base64url, 43 chars) and its lifetime in seconds. */
export const streamTicketResponse = z.object({ data: z.object({ ticket: z.string(), expiresInSeconds: z.number().int().positive() }) });
export type StreamTicketResponse = z.infer<typeof streamTicketResponse>;

/** The `error` frame's sentence for a ticket that is unknown, used, expired or for another model. */
export const STREAM_TICKET_INVALID_MESSAGE =
  'This stream ticket is not valid (already used, expired, or for another model). Please start again.';

/** Sample rate of the PCM the browser sends and the model receives, Hz. */
export const STREAM_SAMPLE_RATE = 16_000;
/** docs/product.md#states-and-transitions, docs/product.md#constants-and-limits: the streaming ASR timer stops the stream after 61 s. */
export const STREAM_ASR_MAX_SECONDS = 61;
/** docs/product.md#messages: the alert when a streaming model has no callback URL. */
export const STREAM_ENDPOINT_MISSING_MESSAGE = 'Endpoint missing from master config';

/** Query of both streaming paths. */
export const streamQuery = z.object({
  modelId: z.string().min(1).max(100),
  /** Language code of the speech or text (e.g. `hi`); default: the model's first source language. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,8})?$/)
    .optional(),
  /** A stream ticket from POST {@link STREAMING_API}.ticket: the caller is its user (single use). */
  ticket: z
    .string()
    .regex(/^[A-Za-z0-9_-]{20,100}$/)
    .optional(),
});
export type StreamQuery = z.infer<typeof streamQuery>;

/** A text frame the browser sends. */
export const streamClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('stop') }),
  z.strictObject({ type: z.literal('infer'), text: z.string().min(1), gender: z.enum(['female', 'male']).default('female') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessage>;

/** Why a stream ended badly (`error` frames). */
export const STREAM_ERROR_CODES = [
  'BAD_REQUEST',
  'NOT_FOUND',
  'NOT_STREAMING',
  'ENDPOINT_MISSING',
  'TOO_MANY_STREAMS',
  'MODEL_REFUSED',
  'MODEL_UNREACHABLE',
  'MODEL_TIMEOUT',
  'MODEL_FLOOD',
  'MODEL_CLOSED',
  'MODEL_BUSY',
  'BAD_ANSWER',
  'CLIENT_FLOOD',
  'TOO_LARGE',
  'TEXT_TOO_LONG',
  'TICKET_INVALID',
] as const;
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];

/** A text frame the server sends. */
export const streamServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('partial'), text: z.string() }),
  z.object({ type: z.literal('final'), text: z.string(), punctuated: z.string().nullable() }),
  z.object({ type: z.literal('audio'), seq: z.number().int().positive(), audioContent: z.string() }),
  z.object({ type: z.literal('error'), code: z.enum(STREAM_ERROR_CODES), message: z.string() }),
]);
export type StreamServerMessage = z.infer<typeof streamServerMessage>;
