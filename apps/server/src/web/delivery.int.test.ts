import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { PRERENDERED_DIR, PRERENDERED_INDEX, prerenderedFile, SCREEN_CLASSES } from '@ulca/contracts';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE } from './delivery.ts';

// A web build of our own, laid out as `vite build` writes it: index.html, a hashed script with its
// .br and .gz copies, and a favicon.
const INDEX_HTML =
  '<!doctype html><html><head><script type="module" src="/ulca/assets/index-a1b2c3.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, label: 'row ${i}' }`).join(', ')}];\n`;

describe('web app delivery: precompressed assets, caching, HEAD and misses', () => {
  let p: TestPlatform;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-web-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dist, 'assets/index-a1b2c3.js'), SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets/index-a1b2c3.js.br'), zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(path.join(dist, 'assets/index-a1b2c3.js.gz'), zlib.gzipSync(SCRIPT));
    p = await createTestPlatform({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await p?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as its brotli copy when asked, cached as immutable', async () => {
    const res = await p.app.inject({
      method: 'GET',
      url: '/ulca/assets/index-a1b2c3.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client without brotli, and the plain file to one without either', async () => {
    const gz = await p.app.inject({ method: 'GET', url: '/ulca/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toBe(SCRIPT);
    const plain = await p.app.inject({ method: 'GET', url: '/ulca/assets/index-a1b2c3.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html and other unhashed files with no-cache', async () => {
    for (const url of ['/ulca/', '/ulca/dashboard', '/ulca/favicon.svg']) {
      const res = await p.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
    }
    const page = await p.app.inject({ method: 'GET', url: '/ulca/activate/a.b@example.com/u-1/123' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });

  it('answers HEAD of the SPA routes like GET, without a body', async () => {
    for (const url of ['/ulca/', '/ulca', '/ulca/dashboard', '/ulca/user/login?next=%2Fulca%2Fprofile']) {
      const get = await p.app.inject({ method: 'GET', url });
      const head = await p.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(get.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
      expect(head.headers['content-type'], url).toMatch(/text\/html/);
      expect(head.body, url).toBe('');
    }
    const asset = await p.app.inject({ method: 'HEAD', url: '/ulca/assets/index-a1b2c3.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(asset.body).toBe('');
  });

  it('answers 404 (not the HTML page) for a missing asset, by GET or HEAD', async () => {
    for (const url of ['/ulca/assets/x.js', '/ulca/assets/missing-123.css', '/ulca/nothing-here.js', '/ulca/logos/none.png']) {
      const res = await p.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
      const head = await p.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(404);
    }
    const api = await p.app.inject({ method: 'GET', url: '/ulca/apis/v0/no-such-route' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('compresses API answers for a client that accepts it', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/ulca/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const doc = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);
    const gz = await p.app.inject({
      method: 'POST',
      url: '/ulca/mdms/v0/fetch-master/bulk',
      headers: { 'accept-encoding': 'gzip' },
      payload: { masterNames: ['languages'] },
    });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toHaveProperty('data');
  });
});

describe('web app delivery: prerendered pages in the visitor’s language and screen class', () => {
  let p: TestPlatform;
  let dist: string;
  const variant = (lang: string, screen: string) =>
    INDEX_HTML.replace('<div id="root"></div>', `<div id="root"><h1>${lang} ${screen}</h1></div>`);

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-web-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(dist, PRERENDERED_DIR));
    fs.writeFileSync(
      path.join(dist, PRERENDERED_DIR, PRERENDERED_INDEX),
      JSON.stringify([{ pathname: '/ulca/dashboard', name: 'dashboard' }]),
    );
    for (const lang of ['en', 'hi', 'ta']) {
      for (const screen of SCREEN_CLASSES) {
        const file = path.join(dist, PRERENDERED_DIR, prerenderedFile('dashboard', lang, screen));
        fs.writeFileSync(file, variant(lang, screen));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(variant(lang, screen)));
      }
    }
    p = await createTestPlatform({ config: { webDist: dist } });
  });
  afterAll(async () => {
    await p?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers a prerendered path with the variant the cookie, Accept-Language and User-Agent choose (index.html when signed in), Vary on them', async () => {
    const cases = [
      [{}, 'en wide'],
      [{ 'accept-language': 'hi-IN,hi;q=0.9' }, 'hi wide'],
      [{ 'accept-language': 'hi-IN', cookie: 'ulca-language=ta' }, 'ta wide'],
      [{ 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Chrome/126.0 Mobile Safari/537.36', cookie: 'ulca-language=hi' }, 'hi phone'],
      [{ cookie: 'ulca-language=../index' }, 'en wide'],
    ] as const;
    const signedIn = await p.app.inject({
      method: 'GET',
      url: '/ulca/dashboard',
      headers: { cookie: 'ulca-signed-in=1; ulca-language=hi' },
    });
    expect(signedIn.body).toBe(INDEX_HTML);
    expect(String(signedIn.headers.vary)).toMatch(/cookie/);
    const answers = await Promise.all(cases.map(([headers]) => p.app.inject({ method: 'GET', url: '/ulca/dashboard', headers })));
    answers.forEach((res, i) => {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(variant(...(cases[i][1].split(' ') as [string, string])));
      expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
      expect(String(res.headers.vary)).toMatch(/accept-language.*cookie.*user-agent/);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    });
    const br = await p.app.inject({ method: 'GET', url: '/ulca/dashboard', headers: { 'accept-encoding': 'br', 'accept-language': 'ta' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(variant('ta', 'wide'));
  });

  it('sends /, /ulca and /ulca/ to the prerendered dashboard, keeping the query', async () => {
    for (const [url, to] of [
      ['/', '/ulca/dashboard'],
      ['/ulca', '/ulca/dashboard'],
      ['/ulca/', '/ulca/dashboard'],
      ['/ulca/?utm=x&a=%2F', '/ulca/dashboard?utm=x&a=%2F'],
    ]) {
      const res = await p.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('answers every other page, and a prerendered path with a query, with index.html', async () => {
    for (const url of ['/ulca/model/explore-models', '/ulca/dashboard/', '/ulca/dashboard/x']) {
      const res = await p.app.inject({ method: 'GET', url, headers: { cookie: 'ulca-language=hi' } });
      expect(res.body, url).toBe(INDEX_HTML);
    }
    // A query picks what the prerendered page does not show (Explore's ?task=asr): the app renders it.
    const query = await p.app.inject({ method: 'GET', url: '/ulca/dashboard?task=asr', headers: { cookie: 'ulca-language=hi' } });
    expect(query.body).toBe(INDEX_HTML);
  });
});
