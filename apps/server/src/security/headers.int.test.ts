import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.ts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../test/users.ts';

/** Parses a Content-Security-Policy header into directive → sources. */
function csp(header: string | string[] | number | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out[name] = values;
  }
  return out;
}

/** `<script>` elements without a src attribute (inline scripts) in an HTML page. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/.test(m[1])).map((m) => m[0]);
}

describe('security headers and body limits', () => {
  let p: TestPlatform;
  let user: TestUser;

  beforeAll(async () => {
    // A proxy on this host, as TRUST_PROXY=loopback names it (none is trusted by default).
    p = await createTestPlatform({ config: { trustProxy: ['loopback'] } });
    user = await createSignedInUser(p);
  });
  afterAll(async () => {
    await p?.close();
  });

  it('sends a CSP without inline scripts and with frame-ancestors none, plus the usual hardening headers', async () => {
    for (const url of ['/ulca/health', '/ulca/user-mgmt/v1/users/me', '/ulca/docs/json']) {
      const res = await p.app.inject({ method: 'GET', url });
      const policy = csp(res.headers['content-security-policy']);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['script-src-attr']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // DENY, as frame-ancestors 'none' says (SAMEORIGIN contradicted it for older browsers).
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('serves the web app with no inline script, under the same policy', async () => {
    const index = path.join(p.ctx.config.webDist, 'index.html');
    expect(fs.existsSync(index), 'build the web app first (npm run build:web)').toBe(true);
    const res = await p.app.inject({ method: 'GET', url: '/ulca/dataset/upload' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(inlineScripts(res.body)).toEqual([]);
    expect(res.body).toMatch(/<script[^>]+src="\/ulca\/assets\/[^"]+\.js"/);
    expect(csp(res.headers['content-security-policy'])['frame-ancestors']).toEqual(["'none'"]);
  });

  it('keeps /ulca/docs (swagger-ui) working: its page loads script files only', async () => {
    const page = await p.app.inject({ method: 'GET', url: '/ulca/docs/' });
    expect(page.statusCode).toBe(200);
    expect(inlineScripts(page.body)).toEqual([]);
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const src of scripts) {
      const res = await p.app.inject({ method: 'GET', url: new URL(src, 'http://x/ulca/docs/').pathname });
      expect(res.statusCode, src).toBe(200);
    }
    const doc = await p.app.inject({ method: 'GET', url: '/ulca/docs/json' });
    expect(doc.json().paths['/ulca/user-mgmt/v1/users/forgot-password']).toBeDefined();
  });

  it('sends HSTS only for requests that came over https through a trusted proxy', async () => {
    const plain = await p.app.inject({ method: 'GET', url: '/ulca/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await p.app.inject({ method: 'GET', url: '/ulca/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    const spoofed = await p.app.inject({
      method: 'GET',
      url: '/ulca/health',
      remoteAddress: '203.0.113.5',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers carrying a secret (login, a generated API key) with Cache-Control: no-store, others without', async () => {
    const other = await createSignedInUser(p);
    const login = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/login',
      payload: { authenticator: 'ULCA', data: { email: other.email, password: other.password } },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.userKeys.privateKey).toBeTruthy();
    expect(login.headers['cache-control']).toBe('no-store');
    const key = await signedInject(p.app, other, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', {
      userID: other.userId,
      appName: 'no-store-app',
    });
    expect(key.statusCode, key.body).toBe(200);
    expect(key.headers['cache-control']).toBe('no-store');
    expect((await p.app.inject({ method: 'GET', url: '/ulca/health' })).headers['cache-control']).toBeUndefined();
  });

  it('refuses a body over the limit with 413 and changes nothing', async () => {
    const big = JSON.stringify({
      users: [{ firstName: 'Big Body', email: 'big@example.org', password: 'Str0ng&Pass', roles: ['x'.repeat(BODY_LIMIT_BYTES)] }],
    });
    const res = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/signup',
      payload: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Request body is too large.', code: 'BODY_TOO_LARGE' });
    expect(await p.ctx.db.db.selectFrom('users').select('user_id').where('email', '=', 'big@example.org').execute()).toEqual([]);

    const signed = await signedInject(p.app, user, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', {
      userID: user.userId,
      appName: 'y'.repeat(BODY_LIMIT_BYTES),
    });
    expect(signed.statusCode).toBe(413);
    expect(await p.ctx.db.db.selectFrom('api_keys').select('key_id').where('user_id', '=', user.userId).execute()).toEqual([]);

    // Just under the limit is parsed (and then refused by validation, not by size).
    const under = JSON.stringify({ email: `${'a'.repeat(BODY_LIMIT_BYTES - 100)}@example.org` });
    const ok = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/forgot-password',
      payload: under,
      headers: { 'content-type': 'application/json' },
    });
    expect(ok.statusCode).toBe(400);
  });
});
