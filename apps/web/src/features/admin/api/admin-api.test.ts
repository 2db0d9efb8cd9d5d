import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveJson, stubSignedInBrowser } from '../../../test/browser-stubs.ts';

// The api client reads the session from browser storage; give it a signed-in user in Node.
stubSignedInBrowser({ userID: 'admin-1', email: 'admin@ulca.local', firstName: 'Admin', roles: ['ADMIN'] });

type Api = typeof import('./users.ts') & typeof import('./audit.ts');
let api: Api;
beforeAll(async () => {
  api = { ...(await import('./users.ts')), ...(await import('./audit.ts')) };
});
afterAll(() => vi.unstubAllGlobals());

const sent = (c: { init: RequestInit }) => JSON.parse(String(c.init.body)) as unknown;

describe('admin calls', () => {
  it('searches users with the table body and reads nullable fields', async () => {
    const calls = serveJson(200, {
      message: 'Users',
      count: 11,
      data: [
        {
          userID: 'u-1',
          email: 'asha@example.in',
          firstName: 'Asha',
          roles: ['CONTRIBUTOR-USER'],
          orgID: null,
          isActive: true,
          createdOn: '2026-11-21T10:00:00Z',
          activatedTime: null,
        },
      ],
    });
    const res = await api.searchUsers({ offset: 10, limit: 10, roleCodes: ['CONTRIBUTOR-USER'] });
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/users/search');
    expect(sent(calls[0])).toEqual({ offset: 10, limit: 10, roleCodes: ['CONTRIBUTOR-USER'] });
    expect(res).toMatchObject({ count: 11, data: [{ userID: 'u-1', orgID: null, isActive: true }] });
  });
  it("shows a known organisation, and 'UNDEFINED' (the dialog's only choice) as none", async () => {
    const row = {
      email: 'a@example.in',
      firstName: 'A',
      roles: [],
      isActive: true,
      createdOn: '2026-11-21T10:00:00Z',
      activatedTime: null,
    };
    serveJson(200, {
      message: 'Users',
      count: 2,
      data: [
        { ...row, userID: 'u-1', orgID: 'UNDEFINED' },
        { ...row, userID: 'u-2', orgID: 'IIT Madras' },
      ],
    });
    const res = await api.searchUsers({ offset: 0, limit: 10 });
    expect(res.data.map((u) => u.orgID)).toEqual([null, 'IIT Madras']);
  });
  it('updates one user and toggles the active state', async () => {
    const calls = serveJson(200, { message: 'Profile updated successfully.' });
    const user = { userID: 'u-1', email: 'asha@example.in', firstName: 'Asha', roles: ['READONLY-USER'], orgID: 'UNDEFINED' };
    expect(await api.updateUser(user)).toBe('Profile updated successfully.');
    expect(sent(calls[0])).toEqual({ users: [user] });
    await api.updateActiveStatus({ email: 'asha@example.in', is_active: false });
    expect(calls[1].url).toBe('/ulca/user-mgmt/v1/users/update/active/status');
    expect(sent(calls[1])).toEqual({ email: 'asha@example.in', is_active: false });
  });
  it("passes the server's refusal of one's own row on", async () => {
    serveJson(403, { code: 'SELF_EDIT', message: 'You cannot change your own account here.' });
    await expect(api.updateActiveStatus({ email: 'admin@ulca.local', is_active: false })).rejects.toMatchObject({
      status: 403,
      code: 'SELF_EDIT',
    });
  });
  it('reads a page of the audit log (signed GET with offset and limit)', async () => {
    const calls = serveJson(200, {
      count: 1,
      data: [
        {
          id: 7,
          at: '2026-11-21T10:00:00Z',
          actorUserId: 'admin-1',
          actorEmail: 'admin@ulca.local',
          action: 'user.deactivate',
          targetUserId: 'u-1',
          ip: '127.0.0.1',
          details: { email: 'asha@example.in' },
        },
      ],
    });
    const res = await api.fetchAudit(20, 20, null);
    expect(calls[0].url).toBe('/ulca/user-mgmt/v1/audit?offset=20&limit=20');
    expect((calls[0].init.headers as Record<string, string>).sig).toBeTruthy();
    expect(res.data[0]).toMatchObject({ id: 7, actorEmail: 'admin@ulca.local', ip: '127.0.0.1' });
  });
});
