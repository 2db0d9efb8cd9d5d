import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { loginRequest } from '../../test/users.ts';
import { buildApp } from '../../app.ts';
import type { FullContext } from '../../app-services.ts';
import { signedIn } from '../../security/access.ts';
import { ensureAdmin } from './bootstrap.ts';
import { DELETED_EMAIL_DOMAIN, getUserById, RESERVED_EMAIL_DOMAIN_MESSAGE } from './service.ts';
import { legacySignedHeaders, payloadForBody, payloadV2, signRequest, signedHeaders } from '../../security/signing.ts';
import { isStrongPassword, SYSTEM_ACCOUNT_DOMAIN } from '@ulca/contracts';
import { sessionCacheFor } from '../../security/session-cache.ts';
import { emlText, mailSettled } from '../../test/outbox.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const PASSWORD = 'Str0ng&Secret';
const PASSWORD_MESSAGE = 'Minimum length is 8 characters with combination of uppercase, lowercase, number and a special character';

interface Keys {
  publicKey: string;
  privateKey: string;
}

/** The activation link in the newest outbox message to `to`. */
function activationLinkFor(outboxDir: string, to: string): string {
  const files = fs
    .readdirSync(outboxDir)
    .filter((f) => f.endsWith(`-${to}.eml`))
    .sort();
  expect(files.length).toBeGreaterThan(0);
  const raw = fs.readFileSync(path.join(outboxDir, files[files.length - 1]), 'utf8');
  expect(raw).toMatch(new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'mi'));
  const link = emlText(raw).match(/https?:\/\/\S+\/ulca\/activate\/\S+/)?.[0];
  expect(link).toBeDefined();
  return link!;
}

