import { STREAMING_API, streamServerMessage, streamTicketResponse, type StreamServerMessage } from '@ulca/contracts';
import { ApiRequestError, apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { getSession } from '../../../lib/session.ts';
import { streamUrl } from '../lib/pcm.ts';

/**
 * A single-use stream ticket for `modelId` (POST …/streaming/ticket, signed; valid 60 s): the
 * browser's WebSocket cannot carry the signature headers, so a signed-in owner or admin reaches an
 * unpublished streaming model with `?ticket=`. Throws ApiRequestError (401 signed out, 404 no such
 * model for this user, 400 not a streaming model).
 */
export async function fetchStreamTicket(modelId: string): Promise<string> {
  return (await apiRequest('POST', STREAMING_API.ticket, { body: { modelId }, schema: streamTicketResponse })).data.ticket;
}

/** An open relay stream (protocol: @ulca/contracts api/streaming.ts). */
export interface RelayStream {
  /** ASR: one block of 16 kHz 16-bit PCM; dropped unless the socket is open. */
  sendAudio(pcm: ArrayBuffer): void;
  /** ASR: ends the stream; the server answers `final` (punctuated) and closes. */
  stop(): void;
  /** TTS: asks for the audio of `text`; answered by an `audio` frame. */
  infer(text: string, gender: 'female' | 'male'): void;
  /** Closes the socket at once (Back, leaving the page). */
  close(): void;
}

/** Text of the error shown when the socket closes without an error frame (network, server restart). */
export const STREAM_LOST_MESSAGE = 'The connection to the server was lost. Please try again.';

/**
 * Opens the relay WebSocket for a streaming `kind` model (docs/product.md#screens, docs/product.md#states-and-transitions). Signed in, it first
 * fetches a stream ticket ({@link fetchStreamTicket}) so that the server knows the user (owners and
 * admins stream unpublished models); when that answers 401 (the session ended) it connects as an
 * anonymous visitor, other failures end the stream with the server's sentence. Every server frame
 * is parsed with the contracts' schema and handed to `onMessage`; a close without a `final` or
 * `error` frame is reported as an `error` with STREAM_LOST_MESSAGE. `onClose` runs once at the end.
 * Text frames sent before the socket is open wait for it; audio before `ready` is dropped.
 */
export function openRelayStream(
  kind: 'asr' | 'tts',
  modelId: string,
  language: string | undefined,
  onMessage: (m: StreamServerMessage) => void,
  onClose: () => void,
): RelayStream {
  let ws: WebSocket | null = null;
  let ended = false;
  let closed = false;
  // Text frames sent while the socket is still connecting (the first word typed) wait for it to open.
  const waiting: string[] = [];

  const connect = (ticket?: string) => {
    const socket = new WebSocket(streamUrl(STREAMING_API[kind], { modelId, language, ticket }));
    ws = socket;
    socket.binaryType = 'arraybuffer';
    socket.onmessage = (e) => {
      if (typeof e.data !== 'string') return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(e.data);
      } catch {
        return;
      }
      const m = streamServerMessage.safeParse(parsed);
      if (!m.success) return;
      if (m.data.type === 'final' || (m.data.type === 'error' && m.data.code !== 'TEXT_TOO_LONG')) ended = true;
      onMessage(m.data);
    };
    socket.onclose = () => {
      if (!ended) onMessage({ type: 'error', code: 'MODEL_CLOSED', message: STREAM_LOST_MESSAGE });
      ended = true;
      onClose();
    };
    socket.onopen = () => {
      for (const frame of waiting.splice(0)) socket.send(frame);
    };
  };

  if (getSession()) {
    fetchStreamTicket(modelId).then(
      (ticket) => {
        if (!closed) connect(ticket);
      },
      (err: unknown) => {
        if (closed) return;
        if (err instanceof ApiRequestError && err.status === 401) return connect();
        ended = true;
        onMessage({
          type: 'error',
          code: err instanceof ApiRequestError && err.status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
          message: errorMessage(err),
        });
        onClose();
      },
    );
  } else connect();

  const sendText = (v: unknown) => {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(v));
    else if (!closed && (!ws || ws.readyState === WebSocket.CONNECTING)) waiting.push(JSON.stringify(v));
  };
  return {
    sendAudio: (pcm) => {
      if (ws?.readyState === WebSocket.OPEN) ws.send(pcm);
    },
    stop: () => sendText({ type: 'stop' }),
    infer: (text, gender) => sendText({ type: 'infer', text, gender }),
    close: () => {
      if (closed) return;
      ended = true;
      closed = true;
      // Closed while the ticket was on its way: no socket will report the end, so say it here.
      if (ws) ws.close();
      else onClose();
    },
  };
}
