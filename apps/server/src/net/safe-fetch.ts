import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';

/** Why an outbound fetch failed; the dataset pipeline reports the code and message to the contributor. */
export type FetchErrorCode = 'URL_REFUSED' | 'HTTP_404' | 'HTTP_ERROR' | 'UNREACHABLE' | 'TOO_LARGE' | 'TIMEOUT' | 'INVALID_URL';

/** A failed outbound fetch. `message` is written for the contributor who submitted the URL. */
export class FetchError extends Error {
  constructor(
    public readonly code: FetchErrorCode,
    message: string,
    /** HTTP status for HTTP_404 and HTTP_ERROR. */
    public readonly status?: number,
    /**
     * For the server log only, never for the caller: e.g. what a refused host name resolves to
     * (internal DNS must not be disclosed; docs/operations.md#limits).
     */
    public readonly detail?: string,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

/** Limits of one fetch (docs/api.md#conventions "Outbound URLs"). */
export interface SafeFetchOptions {
  /** Lower-case host names (no port) that may resolve to loopback/private addresses (ALLOWED_FETCH_HOSTS). */
  allowedHosts: string[];
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** Time limit for the whole fetch, DNS to last body byte, in milliseconds. */
  timeoutMs: number;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
}

/** An open response body. `stream` errors with a FetchError (TOO_LARGE, TIMEOUT, UNREACHABLE) when the transfer fails. */
export interface SafeStream {
  stream: Readable;
  /** The Content-Length the server announced, in bytes, or null when absent. */
  contentLength: number | null;
  /** The URL after redirects. */
  finalUrl: string;
}

/** A host whose addresses passed the policy; connections go only to these addresses. */
export interface CheckedTarget {
  url: URL;
  /** Host name without brackets or port, lower case. */
  host: string;
  addresses: { address: string; family: 4 | 6 }[];
}

const PUBLIC_ONLY = 'the platform only downloads from public hosts.';
const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

// ipaddr.js range names that must never be reached from the server, with the words shown to users.
// `process()` turns IPv4-mapped IPv6 (::ffff:a.b.c.d) into IPv4 first, so those are covered too.
const REFUSED_RANGES: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  reserved: 'a reserved',
  uniqueLocal: 'a unique-local',
  deprecatedSiteLocal: 'a site-local',
  ipv4Mapped: 'an IPv4-mapped',
  rfc6145: 'an IPv4-translated',
  rfc6052: 'a NAT64',
  discard: 'a discard-only',
  // Tunnels whose address embeds an IPv4 one (2002::/16, 2001::/32): a relay could reach any address.
  '6to4': 'a 6to4',
  teredo: 'a Teredo',
};
// IPv4-compatible IPv6 (::a.b.c.d, deprecated) is not a named range in ipaddr.js.
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** Returns why `address` may not be fetched (e.g. "a private"), or null when it is a public address. */
export function refusedRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.process(address);
  } catch {
    return 'an unrecognised';
  }
  const range = ip.range();
  if (range in REFUSED_RANGES) return REFUSED_RANGES[range];
  if (ip.kind() === 'ipv6' && ip.match(IPV4_COMPATIBLE)) return 'an IPv4-compatible';
  return null;
}

function describeLimit(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 100) / 10} seconds`;
  return `${Math.round(ms / 6000) / 10} minutes`;
}

/** Human size, e.g. "2 GiB", "1.5 MiB", "900 bytes". */
export function describeBytes(n: number): string {
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  if (n < 1024) return `${n} bytes`;
  let v = n;
  let i = -1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${Number(v.toFixed(1))} ${units[i]}`;
}

