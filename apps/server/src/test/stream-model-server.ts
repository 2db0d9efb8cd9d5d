/**
 * A test double of a contributor's streaming model: a real socket.io
 * server on 127.0.0.1 (random port) speaking the original ULCA's streaming protocol (see
 * modules/streaming/service.ts), plus the HTTP punctuate call.
 *
 * The namespace picks the behaviour (callbackUrl `ws://127.0.0.1:<port>/<mode>/`):
 * - `asr`: `connect_mic_stream` → `connect-success`; each `mic_data` with audio →
 *   `response('heard <total bytes> bytes', language)`; the stop pair → `terminate`.
 * - `asr-hang`: accepts the socket and never answers anything.
 * - `asr-flood`: on `connect_mic_stream`, `connect-success`, then 50 ms later 5000 `response` events at once.
 * - `asr-close`: disconnects the socket at the first `mic_data`.
 * - `asr-abort`: answers `connect_mic_stream` with `abort` (busy).
 * - `tts`: `infer` acknowledged with `{audio:[{audioContent: <0.1 s silent WAV, base64>}]}`;
 *   `tts-hang` never acknowledges; `tts-huge` acknowledges with 4 MB of audioContent.
 * - HTTP `POST /<mode>/asr/v1/punctuate/<lang>` `{text}` → `{text: Capitalised + '.'}`.
 * Handshake queries, events and punctuate bodies are recorded in `seen`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { silentWav } from './model-server.ts';

/** What the test streaming server saw. */
export interface StreamServerSeen {
  /** Handshake query of each connection, with its namespace. */
  connections: { nsp: string; query: Record<string, unknown>; headers: http.IncomingHttpHeaders }[];
  /** Audio bytes received per connection id. */
  audioBytes: Map<string, number>;
  /** infer payloads received. */
  infers: unknown[];
  /** Bodies of punctuate calls. */
  punctuate: unknown[];
  /** Sockets currently connected. */
  open(): number;
}

/** Handle on a running test streaming model server. */
export interface TestStreamServer {
  /** The callbackUrl of a mode, e.g. url('asr') = ws://127.0.0.1:PORT/asr/. */
  url(mode: string): string;
  seen: StreamServerSeen;
  close(): Promise<void>;
}

/** Starts the test streaming model server. */
export async function startStreamModelServer(): Promise<TestStreamServer> {
  const seen: StreamServerSeen = { connections: [], audioBytes: new Map(), infers: [], punctuate: [], open: () => io.engine.clientsCount };
  const server = http.createServer((req, res) => {
    const m = /^\/[^/]+\/asr\/v1\/punctuate\/([a-z-]+)$/i.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { text?: string };
      seen.punctuate.push(body);
      const t = String(body.text ?? '');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ text: `${t.charAt(0).toUpperCase()}${t.slice(1)}.` }));
    });
  });
  const io = new Server(server, { transports: ['websocket'], maxHttpBufferSize: 16 * 1024 * 1024 });
  io.of(/^\/[a-z-]+\/?$/).on('connection', (socket) => {
    const mode = socket.nsp.name.replace(/^\/|\/$/g, '');
    seen.connections.push({ nsp: socket.nsp.name, query: { ...socket.handshake.query }, headers: socket.handshake.headers });
    seen.audioBytes.set(socket.id, 0);
    if (mode === 'asr-hang' || mode === 'tts-hang') return;
    socket.on('connect_mic_stream', () => {
      if (mode === 'asr-abort') return void socket.emit('abort');
      socket.emit('connect-success');
      // The flood follows once connect-success is on its way: encoding 5000 events in the same tick could hold it back past the connect limit on a loaded machine.
      if (mode === 'asr-flood')
        setTimeout(() => {
          for (let i = 0; i < 5000; i++) socket.emit('response', `flood ${i}`, 'hi');
        }, 50);
    });
    socket.on('mic_data', (data: Buffer | null, language: string, _speaking: boolean, over: boolean) => {
      if (mode === 'asr-close') return void socket.disconnect(true);
      if (data && data.length) {
        const total = (seen.audioBytes.get(socket.id) ?? 0) + data.length;
        seen.audioBytes.set(socket.id, total);
        socket.emit('response', `heard ${total} bytes`, language);
      }
      if (over) socket.emit('terminate');
    });
    socket.on('infer', (payload: unknown, ack: (answer: unknown) => void) => {
      seen.infers.push(payload);
      if (typeof ack !== 'function') return;
      if (mode === 'tts-huge') return ack({ audio: [{ audioContent: 'A'.repeat(4 * 1024 * 1024) }] });
      ack({ audio: [{ audioContent: silentWav(0.1).toString('base64') }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (mode) => `ws://127.0.0.1:${port}/${mode}/`,
    seen,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
