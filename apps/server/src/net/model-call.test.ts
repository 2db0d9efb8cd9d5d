import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { callModelEndpoint, ModelCallError, type ModelCallTarget } from './model-call.ts';

let models: TestModelServer;
let pending: http.Server;
let pendingUrl = '';

beforeAll(async () => {
  models = await startTestModelServer();
  // An async job that never finishes: every poll answers IN_PROGRESS.
  pending = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(req.url === '/start' ? { requestId: 'forever' } : { status: 'IN_PROGRESS' }));
    });
  });
  await new Promise<void>((resolve) => pending.listen(0, '127.0.0.1', resolve));
  pendingUrl = `http://127.0.0.1:${(pending.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await models.close();
  await new Promise<void>((resolve) => pending.close(() => resolve()));
});

const LOCAL = { allowedHosts: ['127.0.0.1'], timeoutMs: 2000, maxBytes: 1024 * 1024 };
const request = { input: [{ source: 'hello' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } };

function target(path: string, extra: Partial<Omit<ModelCallTarget, 'task'>> = {}): ModelCallTarget & { task: 'translation' } {
  return { callbackUrl: models.url(path), inferenceApiKey: null, isSyncApi: true, asyncApiDetails: null, ...extra, task: 'translation' };
}

async function failure(p: Promise<unknown>): Promise<ModelCallError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ModelCallError);
  return err as ModelCallError;
}

describe('callModelEndpoint', () => {
  it('POSTs the request as JSON and returns the validated answer', async () => {
    const { body, latencyMs } = await callModelEndpoint(target('translation'), request, LOCAL);
    expect(body.output[0]).toEqual({ source: 'hello', target: 'hi:hello' });
    expect(latencyMs).toBeGreaterThan(0);
    expect(models.calls.at(-1)?.body).toEqual(request);
    expect(models.calls.at(-1)?.headers['content-type']).toBe('application/json');
  });

  it('sends the inference key as its header', async () => {
    const err = await failure(callModelEndpoint(target('key/translation'), request, LOCAL));
    expect(err.code).toBe('HTTP_ERROR');
    expect(err.status).toBe(401);
    expect(err.message).toContain('bad key');
    const { body } = await callModelEndpoint(
      target('key/translation', { inferenceApiKey: { name: 'authorization', value: 'Bearer test-key' } }),
      request,
      LOCAL,
    );
    expect(body.output[0].target).toBe('hi:hello');
  });

  it('refuses a loopback endpoint unless its host is allowed', async () => {
    const err = await failure(callModelEndpoint(target('translation'), request, { ...LOCAL, allowedHosts: [] }));
    expect(err.code).toBe('URL_REFUSED');
    expect(err.message).toMatch(/loopback address \(127\.0\.0\.1\)/);
  });

  it('gives up on an endpoint that hangs at the time limit', async () => {
    const t0 = Date.now();
    const err = await failure(callModelEndpoint(target('hang/translation'), request, { ...LOCAL, timeoutMs: 300 }));
    expect(err.code).toBe('TIMEOUT');
    expect(err.message).toBe('The model endpoint did not answer within 300 ms.');
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  it("the caller's signal cancels a call in flight", async () => {
    const controller = new AbortController();
    const call = callModelEndpoint(target('hang/translation'), request, { ...LOCAL, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client gone')), 50);
    const err = await failure(call);
    expect(err.code).toBe('UNREACHABLE');
    expect(err.message).toBe('The model endpoint could not be reached: client gone');
  });

  it('reports 500, garbage and a wrong shape', async () => {
    const e500 = await failure(callModelEndpoint(target('error/translation'), request, LOCAL));
    expect([e500.code, e500.status]).toEqual(['HTTP_ERROR', 500]);
    expect(e500.message).toBe('The model endpoint answered HTTP 500: boom.');
    expect((await failure(callModelEndpoint(target('garbage/translation'), request, LOCAL))).code).toBe('BAD_RESPONSE');
    const wrong = await failure(callModelEndpoint(target('wrong/translation'), request, LOCAL));
    expect(wrong.code).toBe('BAD_RESPONSE');
    expect(wrong.message).toMatch(/does not follow the ULCA translation response schema at output/);
  });

  it('stops reading an answer over the size cap', async () => {
    const err = await failure(callModelEndpoint(target('huge/translation?mb=5'), request, LOCAL));
    expect(err.code).toBe('TOO_LARGE');
    expect(err.message).toContain('1 MiB');
    // The next call still works (a fresh or a healthy pooled connection).
    expect((await callModelEndpoint(target('translation'), request, LOCAL)).body.output[0].target).toBe('hi:hello');
  });

  it('polls an asynchronous endpoint to its answer', async () => {
    const before = models.calls.length;
    const { body } = await callModelEndpoint(
      target('async/translation', { isSyncApi: false, asyncApiDetails: { pollingUrl: models.url('poll'), pollInterval: 20 } }),
      request,
      LOCAL,
    );
    expect(body.output[0].target).toBe('hi:hello');
    const polls = models.calls.slice(before).filter((c) => c.path === '/poll');
    expect(polls).toHaveLength(3);
    expect(polls[0].body).toEqual({ requestId: expect.any(String) });
  });

  it('bounds an asynchronous job that never finishes by the overall limit', async () => {
    const t0 = Date.now();
    const err = await failure(
      callModelEndpoint(
        {
          ...target('x'),
          callbackUrl: `${pendingUrl}/start`,
          isSyncApi: false,
          asyncApiDetails: { pollingUrl: `${pendingUrl}/poll/{requestId}`, pollInterval: 30 },
        },
        request,
        { ...LOCAL, timeoutMs: 400 },
      ),
    );
    expect(err.code).toBe('TIMEOUT');
    expect(Date.now() - t0).toBeLessThan(1500);
  });
});
