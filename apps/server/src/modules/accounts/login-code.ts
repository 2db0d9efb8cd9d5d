/**
 * One-time sign-in codes of a locked login (docs/operations.md#limits "Sign-in lockout"): once an
 * account or an address has used up its failed attempts, a password alone is no longer checked;
 * the account's owner gets a code by e-mail and signs in with the code AND the password, so an
 * attacker's failures never lock the owner out, and guesses without the code learn nothing.
 *
 * The code is stateless: HMAC-SHA256 of the server secret over the user, their password hash and
 * the current window of LOGIN_CODE_TTL_SECONDS, as 10 base32 characters (50 bits). It is valid in
 * its window and the next one, and a password change voids it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { queueMail } from '../../mail/send.ts';
import { renderMail } from '../../mail/templates.ts';
import { secretKey } from '../../security/crypto.ts';
import { findUiLanguage, type UserRow } from './repo.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

function codeOf(ctx: AppContext, user: Pick<UserRow, 'user_id' | 'password_hash'>, window: number): string {
  const mac = createHmac('sha256', secretKey(ctx.config)).update(`login-code\n${user.user_id}\n${user.password_hash}\n${window}`).digest();
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += ALPHABET[mac[i] % ALPHABET.length];
  return out;
}

function windowAt(ctx: AppContext, ms: number): number {
  return Math.floor(ms / 1000 / Math.max(1, ctx.config.loginCodeTtlSeconds));
}

/** The code of `user` for the window holding `now` (ms), grouped `ABCDE-FGHJK` for reading. */
export function loginCode(ctx: AppContext, user: Pick<UserRow, 'user_id' | 'password_hash'>, now = Date.now()): string {
  const code = codeOf(ctx, user, windowAt(ctx, now));
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** True when `typed` (any case, spaces and dashes ignored) is the code of this window or the previous one. */
export function isLoginCode(ctx: AppContext, user: Pick<UserRow, 'user_id' | 'password_hash'>, typed: string, now = Date.now()): boolean {
  const given = Buffer.from(typed.toUpperCase().replace(/[\s-]/g, ''));
  const w = windowAt(ctx, now);
  return [w, w - 1].some((window) => {
    const expected = Buffer.from(codeOf(ctx, user, window));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** Queues the e-mail carrying the code to the account's address, in the user's interface language. */
export async function mailLoginCode(
  ctx: AppContext,
  user: Pick<UserRow, 'user_id' | 'password_hash' | 'email' | 'first_name'>,
): Promise<void> {
  const minutes = Math.round(ctx.config.loginCodeTtlSeconds / 60);
  const language = await findUiLanguage(ctx.db, user.user_id);
  await queueMail(ctx, renderMail('loginCode', language, user.email, { name: user.first_name, code: loginCode(ctx, user), minutes }));
}
