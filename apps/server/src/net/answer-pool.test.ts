/**
 * Large answers read off the loop (docs/operations.md#model-answers): a large tts answer is parsed
 * and checked in a worker and passed on as its own bytes; a bad one is refused as before; a large
 * answer that finds no turn within the wait is refused as BUSY, never parsed on the loop.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentWav } from '../test/model-server.ts';
import { AnswerPool, AnswerPoolBusyError } from './answer-pool.ts';
import { answerBytesOf, callModelEndpoint, ModelCallError, type ModelCallTarget } from './model-call.ts';

const MiB = 1024 * 1024;
/** A valid tts answer of about 4 MiB. */
const answer = Buffer.from(JSON.stringify({ audio: [{ audioContent: silentWav((3 * MiB) / 32000).toString('base64') }] }));
const wrong = Buffer.from(JSON.stringify({ audio: [], padding: 'x'.repeat(2 * MiB) }));

let server: http.Server;
let base = '';
let pool: AnswerPool;

beforeAll(async () => {
  // /ok answers `answer` with its length, /chunked without, /wrong a large answer of the wrong shape.
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const body = req.url === '/wrong' ? wrong : answer;
      res.writeHead(200, { 'content-type': 'application/json', ...(req.url === '/chunked' ? {} : { 'content-length': body.length }) });
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  pool = new AnswerPool(2, 10_000);
});
afterAll(async () => {
  await pool.close();
  await new Promise((resolve) => server.close(resolve));
});

const opts = () => ({ allowedHosts: ['127.0.0.1'], timeoutMs: 20_000, maxBytes: 8 * MiB, answers: pool });
const tts = (path: string): ModelCallTarget & { task: 'tts' } => ({
  callbackUrl: `${base}${path}`,
  inferenceApiKey: null,
  isSyncApi: true,
  asyncApiDetails: null,
  task: 'tts',
});

describe('large model answers', () => {
  it('parses a large answer in a worker and keeps its exact bytes to send, with or without Content-Length', async () => {
    for (const path of ['/ok', '/chunked']) {
      const { body } = await callModelEndpoint(tts(path), {}, opts());
      expect(body.audio[0].audioContent?.length).toBeGreaterThan(3 * MiB);
      expect(answerBytesOf(body)?.equals(answer)).toBe(true);
    }
  }, 30_000);

  it('refuses a large answer of the wrong shape as BAD_RESPONSE, naming where', async () => {
    const err = await callModelEndpoint(tts('/wrong'), {}, opts()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelCallError);
    expect((err as ModelCallError).code).toBe('BAD_RESPONSE');
    expect((err as ModelCallError).message).toMatch(/tts response schema at audio/);
  }, 30_000);

  it('refuses a large answer that finds no turn within the wait as BUSY', async () => {
    const narrow = new AnswerPool(1, 1);
    try {
      const bytes = Buffer.from(answer);
      const results = await Promise.allSettled([narrow.parse(bytes, 'tts'), narrow.parse(bytes, 'tts')]);
      expect(results[0].status).toBe('fulfilled');
      expect(results[1].status === 'rejected' && results[1].reason).toBeInstanceOf(AnswerPoolBusyError);
      const calls = await Promise.allSettled([0, 1, 2].map(() => callModelEndpoint(tts('/ok'), {}, { ...opts(), answers: narrow })));
      const busy = calls.filter((c) => c.status === 'rejected' && (c.reason as ModelCallError).code === 'BUSY');
      expect(busy.length).toBeGreaterThan(0);
    } finally {
      await narrow.close();
    }
  }, 30_000);
});