/** Parses `raw` and checks the scheme. Throws FetchError INVALID_URL or URL_REFUSED. */
function parseFetchUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError('INVALID_URL', `"${raw}" is not a valid URL.`);
  }
  if (url.protocol === 'ftp:') {
    throw new FetchError('URL_REFUSED', 'ftp URLs are not supported yet; please share the file over http or https.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('URL_REFUSED', `Only http and https URLs can be downloaded, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (!url.hostname) throw new FetchError('INVALID_URL', `"${raw}" has no host name.`);
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

/**
 * Resolves the host of `url` (every address, via dns.lookup) and applies the outbound policy
 * (docs/api.md#conventions): loopback, private, link-local (incl. 169.254.169.254), unique-local, CGNAT,
 * multicast, broadcast, unspecified and reserved addresses are refused unless the host is in
 * `allowedHosts`, or the URL's exact origin (scheme, host and port, e.g. `http://127.0.0.1:41234`)
 * is in `allowedOrigins` (the platform's own reference-model server: one port, not the whole
 * loopback). Throws FetchError INVALID_URL, URL_REFUSED or UNREACHABLE (DNS failure).
 * Also usable on its own to vet a URL before storing it (e.g. model callback URLs).
 */
export async function checkFetchTarget(
  raw: string | URL,
  allowedHosts: string[],
  allowedOrigins: readonly string[] = [],
): Promise<CheckedTarget> {
  const url = typeof raw === 'string' ? parseFetchUrl(raw) : parseFetchUrl(raw.href);
  const host = bareHost(url);
  const allowed = allowedHosts.some((h) => h.replace(/^\[(.*)\]$/, '$1').toLowerCase() === host) || allowedOrigins.includes(url.origin);
  const literal = ipaddr.isValid(host) ? host : null;

  let addresses: { address: string; family: 4 | 6 }[];
  if (literal) {
    addresses = [{ address: literal, family: ipaddr.parse(literal).kind() === 'ipv6' ? 6 : 4 }];
  } else {
    try {
      const found = await dns.promises.lookup(host, { all: true, verbatim: true });
      addresses = found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new FetchError('UNREACHABLE', `The host ${host} could not be found (DNS lookup failed${code ? `: ${code}` : ''}).`);
    }
    if (addresses.length === 0) throw new FetchError('UNREACHABLE', `The host ${host} has no address.`);
  }

  if (!allowed) {
    for (const { address } of addresses) {
      const why = refusedRange(address);
      if (why) {
        // A literal address is the caller's own text; what a name resolves to is internal and goes to the log only.
        if (literal) throw new FetchError('URL_REFUSED', `The URL points to ${why} address (${address}); ${PUBLIC_ONLY}`);
        throw new FetchError(
          'URL_REFUSED',
          `The URL's host ${host} is not allowed: ${PUBLIC_ONLY}`,
          undefined,
          `${host} resolves to ${why} address (${address})`,
        );
      }
    }
  }
  return { url, host, addresses };
}

/** A dns lookup that only ever answers with the addresses already checked (no DNS rebinding). */
export function pinnedLookup(addresses: CheckedTarget['addresses']): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = family ? addresses.filter((a) => a.family === family) : addresses;
    if (usable.length === 0) {
      const err: NodeJS.ErrnoException = new Error(`no IPv${family} address for the host`);
      err.code = 'ENOTFOUND';
      callback(err, '', 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, usable[0].address, usable[0].family);
  };
}

/** Translates socket/TLS errors into UNREACHABLE with the host named. */
function networkError(err: unknown, host: string): FetchError {
  if (err instanceof FetchError) return err;
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'ECONNREFUSED':
      return new FetchError('UNREACHABLE', `Could not connect to ${host}: the connection was refused.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new FetchError('UNREACHABLE', `The host ${host} could not be found (DNS lookup failed).`);
    case 'ECONNRESET':
    case 'ECONNABORTED':
    case 'EPIPE':
      return new FetchError('UNREACHABLE', `The connection to ${host} was closed before the download finished.`);
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new FetchError('UNREACHABLE', `Could not reach ${host} (${e.code}).`);
    default:
      if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT') || /certificate/i.test(e.message)) {
        return new FetchError('UNREACHABLE', `Could not open a secure connection to ${host}: ${e.message}.`);
      }
      return new FetchError('UNREACHABLE', `The download from ${host} failed: ${e.message || e.code || 'network error'}.`);
  }
}

function requestOnce(target: CheckedTarget, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const { url } = target;
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      headers: { 'user-agent': 'ulca-platform/1 (dataset download)', accept: '*/*', 'accept-encoding': 'identity' },
      // A fresh socket per request: a pooled one could have been opened with another lookup.
      agent: false,
      lookup: pinnedLookup(target.addresses),
    });
    const onAbort = () => req.destroy(signal.reason as Error);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    req.once('response', (res) => {
      signal.removeEventListener('abort', onAbort);
      resolve(res);
    });
    // `on`, not `once`: a socket can report more than one error and an unhandled one would crash the process.
    req.on('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(networkError(err, target.host));
    });
    req.end();
  });
}

function abortable<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Wraps the body so that it fails with TOO_LARGE past `maxBytes` and with the deadline's error. */
function limitBody(res: http.IncomingMessage, opts: SafeFetchOptions, host: string, signal: AbortSignal, done: () => void): Readable {
  let seen = 0;
  const out = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      seen += chunk.length;
      if (seen > opts.maxBytes) {
        cb(
          new FetchError(
            'TOO_LARGE',
            `The file is larger than the download limit of ${describeBytes(opts.maxBytes)}; the download was stopped.`,
          ),
        );
        return;
      }
      cb(null, chunk);
    },
  });
  const onAbort = () => out.destroy(signal.reason as Error);
  signal.addEventListener('abort', onAbort, { once: true });
  res.on('error', (err) => out.destroy(networkError(err, host)));
  // IncomingMessage may end without error on some truncated bodies; treat that as a dropped connection.
  res.once('aborted', () =>
    out.destroy(new FetchError('UNREACHABLE', `The connection to ${host} was closed before the download finished.`)),
  );
  out.once('close', () => {
    signal.removeEventListener('abort', onAbort);
    if (!res.complete) res.destroy();
    done();
  });
  res.pipe(out);
  return out;
}

/**
 * GETs `url` under the outbound policy (docs/api.md#conventions "Outbound URLs") and returns its body as a stream.
 * - http and https only (ftp: URL_REFUSED "not supported yet"); each host, including every redirect
 *   target (at most `maxRedirects`, default 5), is resolved and checked by {@link checkFetchTarget},
 *   and the socket connects only to the addresses that were checked.
 * - 404 → HTTP_404; other non-2xx → HTTP_ERROR (with `status`); refused connection, DNS or TLS
 *   failure → UNREACHABLE; Content-Length over `maxBytes` → TOO_LARGE before any body is read;
 *   more than `maxBytes` body bytes → the stream errors with TOO_LARGE; `timeoutMs` elapsed
 *   (from the call to the last byte) → TIMEOUT, thrown or emitted by the stream.
 * Rejects only with FetchError.
 */
export async function safeGetStream(url: string, opts: SafeFetchOptions): Promise<SafeStream> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const controller = new AbortController();
  let currentHost = '';
  const timer = setTimeout(() => {
    const where = currentHost ? ` from ${currentHost}` : '';
    controller.abort(new FetchError('TIMEOUT', `The download${where} did not finish within ${describeLimit(opts.timeoutMs)}.`));
  }, opts.timeoutMs);
  const { signal } = controller;

  try {
    let next: string = url;
    for (let hop = 0; ; hop += 1) {
      const target = await abortable(checkFetchTarget(next, opts.allowedHosts), signal);
      currentHost = target.host;
      const res = await requestOnce(target, signal);
      const status = res.statusCode ?? 0;

      // Bodies of redirects and errors are not read: destroy, so an endless one cannot hold the socket.
      if (REDIRECTS.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location) throw new FetchError('HTTP_ERROR', `The URL answered ${status} (redirect) without a Location header.`, status);
        if (hop >= maxRedirects) throw new FetchError('HTTP_ERROR', `The URL redirected more than ${maxRedirects} times.`, status);
        try {
          next = new URL(location, target.url).href;
        } catch {
          throw new FetchError('INVALID_URL', `The URL redirected to an invalid address (${location}).`, status);
        }
        continue;
      }
      if (status === 404) {
        res.destroy();
        throw new FetchError('HTTP_404', 'The URL returned 404 Not Found.', 404);
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        const text = res.statusMessage ? ` ${res.statusMessage}` : '';
        throw new FetchError('HTTP_ERROR', `The URL returned HTTP ${status}${text}.`, status);
      }

      const header = res.headers['content-length'];
      const contentLength = header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
      if (contentLength !== null && contentLength > opts.maxBytes) {
        res.destroy();
        throw new FetchError(
          'TOO_LARGE',
          `The file is ${describeBytes(contentLength)}, larger than the download limit of ${describeBytes(opts.maxBytes)}.`,
        );
      }
      const stream = limitBody(res, opts, target.host, signal, () => clearTimeout(timer));
      return { stream, contentLength, finalUrl: target.url.href };
    }
  } catch (err) {
    clearTimeout(timer);
    controller.abort();
    throw err instanceof FetchError ? err : networkError(err, currentHost || url);
  }
}

// ---------------------------------------------------------------------------------------------
// POST JSON (model endpoints, docs/architecture.md#calling-models "Calling models")

/** Limits and extras of one {@link safePostJson}. */
export interface SafePostOptions {
  /** As in {@link SafeFetchOptions}: hosts that may resolve to loopback/private addresses. */
  allowedHosts: string[];
  /** Exact origins (`http://127.0.0.1:41234`) that may be on loopback/private addresses; see {@link checkFetchTarget}. */
  allowedOrigins?: readonly string[];
  /** Largest answer accepted, in bytes. */
  maxBytes: number;
  /** Time limit from the call to the last body byte, in milliseconds. */
  timeoutMs: number;
  /** Extra request headers (e.g. the endpoint's key). */
  headers?: Record<string, string>;
  /** Aborts the call; its reason is thrown as is when it is a FetchError, else TIMEOUT-free UNREACHABLE. */
  signal?: AbortSignal;
  /** User-agent purpose, e.g. "model inference". */
  purpose?: string;
  /** The process's connection pools (ctx.services.outbound); without, every call opens a fresh connection. */
  pools?: OutboundPools;
}

/** The answer of {@link safePostJson}: status and the whole body (at most `maxBytes`). */
export interface SafePostResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Most keep-alive agents kept by one {@link OutboundPools}; the least recently used is destroyed beyond. */
const MAX_AGENTS = 256;
/** Most checked IP-literal targets remembered by one {@link OutboundPools}. */
const MAX_LITERAL_TARGETS = 1024;

/**
 * The outbound connection pools of one process (ctx.services.outbound, built by createServices):
 * keep-alive agents of {@link safePostJson}, one per (scheme, host, port, checked address set), so
 * a pooled socket is only ever reused for the same host whose DNS answer was the same checked set
 * and pooling never lets a connection reach an address that was not vetted (the reason
 * `safeGetStream` uses fresh sockets); and the checked targets of URLs whose host is an IP address
 * (their verdict depends on nothing else, so the parse and range check are done once per URL; a
 * host name is still resolved and checked on every call). Both bounded.
 */
export class OutboundPools {
  private readonly agents = new Map<string, http.Agent>();
  private readonly literalTargets = new Map<string, CheckedTarget>();
  /** The agent key of each target seen (a remembered IP-address target is the same object on every call). */
  private readonly keys = new WeakMap<CheckedTarget, string>();

  /** The keep-alive agent of `target`. */
  agentFor(target: CheckedTarget): http.Agent {
    const { url } = target;
    let key = this.keys.get(target);
    if (key === undefined) {
      key = `${url.protocol}//${target.host}:${url.port}|${target.addresses
        .map((a) => a.address)
        .sort()
        .join(',')}`;
      this.keys.set(target, key);
    }
    let agent = this.agents.get(key);
    if (agent) {
      // Move to the end: Map order is the LRU order.
      this.agents.delete(key);
      this.agents.set(key, agent);
      return agent;
    }
    const options = {
      keepAlive: true,
      keepAliveMsecs: 1000,
      maxFreeSockets: 64,
      scheduling: 'lifo' as const,
      lookup: pinnedLookup(target.addresses),
    };
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    this.agents.set(key, agent);
    if (this.agents.size > MAX_AGENTS) {
      const [oldestKey, oldest] = this.agents.entries().next().value as [string, http.Agent];
      this.agents.delete(oldestKey);
      oldest.destroy();
    }
    return agent;
  }

  /** The remembered checked target under `key`, if any. */
  knownTarget(key: string): CheckedTarget | undefined {
    return this.literalTargets.get(key);
  }

  /** Remembers a checked target whose host is an IP address. */
  rememberTarget(key: string, target: CheckedTarget): void {
    if (this.literalTargets.size >= MAX_LITERAL_TARGETS) this.literalTargets.clear();
    this.literalTargets.set(key, Object.freeze(target));
  }

  /** Closes every pooled connection (shutdown). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
    this.literalTargets.clear();
  }
}

/**
 * The cancellation of one {@link safePostJson}: its time limit and the caller's signal, without an
 * AbortController of its own (creating one and listening to its signal cost about a tenth of the
 * CPU of a proxied model call on Node 20; docs/benchmarks.md#inference-proxy). The step now waiting
 * (DNS lookup, request) is the one listener; `reason` is what the call rejects with.
 */
class PostCall {
  aborted = false;
  reason: unknown = undefined;
  /** The checked host, once known (named in the time-limit message). */
  host = '';
  private listener: ((reason: unknown) => void) | null = null;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly timeoutMs: number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(timeUp, timeoutMs, this);
    if (signal?.aborted) this.abort(signal.reason);
    else signal?.addEventListener('abort', this, { once: true });
  }

  /** The caller's signal fired (EventTarget calls an object listener's handleEvent). */
  handleEvent(): void {
    this.abort(this.signal?.reason);
  }

  /** The time limit passed. */
  timeUp(): void {
    this.abort(
      new FetchError('TIMEOUT', `The call${this.host ? ` to ${this.host}` : ''} did not finish within ${describeLimit(this.timeoutMs)}.`),
    );
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.listener;
    this.listener = null;
    listener?.(reason);
  }

  /** Calls `fn` on abort (replacing the previous listener; null: none). */
  listen(fn: ((reason: unknown) => void) | null): void {
    this.listener = fn;
  }

  /** The call is over: stops the timer and lets go of the caller's signal. */
  finish(): void {
    clearTimeout(this.timer);
    this.listener = null;
    this.signal?.removeEventListener('abort', this);
  }
}

function timeUp(call: PostCall): void {
  call.timeUp();
}

/** `p`, or the call's abort reason when the call is aborted first. */
function abortableCall<T>(p: Promise<T>, call: PostCall): Promise<T> {
  if (call.aborted) return Promise.reject(call.reason);
  return new Promise((resolve, reject) => {
    call.listen(reject);
    p.then(resolve, reject).finally(() => call.listen(null));
  });
}

/** The checked target of `url`: remembered by `pools` for an IP-address host, else {@link checkFetchTarget}. */
async function postTarget(
  url: string,
  allowedHosts: string[],
  allowedOrigins: readonly string[],
  call: PostCall,
  pools: OutboundPools | undefined,
): Promise<CheckedTarget> {
  const key = `${allowedHosts.join(' ')}\n${allowedOrigins.join(' ')}\n${url}`;
  const known = pools?.knownTarget(key);
  if (known) return known;
  const target = await abortableCall(checkFetchTarget(url, allowedHosts, allowedOrigins), call);
  if (pools && ipaddr.isValid(target.host)) pools.rememberTarget(key, target);
  return target;
}

function postOnce(target: CheckedTarget, payload: Buffer, opts: SafePostOptions, call: PostCall): Promise<SafePostResult> {
  return new Promise((resolve, reject) => {
    if (call.aborted) return reject(call.reason);
    const { url } = target;
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      call.listen(null);
      reject(err);
    };
    const agent = opts.pools ? opts.pools.agentFor(target) : false;
    const req = client.request({
      protocol: url.protocol,
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
      headers: {
        'user-agent': `ulca-platform/1 (${opts.purpose ?? 'model inference'})`,
        accept: 'application/json',
        'accept-encoding': 'identity',
        'content-type': 'application/json',
        'content-length': String(payload.length),
        ...opts.headers,
      },
      // Without pools (unit tests, one-off calls) a fresh connection per call. A pooled agent
      // connects with its own pinned lookup (of the same checked addresses: agentFor's key), which
      // Node's agent applies over the request's.
      agent,
      lookup: agent ? undefined : pinnedLookup(target.addresses),
    });
    call.listen((reason) => {
      req.destroy();
      fail(reason);
    });
    req.on('error', (err) => fail(Object.assign(networkError(err, target.host), { reusedSocket: req.reusedSocket, cause: err })));
    req.once('response', (res) => {
      const status = res.statusCode ?? 0;
      const header = res.headers['content-length'];
      if (header !== undefined && /^\d+$/.test(header) && Number(header) > opts.maxBytes) {
        fail(
          new FetchError(
            'TOO_LARGE',
            `The answer is ${describeBytes(Number(header))}, larger than the limit of ${describeBytes(opts.maxBytes)}.`,
          ),
        );
        res.destroy();
        req.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let seen = 0;
      // A large answer of announced length is copied into shared memory as its chunks arrive: no
      // long copy of megabytes on the loop at the end (docs/operations.md#model-answers).
      const announced = header !== undefined && /^\d+$/.test(header) ? Number(header) : 0;
      const shared = announced > SHARED_BODY_BYTES ? Buffer.from(new SharedArrayBuffer(announced)) : null;
      res.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > opts.maxBytes || (shared && seen > announced)) {
          // Settle first (destroying emits 'aborted'), then drop the socket: the rest is never read.
          fail(new FetchError('TOO_LARGE', `The answer is larger than the limit of ${describeBytes(opts.maxBytes)}; it was cut off.`));
          req.destroy();
          res.destroy();
          return;
        }
        if (shared) chunk.copy(shared, seen - chunk.length);
        else chunks.push(chunk);
      });
      res.on('error', (err) => fail(networkError(err, target.host)));
      res.once('aborted', () =>
        fail(new FetchError('UNREACHABLE', `The connection to ${target.host} was closed before the answer was complete.`)),
      );
      res.once('end', () => {
        if (settled) return;
        if (!res.complete)
          return fail(new FetchError('UNREACHABLE', `The connection to ${target.host} was closed before the answer was complete.`));
        settled = true;
        call.listen(null);
        const body = shared ?? (chunks.length === 1 ? chunks[0] : joinBody(chunks, seen));
        resolve({ status, headers: res.headers, body });
      });
    });
    req.end(payload);
  });
}

