/**
 * The guarded connection to a streaming model's socket endpoint (issue #14 scope 2; DESIGN.md §5
 * "Outbound URLs", §11 "Calling models"). Streaming models speak socket.io, as the original ULCA's
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
import { checkFetchTarget, FetchError, pinnedLookup } from '../../net/safe-fetch.ts';

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
      reject(new ModelSocketError('TIMEOUT', `The model's socket did not accept the connection within ${Math.round(opts.connectTimeoutMs / 100) / 10} seconds.`));
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
      reject(new ModelSocketError(err.message === 'timeout' ? 'TIMEOUT' : 'UNREACHABLE', `Could not open the model's socket at ${target.host}: ${why}.`));
    });
    socket.connect();
  });
}
