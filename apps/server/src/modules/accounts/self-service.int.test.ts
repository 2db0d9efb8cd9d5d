import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { loginRequest, createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { mailSettled, mailsTo } from '../../test/outbox.ts';
import { signedHeaders } from '../../security/signing.ts';
import { DELETED_USER_NAME } from './self-service.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const NEW_PASSWORD = 'Brand&New9pass';

describe('account self-service (docs/product.md#profile-and-api-keys)', () => {
  let p: TestPlatform;
  let ip = 0;
  useTestPlatform({}, (platform) => {
    p = platform;
  });

  const login = (email: string, password: string) => loginRequest(p.app, email, password, `10.9.0.${++ip}`);
  /** A second session of `u` (another browser). */
  const secondSession = async (u: TestUser): Promise<TestUser> => {
    const res = await login(u.email, u.password);
    expect(res.statusCode).toBe(200);
    return { ...u, ...(res.json().data.userKeys as { publicKey: string; privateKey: string }) };
  };
  const userRow = (userId: string) => p.ctx.db.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();

  it("edits the caller's own name; another user's id in the body is ignored; me answers the new name at once", async () => {
    const u = await createSignedInUser(p);
    const other = await createSignedInUser(p);
    const res = await signedInject(p.app, u, 'POST', `${USERS}/profile/name`, {
      firstName: 'Meera',
      lastName: 'Iyer',
      userID: other.userId,
      userId: other.userId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userID: u.userId, firstName: 'Meera', lastName: 'Iyer' });
    expect((await userRow(other.userId)).first_name).toBe('Test User');
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).json().data.firstName).toBe('Meera');
    const bad = await signedInject(p.app, u, 'POST', `${USERS}/profile/name`, { firstName: 'x1<' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('changes the password with the current one: other sessions end, this one stays; a wrong current password is a 400, never a 401', async () => {
    const u = await createSignedInUser(p);
    const elsewhere = await secondSession(u);
    const wrong = await signedInject(p.app, u, 'POST', `${USERS}/profile/password`, {
      currentPassword: 'Wrong&pass1',
      newPassword: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const weak = await signedInject(p.app, u, 'POST', `${USERS}/profile/password`, { currentPassword: u.password, newPassword: 'short' });
    expect(weak.statusCode).toBe(400);

    const ok = await signedInject(p.app, u, 'POST', `${USERS}/profile/password`, {
      currentPassword: u.password,
      newPassword: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().sessionsEnded).toBe(1);
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    const ended = await signedInject(p.app, elsewhere, 'GET', `${USERS}/me`);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('SESSION_ENDED');
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200);
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, u.email).join('\n')).toContain('The password of your ULCA account was changed');
  });

  it("deletes the caller's account only with their e-mail and password; sessions and API keys refuse at once; the row stays anonymised", async () => {
    const u = await createSignedInUser(p);
    const other = await createSignedInUser(p);
    const keyRes = await signedInject(p.app, u, 'POST', `${USERS}/generateApiKey`, { userID: u.userId, appName: 'Doomed app' });
    const apiKey = keyRes.json().data.ulcaApiKey as string;
    const whoami = () => p.app.inject({ method: 'GET', url: '/ulca/apis/v0/api-key/whoami', headers: { ulcaApiKey: apiKey } });
    expect((await whoami()).statusCode).toBe(200);
    const elsewhere = await secondSession(u);

    // Naming someone else does not delete them: the e-mail must be the caller's own.
    const otherNamed = await signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, {
      email: other.email,
      password: u.password,
      userID: other.userId,
    });
    expect(otherNamed.statusCode).toBe(400);
    expect(otherNamed.json().code).toBe('DELETE_NOT_CONFIRMED');
    const wrong = await signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, { email: u.email, password: 'Wrong&pass1' });
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await userRow(other.userId)).is_active).toBe(true);

    const done = await signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, {
      email: u.email.toUpperCase(),
      password: u.password,
      userID: other.userId,
    });
    expect(done.statusCode).toBe(200);
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).statusCode).toBe(401);
    expect((await signedInject(p.app, elsewhere, 'GET', `${USERS}/me`)).statusCode).toBe(401);
    const key = await whoami();
    expect(key.statusCode).toBe(401);
    expect(key.json().code).toBe('API_KEY_INVALID');
    expect((await login(u.email, u.password)).statusCode).toBe(401);
    const row = await userRow(u.userId);
    expect(row).toMatchObject({ first_name: DELETED_USER_NAME, last_name: null, is_active: false });
    expect(row.email).not.toBe(u.email);
    expect(await p.ctx.db.db.selectFrom('api_keys').select('key_id').where('user_id', '=', u.userId).execute()).toEqual([]);
    // The other user is untouched, and the address is free for a new sign-up.
    expect((await signedInject(p.app, other, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    const again = await p.app.inject({
      method: 'POST',
      url: `${USERS}/signup`,
      payload: { users: [{ firstName: 'Again', email: u.email, password: NEW_PASSWORD }] },
      remoteAddress: '10.9.1.1',
    });
    expect(again.statusCode).toBe(200);
    await mailSettled(p.ctx);
    expect(mailsTo(p.outboxDir, u.email).join('\n')).toContain('Your ULCA account has been deleted');
  });

  it('concurrent deletes: exactly one succeeds, the other finds the session gone; a replayed delete is refused', async () => {
    const u = await createSignedInUser(p);
    const body = { email: u.email, password: u.password };
    const [a, b] = await Promise.all([
      signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, body),
      signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);

    const v = await createSignedInUser(p);
    const raw = JSON.stringify({ email: v.email, password: v.password });
    const url = `${USERS}/profile/delete`;
    const headers = { ...signedHeaders(v, { method: 'POST', url, body: raw }), 'content-type': 'application/json' };
    const first = await p.app.inject({ method: 'POST', url, headers, payload: raw });
    expect(first.statusCode).toBe(200);
    const replay = await p.app.inject({ method: 'POST', url, headers, payload: raw });
    expect(replay.statusCode).toBe(401);
    const audit = await p.ctx.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_user_id', '=', v.userId)
      .where('action', '=', 'account.delete')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
