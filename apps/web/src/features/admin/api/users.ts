import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { UserUpdate } from '../lib/edit-user.ts';
import type { UserSearchBody } from '../lib/users.ts';

const USERS = '/ulca/user-mgmt/v1/users';

/** TanStack Query keys of the admin feature. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  usersPage: (body: UserSearchBody) => ['admin', 'users', body] as const,
  audit: (offset: number, limit: number, action: string | null) => ['admin', 'audit', offset, limit, action] as const,
};

/** One user of POST users/search (spec 02 §3 'User (admin)'). */
export const adminUserSchema = z.object({
  userID: z.string(),
  email: z.string(),
  firstName: z.string().nullish().transform((n) => n ?? ''),
  roles: z.array(z.string()).nullish().transform((r) => r ?? []),
  // 'UNDEFINED' is the edit dialog's only choice (spec 02 §6), not an organisation: shown as none.
  orgID: z.string().nullish().transform((o) => (o && o !== 'UNDEFINED' ? o : null)),
  isActive: z.boolean(),
  createdOn: z.string().nullish().transform((c) => c ?? null),
  activatedTime: z.string().nullish().transform((a) => a ?? null),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userSearchResponseSchema = z.object({ message: z.string().optional(), data: z.array(adminUserSchema), count: z.number() });
export type UserSearchResponse = z.infer<typeof userSearchResponseSchema>;

/** Lists users (POST /ulca/user-mgmt/v1/users/search, signed, ADMIN only; 403 for other roles). */
export function searchUsers(body: UserSearchBody, signal?: AbortSignal): Promise<UserSearchResponse> {
  return apiRequest('POST', `${USERS}/search`, { body, schema: userSearchResponseSchema, signal });
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

const messageSchema = z.object({ message: z.string().optional() });

/** Saves a user's profile, roles and optionally a new password (POST users/update, signed ADMIN). 403 SELF_EDIT on one's own row. */
export async function updateUser(user: UserUpdate): Promise<string> {
  const res = await apiRequest('POST', `${USERS}/update`, { body: { users: [user] }, schema: messageSchema });
  return res.message || 'Profile updated successfully.';
}

/** Activates or deactivates an account (POST users/update/active/status, signed ADMIN); a deactivated user's sessions and keys stop working. */
export async function updateActiveStatus(v: { email: string; is_active: boolean }): Promise<string> {
  const res = await apiRequest('POST', `${USERS}/update/active/status`, { body: v, schema: messageSchema });
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