/** Splits an activation link into the body of verify-user. */
function linkParts(link: string): { email: string; userID: string; token: string } {
  const [email, userID, token] = new URL(link).pathname.replace(/^\/ulca\/activate\//, '').split('/');
  return { email: decodeURIComponent(email), userID, token };
}

describe('accounts: sign-up, activation, login and signed calls', () => {
  let platform: TestPlatform;
  let ctx: FullContext;
  /** The real app plus test-only routes, on the same context and database. */
  let app: FastifyInstance;
  /** The same with LEGACY_MD5_SIGNATURES=true. */
  let legacyApp: FastifyInstance;
  let keys: Keys;
  let userId: string;

  const addTestRoutes = (a: FastifyInstance) => {
    a.post('/test/echo', { config: { access: signedIn() } }, async (req) => ({ user: req.user, body: req.body }));
    a.get('/test/whoami', { config: { access: signedIn() } }, async (req) => ({ userId: req.user?.userId, query: req.query }));
    a.get('/test/admin-only', { config: { access: signedIn(['ADMIN']) } }, async () => ({ ok: true }));
  };

  beforeAll(async () => {
    platform = await createTestPlatform({ config: { publicUrl: 'https://ulca.example.org' } });
    ctx = platform.ctx;
    app = await buildApp(ctx, { logger: false });
    addTestRoutes(app);
    await app.ready();
    const legacyCtx = { ...ctx, config: { ...ctx.config, legacyMd5Signatures: true } };
    legacyApp = await buildApp(legacyCtx, { logger: false });
    addTestRoutes(legacyApp);
    await legacyApp.ready();
  });

  afterAll(async () => {
    await app?.close();
    await legacyApp?.close();
    await platform?.close();
  });

  const signup = (user: Record<string, unknown>) =>
    platform.app.inject({ method: 'POST', url: `${USERS}/signup`, payload: { users: [user] } });
  const login = (email: string, password: string) => loginRequest(platform.app, email, password);

  /** Signs and sends a JSON POST, the body string exactly as sent. */
  const signedPost = (a: FastifyInstance, url: string, body: unknown, k: Keys = keys) => {
    const raw = JSON.stringify(body);
    return a.inject({
      method: 'POST',
      url,
      payload: raw,
      headers: { 'content-type': 'application/json', ...signedHeaders(k, { method: 'POST', url, body: raw }) },
    });
  };
  const signedGet = (a: FastifyInstance, url: string, k: Keys = keys) =>
    a.inject({ method: 'GET', url, headers: { ...signedHeaders(k, { method: 'GET', url }) } });

  it('signs up an inactive CONTRIBUTOR-USER whatever roles are sent', async () => {
    const res = await signup({ firstName: 'Asha Rao', email: 'Asha@Example.org', password: PASSWORD, roles: ['ADMIN'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/registered successfully/i);
    const row = await ctx.db.db.selectFrom('users').selectAll().where('email', '=', 'asha@example.org').executeTakeFirstOrThrow();
    expect(row.roles).toEqual(['CONTRIBUTOR-USER']);
    expect(row.is_active).toBe(false);
    expect(row.user_id).toMatch(/^[0-9a-f]{32}$/);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    userId = row.user_id;
  });

  it('rejects invalid sign-up fields with the spec messages', async () => {
    const base = { firstName: 'Ravi Kumar', email: 'ravi@example.org', password: PASSWORD };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, firstName: 'R4vi' }, 'Name is not proper'],
      [{ ...base, firstName: '   ' }, 'Name is not proper'],
      [{ ...base, email: 'ravi@' }, 'Invalid email'],
      [{ ...base, password: 'Sh0rt!' }, PASSWORD_MESSAGE],
      [{ ...base, password: 'alllowercase1!' }, PASSWORD_MESSAGE],
      [{ ...base, password: 'NoDigitsHere!' }, PASSWORD_MESSAGE],
    ];
    for (const [user, message] of cases) {
      const res = await signup(user);
      expect(res.statusCode, JSON.stringify(user)).toBe(400);
      expect(res.json()).toMatchObject({ message, code: 'VALIDATION_FAILED' });
    }
    const missing = await platform.app.inject({ method: 'POST', url: `${USERS}/signup`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(await ctx.db.db.selectFrom('users').select('email').where('email', '=', 'ravi@example.org').execute()).toEqual([]);
  });

  it('accepts names in Indian scripts', async () => {
    const res = await signup({ firstName: 'अनीता शर्मा', email: 'anita@example.org', password: PASSWORD });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a second account with the same e-mail (any case) with 422', async () => {
    const res = await signup({ firstName: 'Other Person', email: 'ASHA@example.org', password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'A User with same email already exist.', code: 'DUPLICATE_EMAIL' });
  });

  it("refuses an e-mail address at the platform accounts' domain with 400 RESERVED_EMAIL_DOMAIN, creating nothing", async () => {
    const email = `someone@${SYSTEM_ACCOUNT_DOMAIN.toUpperCase()}`;
    const res = await signup({ firstName: 'Some One', email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RESERVED_EMAIL_DOMAIN', message: RESERVED_EMAIL_DOMAIN_MESSAGE });
    expect(await ctx.db.db.selectFrom('users').select('email').where('email', '=', email.toLowerCase()).execute()).toEqual([]);
  });

  it("refuses an e-mail address at the deleted accounts' domain with 400 RESERVED_EMAIL_DOMAIN, creating nothing", async () => {
    // A deleted account is renamed to deleted-<id>@deleted.invalid: a sign-up there could take a tombstone's address.
    const email = `deleted-someone@${DELETED_EMAIL_DOMAIN.toUpperCase()}`;
    const res = await signup({ firstName: 'Some One', email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'RESERVED_EMAIL_DOMAIN', message: RESERVED_EMAIL_DOMAIN_MESSAGE });
    expect(await ctx.db.db.selectFrom('users').select('email').where('email', '=', email.toLowerCase()).execute()).toEqual([]);
  });

  it('e-mails an activation link that carries a token stored only as its hash', async () => {
    await mailSettled(platform.ctx);
    const link = activationLinkFor(platform.outboxDir, 'asha@example.org');
    expect(link.startsWith(`https://ulca.example.org/ulca/activate/${encodeURIComponent('asha@example.org')}/${userId}/`)).toBe(true);
    const { token } = linkParts(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await ctx.db.db.selectFrom('users').select('activation_token_hash').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.activation_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
  });

  it('refuses login before activation with 403', async () => {
    const res = await login('asha@example.org', PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Account is not activated. Please check your e-mail.');
  });

  it('does not activate with a wrong token or another user id', async () => {
    await mailSettled(platform.ctx);
    const parts = linkParts(activationLinkFor(platform.outboxDir, 'asha@example.org'));
    for (const body of [
      { ...parts, token: parts.token.slice(0, -2) + (parts.token.endsWith('AA') ? 'BB' : 'AA') },
      { ...parts, userID: '0'.repeat(32) },
      { ...parts, email: 'anita@example.org' },
    ]) {
      const res = await platform.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'ACTIVATION_INVALID',
        message: 'This activation link is not valid, has expired or has already been used.',
      });
    }
    expect((await getUserById(ctx, userId))?.isActive).toBe(false);
  });

  it('activates once with the link, then the link is spent', async () => {
    await mailSettled(platform.ctx);
    const parts = linkParts(activationLinkFor(platform.outboxDir, 'asha@example.org'));
    const res = await platform.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: parts });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Your account has been activated.');
    expect((await getUserById(ctx, userId))?.isActive).toBe(true);
    // A spent link opened again says the account is already active (not "activation failed").
    const again = await platform.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: parts });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'This account is already active. You can sign in.', code: 'ALREADY_ACTIVE' });
    // A wrong e-mail with that user id is still just an invalid link.
    const wrongMail = await platform.app.inject({
      method: 'POST',
      url: `${USERS}/verify-user`,
      payload: { ...parts, email: 'other@example.org' },
    });
    expect(wrongMail.statusCode).toBe(400);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await login('asha@example.org', 'Wr0ng&Password');
    const unknown = await login('nobody@example.org', PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid email / password');
    }
    const blank = await login('  ', PASSWORD);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Enter an email');
    const blankPassword = await login('asha@example.org', '   ');
    expect(blankPassword.json().message).toBe('Enter a password');
  });

  it('logs in with a new key pair and the user details; the private key is encrypted at rest', async () => {
    const res = await login('ASHA@example.org', PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Logged in successfully');
    expect(body.data.userDetails).toEqual({
      userID: userId,
      email: 'asha@example.org',
      firstName: 'Asha Rao',
      lastName: null,
      roles: ['CONTRIBUTOR-USER'],
      isActive: true,
      org: null,
    });
    keys = body.data.userKeys;
    expect(keys.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.privateKey).toMatch(/^[0-9a-f]{64}$/);
    const row = await ctx.db.db.selectFrom('user_keys').selectAll().where('public_key', '=', keys.publicKey).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(userId);
    expect(row.private_key_enc).not.toContain(keys.privateKey);
    expect(fs.statSync(path.join(platform.dataDir, 'secret.key')).mode & 0o777).toBe(0o600);

    const second = (await login('asha@example.org', PASSWORD)).json().data.userKeys as Keys;
    expect(second.publicKey).not.toBe(keys.publicKey);
    expect((await signedGet(platform.app, `${USERS}/me`, second)).statusCode).toBe(200);
  });

  it('serves /users/me to a signed GET', async () => {
    const res = await signedGet(platform.app, `${USERS}/me`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userID: userId, email: 'asha@example.org', roles: ['CONTRIBUTOR-USER'] });
  });

  it("keeps the caller's interface language: none at first, then the one chosen; refuses an unknown one", async () => {
    const first = await signedGet(platform.app, `${USERS}/language`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ language: null });
    expect((await signedPost(platform.app, `${USERS}/language`, { language: 'ta' })).statusCode).toBe(200);
    expect((await signedPost(platform.app, `${USERS}/language`, { language: 'hi' })).statusCode).toBe(200);
    expect((await signedGet(platform.app, `${USERS}/language`)).json()).toEqual({ language: 'hi' });
    const bad = await signedPost(platform.app, `${USERS}/language`, { language: 'xx' });
    expect(bad.statusCode).toBe(400);
    expect((await platform.app.inject({ method: 'GET', url: `${USERS}/language` })).statusCode).toBe(401);
  });

  it('verifies a signed GET over the path and query as sent', async () => {
    const url = `/test/whoami?userId=${userId}&startPage=1`;
    const ok = await signedGet(app, url);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ userId, query: { userId, startPage: '1' } });
    // Headers computed for one query, sent with another.
    const h = signedHeaders(keys, { method: 'GET', url });
    const tampered = await app.inject({ method: 'GET', url: `/test/whoami?userId=someone-else&startPage=1`, headers: { ...h } });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().message).toBe('Request signature is invalid.');
  });

  it('verifies a signed POST over the exact body and refuses a replay with another body', async () => {
    const body = { datasetName: 'Hindi news sentences', url: 'https://example.org/data.zip' };
    const ok = await signedPost(app, '/test/echo', body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      user: {
        userId,
        email: 'asha@example.org',
        firstName: 'Asha Rao',
        lastName: null,
        org: null,
        roles: ['CONTRIBUTOR-USER'],
        publicKey: keys.publicKey,
      },
      body,
    });

    const raw = JSON.stringify(body);
    const headers = signedHeaders(keys, { method: 'POST', url: '/test/echo', body: raw });
    const other = JSON.stringify({ ...body, url: 'https://example.org/other.zip' });
    const replay = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: other,
      headers: { 'content-type': 'application/json', ...headers },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'SIGNATURE_INVALID', message: 'Request signature is invalid.' });

    // Same data, different bytes (whitespace): the payload is over the exact body, so it differs too.
    const spaced = JSON.stringify(body, null, 2);
    const reformatted = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: spaced,
      headers: { 'content-type': 'application/json', ...headers },
    });
    expect(reformatted.statusCode).toBe(401);
  });

  it('verifies a body signed over its raw bytes, even when they are not valid UTF-8', async () => {
    // {"note":"<0xff 0xfe>"}: JSON.parse sees U+FFFD, the signature covers the bytes sent.
    const bytes = Buffer.concat([Buffer.from('{"note":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const res = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: bytes,
      headers: { 'content-type': 'application/json', ...signedHeaders(keys, { method: 'POST', url: '/test/echo', body: bytes }) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toEqual({ note: '\uFFFD\uFFFD' });
    // Signing the decoded text instead does not match the bytes received.
    const decoded = bytes.toString('utf8');
    const wrong = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: bytes,
      headers: { 'content-type': 'application/json', ...signedHeaders(keys, { method: 'POST', url: '/test/echo', body: decoded }) },
    });
    expect(wrong.statusCode).toBe(401);
    // A v1 signature over the raw bytes verifies too (LEGACY_MD5_SIGNATURES=true).
    const v1 = { key: keys.publicKey, payload: payloadForBody(bytes), sig: signRequest(keys.privateKey, payloadForBody(bytes)) };
    expect(
      (
        await legacyApp.inject({
          method: 'POST',
          url: '/test/echo',
          payload: bytes,
          headers: { 'content-type': 'application/json', ...v1 },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a captured call replayed on its route or another, and a second use of any nonce', async () => {
    const raw = JSON.stringify({ hello: 'once' });
    const headers = { 'content-type': 'application/json', ...signedHeaders(keys, { method: 'POST', url: '/test/echo', body: raw }) };
    expect((await app.inject({ method: 'POST', url: '/test/echo', payload: raw, headers })).statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/test/echo', payload: raw, headers });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'SIGNATURE_REPLAYED' });
    // The same headers and body on another route or method: the payload names the route.
    const fresh = { 'content-type': 'application/json', ...signedHeaders(keys, { method: 'POST', url: '/test/echo', body: raw }) };
    const elsewhere = await app.inject({ method: 'POST', url: `${USERS}/logout`, payload: raw, headers: fresh });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().code).toBe('SIGNATURE_INVALID');
    // ...and that refused attempt did not use up the nonce of the genuine call.
    expect((await app.inject({ method: 'POST', url: '/test/echo', payload: raw, headers: fresh })).statusCode).toBe(200);
    // A signed GET is good once too.
    const get = { ...signedHeaders(keys, { method: 'GET', url: `${USERS}/me` }) };
    expect((await app.inject({ method: 'GET', url: `${USERS}/me`, headers: get })).statusCode).toBe(200);
    const replays = await Promise.all(Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: `${USERS}/me`, headers: get })));
    expect(replays.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
  });

  it('accepts exactly one of many concurrent replays of one capture', async () => {
    const raw = JSON.stringify({ hello: 'race' });
    const headers = { 'content-type': 'application/json', ...signedHeaders(keys, { method: 'POST', url: '/test/echo', body: raw }) };
    // Through two app instances on one database, as two API processes would be.
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? legacyApp : app).inject({ method: 'POST', url: '/test/echo', payload: raw, headers })),
    );
    const codes = sent.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 401)).toHaveLength(29);
  });

  it('refuses a timestamp outside SIGNATURE_WINDOW_SECONDS, in the past or the future', async () => {
    const url = `${USERS}/me`;
    const window = ctx.config.signatureWindowSeconds;
    expect(window).toBe(300);
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - window - 5, now + window + 5]) {
      const res = await app.inject({ method: 'GET', url, headers: { ...signedHeaders(keys, { method: 'GET', url }, { timestamp }) } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'SIGNATURE_EXPIRED' });
    }
    expect(
      (
        await app.inject({
          method: 'GET',
          url,
          headers: { ...signedHeaders(keys, { method: 'GET', url }, { timestamp: now - window + 30 }) },
        })
      ).statusCode,
    ).toBe(200);
    // Malformed v2 headers, and one of the two missing.
    for (const bad of [
      { 'x-ulca-nonce': 'short' },
      { 'x-ulca-timestamp': 'soon' },
      { 'x-ulca-nonce': 'x'.repeat(65) },
      { 'x-ulca-nonce': undefined },
    ]) {
      const h: Record<string, string | undefined> = { ...signedHeaders(keys, { method: 'GET', url }), ...bad };
      const res = await app.inject({
        method: 'GET',
        url,
        headers: Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>,
      });
      expect(res.statusCode, JSON.stringify(bad)).toBe(401);
      expect(res.json().code).toBe('SIGNATURE_INVALID');
    }
  });

  it('keeps nonces in PostgreSQL until their window ends, then prunes them', async () => {
    const rows = await ctx.db.db.selectFrom('signature_nonces').selectAll().where('public_key', '=', keys.publicKey).execute();
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) expect(r.expires_at.getTime()).toBeGreaterThan(Date.now());
    const { pruneNonces } = await import('../../security/nonce-repo.ts');
    await ctx.db.db
      .insertInto('signature_nonces')
      .values({ public_key: keys.publicKey, nonce: 'expired-nonce-0001', expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(await pruneNonces(ctx.db)).toBe(1);
    expect(await ctx.db.db.selectFrom('signature_nonces').select('nonce').where('nonce', '=', 'expired-nonce-0001').execute()).toEqual([]);
  });

  it('refuses a wrong sig, missing headers and an unknown key with 401', async () => {
    const url = `${USERS}/me`;
    const good = signedHeaders(keys, { method: 'GET', url });
    const wrongSig = await app.inject({ method: 'GET', url, headers: { ...good, sig: signRequest('f'.repeat(64), good.payload) } });
    expect(wrongSig.statusCode).toBe(401);
    expect(wrongSig.json().message).toBe('Request signature is invalid.');
    // The method is signed: a GET's headers do not sign a DELETE of the same URL.
    const otherMethod = signedHeaders(keys, { method: 'GET', url });
    expect(otherMethod.payload).not.toBe(
      payloadV2({ method: 'DELETE', url, timestamp: otherMethod['x-ulca-timestamp'], nonce: otherMethod['x-ulca-nonce'] }),
    );

    const missing = await app.inject({ method: 'GET', url, headers: { key: keys.publicKey, payload: good.payload } });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'NOT_SIGNED_IN', message: 'Please sign in to continue.' });

    const unknown = await signedGet(app, url, { publicKey: 'a'.repeat(64), privateKey: keys.privateKey });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('SESSION_ENDED');
  });

  it('accepts body-only (v1) signatures, MD5 or SHA-256, only when LEGACY_MD5_SIGNATURES is on', async () => {
    const raw = JSON.stringify({ hello: 'world' });
    for (const algorithm of ['md5', 'sha256'] as const) {
      const headers = { 'content-type': 'application/json', ...legacySignedHeaders(keys, { url: '/test/echo', body: raw }, algorithm) };
      const strict = await app.inject({ method: 'POST', url: '/test/echo', payload: raw, headers });
      expect(strict.statusCode).toBe(401);
      expect(strict.json()).toMatchObject({ code: 'SIGNATURE_INVALID', message: expect.stringContaining('x-ulca-timestamp') });
      const legacy = await legacyApp.inject({ method: 'POST', url: '/test/echo', payload: raw, headers });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.json().body).toEqual({ hello: 'world' });
      // What legacy mode costs: the same capture is accepted again.
      expect((await legacyApp.inject({ method: 'POST', url: '/test/echo', payload: raw, headers })).statusCode).toBe(200);
    }
    const url = `${USERS}/me`;
    const get = legacySignedHeaders(keys, { url });
    expect((await app.inject({ method: 'GET', url, headers: { ...get } })).statusCode).toBe(401);
    expect((await legacyApp.inject({ method: 'GET', url, headers: { ...get } })).statusCode).toBe(200);
  });

  it("accepts the original web client's MD5 over the full URL (a GET, or a POST whatever its body) only with LEGACY_MD5_SIGNATURES", async () => {
    const host = 'api.example.org:8080';
    const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
    /** The call as that client signs it: payload = md5(URL it hashed), sig = md5(privateKey|payload). */
    const asClient = (a: FastifyInstance, method: 'GET' | 'POST', url: string, hashedUrl: string) => {
      const payload = md5(hashedUrl);
      const post = method === 'POST';
      return a.inject({
        method,
        url,
        headers: {
          host,
          ...(post ? { 'content-type': 'application/json' } : {}),
          key: keys.publicKey,
          payload,
          sig: md5(`${keys.privateKey}|${payload}`),
        },
        ...(post ? { payload: JSON.stringify({ any: 'body' }) } : {}),
      });
    };
    for (const [method, url] of [
      ['GET', '/test/whoami?x=1'],
      ['POST', '/test/echo'],
    ] as const) {
      const full = `http://${host}${url}`;
      expect(legacySignedHeaders(keys, { url: full }, 'md5')).toEqual({
        key: keys.publicKey,
        payload: md5(full),
        sig: md5(`${keys.privateKey}|${md5(full)}`),
      });
      const strict = await asClient(app, method, url, full);
      expect(strict.statusCode, method).toBe(401);
      expect(strict.json().message, method).toContain('x-ulca-timestamp');
      expect((await asClient(legacyApp, method, url, full)).statusCode, method).toBe(200);
      // The URL must be the one received: another host, scheme or query is refused.
      for (const other of [`http://other.example.org:8080${url}`, `https://${host}${url}`, `${full}${url.includes('?') ? '&' : '?'}y=2`]) {
        expect((await asClient(legacyApp, method, url, other)).statusCode, `${method} signed over ${other}`).toBe(401);
      }
    }
  });

  it('records key use at most once a minute', async () => {
    const read = async () =>
      (await ctx.db.db.selectFrom('user_keys').select('last_used').where('public_key', '=', keys.publicKey).executeTakeFirstOrThrow())
        .last_used;
    const first = await read();
    expect(first).toBeInstanceOf(Date);
    expect((await signedGet(app, `${USERS}/me`)).statusCode).toBe(200);
    expect((await read())?.getTime()).toBe(first?.getTime());
    await ctx.db.db
      .updateTable('user_keys')
      .set({ last_used: new Date(Date.now() - 120_000) })
      .where('public_key', '=', keys.publicKey)
      .execute();
    // This process remembers its own last write (session cache); forget it, as a fresh process would.
    sessionCacheFor(ctx)?.clear();
    expect((await signedGet(app, `${USERS}/me`)).statusCode).toBe(200);
    expect(Date.now() - (await read())!.getTime()).toBeLessThan(60_000);
  });

  it('refuses a role-restricted route with 403 to a contributor', async () => {
    const res = await signedGet(app, '/test/admin-only');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('creates the admin once on first start, who may use ADMIN routes', async () => {
    const first = await ensureAdmin(ctx);
    expect(first.created).toBe(true);
    expect(isStrongPassword(first.password!)).toBe(true);
    expect(await ensureAdmin(ctx)).toEqual({ created: false });

    const res = await login(ctx.config.adminEmail, first.password!);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.userDetails).toMatchObject({ roles: ['ADMIN'], isActive: true, email: ctx.config.adminEmail });
    const adminKeys = res.json().data.userKeys as Keys;
    const ok = await signedGet(app, '/test/admin-only', adminKeys);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });
  });

  it('refuses a deactivated user even with a valid key', async () => {
    await mailSettled(platform.ctx);
    const anitaParts = linkParts(activationLinkFor(platform.outboxDir, 'anita@example.org'));
    expect((await platform.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: anitaParts })).statusCode).toBe(200);
    const anitaKeys = (await login('anita@example.org', PASSWORD)).json().data.userKeys as Keys;
    expect((await signedGet(app, `${USERS}/me`, anitaKeys)).statusCode).toBe(200);
    // A change made directly in the database (as by another process) reaches this process's
    // session cache through the trigger's NOTIFY.
    const cache = sessionCacheFor(ctx);
    expect(cache?.isListening).toBe(true);
    const notified = cache!.nextNotification();
    await ctx.db.db.updateTable('users').set({ is_active: false }).where('email', '=', 'anita@example.org').execute();
    await notified;
    const res = await signedGet(app, `${USERS}/me`, anitaKeys);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('ACCOUNT_DISABLED');
  });

  it('logs out: the key used is refused afterwards', async () => {
    const res = await signedPost(platform.app, `${USERS}/logout`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Logout successful');
    const after = await signedGet(platform.app, `${USERS}/me`);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('SESSION_ENDED');
  });

  it('lists the account routes in the OpenAPI document', async () => {
    const doc = (await platform.app.inject({ method: 'GET', url: '/ulca/docs/json' })).json();
    for (const p of ['signup', 'verify-user', 'login', 'logout', 'me']) expect(Object.keys(doc.paths)).toContain(`${USERS}/${p}`);
  });
});
