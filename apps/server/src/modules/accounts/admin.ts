import { UNDEFINED_ORG, isSystemAccountEmail, type UserUpdate } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import type { AuthUser } from '../../security/auth.ts';
import {
  deleteUserKeys,
  findUserByEmail,
  findUserForUpdate,
  selectUsers,
  setUserActiveFlag,
  updateUserProfile,
  type UserRow,
} from './repo.ts';
import { DUPLICATE_EMAIL_MESSAGE, hashPassword, type RequestMeta } from './service.ts';
import { afterUserChange } from './user-change.ts';

/**
 * Admin user management (docs/product.md#admin "Admin user details", docs/product.md#validation-rules, docs/api.md#route-groups): search, update
 * (name, e-mail, roles, organisation, optional password), activate/deactivate. An admin never acts
 * on their own row here (403 SELF_EDIT), nor on the platform's system account (403 SYSTEM_ACCOUNT:
 * the owner of the reference models, e-mail domain SYSTEM_ACCOUNT_DOMAIN). Deactivation ends the user's sessions and revokes their API
 * keys at once; a password or role change ends or refreshes their sessions likewise.
 */

/** The only organisation the product offers (docs/product.md#roles). */
export { UNDEFINED_ORG };
export const SELF_EDIT_MESSAGE = 'You cannot change your own account here.';
export const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully.';
export const SYSTEM_ACCOUNT_MESSAGE = "This is the platform's system account: it cannot be activated, deactivated or edited.";

/** A user row as the admin table shows it. */
export interface AdminUserView {
  userID: string;
  email: string;
  firstName: string;
  roles: string[];
  /** The stored organisation, null when none was ever set. */
  orgID: string | null;
  isActive: boolean;
  /** ISO 8601. */
  createdOn: string;
  /** ISO 8601, null until activated. */
  activatedTime: string | null;
  /** The platform's own account (docs/product.md#admin): listed marked, never changed here. */
  isSystem: boolean;
}

function toAdminView(r: UserRow): AdminUserView {
  return {
    userID: r.user_id,
    email: r.email,
    firstName: r.first_name,
    roles: r.roles,
    orgID: r.org,
    isActive: r.is_active,
    createdOn: r.created_on.toISOString(),
    activatedTime: r.activated_time ? r.activated_time.toISOString() : null,
    isSystem: isSystemAccountEmail(r.email),
  };
}

/** Filters of POST users/search; lists combine with AND across fields and OR within one. */
export interface UserSearch {
  userIDs?: string[];
  emails?: string[];
  roleCodes?: string[];
  orgCodes?: string[];
  offset: number;
  limit: number;
  /** Every matching row, ignoring offset and limit. */
  skip_pagination?: boolean;
}

/** Users matching the filters, newest first (created_on desc), with the total count of the filter. */
export async function searchUsers(ctx: AppContext, q: UserSearch): Promise<{ data: AdminUserView[]; count: number }> {
  const { rows, total } = await selectUsers(ctx.db, {
    userIDs: q.userIDs,
    emails: q.emails,
    roleCodes: q.roleCodes,
    // A user without an organisation belongs to UNDEFINED, the only choice offered.
    orgCodes: q.orgCodes,
    undefinedOrg: UNDEFINED_ORG,
    page: q.skip_pagination ? undefined : { offset: q.offset, limit: q.limit },
  });
  return { data: rows.map(toAdminView), count: total };
}

/** One user of POST users/update (@ulca/contracts), already validated by the route schema. */
export type { UserUpdate };

function systemAccount(): ApiError {
  return new ApiError(403, 'SYSTEM_ACCOUNT', SYSTEM_ACCOUNT_MESSAGE);
}

/**
 * Audits an admin change refused by `route`: of the admin's own account ('self-edit'), or of the
 * system account ('system-account'; `targetUserId` when known). Returns the 403 to throw.
 */
async function refuseChange(
  ctx: AppContext,
  admin: AuthUser,
  refusal: 'self-edit' | 'system-account',
  targetUserId: string | null,
  route: string,
  meta: RequestMeta,
): Promise<ApiError> {
  const self = refusal === 'self-edit';
  const action = self ? 'admin.self-edit.refused' : 'admin.system-account.refused';
  await recordAudit(ctx, { actorUserId: admin.userId, action, targetUserId, ip: meta.ip, details: { route } });
  return self ? new ApiError(403, 'SELF_EDIT', SELF_EDIT_MESSAGE) : systemAccount();
}

/**
 * Applies admin edits, all or none (one transaction). Throws 403 SELF_EDIT when a row is the
 * caller's (nothing changes), 403 SYSTEM_ACCOUNT when a row is the system account or would move a
 * user into its domain (checked on the locked row inside the transaction, so nothing changes), 404
 * for an unknown userID, 422 DUPLICATE_EMAIL when a new e-mail is taken. A new password ends the user's sessions; every change is audited with the fields changed
 * (never the password itself).
 */
