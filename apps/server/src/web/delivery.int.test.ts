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
    p = await createTestPlatform({ config: { webDist: dist, webRenderer: path.join(dist, 'no-renderer.mjs') } });
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

/**
 * A web build of our own with `pathname` prerendered as `name`: index.html and, per language and
 * screen class, the page `html(lang, screen)` with its brotli copy. Returns the folder.
 */
function prerenderedDist(pathname: string, name: string, html: (lang: string, screen: string) => string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-web-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.mkdirSync(path.join(dist, PRERENDERED_DIR));
  fs.writeFileSync(path.join(dist, PRERENDERED_DIR, PRERENDERED_INDEX), JSON.stringify([{ pathname, name }]));
  for (const lang of ['en', 'hi', 'ta']) {
    for (const screen of SCREEN_CLASSES) {
      const file = path.join(dist, PRERENDERED_DIR, prerenderedFile(name, lang, screen));
      fs.writeFileSync(file, html(lang, screen));
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html(lang, screen)));
    }
  }
  return dist;
}

describe('web app delivery: prerendered pages in the visitor’s language and screen class', () => {
  let p: TestPlatform;
  let dist: string;
  const variant = (lang: string, screen: string) =>
    INDEX_HTML.replace('<div id="root"></div>', `<div id="root"><h1>${lang} ${screen}</h1></div>`);

  beforeAll(async () => {
    dist = prerenderedDist('/ulca/dashboard', 'dashboard', variant);
    p = await createTestPlatform({ config: { webDist: dist, webRenderer: path.join(dist, 'no-renderer.mjs') } });
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

// A stand-in for the web build's server-side entry (a PageRenderer): its data comes from a real
// public route of the app through the transport the server gives it; it counts its renders and can
// be told to change its data or to fail.
const RENDERER = `
const state = (globalThis.__liveRenderTest ??= { renders: 0, version: 1, fail: false, seen: [], asked: {}, loads: 0, loading: 0, maxLoading: 0 });
let transport;
export function setTransport(t) { transport = t; }
export function hasPageData(pathname) {
  state.asked[pathname] = (state.asked[pathname] ?? 0) + 1;
  return pathname === '/ulca/model/explore-models' || pathname.startsWith('/ulca/search-model/'); }
export async function loadPageData(pathname) {
  if (pathname.startsWith('/ulca/search-model/')) {
    state.loads++;
    state.maxLoading = Math.max(state.maxLoading, ++state.loading);
    await new Promise((r) => setTimeout(r, 10));
    state.loading--;
    const known = pathname.endsWith('known');
    return { queries: known ? [{ queryHash: 'model', state: { data: { status: 200, n: 1, v: 0 } } }] : [] };
  }
  const res = await transport('/ulca/mdms/v0/fetch-master/bulk', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ masterNames: ['languages'] }),
  });
  const answer = await res.json();
  const missing = await transport('/ulca/apis/v0/no-such-route', { method: 'GET', headers: {} });
  state.seen.push(missing.status);
  return { queries: [{ queryHash: 'languages', state: { data: { status: res.status, n: answer.data.languages.length, v: state.version }, dataUpdatedAt: Date.now() } }] };
}
export function dataVersion(data) { return JSON.stringify(data.queries.map((q) => q.state.data)); }
export async function renderPage(pathname, lang, screen, data) {
  if (state.fail) throw new Error('render failed on purpose');
  await new Promise((r) => setTimeout(r, pathname.includes('slow') ? 1500 : 20));
  state.renders++;
  const d = data.queries[0].state.data;
  const cards = '<p>a model card</p>'.repeat(100);
  return { html: '<main>' + lang + ' ' + screen + ' ' + d.status + ' ' + d.n + ' v' + d.v + '</main>' + cards, head: '<style></style>', title: 'Explore' };
}
export function fillTemplate(template, markup, head, lang, title, data) {
  return template.replace('<div id="root"></div>', '<div id="root" data-prerendered>' + markup + '</div><script type="application/json" id="ulca-page-data">' + JSON.stringify(data) + '</script>');
}
`;

describe('web app delivery: public pages rendered with their data', () => {
  let p: TestPlatform;
  let dist: string;
  const fixed = (lang: string, screen: string) =>
    INDEX_HTML.replace('<div id="root"></div>', `<div id="root"><h1>file ${lang} ${screen}</h1></div>`);
  const test = () =>
    (
      globalThis as unknown as {
        __liveRenderTest: {
          renders: number;
          version: number;
          fail: boolean;
          seen: number[];
          asked: Record<string, number>;
          loads: number;
          loading: number;
          maxLoading: number;
        };
      }
    ).__liveRenderTest;
  /** Waits out the time a page's loaded data is used for (live-render.ts DATA_TTL_MS, 1 s). */
  const dataExpired = () => new Promise((r) => setTimeout(r, 1100));
  const explore = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    p.app.inject({ method, url: '/ulca/model/explore-models', headers });

  beforeAll(async () => {
    dist = prerenderedDist('/ulca/model/explore-models', 'explore-models', fixed);
    fs.writeFileSync(path.join(dist, 'renderer.mjs'), RENDERER);
    // Shared with the renderer module, which the server loads on the first page it renders.
    Object.assign(globalThis, {
      __liveRenderTest: { renders: 0, version: 1, fail: false, seen: [], asked: {}, loads: 0, loading: 0, maxLoading: 0 },
    });
    p = await createTestPlatform({ config: { webDist: dist, webRenderer: path.join(dist, 'renderer.mjs') } });
  });
  afterAll(async () => {
    await p?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('renders the page with what the app’s own public routes answer, then sends the kept markup with fresh data', async () => {
    const first = await explore({ 'accept-language': 'hi' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(String(first.headers.vary)).toMatch(/accept-language.*cookie.*user-agent/);
    // The master-data route answered the transport's POST (200, its languages); a missing route answered 404.
    expect(first.body).toMatch(/<main>hi wide 200 [1-9]\d* v1<\/main>/);
    expect(first.body).toContain('id="ulca-page-data"');
    expect(test().seen).toContain(404);
    expect(test().renders).toBe(1);
    const again = await explore({ 'accept-language': 'hi', 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(again.rawPayload).toString('utf8')).toContain('<main>hi wide 200');
    expect(test().renders).toBe(1);
    const phone = await explore({ cookie: 'ulca-language=ta', 'user-agent': 'Mozilla/5.0 (Linux; Android 11) Mobile' });
    expect(phone.body).toMatch(/<main>ta phone 200/);
    expect(test().renders).toBe(2);
  });

  it('renders once more when the data changes, once for many visitors arriving together', async () => {
    test().version = 2;
    await dataExpired();
    const before = test().renders;
    const answers = await Promise.all(Array.from({ length: 12 }, () => explore({ 'accept-language': 'hi' })));
    for (const res of answers) expect(res.body).toMatch(/<main>hi wide 200 \d+ v2<\/main>/);
    expect(test().renders).toBe(before + 1);
  });

  it('sends the prerendered file when the render fails, for HEAD, with a query and index.html when signed in', async () => {
    test().version = 3;
    test().fail = true;
    await dataExpired();
    try {
      const failed = await explore({ 'accept-language': 'ta' });
      expect(failed.statusCode).toBe(200);
      expect(failed.body).toBe(fixed('ta', 'wide'));
    } finally {
      test().fail = false;
    }
    await dataExpired();
    expect((await explore({ 'accept-language': 'ta' })).body).toMatch(/<main>ta wide 200 \d+ v3/);
    const head = await explore({}, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    const query = await p.app.inject({ method: 'GET', url: '/ulca/model/explore-models?task=asr' });
    expect(query.body).toBe(INDEX_HTML);
    expect((await explore({ cookie: 'ulca-signed-in=1' })).body).toBe(INDEX_HTML);
  });

  it('renders a page that has no prerendered file when its data loads, and sends index.html when none does', async () => {
    const known = await p.app.inject({ method: 'GET', url: '/ulca/search-model/known', headers: { 'accept-encoding': 'gzip' } });
    expect(known.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(known.rawPayload).toString('utf8')).toMatch(/<main>en wide 200 1 v0<\/main>/);
    const unknown = await p.app.inject({ method: 'GET', url: '/ulca/search-model/missing' });
    expect(unknown.body).toBe(INDEX_HTML);
    expect((await p.app.inject({ method: 'GET', url: '/ulca/user/login' })).body).toBe(INDEX_HTML);
  });

  it('asks the entry once per path whether its page has data (the route table does not change)', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await explore()).body).toContain('<main>');
      expect((await p.app.inject({ method: 'GET', url: '/ulca/user/login' })).body).toBe(INDEX_HTML);
    }
    expect(test().asked['/ulca/model/explore-models']).toBe(1);
    expect(test().asked['/ulca/user/login']).toBe(1);
  });

  it('sends the page without data, at once, when more renders than a few wait already', async () => {
    const before = test().renders;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => p.app.inject({ method: 'GET', url: `/ulca/search-model/m${i}known` })),
    );
    const rendered = answers.filter((a) => a.body.includes('<main>')).length;
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(test().renders - before).toBe(rendered);
    expect(rendered).toBeGreaterThanOrEqual(1);
    expect(rendered).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.body === INDEX_HTML)).toHaveLength(12 - rendered);
  });

  it('loads data within the render budget: one load at a time, the rest without data at once, and nothing kept for an unknown page', async () => {
    // Loads of distinct paths once ran outside the render's limit and stalled the server.
    await dataExpired();
    const before = test().loads;
    test().maxLoading = 0;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => p.app.inject({ method: 'GET', url: `/ulca/search-model/u${i}` })),
    );
    expect(answers.every((a) => a.statusCode === 200 && a.body === INDEX_HTML)).toBe(true);
    expect(test().maxLoading).toBe(1);
    expect(test().loads - before).toBeGreaterThanOrEqual(1);
    expect(test().loads - before).toBeLessThanOrEqual(5);
    // An unknown page's empty load is not kept: the next visit asks again.
    const once = test().loads;
    await p.app.inject({ method: 'GET', url: '/ulca/search-model/u0' });
    await p.app.inject({ method: 'GET', url: '/ulca/search-model/u0' });
    expect(test().loads - once).toBe(2);
  });

  it('sends the page without data once its turn has not come within a second', async () => {
    const slow = p.app.inject({ method: 'GET', url: '/ulca/search-model/slowknown' });
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const waiting = await p.app.inject({ method: 'GET', url: '/ulca/search-model/m99known' });
    const waited = performance.now() - started;
    expect(waiting.body).toBe(INDEX_HTML);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(1450);
    expect((await slow).body).toContain('<main>');
  });
});
