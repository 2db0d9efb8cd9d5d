import { useMemo } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponse,
  UNDEFINED_ORG,
  USER_API,
  userSearchResponse,
  type AdminUserRecord,
  type UserSearchResponse,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import type { UserUpdate } from '../lib/edit-user.ts';
import type { UserSearchBody } from '../lib/users.ts';

/** TanStack Query keys of the admin feature. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (body: UserSearchBody) => ['admin', 'users', body] as const,
  audit: (offset: number, limit: number, action: string | null) => ['admin', 'audit', offset, limit, action] as const,
};

/**
 * One user of POST users/search (docs/product.md#entities-and-fields 'User (admin)') as the table shows it: `orgID`
 * 'UNDEFINED' is the edit dialog's only choice (docs/product.md#roles), not an organisation, so it reads as none.
 */
export type AdminUser = AdminUserRecord;
export type { UserSearchResponse };

/** Lists users (POST users/search, signed, ADMIN only; 403 for other roles); an `orgID` of 'UNDEFINED' comes back as null. */
export async function searchUsers(body: UserSearchBody, signal?: AbortSignal): Promise<UserSearchResponse> {
  const res = await apiRequest('POST', USER_API.search, { body, schema: userSearchResponse, signal });
  return { ...res, data: res.data.map((u) => (u.orgID === UNDEFINED_ORG ? { ...u, orgID: null } : u)) };
}

/**
 * Query hook: one view of the user table. The previous rows stay on screen while the next view
 * loads (a page change or a reload after toggling a user does not blank the table or its search).
 */
export function useAdminUsers(body: UserSearchBody, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.usersPage(body),
    queryFn: ({ signal }) => searchUsers(body, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Saves a user's profile, roles and optionally a new password (POST users/update, signed ADMIN). 403 SELF_EDIT on one's own row. */
export async function updateUser(user: UserUpdate): Promise<string> {
  const res = await apiRequest('POST', USER_API.update, { body: { users: [user] }, schema: messageResponse });
  return res.message || 'Profile updated successfully.';
}

/** Activates or deactivates an account (POST users/update/active/status, signed ADMIN); a deactivated user's sessions and keys stop working. */
export async function updateActiveStatus(v: { email: string; is_active: boolean }): Promise<string> {
  const res = await apiRequest('POST', USER_API.updateActiveStatus, { body: v, schema: messageResponse });
  return res.message || (v.is_active ? 'User activated.' : 'User deactivated.');
}

/** Mutation: `updateUser`; every view of the user table reloads when it settles. */
export function useUpdateUser() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.users }) });
}
/** Mutation: `updateActiveStatus`; every view of the user table reloads (keeping the page's search and filter) when it settles. */
export function useUpdateActiveStatus() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateActiveStatus, onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.users }) });
}

/**
 * The users of `ids` by id (one users/search call for the distinct ids; an id that is no longer a
 * user is absent): how the audit log and the usage tab name people.
 */
export function useUsersById(ids: readonly string[]): ReadonlyMap<string, AdminUser> {
  const distinct = useMemo(() => [...new Set(ids)].sort(), [ids]);
  const users = useAdminUsers(
    { userIDs: distinct, offset: 0, limit: Math.max(1, distinct.length), skip_pagination: true },
    distinct.length > 0,
  );
  return useMemo(() => new Map((users.data?.data ?? []).map((u) => [u.userID, u])), [users.data]);
}
