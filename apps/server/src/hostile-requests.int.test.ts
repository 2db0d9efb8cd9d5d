/**
 * No request body can end the server process (docs/operations.md#request-bodies):
 * every route of the OpenAPI document is sent, over raw TCP to the real listening app,
 * a body shorter than its Content-Length, a body longer than it, a body cut off by a destroyed
 * socket, an oversized chunked body, invalid JSON, a corrupt gzip body, a wrong content type and
 * a WebSocket upgrade followed by a malformed frame.
 * After each batch the liveness route still answers and nothing was thrown past the app (an
 * unhandled stream 'error' reaches process 'uncaughtException'); at the end no connection is open.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from './test/harness.ts';

const KiB = 1024;
/** The Content-Length of the finding: past the compute routes' media limit (22,435,160 bytes by default). */
const FINDING_DECLARED = 22_435_200;
/** Routes attacked at once (8 attacks each): under MAX_CONNECTIONS_PER_IP (128). */
const ROUTES_PER_BATCH = 8;
/** How long an attack waits for an answer before it gives up (most answer in milliseconds). */
const ANSWER_WAIT_MS = 1500;

let p: TestPlatform;
let port = 0;
const thrown: unknown[] = [];
const onThrown = (err: unknown) => thrown.push(err);

beforeAll(async () => {
  process.on('uncaughtException', onThrown);
  process.on('unhandledRejection', onThrown);
  // The body budgets (lib/request-bodies.size-limit.ts) would refuse concurrent large announcements with 429 before
  // any body stream exists; off here so every attack reaches the body handling it targets.
  p = await createTestPlatform({ config: { bodyBytesInFlightPerIp: 0, bodyBytesInFlight: 0 } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  port = (p.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  process.off('uncaughtException', onThrown);
  process.off('unhandledRejection', onThrown);
  await p?.close();
});

/** A JSON body of `bytes` bytes without media (a compute body past the text limit when large). */
function textBody(bytes: number): string {
  const head = '{"modelId":"m","input":[{"source":"';
  const tail = '"}]}';
  return head + 'a'.repeat(Math.max(0, bytes - head.length - tail.length)) + tail;
}

/**
 * Writes `parts` on a fresh loopback connection and resolves with the status code of the first
 * answer, or null when none came (connection closed, or `waitMs` passed). `destroyAfterMs`
 * destroys the socket that long after the last write (a body cut off mid-way), answer or not.
 */
function exchange(parts: (string | Buffer)[], opts: { waitMs?: number; destroyAfterMs?: number } = {}): Promise<number | null> {
  return new Promise((resolve) => {
    let text = '';
    let settled = false;
    const socket = net.connect({ port, host: '127.0.0.1' });
    const settle = (status: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => settle(null), opts.waitMs ?? ANSWER_WAIT_MS);
    socket.on('error', () => settle(null));
    socket.on('close', () => settle(null));
    socket.on('data', (b: Buffer) => {
      text += b.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})[^\r]*\r\n/.exec(text);
      if (m && text.includes('\r\n\r\n')) settle(Number(m[1]));
    });
    socket.on('connect', () => {
      for (const part of parts) socket.write(part);
      if (opts.destroyAfterMs !== undefined) setTimeout(() => settle(null), opts.destroyAfterMs);
    });
  });
}

function head(method: string, path: string, headers: Record<string, string | number>): string {
  const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.join('')}\r\n`;
}

/** A chunked body of `total` bytes of non-media JSON text, in 64 KiB chunks, with its terminator. */
function chunked(total: number): string[] {
  const body = textBody(total);
  const out: string[] = [];
  for (let i = 0; i < body.length; i += 64 * KiB) {
    const c = body.slice(i, i + 64 * KiB);
    out.push(`${c.length.toString(16)}\r\n${c}\r\n`);
  }
  out.push('0\r\n\r\n');
  return out;
}

/**
 * A WebSocket upgrade of `path`; once answered 101, an unmasked frame (a protocol error from a
 * client) and the socket is left to the server. Resolves with the upgrade's status (null: none).
 */
function upgradeThenMalformedFrame(method: string, path: string): Promise<number | null> {
  return new Promise((resolve) => {
    let text = '';
    let status: number | null = null;
    const socket = net.connect({ port, host: '127.0.0.1' });
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(done, ANSWER_WAIT_MS);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', (b: Buffer) => {
      if (status !== null) return;
      text += b.toString('latin1');
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (!m || !text.includes('\r\n\r\n')) return;
      status = Number(m[1]);
      if (status === 101) socket.write(Buffer.from([0x81, 0x05, ...Buffer.from('hello')]));
      else done();
    });
    socket.on('connect', () =>
      socket.write(
        head(method, path, {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': 13,
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        }),
      ),
    );
  });
}

/** The attacks on one route, sent as `type` (the route's own content type); each resolves with its answer's status (null: none). */
const ATTACKS: Record<string, (method: string, path: string, type: string) => Promise<number | null>> = {
  // (a) the finding: a large announced length, 17 KB sent, then the client goes away.
  'declared length above the bytes sent': (m, u, type) =>
    exchange([head(m, u, { 'content-type': type, 'content-length': FINDING_DECLARED }), textBody(17 * KiB)], {
      waitMs: 400,
    }),
  // (b) the rest of the body reaches the HTTP parser as a (malformed) next request.
  'declared length below the body': (m, u, type) =>
    exchange([head(m, u, { 'content-type': type, 'content-length': 10 }), textBody(17 * KiB)]),
  // (c) within every limit but never finished: the socket is destroyed while the body is read.
  'body cut off mid-way': (m, u, type) =>
    exchange([head(m, u, { 'content-type': type, 'content-length': 64 * KiB }), textBody(20 * KiB).slice(0, -4)], {
      destroyAfterMs: 50,
    }),
  // (d) past the 1 MiB JSON limit (and the compute text limit), without a Content-Length.
  'oversized chunked body': (m, u, type) =>
    exchange([head(m, u, { 'content-type': type, 'transfer-encoding': 'chunked' }), ...chunked(1024 * KiB + 17 * KiB)]),
  // Invalid JSON; for a multipart route, a form without a boundary line.
  'malformed body': (m, u, type) => {
    const body = '{"modelId": "m", "input": [{"source": "unterminated';
    return exchange([head(m, u, { 'content-type': type, 'content-length': Buffer.byteLength(body) }), body]);
  },
  // Decompressed by @fastify/compress's preParsing stream, which fails on these bytes.
  'corrupt gzip body': (m, u, type) => {
    const body = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.alloc(2 * KiB, 0x5a)]);
    return exchange([head(m, u, { 'content-type': type, 'content-encoding': 'gzip', 'content-length': body.length }), body]);
  },
  'WebSocket upgrade, then a malformed frame': (m, u) => upgradeThenMalformedFrame(m, u),
  'wrong content type': (m, u) => {
    const body = '<?xml version="1.0"?><modelId>m</modelId>';
    return exchange([head(m, u, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) }), body]);
  },
};

/** A plausible value for a path parameter (the route's own checks then refuse or miss it). */
function paramValue(name: string): string {
  if (/id$/i.test(name)) return '0b1c2d3e-4f50-4617-8a9b-0c1d2e3f4a5b';
  if (name === 'format') return 'json';
  return 'x';
}

/** Every path + method of the OpenAPI document the app serves, path parameters filled in, with the body type to attack it with. */
async function documentedRoutes(): Promise<{ method: string; path: string; type: string }[]> {
  // Injected: a kept-alive client connection would count as open at the end.
  const res = await p.app.inject({ method: 'GET', url: '/ulca/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> }>();
  const routes: { method: string; path: string; type: string }[] = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(paramValue(name)));
    for (const method of Object.keys(ops)) {
      if (!['get', 'put', 'post', 'delete', 'patch', 'options', 'head'].includes(method)) continue;
      // The declared body type; a route that takes a body but declares none is a multipart upload
      // (the document has no multipart bodies), and the rest get JSON.
      const declared =
        Object.keys(ops[method]?.requestBody?.content ?? {})[0] ??
        (['post', 'put', 'patch'].includes(method) ? 'multipart/form-data' : 'application/json');
      const type = declared === 'multipart/form-data' ? `${declared}; boundary=hostile` : declared;
      routes.push({ method: method.toUpperCase(), path, type });
    }
  }
  return routes;
}

/** Fails with what was thrown past the app, and unless GET /ulca/health answers 200 on a new connection. */
async function expectAlive(after: string): Promise<void> {
  // Emptied, so one failure names the requests that caused it and no later check repeats it.
  expect(thrown.splice(0).map((e) => `${after}: ${e instanceof Error ? e.message : String(e)}`)).toEqual([]);
  const status = await exchange([head('GET', '/ulca/health', {})], { waitMs: 5000 });
  expect(status, `GET /ulca/health after ${after}`).toBe(200);
}

describe('hostile request bodies', () => {
  it('a compute body of 17 KB announcing 22,435,200 bytes is answered 413 and the server lives on', async () => {
    for (const path of [MODEL_API.compute, MODEL_API.computeSpeech]) {
      for (let i = 0; i < 4; i++) {
        const status = await exchange(
          [head('POST', path, { 'content-type': 'application/json', 'content-length': FINDING_DECLARED }), textBody(17 * KiB)],
          { waitMs: 5000 },
        );
        expect(status, path).toBe(413);
        // The guard's error, if unheard, is thrown on a later tick: give it one.
        await new Promise((r) => setTimeout(r, 50));
        await expectAlive(`POST ${path} #${i + 1}`);
      }
    }
  });

  it('a gzip compute body that inflates past the text limit is answered 413', async () => {
    // 1 KB on the wire, 512 KiB once decompressed: its Content-Length says nothing of its size.
    const body = gzipSync(textBody(512 * KiB));
    for (const path of [MODEL_API.compute, MODEL_API.computeSpeech]) {
      const status = await exchange(
        [head('POST', path, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': body.length }), body],
        { waitMs: 5000 },
      );
      expect(status, path).toBe(413);
    }
    await expectAlive('gzip compute bodies');
  });

  it('every documented route survives every hostile body', async () => {
    const routes = await documentedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const serverErrors: string[] = [];
    for (let i = 0; i < routes.length; i += ROUTES_PER_BATCH) {
      const batch = routes.slice(i, i + ROUTES_PER_BATCH);
      await Promise.all(
        batch.flatMap(({ method, path, type }) =>
          Object.entries(ATTACKS).map(async ([name, attack]) => {
            const status = await attack(method, path, type);
            if (status !== null && status >= 500) serverErrors.push(`${method} ${path} ${name}: ${status}`);
          }),
        ),
      );
      await expectAlive(batch.map((r) => `${r.method} ${r.path}`).join(', '));
    }
    expect(serverErrors).toEqual([]);
    // Every attacked connection is closed by now: a socket the server no longer reads (an upgrade
    // answered by a plain route) would never see its client leave, and would hold a descriptor.
    const open = () => new Promise<number>((resolve, reject) => p.app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));
    await expect.poll(open, { timeout: 5000 }).toBe(0);
  });
});
