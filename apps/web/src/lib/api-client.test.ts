import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stubSignedInBrowser } from '../test/browser-stubs.ts';

// The api client reads the session from browser storage; give it a signed-in user in Node.
stubSignedInBrowser({ userID: 'u-7', email: 'asha@example.org', firstName: 'Asha', roles: ['CONTRIBUTOR-USER'] });

let client: typeof import('./api-client.ts');
beforeAll(async () => {
  client = await import('./api-client.ts');
});
afterAll(() => vi.unstubAllGlobals());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
type Call = { url: string; headers: Record<string, string>; body?: string };

/** Stubs fetch with `answer` per call; returns the calls made. */
function serve(answer: (call: Call, n: number) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const call = { url, headers: init.headers as Record<string, string>, body: init.body as string | undefined };
    calls.push(call);
    return answer(call, calls.length);
  });
  return calls;
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client signing (signature v2)', () => {
  it('signs method, path with query, time, nonce and body, with a fresh nonce per call', async () => {
    const calls = serve(() => json(200, { ok: true }));
    await client.apiRequest('POST', '/ulca/x', { body: { a: 'हिन्दी' }, query: { p: 1 } });
    await client.apiRequest('POST', '/ulca/x', { body: { a: 'हिन्दी' }, query: { p: 1 } });
    const [first, second] = calls;
    expect(first.url).toBe('/ulca/x?p=1');
    const h = first.headers;
    expect(h.key).toBe('pub');
    expect(h['x-ulca-nonce']).toMatch(/^[0-9a-f]{32}$/);
    expect(Math.abs(Number(h['x-ulca-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    const payload = sha256(`POST\n/ulca/x?p=1\n${h['x-ulca-timestamp']}\n${h['x-ulca-nonce']}\n${sha256(first.body!)}`);
    expect(h.payload).toBe(payload);
    expect(h.sig).toBe(sha256(`priv|${payload}`));
    expect(second.headers['x-ulca-nonce']).not.toBe(h['x-ulca-nonce']);
  });

  it('sends a raw body as given, with its content type, and signs exactly those bytes', async () => {
    const calls = serve(() => json(200, { ok: true }));
    const text = '--b\r\nContent-Disposition: form-data; name="file"; filename="m.json"\r\n\r\n{"name":"हिन्दी"}\r\n--b--\r\n';
    await client.apiRequest('POST', '/ulca/upload', { rawBody: { text, contentType: 'multipart/form-data; boundary=b' } });
    const [call] = calls;
    expect(call.body).toBe(text);
    expect(call.headers['content-type']).toBe('multipart/form-data; boundary=b');
    const h = call.headers;
    expect(h.payload).toBe(sha256(`POST\n/ulca/upload\n${h['x-ulca-timestamp']}\n${h['x-ulca-nonce']}\n${sha256(text)}`));
  });

  it('sends a FormData with a binary file as its exact bytes and signs those bytes (the tryMe upload)', async () => {
    const calls = serve(() => json(200, { ok: true }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0x00]);
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'page.png');
    form.append('modelId', 'm-1');
    const raw = await client.multipartBody(form);
    expect(raw.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // The server's parser reads back the same parts.
    const back = await new Response(raw.bytes, { headers: { 'content-type': raw.contentType } }).formData();
    expect(back.get('modelId')).toBe('m-1');
    expect(new Uint8Array(await (back.get('file') as Blob).arrayBuffer())).toEqual(png);
    await client.apiRequest('POST', '/ulca/try', { rawBody: raw });
    const [call] = calls;
    expect(call.body as unknown).toBe(raw.bytes);
    expect(call.headers['content-type']).toBe(raw.contentType);
    const h = call.headers;
    const bodyHash = createHash('sha256').update(raw.bytes).digest('hex');
    expect(h.payload).toBe(sha256(`POST\n/ulca/try\n${h['x-ulca-timestamp']}\n${h['x-ulca-nonce']}\n${bodyHash}`));
  });

  it("retries once on the server's clock after SIGNATURE_EXPIRED", async () => {
    const serverNow = Date.now() + 3600_000;
    const calls = serve((_c, n) =>
      n === 1
        ? json(401, { message: 'expired', code: 'SIGNATURE_EXPIRED' }, { date: new Date(serverNow).toUTCString() })
        : json(200, { ok: true }),
    );
    await expect(client.apiRequest('GET', '/ulca/y')).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect(Number(calls[1].headers['x-ulca-timestamp']) - Number(calls[0].headers['x-ulca-timestamp'])).toBeGreaterThanOrEqual(3590);
    expect(calls[1].headers['x-ulca-nonce']).not.toBe(calls[0].headers['x-ulca-nonce']);
  });

  it('does not retry other 401s', async () => {
    const calls = serve(() => json(401, { message: 'Request signature is invalid.', code: 'SIGNATURE_INVALID' }));
    await expect(client.apiRequest('GET', '/ulca/z')).rejects.toMatchObject({ status: 401, code: 'SIGNATURE_INVALID' });
    expect(calls).toHaveLength(1);
  });
});