/**
 * Bodies larger than this (bytes) are gathered into a SharedArrayBuffer, so that the worker thread
 * that parses a large answer reads these very bytes instead of a copy made on the event loop
 * (answer-pool.ts, docs/operations.md#model-answers).
 */
const SHARED_BODY_BYTES = 1024 * 1024;

/** The chunks of a body of unannounced length as one Buffer of `total` bytes (in shared memory past SHARED_BODY_BYTES). */
function joinBody(chunks: Buffer[], total: number): Buffer {
  if (total <= SHARED_BODY_BYTES) return Buffer.concat(chunks, total);
  const body = Buffer.from(new SharedArrayBuffer(total));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(body, at);
  return body;
}

/**
 * POSTs `body` as JSON to `url` under the outbound policy (docs/api.md#conventions "Outbound URLs", docs/architecture.md#calling-models):
 * the host is resolved and checked by {@link checkFetchTarget} on every call (an IP-address host,
 * which needs no DNS, is checked once per URL) and the socket connects only to the checked
 * addresses (kept-alive connections are pooled per checked address set, see {@link OutboundPools}). Redirects are not followed (a 3xx is answered as HTTP_ERROR naming the
 * location): a POST must reach the registered URL. Any status is returned with its body (the
 * caller decides); a body over `maxBytes` → TOO_LARGE; `timeoutMs` elapsed → TIMEOUT; refused
 * connection, DNS or TLS failure → UNREACHABLE. A stale pooled connection closed by the server
 * before answering is retried once on a new one. Rejects only with FetchError (or `signal.reason`).
 */
export async function safePostJson(url: string, body: unknown, opts: SafePostOptions): Promise<SafePostResult> {
  const payload = Buffer.from(JSON.stringify(body) ?? 'null', 'utf8');
  const call = new PostCall(opts.timeoutMs, opts.signal);
  try {
    const target = await postTarget(url, opts.allowedHosts, opts.allowedOrigins ?? [], call, opts.pools);
    call.host = target.host;
    let res: SafePostResult;
    try {
      res = await postOnce(target, payload, opts, call);
    } catch (err) {
      // The usual keep-alive race: the server closed an idle socket as we reused it. Nothing was processed.
      const e = err as FetchError & { reusedSocket?: boolean; cause?: NodeJS.ErrnoException };
      if (!e.reusedSocket || e.cause?.code !== 'ECONNRESET') throw err;
      res = await postOnce(target, payload, opts, call);
    }
    if (REDIRECTS.has(res.status)) {
      const location = res.headers.location;
      throw new FetchError(
        'HTTP_ERROR',
        `The endpoint answered ${res.status} (redirect${location ? ` to ${location}` : ''}); redirects are not followed, register the final URL.`,
        res.status,
      );
    }
    return res;
  } finally {
    call.finish();
  }
}
