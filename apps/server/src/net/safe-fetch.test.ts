import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FetchError, OutboundPools, checkFetchTarget, safeGetStream, safePostJson, type SafeFetchOptions } from './safe-fetch.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const servers: http.Server[] = [];

/** Starts a real HTTP server on 127.0.0.1 for this test; closed in afterEach. */
async function serve(handler: Handler): Promise<{ port: number; base: string }> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, base: `http://127.0.0.1:${port}` };
}

/** A port on 127.0.0.1 where nothing listens. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const LOCAL: SafeFetchOptions = { allowedHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 10_000 };

afterEach(async () => {
  vi.restoreAllMocks();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe('safeGetStream: responses', () => {
  it('streams the body of a 200 response with its length and final URL', async () => {
    const body = Buffer.from('params.json and data.json would be zipped here\n'.repeat(100));
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': body.length });
      res.end(body);
    });
    const got = await safeGetStream(`${base}/corpus.zip`, LOCAL);
    expect(got.contentLength).toBe(body.length);
    expect(got.finalUrl).toBe(`${base}/corpus.zip`);
    expect((await readAll(got.stream)).equals(body)).toBe(true);
  });

  it('reports 404 with a clear message', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(404);
      res.end('nope');
    });
    await expect(safeGetStream(`${base}/missing.zip`, LOCAL)).rejects.toMatchObject({
      name: 'FetchError',
      code: 'HTTP_404',
      message: 'The URL returned 404 Not Found.',
    });
  });

  it('reports other error statuses with the status code', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(503);
      res.end();
    });
    await expect(safeGetStream(`${base}/x.zip`, LOCAL)).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      status: 503,
      message: 'The URL returned HTTP 503 Service Unavailable.',
    });
  });

  it('reports a refused connection as UNREACHABLE naming the host', async () => {
    const port = await closedPort();
    await expect(safeGetStream(`http://127.0.0.1:${port}/x.zip`, LOCAL)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: 'Could not connect to 127.0.0.1: the connection was refused.',
    });
  });

  it('reports a failed DNS lookup as UNREACHABLE naming the host', async () => {
    const err: NodeJS.ErrnoException = new Error('getaddrinfo ENOTFOUND');
    err.code = 'ENOTFOUND';
    vi.spyOn(dns.promises, 'lookup').mockRejectedValue(err);
    await expect(safeGetStream('https://no-such-host.example/x.zip', LOCAL)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: 'The host no-such-host.example could not be found (DNS lookup failed: ENOTFOUND).',
    });
  });
});

describe('safeGetStream: size and time limits', () => {
  it('refuses an announced Content-Length over the cap without reading the body', async () => {
    // Headers only, no body ever: reading the body would hang until the 10 s timeout.
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(5 * 1024 * 1024) });
      res.flushHeaders();
    });
    await expect(safeGetStream(`${base}/big.zip`, LOCAL)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'The file is 5 MiB, larger than the download limit of 1 MiB.',
    });
  });

  it('stops an endless chunked stream once it passes the cap', async () => {
    let serverSawClose = false;
    const { base } = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      req.socket.on('close', () => {
        serverSawClose = true;
      });
      pump();
    });
    const got = await safeGetStream(`${base}/endless`, { ...LOCAL, maxBytes: 256 * 1024 });
    expect(got.contentLength).toBeNull();
    let received = 0;
    const consume = async () => {
      for await (const chunk of got.stream) received += (chunk as Buffer).length;
    };
    await expect(consume()).rejects.toMatchObject({
      code: 'TOO_LARGE',
      message: 'The file is larger than the download limit of 256 KiB; the download was stopped.',
    });
    expect(received).toBeLessThanOrEqual(256 * 1024);
    await vi.waitFor(() => expect(serverSawClose).toBe(true));
  });

  it('gives up with TIMEOUT when the server never answers', async () => {
    const { base } = await serve(() => {
      /* never responds */
    });
    await expect(safeGetStream(`${base}/slow.zip`, { ...LOCAL, timeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'The download from 127.0.0.1 did not finish within 300 ms.',
    });
  });

  it('fails the body stream with TIMEOUT when the transfer stalls', async () => {
    const { base } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write('only the first bytes');
    });
    const got = await safeGetStream(`${base}/stall.zip`, { ...LOCAL, timeoutMs: 300 });
    await expect(readAll(got.stream)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('safeGetStream: redirects', () => {
  async function redirectTo(target: string): Promise<string> {
    const { base } = await serve((_req, res) => {
      res.writeHead(302, { location: target });
      res.end();
    });
    return `${base}/start`;
  }

  it('refuses a redirect to a loopback host that is not allowed', async () => {
    const { port } = await serve((_req, res) => res.end('secret'));
    const start = await redirectTo(`http://localhost:${port}/file`);
    await expect(safeGetStream(start, LOCAL)).rejects.toMatchObject({
      code: 'URL_REFUSED',
      message: "The URL's host localhost is not allowed: the platform only downloads from public hosts.",
      detail: 'localhost resolves to a loopback address (127.0.0.1)',
    });
  });

  it('follows a redirect to an allowed host and reports the final URL', async () => {
    const { port } = await serve((_req, res) => res.end('the dataset'));
    const start = await redirectTo(`http://localhost:${port}/file`);
    const got = await safeGetStream(start, { ...LOCAL, allowedHosts: ['127.0.0.1', 'localhost'] });
    expect(got.finalUrl).toBe(`http://localhost:${port}/file`);
    expect((await readAll(got.stream)).toString()).toBe('the dataset');
  });

  it('follows relative redirects', async () => {
    const { base } = await serve((req, res) => {
      if (req.url === '/old') {
        res.writeHead(301, { location: '/new' });
        res.end();
      } else res.end(`at ${req.url}`);
    });
    const got = await safeGetStream(`${base}/old`, LOCAL);
    expect(got.finalUrl).toBe(`${base}/new`);
    expect((await readAll(got.stream)).toString()).toBe('at /new');
  });

  it('stops after too many redirects', async () => {
    const { base } = await serve((req, res) => {
      const n = Number(req.url?.slice(1)) || 0;
      res.writeHead(302, { location: `/${n + 1}` });
      res.end();
    });
    await expect(safeGetStream(`${base}/0`, { ...LOCAL, maxRedirects: 3 })).rejects.toMatchObject({
      code: 'HTTP_ERROR',
      message: 'The URL redirected more than 3 times.',
    });
  });

  it('refuses a redirect to another scheme', async () => {
    const start = await redirectTo('file:///etc/passwd');
    await expect(safeGetStream(start, LOCAL)).rejects.toMatchObject({ code: 'URL_REFUSED' });
  });
});

describe('safeGetStream: address policy', () => {
  const refused: [string, string][] = [
    ['http://127.0.0.1/x.zip', 'The URL points to a loopback address (127.0.0.1)'],
    ['http://[::1]/x.zip', 'The URL points to a loopback address (::1)'],
    ['http://10.1.2.3/x.zip', 'The URL points to a private address (10.1.2.3)'],
    ['http://172.16.9.9/x.zip', 'The URL points to a private address (172.16.9.9)'],
    ['http://192.168.1.1/x.zip', 'The URL points to a private address (192.168.1.1)'],
    ['http://169.254.169.254/latest/meta-data/', 'The URL points to a link-local address (169.254.169.254)'],
    ['http://[::ffff:127.0.0.1]/x.zip', 'The URL points to a loopback address (::ffff:7f00:1)'],
    ['http://[::ffff:10.0.0.5]/x.zip', 'The URL points to a private address (::ffff:a00:5)'],
    ['http://0.0.0.0/x.zip', 'The URL points to an unspecified address (0.0.0.0)'],
    ['http://100.64.1.1/x.zip', 'The URL points to a carrier-grade NAT address (100.64.1.1)'],
    ['http://[fe80::1]/x.zip', 'The URL points to a link-local address (fe80::1)'],
    ['http://[fd00::1]/x.zip', 'The URL points to a unique-local address (fd00::1)'],
    ['http://224.0.0.1/x.zip', 'The URL points to a multicast address (224.0.0.1)'],
    ['http://255.255.255.255/x.zip', 'The URL points to a broadcast address (255.255.255.255)'],
    ['http://2130706433/x.zip', 'The URL points to a loopback address (127.0.0.1)'],
    // 6to4 and Teredo embed an IPv4 address (here 10.0.0.5 and 127.0.0.1) that a relay would reach.
    ['http://[2002:a00:5::1]/x.zip', 'The URL points to a 6to4 address (2002:a00:5::1)'],
    ['http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x.zip', 'The URL points to a Teredo address (2001:0:4136:e378:8000:63bf:80ff:fffe)'],
  ];

  it.each(refused)('refuses %s before any connection', async (url, text) => {
    const httpRequest = vi.spyOn(http, 'request');
    const httpsRequest = vi.spyOn(https, 'request');
    const err = await safeGetStream(url, { ...LOCAL, allowedHosts: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchError);
    expect(err).toMatchObject({
      code: 'URL_REFUSED',
      message: `${text}; the platform only downloads from public hosts.`,
    });
    expect(httpRequest).not.toHaveBeenCalled();
    expect(httpsRequest).not.toHaveBeenCalled();
  });

  it('refuses a host name resolving to loopback unless it is allowed', async () => {
    const { port } = await serve((_req, res) => res.end('ok'));
    const httpRequest = vi.spyOn(http, 'request');
    await expect(safeGetStream(`http://localhost:${port}/x`, { ...LOCAL, allowedHosts: [] })).rejects.toMatchObject({
      code: 'URL_REFUSED',
    });
    expect(httpRequest).not.toHaveBeenCalled();
    const got = await safeGetStream(`http://LOCALHOST:${port}/x`, { ...LOCAL, allowedHosts: ['localhost'] });
    expect((await readAll(got.stream)).toString()).toBe('ok');
    expect(httpRequest).toHaveBeenCalledTimes(1);
  });

  it('refuses a host when any of its addresses is private', async () => {
    vi.spyOn(dns.promises, 'lookup').mockResolvedValue([
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ] as never);
    await expect(checkFetchTarget('https://mixed.example/x.zip', [])).rejects.toMatchObject({
      code: 'URL_REFUSED',
      message: "The URL's host mixed.example is not allowed: the platform only downloads from public hosts.",
      detail: 'mixed.example resolves to a private address (10.0.0.5)',
    });
    // What internal DNS answers reaches the log only, never the caller.
    await expect(checkFetchTarget('https://mixed.example/x.zip', [])).rejects.not.toHaveProperty(
      'message',
      expect.stringContaining('10.0.0.5'),
    );
  });

  it('connects to the checked address, without resolving the name again', async () => {
    // "pinned.test" exists in no DNS: the fetch works only if the socket uses the checked address.
    const { port } = await serve((req, res) => res.end(`host header ${req.headers.host}`));
    const lookup = vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
    const got = await safeGetStream(`http://pinned.test:${port}/x`, { ...LOCAL, allowedHosts: ['pinned.test'] });
    expect((await readAll(got.stream)).toString()).toBe(`host header pinned.test:${port}`);
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('refuses ftp and other schemes with a clear message', async () => {
    await expect(safeGetStream('ftp://ftp.example.org/pub/x.zip', LOCAL)).rejects.toMatchObject({
      code: 'URL_REFUSED',
      message: 'ftp URLs are not supported yet; please share the file over http or https.',
    });
    await expect(safeGetStream('file:///etc/passwd', LOCAL)).rejects.toMatchObject({
      code: 'URL_REFUSED',
      message: 'Only http and https URLs can be downloaded, not file.',
    });
    await expect(safeGetStream('not a url', LOCAL)).rejects.toMatchObject({
      code: 'INVALID_URL',
      message: '"not a url" is not a valid URL.',
    });
  });
});

describe('safePostJson: what is done once and what on every call', () => {
  // The pools of one process (ctx.services.outbound in the server).
  const pools = new OutboundPools();
  const POST = { allowedHosts: ['127.0.0.1'], maxBytes: 1024 * 1024, timeoutMs: 10_000, pools };
  afterEach(() => pools.close());

  it('reuses kept-alive connections: sequential calls to one endpoint open one connection', async () => {
    let connections = 0;
    const { base } = await serve((req, res) => req.resume().on('end', () => res.end('{"ok":true}')));
    servers.at(-1)!.on('connection', () => (connections += 1));
    for (let i = 0; i < 5; i++) expect((await safePostJson(`${base}/m`, { i }, POST)).body.toString()).toBe('{"ok":true}');
    expect(connections).toBe(1);
  });

  it('an IP-address URL is allowed or refused by its allowed hosts, whatever was allowed before', async () => {
    const { base } = await serve((req, res) => req.resume().on('end', () => res.end('{}')));
    expect((await safePostJson(`${base}/m`, {}, POST)).status).toBe(200);
    // The same URL under another policy (no loopback allowed) is refused: the remembered check is per policy.
    await expect(safePostJson(`${base}/m`, {}, { ...POST, allowedHosts: [] })).rejects.toMatchObject({ code: 'URL_REFUSED' });
  });

  it("the caller's signal cancels a call in flight with its reason; the pool serves the next call", async () => {
    const { base } = await serve((req, res) => {
      req.resume();
      if (req.url === '/hang') return;
      req.on('end', () => res.end('{"ok":true}'));
    });
    const controller = new AbortController();
    const cancelled = safePostJson(`${base}/hang`, {}, { ...POST, signal: controller.signal });
    setTimeout(() => controller.abort(new FetchError('UNREACHABLE', 'the client went away')), 50);
    await expect(cancelled).rejects.toMatchObject({ code: 'UNREACHABLE', message: 'the client went away' });
    expect((await safePostJson(`${base}/m`, {}, POST)).body.toString()).toBe('{"ok":true}');
  });

  it('a signal aborted before the call rejects at once, without connecting', async () => {
    let requests = 0;
    const { base } = await serve((req, res) => {
      requests += 1;
      req.resume().on('end', () => res.end('{}'));
    });
    const reason = new FetchError('UNREACHABLE', 'cancelled before');
    await expect(safePostJson(`${base}/m`, {}, { ...POST, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(requests).toBe(0);
  });

  it('a pooled call that passes its time limit fails with TIMEOUT naming the host; the next call works', async () => {
    const { base } = await serve((req, res) => {
      req.resume();
      if (req.url === '/hang') return;
      req.on('end', () => res.end('{"ok":true}'));
    });
    await expect(safePostJson(`${base}/hang`, {}, { ...POST, timeoutMs: 200 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      message: 'The call to 127.0.0.1 did not finish within 200 ms.',
    });
    expect((await safePostJson(`${base}/m`, {}, POST)).status).toBe(200);
  });

  it('resolves and checks a host name on every call: a name that now resolves to a private address is refused', async () => {
    const { port } = await serve((req, res) => req.resume().on('end', () => res.end('{}')));
    const lookup = vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '127.0.0.1', family: 4 }] as never);
    const url = `http://model.test:${port}/m`;
    expect((await safePostJson(url, {}, { ...POST, allowedHosts: ['model.test'] })).status).toBe(200);
    expect((await safePostJson(url, {}, { ...POST, allowedHosts: ['model.test'] })).status).toBe(200);
    expect(lookup).toHaveBeenCalledTimes(2);
    // Without the allowance, the next answer of DNS (a rebinding to 10.0.0.5) is checked and refused before any connection.
    lookup.mockResolvedValue([{ address: '10.0.0.5', family: 4 }] as never);
    await expect(safePostJson(url, {}, POST)).rejects.toMatchObject({ code: 'URL_REFUSED', detail: expect.stringContaining('10.0.0.5') });
    expect(lookup).toHaveBeenCalledTimes(3);
  });
});
