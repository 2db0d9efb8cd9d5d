import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@ulca/contracts';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const AUDIT = '/ulca/user-mgmt/v1/audit';

describe('admin user management', () => {
  let p: TestPlatform;
  let admin: TestUser;
  let contributor: TestUser;
  let reader: TestUser;

  useTestPlatform({ users: [['ADMIN'], ['CONTRIBUTOR-USER'], ['READONLY-USER']] }, (platform, users) => {
    p = platform;
    [admin, contributor, reader] = users;
  });

  const asAdmin = (path: string, body: unknown, u: TestUser = admin) => signedInject(p.app, u, 'POST', `${USERS}/${path}`, body);
  const row = (userId: string) => p.ctx.db.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const edit = (u: TestUser, patch: Record<string, unknown> = {}) => ({
    userID: u.userId,
    email: u.email,
    firstName: 'Edited Name',
    roles: ['CONTRIBUTOR-USER'],
    orgID: 'UNDEFINED',
    ...patch,
  });

  it('refuses every admin route to a contributor and a read-only user (403), and to the unsigned (401)', async () => {
    const calls: [string, string, unknown][] = [
      ['POST', `${USERS}/search`, { offset: 0, limit: 10 }],
      ['POST', `${USERS}/update`, { users: [edit(reader)] }],
      ['POST', `${USERS}/update/active/status`, { email: reader.email, is_active: false }],
      ['GET', `${AUDIT}?offset=0&limit=10`, undefined],
    ];
    for (const [method, url, body] of calls) {
      for (const u of [contributor, reader]) {
        const res = await signedInject(p.app, u, method as 'GET', url, body);
        expect(res.statusCode, `${url} as ${u.email}`).toBe(403);
      }
      const anon = await p.app.inject({ method: method as 'GET', url, ...(body ? { payload: body as object } : {}) });
      expect(anon.statusCode, url).toBe(401);
    }
    expect((await row(reader.userId)).first_name).toBe('Test User');
    expect((await row(reader.userId)).is_active).toBe(true);
  });

  it('searches users newest first with offset/limit, filters and the total count', async () => {
    const all = await asAdmin('search', { offset: 0, limit: 100 });
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    const data = all.json().data as { userID: string; createdOn: string; orgID: string; isActive: boolean; activatedTime: string | null }[];
    expect(data.map((d) => d.userID)).toEqual([reader.userId, contributor.userId, admin.userId]);
    // No organisation was ever set for this user: the list says none rather than 'UNDEFINED'.
    expect(data[0]).toMatchObject({ email: reader.email, firstName: 'Test User', roles: ['READONLY-USER'], orgID: null, isActive: true });
    expect(Date.parse(data[0].createdOn)).not.toBeNaN();

    const page = await asAdmin('search', { offset: 1, limit: 1 });
    expect(page.json().data.map((d: { userID: string }) => d.userID)).toEqual([contributor.userId]);
    expect(page.json().count).toBe(3);

    const byRole = await asAdmin('search', { roleCodes: ['ADMIN', 'READONLY-USER'], offset: 0, limit: 10 });
    expect(
      byRole
        .json()
        .data.map((d: { userID: string }) => d.userID)
        .sort(),
    ).toEqual([admin.userId, reader.userId].sort());
    const byEmail = await asAdmin('search', { emails: [contributor.email.toUpperCase()], offset: 0, limit: 10 });
    expect(byEmail.json().data.map((d: { userID: string }) => d.userID)).toEqual([contributor.userId]);
    const byOrg = await asAdmin('search', { orgCodes: ['UNDEFINED'], offset: 0, limit: 10 });
    expect(byOrg.json().count).toBe(3);
    const all2 = await asAdmin('search', { offset: 0, limit: 1, skip_pagination: true });
    expect(all2.json().data).toHaveLength(3);
  });

  it("refuses an admin's edits of their own row through the API (403 SELF_EDIT) and changes nothing", async () => {
    const before = await row(admin.userId);
    const update = await asAdmin('update', { users: [edit(admin, { roles: ['CONTRIBUTOR-USER'], firstName: 'Not Admin' })] });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({ code: 'SELF_EDIT', message: 'You cannot change your own account here.' });
    // Mixed with another user's row: all or nothing.
    const mixed = await asAdmin('update', { users: [edit(reader, { firstName: 'Changed Reader' }), edit(admin)] });
    expect(mixed.statusCode).toBe(403);
    expect((await row(reader.userId)).first_name).toBe('Test User');
    const status = await asAdmin('update/active/status', { email: admin.email.toUpperCase(), is_active: false });
    expect(status.statusCode).toBe(403);
    expect(status.json().code).toBe('SELF_EDIT');
    const after = await row(admin.userId);
    expect(after).toEqual(before);
    expect((await signedInject(p.app, admin, 'GET', `${USERS}/me`)).statusCode).toBe(200);
  });

  it('validates edits with the docs/product.md#validation-rules messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '   ' }, 'Profile details are mandatory'],
      [{ roles: [] }, 'Profile details are mandatory'],
      [{ orgID: '' }, 'Profile details are mandatory'],
      [{ password: '' }, 'Please fill password'],
      [{ password: 'weakpass' }, PASSWORD_RULE_MESSAGE],
      [{ password: 'Str0ng&Pass', confirmPassword: 'Str0ng&Pasz' }, 'Password and Confirm Password is different'],
      [{ password: 'Str0ng&Pass', confirmPassword: '' }, 'Please fill password'],
      [{ roles: ['SUPER-USER'] }, 'Unknown role'],
      [{ orgID: 'ACME' }, "The only organisation is 'UNDEFINED'"],
      [{ email: 'not-an-email' }, 'Invalid email'],
    ];
    const before = await row(reader.userId);
    for (const [patch, message] of cases) {
      const res = await asAdmin('update', { users: [edit(reader, patch)] });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toBe(message);
    }
    expect(await row(reader.userId)).toEqual(before);
  });

  it("updates another user's name, roles and organisation; the new roles apply to their next call", async () => {
    expect((await signedInject(p.app, reader, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${reader.userId}`)).statusCode).toBe(403);
    const res = await asAdmin('update', {
      users: [edit(reader, { firstName: '  Reader Renamed ', roles: ['CONTRIBUTOR-USER', 'READONLY-USER'] })],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Profile updated successfully.' });
    const r = await row(reader.userId);
    expect(r).toMatchObject({ first_name: 'Reader Renamed', roles: ['CONTRIBUTOR-USER', 'READONLY-USER'], org: 'UNDEFINED' });
    // Same session, new role: the session cache was refreshed.
    expect((await signedInject(p.app, reader, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${reader.userId}`)).statusCode).toBe(200);
    expect((await signedInject(p.app, reader, 'GET', `${USERS}/me`)).json().data.firstName).toBe('Reader Renamed');
  });

  it("sets another user's password (rule applies) and ends their sessions", async () => {
    const u = await createSignedInUser(p);
    const res = await asAdmin('update', { users: [edit(u, { password: 'Admin&Set9', confirmPassword: 'Admin&Set9' })] });
    expect(res.statusCode).toBe(200);
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).statusCode).toBe(401);
    const login = (password: string) =>
      p.app.inject({ method: 'POST', url: `${USERS}/login`, payload: { authenticator: 'ULCA', data: { email: u.email, password } } });
    expect((await login(u.password)).statusCode).toBe(401);
    expect((await login('Admin&Set9')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user and 422 for an e-mail taken by someone else', async () => {
    const unknown = await asAdmin('update', { users: [{ ...edit(reader), userID: '0'.repeat(32) }] });
    expect(unknown.statusCode).toBe(404);
    const taken = await asAdmin('update', { users: [edit(reader, { email: contributor.email })] });
    expect(taken.statusCode).toBe(422);
    expect((await row(reader.userId)).email).toBe(reader.email);
    expect((await asAdmin('update/active/status', { email: 'nobody@example.org', is_active: false })).statusCode).toBe(404);
  });

  it('deactivates a user: their sessions and API keys stop at once; reactivation lets them sign in again and their keys work again', async () => {
    const u = await createSignedInUser(p);
    const keyRes = await signedInject(p.app, u, 'POST', `${USERS}/generateApiKey`, { userID: u.userId, appName: 'My app' });
    const apiKey = keyRes.json().data.ulcaApiKey as string;
    const whoami = () => p.app.inject({ method: 'GET', url: '/ulca/apis/v0/api-key/whoami', headers: { ulcaApiKey: apiKey } });
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    expect((await whoami()).statusCode).toBe(200);

    const off = await asAdmin('update/active/status', { email: u.email, is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().message).toBe('User deactivated successfully.');
    const me = await signedInject(p.app, u, 'GET', `${USERS}/me`);
    expect(me.statusCode).toBe(401);
    expect((await whoami()).statusCode).toBe(401);
    const login = () =>
      p.app.inject({
        method: 'POST',
        url: `${USERS}/login`,
        payload: { authenticator: 'ULCA', data: { email: u.email, password: u.password } },
      });
    const refused = await login();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_DEACTIVATED',
      message: 'This account has been deactivated. Please contact the administrator.',
    });

    const on = await asAdmin('update/active/status', { email: u.email, is_active: true });
    expect(on.json().message).toBe('User activated successfully.');
    expect((await login()).statusCode).toBe(200);
    // Deactivation suspended the key; nothing was deleted.
    expect((await whoami()).statusCode).toBe(200);
  });

  it('records admin actions in the audit log, readable by admins with paging and an action filter', async () => {
    const res = await signedInject(p.app, admin, 'GET', `${AUDIT}?offset=0&limit=200`);
    expect(res.statusCode).toBe(200);
    const { data, count } = res.json() as {
      data: {
        id: number;
        at: string;
        action: string;
        actorUserId: string | null;
        actorEmail: string | null;
        targetUserId: string | null;
        ip: string | null;
        details: Record<string, unknown> | null;
      }[];
      count: number;
    };
    expect(count).toBe(data.length);
    const times = data.map((d) => Date.parse(d.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const status = data.find((d) => d.action === 'admin.user.status' && d.details?.isActive === false);
    expect(status).toMatchObject({ actorUserId: admin.userId, actorEmail: admin.email, ip: '127.0.0.1' });
    expect(status?.details).toMatchObject({ sessionsEnded: 1 });
    expect(status?.details).not.toHaveProperty('apiKeysRevoked');
    expect(data.find((d) => d.action === 'admin.user.update' && d.targetUserId === reader.userId)?.details).toMatchObject({
      changed: expect.arrayContaining(['firstName', 'roles']),
    });
    expect(data.some((d) => d.action === 'admin.self-edit.refused' && d.actorUserId === admin.userId)).toBe(true);
    expect(JSON.stringify(data)).not.toContain('Admin&Set9');

    const filtered = await signedInject(p.app, admin, 'GET', `${AUDIT}?offset=0&limit=1&action=admin.user.update`);
    expect(filtered.json().data).toHaveLength(1);
    expect(filtered.json().data[0].action).toBe('admin.user.update');
    expect(filtered.json().count).toBeGreaterThanOrEqual(2);
    const bad = await signedInject(p.app, admin, 'GET', `${AUDIT}?action=drop-table`);
    expect(bad.statusCode).toBe(400);
  });
});
