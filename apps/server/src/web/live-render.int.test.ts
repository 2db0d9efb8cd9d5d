import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_DATA_ID } from '@ulca/contracts';
import type { TestPlatform } from '../test/harness.ts';
import { useTestPlatform } from '../test/platform-hook.ts';
import { createSignedInUser } from '../test/users.ts';
import { insertTestModel } from '../test/models.ts';
import { loadConfig } from '../config.ts';

// The real web build (npm test builds it before the tests): its server-side entry renders the
// pages with the data this platform's public routes answer.
const { webDist, webRenderer } = loadConfig(process.env);
const built = fs.existsSync(webRenderer) && fs.existsSync(path.join(webDist, 'index.html'));

/** A contributor's model name written to break out of the page: it must stay text. */
const HOSTILE = '</script><script>alert(1)</script><!-- <img src=x onerror=alert(2)>';

/** The page's `<script>` elements, and the data element's JSON. */
function scripts(html: string): { tags: string[]; data: unknown } {
  const tags = html.match(/<script\b[^>]*>/g) ?? [];
  const m = new RegExp(`<script type="application/json" id="${PRERENDERED_DATA_ID}">(.*?)</script>`).exec(html);
  return { tags, data: m ? JSON.parse(m[1]) : undefined };
}

describe.skipIf(!built)('pages rendered with their data by the web build’s server-side entry', () => {
  let p: TestPlatform;
  let index: string;
  let published: string;
  let draft: string;

  useTestPlatform(
    {},
    async (platform) => {
      p = platform;
      index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
      const owner = await createSignedInUser(p);
      published = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: 'http://127.0.0.1:1/t', name: HOSTILE });
      draft = await insertTestModel(p.ctx, {
        userId: owner.userId,
        callbackUrl: 'http://127.0.0.1:1/t',
        name: 'Secret draft model',
        status: 'unpublished',
      });
    },
    60_000,
  );

  it('shows Explore’s published models to a signed-out visitor, a hostile name as text, never an unpublished one', async () => {
    const res = await p.app.inject({ method: 'GET', url: '/ulca/model/explore-models', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('Secret draft model');
    const { tags, data } = scripts(html);
    // The build's own script elements and the data element: nothing the model's name opened.
    expect(tags).toHaveLength((index.match(/<script\b/g) ?? []).length + 1);
    expect(JSON.stringify(data)).toContain(HOSTILE);
    expect(JSON.stringify(data)).toContain(published);
  });

  it('renders a published model’s page with its name in the title, and the plain app for an unpublished or unknown one', async () => {
    const page = await p.app.inject({ method: 'GET', url: `/ulca/search-model/${published}`, headers: { 'accept-language': 'hi' } });
    expect(page.body).toMatch(/<h1[^>]*>&lt;\/script&gt;/);
    expect(page.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(page.body).toContain('<html lang="hi">');
    expect(scripts(page.body).tags).toHaveLength((index.match(/<script\b/g) ?? []).length + 1);
    for (const id of [draft, 'no-such-model', '%3Cscript%3E']) {
      const res = await p.app.inject({ method: 'GET', url: `/ulca/search-model/${id}` });
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toBe(index);
    }
  });

  it('gives a signed-in visitor the plain app, whose header is theirs', async () => {
    const res = await p.app.inject({ method: 'GET', url: `/ulca/search-model/${published}`, headers: { cookie: 'ulca-signed-in=1' } });
    expect(res.body).toBe(index);
  });
});