export async function updateUsers(ctx: AppContext, admin: AuthUser, sent: UserUpdate[], meta: RequestMeta): Promise<void> {
  const users = await Promise.all(sent.map((u) => withUserId(ctx, u)));
  if (users.some((u) => u.userID === admin.userId)) {
    throw await refuseChange(ctx, admin, 'self-edit', admin.userId, 'update', meta);
  }
  const hashes = await Promise.all(users.map((u) => (u.password ? hashPassword(u.password) : Promise.resolve(undefined))));
  const changes: { userId: string; changed: string[] }[] = [];
  let refusedSystem: string | null | undefined;
  try {
    await inTransaction(ctx.db, async (trx) => {
      for (const [i, u] of users.entries()) {
        const before = await findUserForUpdate(trx, u.userID);
        if (!before) throw notFound(`No user with id ${u.userID}.`);
        const email = u.email.trim().toLowerCase();
        if (isSystemAccountEmail(before.email) || isSystemAccountEmail(email)) {
          refusedSystem = u.userID;
          throw systemAccount();
        }
        const firstName = u.firstName.trim();
        const changed: string[] = [];
        if (email !== before.email.toLowerCase()) changed.push('email');
        if (firstName !== before.first_name) changed.push('firstName');
        if (JSON.stringify(u.roles) !== JSON.stringify(before.roles)) changed.push('roles');
        const org = u.orgID ?? before.org ?? UNDEFINED_ORG;
        if (org !== (before.org ?? UNDEFINED_ORG)) changed.push('orgID');
        if (hashes[i]) changed.push('password');
        await updateUserProfile(trx, u.userID, { email, firstName, roles: u.roles, org, passwordHash: hashes[i] });
        if (hashes[i]) await deleteUserKeys(trx, u.userID);
        changes.push({ userId: u.userID, changed });
      }
    });
  } catch (err) {
    if (refusedSystem !== undefined) throw await refuseChange(ctx, admin, 'system-account', refusedSystem, 'update', meta);
    if ((err as { code?: string }).code === '23505') throw new ApiError(422, 'DUPLICATE_EMAIL', DUPLICATE_EMAIL_MESSAGE);
    throw err;
  }
  for (const c of changes) {
    await afterUserChange(ctx, {
      actorUserId: admin.userId,
      action: 'admin.user.update',
      targetUserId: c.userId,
      ip: meta.ip,
      details: { changed: c.changed },
    });
  }
}

/**
 * The edit with its `userID`: as sent, or found by e-mail when the caller (the original ULCA admin
 * page) sends none. Throws 404 for an e-mail nobody has.
 */
async function withUserId(ctx: AppContext, u: UserUpdate): Promise<UserUpdate & { userID: string }> {
  if (u.userID) return { ...u, userID: u.userID };
  const found = await findUserByEmail(ctx.db, u.email.trim());
  if (!found) throw notFound('No user with this e-mail.');
  return { ...u, userID: found.user_id };
}

/**
 * Activates or deactivates the account with `email`. Deactivation suspends: it ends the user's
 * sessions (so signed calls stop at once) and nothing is deleted; their API keys refuse every call
 * while the account is inactive (keys/service.ts verifyApiKey) and work again on reactivation, with
 * their glossaries, enrolled speakers and usage (docs/product.md#admin). Throws 403 SELF_EDIT for the
 * caller's own account, 403 SYSTEM_ACCOUNT for the platform's system account, 404 for an unknown e-mail. Returns the message to show.
 */
export async function setUserActive(
  ctx: AppContext,
  admin: AuthUser,
  email: string,
  isActive: boolean,
  meta: RequestMeta,
): Promise<string> {
  const target = await findUserByEmail(ctx.db, email.trim());
  if (!target) throw notFound('No user with this e-mail.');
  if (target.user_id === admin.userId) {
    throw await refuseChange(ctx, admin, 'self-edit', admin.userId, 'update/active/status', meta);
  }
  if (isSystemAccountEmail(target.email))
    throw await refuseChange(ctx, admin, 'system-account', target.user_id, 'update/active/status', meta);
  const sessionsEnded = await inTransaction(ctx.db, async (trx) => {
    await setUserActiveFlag(trx, target.user_id, isActive);
    return isActive ? 0 : deleteUserKeys(trx, target.user_id);
  });
  // Refused at once on this process too, not only once the ulca_auth NOTIFY arrives.
  await afterUserChange(ctx, {
    actorUserId: admin.userId,
    action: 'admin.user.status',
    targetUserId: target.user_id,
    ip: meta.ip,
    details: { isActive, wasActive: target.is_active, sessionsEnded },
  });
  return isActive ? 'User activated successfully.' : 'User deactivated successfully.';
}
