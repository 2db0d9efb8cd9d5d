/**
 * A signed-out flood of distinct paths under pages rendered with their data
 * (docs/architecture.md#prerendered-pages): only a page's canonical path is rendered with its data,
 * so paths an anonymous caller makes up (extra segments, percent-encoded ids, query strings,
 * unknown ids) get the plain app at once, and the server keeps answering its health probe.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_DATA_ID } from '@ulca/contracts';
import type { TestPlatform } from '../test/harness.ts';
import { useTestPlatform } from '../test/platform-hook.ts';
import { createSignedInUser } from '../test/users.ts';
import { insertTestModel } from '../test/models.ts';
import { loadConfig } from '../config.ts';

// The real web build (npm test builds it before the tests), as in live-render.int.test.ts.
const { webDist, webRenderer } = loadConfig(process.env);
const built = fs.existsSync(webRenderer) && fs.existsSync(path.join(webDist, 'index.html'));

/** Concurrent connections of the flood, how long it lasts, and at most one request per connection per FLOOD_PACE_MS (ms): 40 a second, the flood was 3. */
const CONNECTIONS = 16;
const FLOOD_MS = 8000;
const FLOOD_PACE_MS = 400;
/** A health probe every this many ms during the flood; each may take at most PROBE_TIMEOUT_MS. */
const PROBE_EVERY_MS = 100;
const PROBE_TIMEOUT_MS = 10_000;

interface Answer {
  status: number;
  type: string;
  body: string;
  ms: number;
}

/** GET `url` through `agent`; rejects after `timeoutMs`. */
function get(url: string, agent: http.Agent, timeoutMs: number): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, timeout: timeoutMs }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
          ms: performance.now() - start,
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

/** `id` with the characters at the set bits of `mask` percent-encoded: the same id, another path. */
function encodedVariant(id: string, mask: number): string {
  return [...id].map((c, i) => ((mask >> i) & 1 ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c)).join('');
}

/** The 95th percentile of `values`. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)];
}

describe.skipIf(!built)('a flood of distinct paths under pages rendered with their data', () => {
  let p: TestPlatform;
  let base: string;
  let published: string;

  useTestPlatform(
    {},
    async (platform) => {
      p = platform;
      const owner = await createSignedInUser(p);
      published = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: 'http://127.0.0.1:1/t', name: 'Flooded model' });
      await p.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(p.app.server.address() as AddressInfo).port}`;
    },
    60_000,
  );

  it('answers every made-up path with the plain app at once, renders only canonical paths, and keeps /ulca/health fast', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const marker = `id="${PRERENDERED_DATA_ID}"`;
    // The canonical page, rendered once before the flood (the entry loaded, the page kept).
    const canonical = await get(`${base}/ulca/search-model/${published}`, agent, 30_000);
    expect(canonical.body).toContain(marker);
    expect(canonical.body).toContain('Flooded model');

    // Paths a caller makes up: each one a new path under a page that has data, or (case 5) the
    // canonical path of an unknown model, whose one data load waits in the render budget.
    const madeUp = (i: number): string => {
      switch (i % 6) {
        case 0:
          return `/ulca/search-model/${published}/w${i}`;
        case 1:
          return `/ulca/search-model/${encodedVariant(published, i)}`;
        case 2:
          return `/ulca/search-model/${published}?v=${i}`;
        case 3:
          return `/ulca/dashboard/?v=${i}`;
        case 4:
          return `/ulca/search-model/${published}/model/${i}`;
        default:
          return `/ulca/search-model/${randomUUID()}`;
      }
    };
    const answers: { url: string; a: Answer }[] = [];
    const failures: string[] = [];
    let next = 0;
    const end = performance.now() + FLOOD_MS;
    const worker = async () => {
      while (performance.now() < end) {
        const url = madeUp(next++);
        const started = performance.now();
        try {
          answers.push({ url, a: await get(base + url, agent, 30_000) });
        } catch (err) {
          failures.push(`${url}: ${(err as Error).message}`);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, FLOOD_PACE_MS - (performance.now() - started))));
      }
    };
    const probes: number[] = [];
    const probe = async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          const a = await get(`${base}/ulca/health`, probeAgent, PROBE_TIMEOUT_MS);
          probes.push(a.status === 200 ? a.ms : PROBE_TIMEOUT_MS);
        } catch {
          probes.push(PROBE_TIMEOUT_MS);
        }
        await new Promise((r) => setTimeout(r, Math.max(0, PROBE_EVERY_MS - (performance.now() - started))));
      }
    };
    await Promise.all([...Array.from({ length: CONNECTIONS }, worker), probe()]);
    agent.destroy();
    probeAgent.destroy();

    const rendered = answers.filter(({ a }) => a.body.includes(marker)).map(({ url }) => url);
    const summary = {
      requests: answers.length,
      failures: failures.length,
      rendered: rendered.length,
      floodP95: p95(answers.map(({ a }) => a.ms)),
      probes: probes.length,
      healthP95: p95(probes),
    };
    console.info('distinct-path flood', summary);
    expect(failures).toEqual([]);
    expect(answers.length).toBeGreaterThan(CONNECTIONS);
    const notHtml = answers.filter(({ a }) => a.status !== 200 || !a.type.startsWith('text/html') || !/^<!doctype html>/i.test(a.body));
    expect(notHtml.map(({ url, a }) => `${url}: ${a.status} ${a.type}`)).toEqual([]);
    // None of them is rendered with data: no data loaded, no page kept for it.
    expect(rendered.slice(0, 5)).toEqual([]);
    expect(probes.length).toBeGreaterThan(FLOOD_MS / PROBE_EVERY_MS / 4);
    expect(summary.healthP95).toBeLessThanOrEqual(200);

    // The canonical page still goes out with its data.
    const after = await get(`${base}/ulca/search-model/${published}`, new http.Agent(), 30_000);
    expect(after.body).toContain(marker);
  }, 60_000);

  it('renders unknown ids of the right shape without data, and a made-up benchmark id too', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    for (const url of [
      `/ulca/search-model/${randomUUID()}`,
      `/ulca/search-model/${published}/model/`,
      `/ulca/search-model/${published}/`,
      `/ulca/SEARCH-model/${published}`,
      `/ulca/model/benchmark-details/${randomUUID().toUpperCase()}`,
    ]) {
      const a = await get(base + url, agent, 30_000);
      expect(a.status, url).toBe(200);
      expect(a.body === index, `${url}: the plain app`).toBe(true);
    }
    agent.destroy();
  });
});
