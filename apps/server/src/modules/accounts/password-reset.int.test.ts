import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { loginRequest, createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { FORGOT_MESSAGE, whenResetMailsSent } from './password-reset.ts';
import { mailSettled, latestResetLink, mailsTo, resetLinkParts } from '../../test/outbox.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const NEW_PASSWORD = 'Fresh&Pass9';
const INVALID = { code: 'RESET_TOKEN_INVALID', message: 'This password reset link is invalid or has expired.' };

describe('forgot and reset password', () => {
  let p: TestPlatform;
  let user: TestUser;
  let ipCounter = 0;
  /** A fresh client address per call group, so the per-address limits of one test do not touch another. */
  const nextIp = () => `10.0.0.${++ipCounter}`;

  useTestPlatform(
    {
      platform: {
        config: { publicUrl: 'https://ulca.example.org', forgotMaxPerIpPerHour: 3, forgotMaxEmailsPerHour: 3 },
      },
      users: [['CONTRIBUTOR-USER']],
    },
    (platform, users) => {
      p = platform;
      [user] = users;
    },
  );

  const post = (path: string, payload: unknown, ip = nextIp()) =>
    p.app.inject({ method: 'POST', url: `${USERS}/${path}`, payload: payload as object, remoteAddress: ip });
  const forgot = async (email: string, ip?: string) => {
    const res = await post('forgot-password', { email }, ip);
    await whenResetMailsSent(p.ctx);
    return res;
  };
  const login = (email: string, password: string) => loginRequest(p.app, email, password, nextIp());
  const passwordHash = async (userId: string) =>
    (await p.ctx.db.db.selectFrom('users').select('password_hash').where('user_id', '=', userId).executeTakeFirstOrThrow()).password_hash;

  it('answers the same whether or not the e-mail has an account, and e-mails only a real one', async () => {
    const known = await forgot(user.email.toUpperCase());
    const unknown = await forgot('nobody-here@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_MESSAGE });
    expect(unknown.body).toBe(known.body);
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, 'nobody-here@example.org')).toEqual([]);
    expect(mailsTo(p.outboxDir, user.email)).toHaveLength(1);
  });

  it('e-mails a link with a 32-byte token stored only as its sha-256, valid for one hour', async () => {
    await mailSettled(p.ctx);
    const link = latestResetLink(p.outboxDir, user.email)!;
    expect(link.startsWith(`https://ulca.example.org/ulca/user/reset-password/${encodeURIComponent(user.email)}/`)).toBe(true);
    const { token } = resetLinkParts(link);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await p.ctx.db.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(58);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const res = await post('forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid email');
  });

  it('checks a link: valid for its own e-mail, invalid when forged or for another e-mail', async () => {
    await mailSettled(p.ctx);
    const { email, token } = resetLinkParts(latestResetLink(p.outboxDir, user.email)!);
    const ok = await post('get/token/status', { token, email });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ valid: true, email: user.email });
    expect((await post('get/token/status', { token })).statusCode).toBe(200);

    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    for (const body of [{ token: forged }, { token, email: 'someone-else@example.org' }, { token: 'short' }]) {
      const res = await post('get/token/status', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject(INVALID);
    }
  });

  it('refuses weak passwords with the docs/product.md#validation-rules message and changes nothing', async () => {
    await mailSettled(p.ctx);
    const { email, token } = resetLinkParts(latestResetLink(p.outboxDir, user.email)!);
    const before = await passwordHash(user.userId);
    for (const password of ['short1!', 'alllowercase1!', 'NoDigitsHere!', 'NoSpecial123', '']) {
      const res = await post('reset-password', { email, token, password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RULE_MESSAGE);
    }
    expect(await passwordHash(user.userId)).toBe(before);
    expect((await post('get/token/status', { token, email })).statusCode).toBe(200);
  });

  it('refuses a forged token and the token of another e-mail, changing nothing', async () => {
    await mailSettled(p.ctx);
    const { email, token } = resetLinkParts(latestResetLink(p.outboxDir, user.email)!);
    const before = await passwordHash(user.userId);
    const other = await createSignedInUser(p);
    for (const body of [
      { email, token: token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA'), password: NEW_PASSWORD },
      { email: other.email, token, password: NEW_PASSWORD },
    ]) {
      const res = await post('reset-password', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(INVALID);
    }
    expect(await passwordHash(user.userId)).toBe(before);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('resets the password once, ends every session, and the old password stops working', async () => {
    const second = await createSignedInUser(p); // a second account, to check only the target's sessions end
    await mailSettled(p.ctx);
    const { email, token } = resetLinkParts(latestResetLink(p.outboxDir, user.email)!);
    expect((await signedInject(p.app, user, 'GET', `${USERS}/me`)).statusCode).toBe(200);

    const res = await post('reset-password', { email, token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully.' });

    const me = await signedInject(p.app, user, 'GET', `${USERS}/me`);
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('SESSION_ENDED');
    expect(await p.ctx.db.db.selectFrom('user_keys').select('public_key').where('user_id', '=', user.userId).execute()).toEqual([]);
    expect((await signedInject(p.app, second, 'GET', `${USERS}/me`)).statusCode).toBe(200);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const fresh = await login(user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    user = { ...user, password: NEW_PASSWORD, ...fresh.json().data.userKeys };

    // Single use.
    const again = await post('reset-password', { email, token, password: 'Another&Pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(INVALID);
    expect((await post('get/token/status', { token, email })).statusCode).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const u = await createSignedInUser(p);
    await forgot(u.email);
    await mailSettled(p.ctx);
    const { email, token } = resetLinkParts(latestResetLink(p.outboxDir, u.email)!);
    await p.ctx.db.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', u.userId)
      .execute();
    expect((await post('get/token/status', { token, email })).json()).toMatchObject(INVALID);
    const res = await post('reset-password', { email, token, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(INVALID);
    expect((await login(u.email, u.password)).statusCode).toBe(200);
  });

  it('replaces the previous link when a new one is requested', async () => {
    const u = await createSignedInUser(p);
    await forgot(u.email);
    await mailSettled(p.ctx);
    const first = resetLinkParts(latestResetLink(p.outboxDir, u.email)!);
    await forgot(u.email);
    await mailSettled(p.ctx);
    const second = resetLinkParts(latestResetLink(p.outboxDir, u.email)!);
    expect(second.token).not.toBe(first.token);
    expect((await post('reset-password', { ...first, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await post('reset-password', { ...second, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('lets one of two concurrent resets with the same link through', async () => {
    const u = await createSignedInUser(p);
    await forgot(u.email);
    await mailSettled(p.ctx);
    const link = resetLinkParts(latestResetLink(p.outboxDir, u.email)!);
    const results = await Promise.all([
      post('reset-password', { ...link, password: 'First&Pass1' }),
      post('reset-password', { ...link, password: 'Second&Pass2' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('sends no link to a deactivated account, with the same answer', async () => {
    const u = await createSignedInUser(p);
    await p.ctx.db.db.updateTable('users').set({ is_active: false }).where('user_id', '=', u.userId).execute();
    const res = await forgot(u.email);
    expect(res.json()).toEqual({ message: FORGOT_MESSAGE });
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, u.email)).toEqual([]);
  });

  it('limits requests per address with 429 and Retry-After, and e-mails per account silently', async () => {
    const ip = nextIp();
    const u = await createSignedInUser(p);
    for (let i = 0; i < 3; i++) expect((await forgot(u.email, ip)).statusCode).toBe(200);
    const limited = await forgot(u.email, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(limited.json().message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes\.$/);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another address is not affected; the account's mailbox gets at most 3 links an hour.
    expect((await forgot(u.email)).statusCode).toBe(200);
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, u.email)).toHaveLength(3);
  });

  it('records requests and resets in the audit log, with the address', async () => {
    const rows = await p.ctx.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', 'in', ['password.forgot', 'password.reset', 'password.reset.failure'])
      .execute();
    const reset = rows.find((r) => r.action === 'password.reset' && r.target_user_id === user.userId);
    expect(reset).toMatchObject({ actor_user_id: user.userId, ip: expect.stringMatching(/^10\.0\.0\.\d+$/) });
    expect(reset?.details).toMatchObject({ sessionsEnded: expect.any(Number) });
    expect(
      rows.some(
        (r) =>
          r.action === 'password.forgot' &&
          (r.details as { email?: string }).email === 'nobody-here@example.org' &&
          r.target_user_id === null,
      ),
    ).toBe(true);
    expect(rows.some((r) => r.action === 'password.reset.failure')).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(NEW_PASSWORD);
  });

  it("writes the reset e-mail in the user's interface language (a Hindi user's is in Hindi, with a working link)", async () => {
    const hindi = await createSignedInUser(p);
    const lang = await signedInject(p.app, hindi, 'POST', `${USERS}/language`, { language: 'hi' });
    expect(lang.statusCode).toBe(200);
    expect((await forgot(hindi.email)).statusCode).toBe(200);
    await mailSettled(p.ctx);
    const [mail] = mailsTo(p.outboxDir, hindi.email);
    expect(mail).toContain('नमस्ते Test User,');
    expect(mail).toContain('नया पासवर्ड चुनने के लिए नीचे दिया गया लिंक खोलें');
    expect(mail).toContain('60 मिनट');
    expect(mail).not.toMatch(/We received a request/);
    expect(latestResetLink(p.outboxDir, hindi.email)).toMatch(/\/ulca\/user\/reset-password\//);
    // A user who never chose a language gets English.
    expect(mailsTo(p.outboxDir, user.email)[0]).toContain('We received a request to reset the password');
  });
});

describe('activation links expire', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform({ config: { activationTokenTtlHours: 168 } });
  });
  afterAll(async () => {
    await p?.close();
  });

  it('stores a 7-day expiry and refuses the link after it', async () => {
    const email = 'late.user@example.org';
    const res = await p.app.inject({
      method: 'POST',
      url: `${USERS}/signup`,
      payload: { users: [{ firstName: 'Late User', email, password: NEW_PASSWORD }] },
    });
    expect(res.statusCode).toBe(200);
    const row = await p.ctx.db.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    const days = (row.activation_expires_at!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    await mailSettled(p.ctx);
    const link = mailsTo(p.outboxDir, email)[0].match(/https?:\/\/\S+\/ulca\/activate\/\S+/)![0];
    const [, userID, token] = new URL(link).pathname.replace(/^\/ulca\/activate\//, '').split('/');
    await p.ctx.db.db
      .updateTable('users')
      .set({ activation_expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userID)
      .execute();
    const verify = await p.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: { email, userID, token } });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toMatchObject({
      code: 'ACTIVATION_INVALID',
      message: 'This activation link is not valid, has expired or has already been used.',
    });
    await p.ctx.db.db
      .updateTable('users')
      .set({ activation_expires_at: new Date(Date.now() + 60_000) })
      .where('user_id', '=', userID)
      .execute();
    expect((await p.app.inject({ method: 'POST', url: `${USERS}/verify-user`, payload: { email, userID, token } })).statusCode).toBe(200);
  });
});
