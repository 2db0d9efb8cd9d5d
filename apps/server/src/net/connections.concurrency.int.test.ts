/**
 * Request timeouts and connection limits of the HTTP listener (docs/operations.md#limits): a
 * client that sends headers and stalls its body, or stalls its headers, is cut off within the
 * configured time; one address cannot hold more than MAX_CONNECTIONS_PER_IP connections.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { totalConnectionCap } from './connections.concurrency.ts';

const REQUEST_TIMEOUT_MS = 2000;
const HEADERS_TIMEOUT_MS = 1000;
const PER_IP = 5;

let p: TestPlatform;
let port = 0;

beforeAll(async () => {
  p = await createTestPlatform({
    config: { requestTimeoutMs: REQUEST_TIMEOUT_MS, requestHeadersTimeoutMs: HEADERS_TIMEOUT_MS, maxConnectionsPerIp: PER_IP },
  });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  port = (p.app.server.address() as AddressInfo).port;
});
afterAll(async () => p?.close());

/** Opens a connection, writes `text`, and resolves with the ms until the server closed it (rejects after `maxMs`). */
function closedAfter(text: string, maxMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${maxMs} ms`));
    }, maxMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - start);
    });
  });
}

const health = async () => (await fetch(`http://127.0.0.1:${port}/ulca/health`)).status;

describe('request timeouts and connection limits', () => {
  it('closes a connection that sent its headers and stalls its body within the configured time', async () => {
    const stalled = closedAfter(
      'POST /ulca/apis/v0/model/feedback/submit HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"taskType":',
      15_000,
    );
    // Meanwhile the server answers others.
    expect(await health()).toBe(200);
    const ms = await stalled;
    expect(ms).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    // The limit plus Node's 1 s check interval, with generous slack for a loaded machine.
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS + 8000);
  });

  it('closes a connection that stalls its headers', async () => {
    const ms = await closedAfter('GET /ulca/health HTTP/1.1\r\nHost: x\r\n', 15_000);
    expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS + 8000);
  });

  it(`holds at most ${PER_IP} connections from one address; the next is closed at once, and a freed slot is usable again`, async () => {
    const open: net.Socket[] = [];
    for (let i = 0; i < PER_IP; i++) {
      open.push(
        await new Promise<net.Socket>((resolve) => {
          const s = net.connect(port, '127.0.0.1', () => resolve(s));
          s.on('error', () => undefined);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 100));
    const refused = await closedAfter('GET /ulca/health HTTP/1.1\r\nHost: x\r\n\r\n', 5000);
    expect(refused).toBeLessThan(2000);
    open.pop()!.destroy();
    await new Promise((r) => setTimeout(r, 100));
    expect(await health()).toBe(200);
    for (const s of open) s.destroy();
  });

  it('keeps descriptors for the database: the total cap is the open-file limit minus the reserve', () => {
    expect(totalConnectionCap({ maxConnections: 0, fdReserve: 256 }, 20_000)).toBe(19_744);
    expect(totalConnectionCap({ maxConnections: 500, fdReserve: 256 }, 20_000)).toBe(500);
    expect(totalConnectionCap({ maxConnections: 0, fdReserve: 256 }, 100)).toBe(64);
    expect(p.app.server.maxConnections).toBe(totalConnectionCap(p.ctx.config));
  });
});
