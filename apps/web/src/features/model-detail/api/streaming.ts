import { STREAMING_API, streamServerMessage, type StreamServerMessage } from '@ulca/contracts';
import { streamUrl } from '../lib/pcm.ts';

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
 * Opens the relay WebSocket for a streaming `kind` model (spec 02 §2, §4). Every server frame is
 * parsed with the contracts' schema and handed to `onMessage`; a close without a `final` or `error`
 * frame is reported as an `error` with STREAM_LOST_MESSAGE. `onClose` runs once at the end.
 */
export function openRelayStream(kind: 'asr' | 'tts', modelId: string, language: string | undefined, onMessage: (m: StreamServerMessage) => void, onClose: () => void): RelayStream {
  const ws = new WebSocket(streamUrl(STREAMING_API[kind], { modelId, language }));
  ws.binaryType = 'arraybuffer';
  let ended = false;
  ws.onmessage = (e) => {
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
  ws.onclose = () => {
    if (!ended) onMessage({ type: 'error', code: 'MODEL_CLOSED', message: STREAM_LOST_MESSAGE });
    ended = true;
    onClose();
  };
  // Text frames sent while the socket is still connecting (the first word typed) wait for it to open.
  const waiting: string[] = [];
  ws.onopen = () => {
    for (const frame of waiting.splice(0)) ws.send(frame);
  };
  const sendText = (v: unknown) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(v));
    else if (ws.readyState === WebSocket.CONNECTING) waiting.push(JSON.stringify(v));
  };
  return {
    sendAudio: (pcm) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(pcm);
    },
    stop: () => sendText({ type: 'stop' }),
    infer: (text, gender) => sendText({ type: 'infer', text, gender }),
    close: () => {
      ended = true;
      ws.close();
    },
  };
}
