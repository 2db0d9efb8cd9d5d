import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '@ulca/contracts';
import { AUDIT_ACTION_OPTIONS, auditActionText, shortUserId } from './audit-actions.ts';
import { EDIT_MESSAGES, toUserUpdate, validateEditUser, type EditUserForm } from './edit-user.ts';
import { auditActionLabel, formatAdminTimestamp, formatAuditDetails, sortNewestFirst } from './format.ts';
import { matchesUserSearch, roleLabel, toggleValue, userSearchBody } from './users.ts';

describe('admin timestamps', () => {
  it('name the month, 24-hour', () => {
    expect(formatAdminTimestamp('2026-11-21T18:05:09Z', 'UTC')).toBe('21 Nov 2026, 18:05:09');
    expect(formatAdminTimestamp('2026-11-21T18:05:09Z', 'Asia/Kolkata')).toBe('21 Nov 2026, 23:35:09');
    expect(formatAdminTimestamp('2026-01-02T00:00:00Z', 'UTC')).toBe('2 Jan 2026, 00:00:00');
  });
  it("show '-' for a missing or broken time", () => {
    expect(formatAdminTimestamp(null)).toBe('-');
    expect(formatAdminTimestamp('yesterday')).toBe('-');
  });
  it('sort newest first, missing times last, ties in their order', () => {
    const rows = [
      { id: 'a', t: '2026-01-01T00:00:00Z' },
      { id: 'b', t: null },
      { id: 'c', t: '2026-03-01T00:00:00Z' },
      { id: 'd', t: '2026-01-01T00:00:00Z' },
    ];
    expect(sortNewestFirst(rows, (r) => r.t).map((r) => r.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('user search and filter', () => {
  const asha = {
    userID: 'u-42',
    email: 'asha@example.in',
    firstName: 'Asha Devi',
    roles: ['BENCHMARK-DATASET-CONTRIBUTOR'],
    orgID: 'UNDEFINED',
  };
  it('matches id, name, e-mail and role (code or label), case-insensitively', () => {
    for (const t of ['U-42', 'asha dev', 'EXAMPLE.IN', 'benchmark-dataset', 'Dataset Contributor', '  undefined '])
      expect(matchesUserSearch(asha, t)).toBe(true);
    expect(matchesUserSearch(asha, 'ravi')).toBe(false);
  });
  it('labels roles in words', () => {
    expect(roleLabel('EXTERNAL-CONSORTIUM-MEMBER')).toBe('External Consortium Member');
    expect(roleLabel('ADMIN')).toBe('Admin');
  });
  it('toggles filter values on and off', () => {
    expect(toggleValue(['ADMIN'], 'READONLY-USER')).toEqual(['ADMIN', 'READONLY-USER']);
    expect(toggleValue(['ADMIN', 'READONLY-USER'], 'ADMIN')).toEqual(['READONLY-USER']);
  });
  it('asks the server for one page without a term, with the filters', () => {
    expect(userSearchBody({ roles: [], orgs: [] }, 0, '')).toEqual({ offset: 0, limit: 10 });
    expect(userSearchBody({ roles: ['ADMIN'], orgs: ['UNDEFINED'] }, 2, '  ')).toEqual({
      offset: 20,
      limit: 10,
      roleCodes: ['ADMIN'],
      orgCodes: ['UNDEFINED'],
    });
  });
  it('asks for the whole filtered list when a term is typed (matched and paged in the browser)', () => {
    expect(userSearchBody({ roles: ['ADMIN'], orgs: [] }, 3, 'asha')).toEqual({
      offset: 0,
      limit: 10,
      roleCodes: ['ADMIN'],
      skip_pagination: true,
    });
  });
});

describe('admin edit dialog', () => {
  const ok: EditUserForm = {
    firstName: ' Asha ',
    orgID: 'UNDEFINED',
    roles: ['CONTRIBUTOR-USER'],
    changePassword: false,
    password: '',
    confirmPassword: '',
  };
  it('accepts a complete profile', () => {
    expect(validateEditUser(ok)).toBeNull();
  });
  it("requires name, organisation and a role: 'Profile details are mandatory'", () => {
    for (const bad of [{ firstName: '   ' }, { orgID: '' }, { roles: [] }]) {
      expect(validateEditUser({ ...ok, ...bad })).toEqual({ tab: 'profile', message: EDIT_MESSAGES.profile });
    }
    expect(EDIT_MESSAGES.profile).toBe('Profile details are mandatory');
  });
  it('with Change Password, requires both fields, equal, and a strong password', () => {
    const pw = { ...ok, changePassword: true };
    expect(validateEditUser({ ...pw, password: 'N3w!secret', confirmPassword: '' })).toEqual({
      tab: 'security',
      message: 'Please fill password',
    });
    expect(validateEditUser({ ...pw, password: '', confirmPassword: '' })).toEqual({ tab: 'security', message: 'Please fill password' });
    expect(validateEditUser({ ...pw, password: 'N3w!secret', confirmPassword: 'N3w!secreT' })).toEqual({
      tab: 'security',
      message: 'Password and Confirm Password is different',
    });
    expect(validateEditUser({ ...pw, password: 'weakpass', confirmPassword: 'weakpass' })).toEqual({
      tab: 'security',
      message: PASSWORD_RULE_MESSAGE,
    });
    expect(validateEditUser({ ...pw, password: 'N3w!secret', confirmPassword: 'N3w!secret' })).toBeNull();
  });
  it('ignores the password fields without Change Password', () => {
    expect(validateEditUser({ ...ok, password: 'x', confirmPassword: 'y' })).toBeNull();
  });
  it('builds the update entry: trimmed name, password only when changing it', () => {
    const user = { userID: 'u-1', email: 'asha@example.in' };
    expect(toUserUpdate(user, { ...ok, password: 'N3w!secret', confirmPassword: 'N3w!secret' })).toEqual({
      userID: 'u-1',
      email: 'asha@example.in',
      firstName: 'Asha',
      roles: ['CONTRIBUTOR-USER'],
      orgID: 'UNDEFINED',
    });
    expect(toUserUpdate(user, { ...ok, changePassword: true, password: 'N3w!secret', confirmPassword: 'N3w!secret' }).password).toBe(
      'N3w!secret',
    );
  });
});

describe('audit log formatting', () => {
  it('turns action codes into words', () => {
    expect(auditActionLabel('user.update_active')).toBe('User update active');
    expect(auditActionLabel('PASSWORD_RESET')).toBe('Password reset');
    expect(auditActionLabel('apiKeyRevoked')).toBe('Api key revoked');
  });
  it('shows details as key: value pairs, strings as they are', () => {
    expect(formatAuditDetails({ email: 'asha@example.in', is_active: false, empty: null })).toBe(
      'email: asha@example.in, is_active: false',
    );
    expect(formatAuditDetails('reset link used')).toBe('reset link used');
    expect(formatAuditDetails(null)).toBe('');
    expect(formatAuditDetails({ roles: ['ADMIN'] })).toBe('roles: ["ADMIN"]');
    // The audit log passes the interface's words for the keys it knows.
    const words: Record<string, string> = { appName: 'Application', keyId: 'Key' };
    expect(formatAuditDetails({ appName: 'Bolo', keyId: 'k1', other: 2 }, (k) => words[k] ?? k)).toBe(
      'Application: Bolo, Key: k1, other: 2',
    );
  });
});

describe('audit actions', () => {
  it('has words for every action the filter offers, and falls back to the code in words', () => {
    expect(AUDIT_ACTION_OPTIONS).toContain('admin.user.status');
    expect(auditActionText('admin.user.status')).toBe('User activated or deactivated');
    expect(auditActionText('apikey.revoke')).toBe('API key revoked');
    expect(auditActionText('model.publish')).toBe('Model published');
    expect(auditActionText('benchmark.rescore')).toBe('Benchmark rescore');
  });
  it('shortens long user ids for the table', () => {
    expect(shortUserId('ab3045354b1bc05e264a5fb8e283c532')).toBe('ab304535…');
    expect(shortUserId('u-1')).toBe('u-1');
    expect(shortUserId(null)).toBe('-');
  });
});
