/**
 * Request body budgets (docs/operations.md#limits "Request bodies"): model/compute takes kilobytes
 * unless media is sent, and bodies in flight are capped per client address (429) and in all (503),
 * refused before their bytes are read, while the server keeps answering others.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';

const MiB = 1024 * 1024;
const ANNOUNCED = 20 * MiB;

let p: TestPlatform;
let port = 0;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  p = await createTestPlatform({ config: { bodyBytesInFlightPerIp: 48 * MiB, bodyBytesInFlight: 64 * MiB } });
  await p.app.listen({ port: 0, host: '127.0.0.1' });
  port = (p.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await p?.close();
});

/**
 * Opens a connection from `from`, sends the headers of an anonymous compute request announcing
 * `length` bytes plus `head` of its body, and stalls. Resolves with the status line and headers
 * of the answer, or 'no answer' after `waitMs`.
 */
function stalledUpload(head: string, length: number, from = '127.0.0.1', waitMs = 1500): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write(
        `POST ${MODEL_API.compute} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${head}`,
      );
    });
    sockets.push(socket);
    let text = '';
    const timer = setTimeout(() => resolve('no answer'), waitMs);
    socket.on('data', (b: Buffer) => {
      text += b.toString('latin1');
      if (text.includes('\r\n\r\n')) {
        clearTimeout(timer);
        resolve(text);
      }
    });
    socket.on('error', () => undefined);
  });
}

const MEDIA_HEAD = '{"modelId":"m","audioContent":"UklGR';

describe('request body budgets', () => {
  it('refuses an anonymous compute body past the text limit after reading kilobytes of it, unless it sends media', async () => {
    const text = await stalledUpload(`{"modelId":"m","input":[{"source":"${'a'.repeat(64 * 1024)}`, ANNOUNCED);
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain('at most 16 KiB');
    // The same size announcing media is read on (no answer while its body stalls).
    expect(await stalledUpload(MEDIA_HEAD, ANNOUNCED, '127.0.0.4', 800)).toBe('no answer');
  });

  it('refuses unknown fields of a compute body', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: MODEL_API.compute,
      payload: { modelId: 'm', input: [{ source: 'hi' }], padding: 'x' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    const item = await p.app.inject({
      method: 'POST',
      url: MODEL_API.compute,
      payload: { modelId: 'm', input: [{ source: 'hi', extra: 1 }] },
    });
    expect(item.statusCode, item.body).toBe(400);
  });

  it('refuses concurrent oversized bodies before reading them (429 per address, 503 in all) while /ulca/health answers within 200 ms', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => stalledUpload(MEDIA_HEAD, ANNOUNCED)));
    const refused = answers.filter((a) => /^HTTP\/1\.1 429/.test(a));
    // 48 MiB per address: two 20 MiB bodies are being received, every other one is refused at once.
    expect(answers.filter((a) => a === 'no answer')).toHaveLength(2);
    expect(refused).toHaveLength(18);
    expect(refused[0]).toMatch(/retry-after: \d+/i);
    expect(refused[0]).toMatch(/connection: close/i);

    // 64 MiB in all (40 + 20 held by 127.0.0.4 and 127.0.0.1): another address's next body is refused with 503.
    expect(await stalledUpload(MEDIA_HEAD, ANNOUNCED, '127.0.0.5')).toMatch(/^HTTP\/1\.1 503/);

    const started = Date.now();
    const health = await fetch(`http://127.0.0.1:${port}/ulca/health`);
    expect(health.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(200);
    expect(process.memoryUsage().rss).toBeLessThan(1024 * MiB);
  });

  it('frees the budget when a connection goes away', async () => {
    for (const s of sockets.splice(0)) s.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect(await stalledUpload(MEDIA_HEAD, ANNOUNCED, '127.0.0.6', 500)).toBe('no answer');
  });
});
