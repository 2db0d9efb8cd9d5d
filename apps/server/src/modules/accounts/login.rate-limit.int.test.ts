import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { createSignedInUser, type TestUser } from '../../test/users.ts';
import { mailSettled, mailsTo } from '../../test/outbox.ts';

const LOGIN = '/ulca/user-mgmt/v1/users/login';

describe('login rate limits (failed attempts per account and per address)', () => {
  let p: TestPlatform;
  let ipCounter = 0;
  const nextIp = () => {
    const n = ++ipCounter;
    return `10.7.${n >> 8}.${n & 255}`;
  };

  useTestPlatform(
    {
      platform: {
        config: { loginMaxFailuresPerAccount: 3, loginAccountWindowSeconds: 900, loginMaxFailuresPerIp: 5, loginIpWindowSeconds: 600 },
      },
    },
    (platform) => {
      p = platform;
    },
  );

  // Each call comes from its own peer address unless one is given (no proxy is trusted by default).
  const login = (email: string, password: string, ip = nextIp(), headers: Record<string, string> = {}, app = p.app, code?: string) =>
    app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: ip,
      payload: { authenticator: 'ULCA', data: { email, password, ...(code ? { code } : {}) } },
      headers,
    });
  /** The sign-in code of the newest code e-mail to `email`, once the mail queue has sent it. */
  const mailedCode = async (email: string) => {
    await mailSettled(p.ctx);
    const codes = mailsTo(p.outboxDir, email).flatMap((m) => m.match(/\b[A-Z2-9]{5}-[A-Z2-9]{5}\b/g) ?? []);
    return codes[codes.length - 1];
  };
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  it('answers 429 with Retry-After after the account has used its failed attempts, unless the password comes with the e-mailed code', async () => {
    const u = await createSignedInUser(p);
    for (let i = 0; i < 3; i++) expect((await login(u.email, 'Wr0ng&Password')).statusCode).toBe(401);
    for (const password of ['Wr0ng&Password', u.password]) {
      const res = await login(u.email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(res.json().message).toMatch(
        /^Too many failed sign-in attempts\. Please try again in \d+ minutes, or sign in now with your password and the code we have e-mailed to you\.$/,
      );
      const retryAfter = Number(res.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(800);
      expect(retryAfter).toBeLessThanOrEqual(900);
    }
    // Other accounts are not affected.
    const other = await createSignedInUser(p);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('an attacker cannot lock the owner out: the correct password with the e-mailed code signs in; without it or with a wrong code, nothing is learned', async () => {
    const u = await createSignedInUser(p);
    // Someone else fails 3 times, then keeps guessing: the account is past its limit.
    for (let i = 0; i < 6; i++) await login(u.email, `Wr0ng&Guess${i}`);
    const locked = await login(u.email, u.password);
    expect(locked.statusCode).toBe(429);
    const code = await mailedCode(u.email);
    expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    // Wrong code and right password, or right code and wrong password: refused, the first like any locked attempt.
    expect((await login(u.email, u.password, nextIp(), {}, p.app, 'AAAAA-AAAAA')).statusCode).toBe(429);
    expect((await login(u.email, 'Wr0ng&Password', nextIp(), {}, p.app, code)).statusCode).toBe(401);
    // The owner: password and code (any case, without the dash) → signed in, and the count is cleared.
    const ok = await login(u.email, u.password, nextIp(), {}, p.app, code.toLowerCase().replace('-', ''));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
    // Code e-mails are capped per account (3 an hour by default): an attacker cannot flood the mailbox.
    for (let i = 0; i < 3; i++) await login(u.email, 'Wr0ng&Password');
    for (let i = 0; i < 5; i++) expect((await login(u.email, u.password)).statusCode).toBe(429);
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, u.email).length).toBe(3);
  });

  it('a locked address still lets its users in with the e-mailed code (many users behind one NAT)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await login(`nat${i}@example.org`, 'Wr0ng&Password', ip)).statusCode).toBe(401);
    const u = await createSignedInUser(p);
    expect((await login(u.email, u.password, ip)).statusCode).toBe(429);
    const code = await mailedCode(u.email);
    expect((await login(u.email, u.password, ip, {}, p.app, code)).statusCode).toBe(200);
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

  it('counts 50 wrong passwords sent at once to one account: only the limit reach the password check', async () => {
    const u = await createSignedInUser(p);
    const burst = await Promise.all(Array.from({ length: 50 }, () => login(u.email, 'Wr0ng&Password')));
    expect(statuses(burst)).toEqual({ 401: 3, 429: 47 });
    expect((await login(u.email, u.password)).statusCode).toBe(429);
  });

  it('refuses the right password after 149 wrong ones sent at once from one address', async () => {
    const ip = nextIp();
    const u = await createSignedInUser(p);
    const burst = await Promise.all(Array.from({ length: 149 }, () => login(u.email, 'Wr0ng&Password', ip)));
    // Both limits apply; an attempt refused by one gives the other its point back, so at most
    // the account's limit (3) of the burst reach the password check.
    const { 401: checked = 0, 429: refused = 0 } = statuses(burst);
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(3);
    expect(checked + refused).toBe(149);
    const res = await login(u.email, u.password, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts 50 guesses at once across accounts from one address up to the address limit', async () => {
    const ip = nextIp();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`burst${i}@example.org`, 'Wr0ng&Password', ip)));
    expect(statuses(burst)).toEqual({ 401: 5, 429: 45 });
    // Another address is not affected.
    const u = await createSignedInUser(p);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For when no proxy is trusted, from a public or a loopback peer alike', async () => {
    expect(p.ctx.config.trustProxy).toBe(false);
    for (const peer of ['203.0.113.9', '127.0.0.1']) {
      const u = await createSignedInUser(p);
      // A client changing the header per request still counts as one address.
      for (let i = 0; i < 5; i++)
        expect(
          (await login(`x${i}.${peer}@example.org`, 'Wr0ng&Password', peer, { 'x-forwarded-for': `198.51.100.${i}` })).statusCode,
        ).toBe(401);
      const res = await login(u.email, u.password, peer, { 'x-forwarded-for': '198.51.100.99' });
      expect(res.statusCode).toBe(429);
      await p.ctx.db.pool.query('DELETE FROM rate_limits');
    }
  });

  it('takes the address from X-Forwarded-For of a proxy named in TRUST_PROXY, and only a parsed address', async () => {
    const { buildApp } = await import('../../app.ts');
    const proxied = await buildApp({ ...p.ctx, config: { ...p.ctx.config, trustProxy: ['127.0.0.1'] } }, { logger: false });
    try {
      const viaProxy = await login('proxied@example.org', 'Wr0ng&Password', '127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }, proxied);
      expect(viaProxy.statusCode).toBe(401);
      // Header text that is not an address falls back to the proxy's own address.
      const hostile = await login(
        'hostile@example.org',
        'Wr0ng&Password',
        '127.0.0.1',
        { 'x-forwarded-for': '<img src=x onerror=alert(1)>' },
        proxied,
      );
      expect(hostile.statusCode).toBe(401);
      const rows = await p.ctx.db.db.selectFrom('audit_log').select(['ip', 'details']).where('action', '=', 'login.failure').execute();
      const ipOf = (email: string) => rows.find((r) => (r.details as { email: string }).email === email)?.ip;
      expect(ipOf('proxied@example.org')).toBe('198.51.100.7');
      expect(ipOf('hostile@example.org')).toBe('127.0.0.1');
      const keys = (await p.ctx.db.pool.query<{ key: string }>('SELECT key FROM rate_limits')).rows.map((r) => r.key);
      expect(keys).toContain('login-ip:198.51.100.7');
      expect(keys.some((k) => k.includes('<'))).toBe(false);
    } finally {
      await proxied.close();
    }
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 5; i++) expect((await login(`v6-${i}@example.org`, 'Wr0ng&Password', `2001:db8:5:6::${i}`)).statusCode).toBe(401);
    expect((await login('v6-6@example.org', 'Wr0ng&Password', '2001:db8:5:6:ffff::1')).statusCode).toBe(429);
    expect((await login('v6-7@example.org', 'Wr0ng&Password', '2001:db8:5:7::1')).statusCode).toBe(401);
  });

  it('records failures, throttling and successes in the audit log with the address', async () => {
    const rows = await p.ctx.db.db.selectFrom('audit_log').selectAll().where('action', 'like', 'login.%').execute();
    expect(
      rows.some(
        (r) => r.action === 'login.failure' && (r.details as { email: string }).email === 'ghost@example.org' && r.target_user_id === null,
      ),
    ).toBe(true);
    expect(rows.some((r) => r.action === 'login.throttled' && r.ip === '203.0.113.9')).toBe(true);
    expect(rows.some((r) => r.action === 'login.success' && r.actor_user_id !== null && /^10\.7\.\d+\.\d+$/.test(r.ip ?? ''))).toBe(true);
    // Every address stored is an IP address.
    expect(rows.every((r) => r.ip === null || isIP(r.ip) !== 0)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain('Wr0ng&Password');
  });
});
