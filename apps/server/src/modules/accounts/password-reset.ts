import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { queueMail } from '../../mail/send.ts';
import { renderMail } from '../../mail/templates.ts';
import { recordAudit } from '../audit/service.ts';
import { randomToken, tokenHash } from '../../security/crypto.ts';
import { consumeForgotRequest, mayEmailReset } from './account-calls.rate-limit.ts';
import * as repo from './repo.ts';
import { hashPassword, type RequestMeta } from './service.ts';
import type { AccountsServices } from './limiters.rate-limit.ts';
import { afterUserChange } from './user-change.ts';

/**
 * Forgot and reset password (docs/product.md#sign-in-and-accounts, docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/api.md#route-groups).
 *
 * - The link is `{PUBLIC_URL}/ulca/user/reset-password/{email}/{token}`: the token is 32 random
 *   bytes (base64url); only its sha-256 is stored; it expires after RESET_TOKEN_TTL_MINUTES (60)
 *   and works once; a new request replaces the previous link. It never carries key material.
 * - The answer to a request is the same whether or not the e-mail has an account, and so is its
 *   timing: the request only validates and counts the address (account-calls.rate-limit.ts), then answers; the
 *   look-up, token and e-mail happen after the answer (see {@link whenResetMailsSent}).
 * - A reset sets the new password (docs/product.md#validation-rules rule) and ends every session of the user.
 */

export const FORGOT_MESSAGE = 'If an account exists for this e-mail, we have sent a link to reset the password.';
export const RESET_DONE_MESSAGE = 'Password changed successfully.';
export const RESET_TOKEN_INVALID_MESSAGE = 'This password reset link is invalid or has expired.';

/** The reset link of an account. */
export function resetLink(publicUrl: string, email: string, token: string): string {
  return `${publicUrl}/ulca/user/reset-password/${encodeURIComponent(email)}/${token}`;
}

function invalidToken(): ApiError {
  return new ApiError(400, 'RESET_TOKEN_INVALID', RESET_TOKEN_INVALID_MESSAGE);
}

/** Resolves when every reset e-mail requested so far has been sent (or failed); for tests (shutdown waits through ctx.services.background). */
export async function whenResetMailsSent(ctx: AppContext): Promise<void> {
  await ctx.services.background.settled();
}

/**
 * POST forgot-password: counts the request against the address (429 beyond
 * FORGOT_MAX_PER_IP_PER_HOUR), then returns at once; in the background, when `email` belongs to an
 * active account that has not had FORGOT_MAX_EMAILS_PER_HOUR e-mails this hour, stores a new token
 * and e-mails the link. Failures there are logged, never reported (the answer must not differ).
 */
export async function requestPasswordReset(ctx: AppContext<AccountsServices>, email: string, meta: RequestMeta): Promise<void> {
  await consumeForgotRequest(ctx, meta.ip);
  ctx.services.background.track(sendResetMail(ctx, email.trim().toLowerCase(), meta), (err) =>
    ctx.log.error({ err }, 'password reset e-mail failed'),
  );
}

async function sendResetMail(ctx: AppContext<AccountsServices>, email: string, meta: RequestMeta): Promise<void> {
  const user = await repo.findUserByEmail(ctx.db, email);
  const known = !!user && user.is_active;
  const mailed = known && (await mayEmailReset(ctx, email));
  await recordAudit(ctx, {
    actorUserId: null,
    action: 'password.forgot',
    targetUserId: user?.user_id ?? null,
    ip: meta.ip,
    details: { email, mailed },
  });
  if (!user || !mailed) return;
  const token = randomToken();
  const expiresAt = new Date(Date.now() + ctx.config.resetTokenTtlMinutes * 60_000);
  await repo.upsertPasswordReset(ctx.db, user.user_id, tokenHash(token), expiresAt);
  // Written in the user's interface language (docs/product.md#languages-of-the-interface).
  const language = await repo.findUiLanguage(ctx.db, user.user_id);
  await queueMail(
    ctx,
    renderMail('passwordReset', language, user.email, {
      name: user.first_name,
      link: resetLink(ctx.config.publicUrl, user.email, token),
      minutes: ctx.config.resetTokenTtlMinutes,
    }),
  );
}

/**
 * POST get/token/status: whether a reset link is still usable. Returns the account's e-mail;
 * throws 400 RESET_TOKEN_INVALID for an unknown, expired or used token, or one of another e-mail.
 */
export async function resetTokenStatus(ctx: AppContext, token: string, email?: string): Promise<{ valid: true; email: string }> {
  const user = await repo.findUserByResetToken(ctx.db, tokenHash(token));
  if (!user || (email !== undefined && user.email.toLowerCase() !== email.trim().toLowerCase())) throw invalidToken();
  return { valid: true, email: user.email };
}

/**
 * POST reset-password: spends the token, sets the new password (already checked against the
 * docs/product.md#validation-rules rule by the route schema) and ends every session of the user, in one transaction.
 * Throws 400 RESET_TOKEN_INVALID when the token is unknown, expired, used, or not `email`'s.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const hashHex = tokenHash(input.token);
  // Checked before hashing so forged tokens cost no argon2 work; spent atomically below.
  const user = await repo.findUserByResetToken(ctx.db, hashHex);
  const done =
    user && user.email.toLowerCase() === input.email.trim().toLowerCase()
      ? await repo.consumeResetToken(ctx.db, hashHex, input.email.trim(), await hashPassword(input.password))
      : undefined;
  if (!done) {
    await recordAudit(ctx, {
      actorUserId: null,
      action: 'password.reset.failure',
      targetUserId: user?.user_id ?? null,
      ip: meta.ip,
      details: { email: input.email.trim().toLowerCase() },
    });
    throw invalidToken();
  }
  await afterUserChange(ctx, {
    action: 'password.reset',
    targetUserId: done.userId,
    ip: meta.ip,
    details: { sessionsEnded: done.sessionsEnded },
  });
}
