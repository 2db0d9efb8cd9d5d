import type { UserDetails } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { queueMail } from '../../mail/send.ts';
import { renderMail } from '../../mail/templates.ts';
import { SESSION_ENDED_MESSAGE, type AuthUser } from '../../security/auth.ts';
import { randomToken } from '../../security/crypto.ts';
import { recordAudit } from '../audit/service.ts';
import { deleteApiKeysOfUser } from '../keys/service.ts';
import { consumeCurrentPasswordAttempt, recordCurrentPasswordSuccess } from './account-calls.rate-limit.ts';
import * as repo from './repo.ts';
import { DELETED_EMAIL_DOMAIN, hashPassword, isDeletedEmail, toUserDetails, verifyPassword, type RequestMeta } from './service.ts';
import type { AccountsServices } from './limiters.rate-limit.ts';
import { afterUserChange } from './user-change.ts';

/**
 * Account self-service (docs/product.md#profile-and-api-keys "My account", docs/api.md#route-groups):
 * a signed-in user edits their name, changes their password and deletes their account. The
 * account acted on is always the caller's, from the signature (docs/api.md#conventions): a user
 * id in a body is not read.
 */

export const NAME_SAVED_MESSAGE = 'Your name has been saved.';
export const PASSWORD_CHANGED_MESSAGE = 'Password changed successfully.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';
export const WRONG_PASSWORD_MESSAGE = 'The current password is not correct.';
export const DELETE_NOT_CONFIRMED_MESSAGE = 'Type your e-mail address to confirm that the account should be deleted.';

/** The first name every deleted account shows where its contributions name it (docs/product.md#profile-and-api-keys). */
export const DELETED_USER_NAME = 'Deleted user';
const wrongPassword = () =>
  badRequest('WRONG_PASSWORD', WRONG_PASSWORD_MESSAGE, [{ field: 'currentPassword', message: WRONG_PASSWORD_MESSAGE }]);

/** Sets the caller's first and last name (an empty last name clears it). Returns their details as they now are. */
export async function updateOwnName(
  ctx: AppContext,
  user: AuthUser,
  body: { firstName: string; lastName?: string },
  meta: RequestMeta,
): Promise<UserDetails> {
  const lastName = body.lastName === undefined ? user.lastName : body.lastName || null;
  const row = await repo.updateUserName(ctx.db, user.userId, body.firstName, lastName);
  if (!row) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  // Signed calls answer from cached sessions: this process forgets them now, the others at the NOTIFY.
  await afterUserChange(ctx, { action: 'profile.name', targetUserId: user.userId, ip: meta.ip });
  return toUserDetails(row);
}

/**
 * Changes the caller's password: the current one must be right (400 WRONG_PASSWORD otherwise,
 * never 401, which would end the web session; its failures count with the sign-in lockout, 429 past
 * it: account-calls.rate-limit.ts consumeCurrentPasswordAttempt), the new one follows the password rule (checked by
 * the route's schema). Ends every other session of the user and keeps the one that signed the
 * call; e-mails a notice in the user's language. Returns how many sessions were ended.
 */
export async function changeOwnPassword(
  ctx: AppContext<AccountsServices>,
  user: AuthUser,
  body: { currentPassword: string; newPassword: string },
  meta: RequestMeta,
): Promise<number> {
  const row = await repo.findUserById(ctx.db, user.userId);
  if (!row) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  await consumeCurrentPasswordAttempt(ctx, row.email);
  if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
    await recordAudit(ctx, { actorUserId: user.userId, action: 'password.change.failure', targetUserId: user.userId, ip: meta.ip });
    throw wrongPassword();
  }
  await recordCurrentPasswordSuccess(ctx, row.email);
  const passwordHash = await hashPassword(body.newPassword);
  const ended = await inTransaction(ctx.db, async (q) => {
    await repo.setPasswordHash(q, user.userId, passwordHash);
    await repo.deletePasswordResets(q, user.userId);
    return repo.deleteOtherUserKeys(q, user.userId, user.publicKey);
  });
  await afterUserChange(ctx, {
    action: 'password.change',
    targetUserId: user.userId,
    ip: meta.ip,
    details: { sessionsEnded: ended },
  });
  const language = await repo.findUiLanguage(ctx.db, user.userId);
  await queueMail(ctx, renderMail('passwordChanged', language, row.email, { name: row.first_name })).catch((err: unknown) =>
    ctx.log.warn({ err }, 'password-change notice could not be queued'),
  );
  return ended;
}

/**
 * Deletes the caller's account (docs/product.md#profile-and-api-keys "Deleting an account"): the
 * typed e-mail must be the account's (400 DELETE_NOT_CONFIRMED) and the password right (400
 * WRONG_PASSWORD; its failures count with the sign-in lockout, 429 past it). In one transaction, with the user's row locked (a concurrent or replayed delete
 * waits, then finds the session gone: 401 SESSION_ENDED):
 * - deleted: every session, reset link, the language preference, and through the keys service
 *   every API key with its provider keys, data-tracking switches, glossaries and enrolled speakers
 *   (they cascade from the key), so the keys refuse calls at once;
 * - anonymised, not deleted: the user row stays as a tombstone (name 'Deleted user', a placeholder
 *   e-mail that frees the address, an unusable password, inactive), so published datasets,
 *   models, benchmark results and feedback stay on the platform attributed to a deleted user.
 * A goodbye e-mail goes to the old address in the user's language.
 */
export async function deleteOwnAccount(
  ctx: AppContext<AccountsServices>,
  user: AuthUser,
  body: { email: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const before = await repo.findUserById(ctx.db, user.userId);
  if (!before || isDeletedEmail(before.email)) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
  if (body.email.trim().toLowerCase() !== before.email.toLowerCase())
    throw badRequest('DELETE_NOT_CONFIRMED', DELETE_NOT_CONFIRMED_MESSAGE, [{ field: 'email', message: DELETE_NOT_CONFIRMED_MESSAGE }]);
  await consumeCurrentPasswordAttempt(ctx, before.email);
  if (!(await verifyPassword(before.password_hash, body.password))) throw wrongPassword();
  await recordCurrentPasswordSuccess(ctx, before.email);
  const language = await repo.findUiLanguage(ctx.db, user.userId);
  const unusable = await hashPassword(randomToken());
  const removed = await inTransaction(ctx.db, async (q) => {
    const row = await repo.findUserForUpdate(q, user.userId);
    const session = await repo.sessionKeyExists(q, user.publicKey);
    if (!row || isDeletedEmail(row.email) || !session) throw new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);
    const apiKeys = await deleteApiKeysOfUser(q, user.userId);
    await repo.deleteUserKeys(q, user.userId);
    await repo.deletePasswordResets(q, user.userId);
    await repo.deleteUiLanguage(q, user.userId);
    await repo.anonymiseUser(q, user.userId, {
      email: `deleted-${user.userId}@${DELETED_EMAIL_DOMAIN}`,
      firstName: DELETED_USER_NAME,
      passwordHash: unusable,
    });
    return { apiKeys };
  });
  await afterUserChange(ctx, { action: 'account.delete', targetUserId: user.userId, ip: meta.ip, details: removed });
  await queueMail(ctx, renderMail('accountDeleted', language, before.email, { name: before.first_name })).catch((err: unknown) =>
    ctx.log.warn({ err }, 'account-deletion notice could not be queued'),
  );
}
