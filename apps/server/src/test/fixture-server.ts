/**
 * A real HTTP server on 127.0.0.1 (random port) that serves fixture zips to the dataset download
 * stage in tests (docs/architecture.md#tests: "a real HTTP server serving fixture zips"). Besides plain files:
 * - `/slow/<file>`: the same file, sent slowly (default 1024 bytes/s; `?bytesPerSecond=N` to change);
 * - `/redirect?to=<url>`: 302 to `<url>`;
 * - `/huge`: an endless stream of bytes (for download size caps), ended only by the client.
 * Missing files (and paths escaping rootDir) get 404.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/** Handle on a running fixture server. */
export interface FixtureServer {
  /** Absolute URL of `file` (a path relative to the server root, e.g. 'a.zip', 'slow/a.zip', 'huge'); not re-encoded. */
  url: (file: string) => string;
  /** Closes the server and any open connection (including endless /huge and /slow streams). */
  close(): Promise<void>;
  /** Number of requests received for `file` (the URL path without its leading '/', query ignored). */
  hits: (file: string) => number;
}

/** Resolves `rel` under `root`, or null when it escapes root. */
function inside(root: string, rel: string): string | null {
  const full = path.resolve(root, rel);
  return full === root || full.startsWith(root + path.sep) ? full : null;
}

async function regularFile(p: string | null): Promise<fs.Stats | null> {
  if (!p) return null;
  const st = await fs.promises.stat(p).catch(() => null);
  return st?.isFile() ? st : null;
}

/** Sends `file` at about `bytesPerSecond`, in 4 chunks per second; stops if the client goes away. */
function sendSlowly(res: http.ServerResponse, file: string, size: number, bytesPerSecond: number): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(size) });
  const chunk = Math.max(1, Math.floor(bytesPerSecond / 4));
  const fd = fs.openSync(file, 'r');
  let offset = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return stop();
    const buf = Buffer.alloc(Math.min(chunk, size - offset));
    fs.readSync(fd, buf, 0, buf.length, offset);
    offset += buf.length;
    res.write(buf);
    if (offset >= size) {
      res.end();
      stop();
    }
  }, 250);
  let stopped = false;
  function stop(): void {
    if (stopped) return;
    stopped = true;
    clearInterval(timer);
    fs.closeSync(fd);
  }
  res.on('close', stop);
}

/** Writes bytes for as long as the client reads them, honouring backpressure. */
function sendForever(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk)) {
      /* keep writing until the socket buffer is full */
    }
  };
  res.on('drain', pump);
  pump();
}

/**
 * Starts the fixture server serving files under `rootDir` (streamed, with content-length).
 * Resolves once it listens. Request errors are answered with 500 and never crash the process.
 */
export async function startFixtureServer(rootDir: string): Promise<FixtureServer> {
  const root = path.resolve(rootDir);
  const counts = new Map<string, number>();

  const server = http.createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      let rel: string;
      try {
        rel = decodeURIComponent(u.pathname).replace(/^\/+/, '');
      } catch {
        res.writeHead(400).end('bad path');
        return;
      }
      counts.set(rel, (counts.get(rel) ?? 0) + 1);

      if (rel === 'redirect') {
        const to = u.searchParams.get('to');
        if (!to) return void res.writeHead(400).end('missing ?to=');
        return void res.writeHead(302, { location: to }).end();
      }
      if (rel === 'huge') return sendForever(res);
      if (rel.startsWith('slow/')) {
        const file = inside(root, rel.slice('slow/'.length));
        const st = await regularFile(file);
        if (!st || !file) return void res.writeHead(404).end('not found');
        const bps = Number(u.searchParams.get('bytesPerSecond') ?? 1024);
        return sendSlowly(res, file, st.size, Number.isFinite(bps) && bps > 0 ? bps : 1024);
      }
      const file = inside(root, rel);
      const st = await regularFile(file);
      if (!st || !file) return void res.writeHead(404).end('not found');
      res.writeHead(200, { 'content-type': 'application/zip', 'content-length': String(st.size) });
      if (req.method === 'HEAD') return void res.end();
      await pipeline(fs.createReadStream(file), res).catch(() => {
        /* client went away mid-download: nothing to clean up */
      });
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;

  return {
    url: (file) => `${base}/${file.replace(/^\/+/, '')}`,
    hits: (file) => counts.get(file.replace(/^\/+/, '').split('?')[0]) ?? 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A fixture server on a new temporary folder of its own (see {@link serveTempFolder}). */
export interface TempFolderServer extends FixtureServer {
  /** The folder served; the test writes its files there. */
  dir: string;
}

/** Starts a fixture server on a new temporary folder named after `prefix`; its `close` also removes the folder. */
export async function serveTempFolder(prefix: string): Promise<TempFolderServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startFixtureServer(dir);
  return {
    ...server,
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
