import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, type TestUser } from '../../test/users.ts';

const LOGIN = '/ulca/user-mgmt/v1/users/login';

describe('login rate limits (failed attempts per account and per address)', () => {
  let p: TestPlatform;
  let ipCounter = 0;
  const nextIp = () => `192.168.7.${++ipCounter}`;

  beforeAll(async () => {
    p = await createTestPlatform({
      config: { loginMaxFailuresPerAccount: 3, loginAccountWindowSeconds: 900, loginMaxFailuresPerIp: 5, loginIpWindowSeconds: 600 },
    });
  });
  afterAll(async () => {
    await p?.close();
  });

  const login = (email: string, password: string, ip = nextIp()) =>
    p.app.inject({ method: 'POST', url: LOGIN, payload: { authenticator: 'ULCA', data: { email, password } }, headers: { 'x-forwarded-for': ip } });

  it('answers 429 with Retry-After after the account has used its failed attempts, even with the right password', async () => {
    const u = await createSignedInUser(p);
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'Wr0ng&Password')).statusCode).toBe(401);
    for (const password of ['Wr0ng&Password', u.password]) {
      const res = await login(u.email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(res.json().message).toMatch(/^Too many failed sign-in attempts\. Please try again in \d+ minutes\.$/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // Other accounts are not affected.
    const other = await createSignedInUser(p);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('counts an unknown e-mail like a real one (the limit reveals nothing), case-insensitively', async () => {
    for (let i = 0; i < 3; i++) expect((await login('Ghost@Example.org', 'Wr0ng&Password')).statusCode).toBe(401);
    expect((await login('ghost@example.org', 'Wr0ng&Password')).statusCode).toBe(429);
  });

  it('a successful login clears the account count', async () => {
    const u = await createSignedInUser(p);
    for (let i = 0; i < 2; i++) expect((await login(u.email, 'Wr0ng&Password')).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login(u.email, 'Wr0ng&Password')).statusCode).toBe(401);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('limits one address guessing across accounts, and only that address', async () => {
    const ip = nextIp();
    const users: TestUser[] = [];
    for (let i = 0; i < 3; i++) users.push(await createSignedInUser(p));
    // 5 failures spread over accounts (none reaches its own limit of 3).
    for (let i = 0; i < 5; i++) expect((await login(users[i % 3].email, 'Wr0ng&Password', ip)).statusCode).toBe(401);
    const res = await login(users[0].email, users[0].password, ip);
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await login(users[0].email, users[0].password)).statusCode).toBe(200);
  });

  it('never throttles successful logins from one address (many users behind one NAT)', async () => {
    const ip = nextIp();
    const u = await createSignedInUser(p);
    for (let i = 0; i < 12; i++) expect((await login(u.email, u.password, ip)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    const u = await createSignedInUser(p);
    // A client connecting directly from a public address cannot pick its address per request.
    const direct = (xff: string) =>
      p.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '203.0.113.9', payload: { authenticator: 'ULCA', data: { email: `x${xff}@example.org`, password: 'Wr0ng&Password' } }, headers: { 'x-forwarded-for': xff } });
    for (let i = 0; i < 5; i++) expect((await direct(`198.51.100.${i}`)).statusCode).toBe(401);
    const res = await p.app.inject({ method: 'POST', url: LOGIN, remoteAddress: '203.0.113.9', payload: { authenticator: 'ULCA', data: { email: u.email, password: u.password } }, headers: { 'x-forwarded-for': '198.51.100.99' } });
    expect(res.statusCode).toBe(429);
  });

  it('records failures, throttling and successes in the audit log with the address', async () => {
    const rows = await p.ctx.db.db.selectFrom('audit_log').selectAll().where('action', 'like', 'login.%').execute();
    expect(rows.some((r) => r.action === 'login.failure' && (r.details as { email: string }).email === 'ghost@example.org' && r.target_user_id === null)).toBe(true);
    expect(rows.some((r) => r.action === 'login.throttled' && r.ip === '203.0.113.9')).toBe(true);
    expect(rows.some((r) => r.action === 'login.success' && r.actor_user_id !== null && /^192\.168\.7\.\d+$/.test(r.ip ?? ''))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Wr0ng&Password');
  });
});
