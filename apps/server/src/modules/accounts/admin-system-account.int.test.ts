import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { signedInject, type TestUser } from '../../test/users.ts';
import { signedHeaders } from '../../security/signing.ts';
import { ensureSystemUser } from './service.ts';

/*
 * The platform's own account (the owner of the reference models, docs/product.md#admin) is listed
 * marked and can be neither activated, deactivated nor edited by an admin: 403 SYSTEM_ACCOUNT,
 * whatever the order, concurrency or repetition of the calls.
 */

const USERS = '/ulca/user-mgmt/v1/users';
const SYSTEM = { email: 'reference-models@ulca.invalid', firstName: 'ULCA reference models' };

describe('the system account under admin calls', () => {
  let p: TestPlatform;
  let admin: TestUser;
  let other: TestUser;
  let systemId: string;

  useTestPlatform({ users: [['ADMIN'], ['READONLY-USER']] }, async (platform, users) => {
    p = platform;
    [admin, other] = users;
    systemId = await ensureSystemUser(p.ctx, SYSTEM);
  });

  const post = (path: string, body: unknown) => signedInject(p.app, admin, 'POST', `${USERS}/${path}`, body);
  const systemRow = () => p.ctx.db.db.selectFrom('users').selectAll().where('user_id', '=', systemId).executeTakeFirstOrThrow();
  const edit = (userID: string, email: string, patch: Record<string, unknown> = {}) => ({
    userID,
    email,
    firstName: 'Taken Over',
    roles: ['ADMIN'],
    orgID: 'UNDEFINED',
    password: 'Tak3n!over',
    ...patch,
  });

  it('lists the system account marked, and only it', async () => {
    const res = await post('search', { offset: 0, limit: 100 });
    const data = res.json().data as { userID: string; isSystem: boolean }[];
    expect(data.find((d) => d.userID === systemId)?.isSystem).toBe(true);
    expect(data.filter((d) => d.isSystem).map((d) => d.userID)).toEqual([systemId]);
  });

  it('refuses to activate or deactivate it (403 SYSTEM_ACCOUNT), also with the e-mail in another case', async () => {
    for (const [email, isActive] of [
      [SYSTEM.email, true],
      [SYSTEM.email, false],
      [` ${SYSTEM.email.toUpperCase()} `, true],
    ] as const) {
      const res = await post('update/active/status', { email, is_active: isActive });
      expect(res.statusCode, `${email} → ${isActive}`).toBe(403);
      expect(res.json().code).toBe('SYSTEM_ACCOUNT');
    }
    expect((await systemRow()).is_active).toBe(false);
  });

  it('refuses an edit of it (by id or by e-mail), all or none: the other user of the same call is not changed', async () => {
    const before = await systemRow();
    for (const users of [
      [edit(systemId, SYSTEM.email)],
      [{ ...edit(systemId, SYSTEM.email), userID: undefined }],
      [edit(other.userId, other.email, { password: undefined }), edit(systemId, SYSTEM.email, { password: undefined })],
      // Moving a user into the system domain would make a second, unchangeable account: refused too.
      [edit(other.userId, 'someone@ulca.invalid', { password: undefined })],
    ]) {
      const res = await post('update', { users });
      expect(res.statusCode, JSON.stringify(users)).toBe(403);
      expect(res.json().code).toBe('SYSTEM_ACCOUNT');
    }
    const after = await systemRow();
    expect(after).toMatchObject({
      first_name: before.first_name,
      roles: before.roles,
      password_hash: before.password_hash,
      is_active: false,
    });
    const o = await p.ctx.db.db.selectFrom('users').selectAll().where('user_id', '=', other.userId).executeTakeFirstOrThrow();
    expect(o).toMatchObject({ first_name: 'Test User', email: other.email });
  });

  it('holds under 20 concurrent activations and edits, and a signed request replayed', async () => {
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? post('update/active/status', { email: SYSTEM.email, is_active: true })
        : post('update', { users: [edit(systemId, SYSTEM.email)] }),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(403));

    const url = `${USERS}/update/active/status`;
    const raw = JSON.stringify({ email: SYSTEM.email, is_active: true });
    const headers = { ...signedHeaders(admin, { method: 'POST', url, body: raw }), 'content-type': 'application/json' };
    for (let i = 0; i < 3; i++) {
      const res = await p.app.inject({ method: 'POST', url, headers, payload: raw });
      // Refused as the system account, or earlier as a replay: never carried out.
      expect([401, 403]).toContain(res.statusCode);
    }
    expect((await systemRow()).is_active).toBe(false);
    const audit = await signedInject(p.app, admin, 'GET', '/ulca/user-mgmt/v1/audit?offset=0&limit=5&action=admin.system-account.refused');
    expect(audit.json().count).toBeGreaterThanOrEqual(20);
    expect(audit.json().data[0]).toMatchObject({ actorUserId: admin.userId, targetUserId: systemId });
  });
});
