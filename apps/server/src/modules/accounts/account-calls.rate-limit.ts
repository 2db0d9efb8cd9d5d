import type { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';
import { addressKey } from '../../lib/client-ip.ts';
import type { AccountsServices } from './limiters.rate-limit.ts';

/**
 * Login, sign-up and forgot-password throttling with rate-limiter-flexible on PostgreSQL
 * (table `rate_limits`, 003_accounts.sql), so every API process shares the counts.
 *
 * Logins count every attempt before its password is checked (atomically, so parallel attempts
 * cannot slip past) per account (the e-mail as typed, lower-cased, whether or not it exists, so
 * the limit reveals nothing) and per client address; a successful login takes its points back, so
 * in effect FAILED attempts count. That keeps many users signing in from one address (an office
 * behind NAT, the tests, the bench) unthrottled, while password guessing is capped:
 * LOGIN_MAX_FAILURES_PER_ACCOUNT (5) per LOGIN_ACCOUNT_WINDOW_SECONDS (900) on one account,
 * LOGIN_MAX_FAILURES_PER_IP (30) per LOGIN_IP_WINDOW_SECONDS (900) from one address across
 * accounts. Windows are fixed: they start at the first counted attempt. 0 turns a limit off.
 * Past either limit a login is not refused outright: it needs a one-time code e-mailed to the
 * account (login-code.ts; docs/operations.md#limits), so failures never lock the owner out.
 * Addresses are counted by {@link addressKey}: an IPv4 address, or an IPv6 /64 (one subscriber).
 */

/** 429 with the seconds to wait; the route sets the Retry-After header from `retryAfterSeconds`. */
export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    /** Whole seconds until a new attempt is accepted (≥ 1). */
    public readonly retryAfterSeconds: number,
  ) {
    super(429, 'TOO_MANY_REQUESTS', message);
  }
}

/** Seconds until `res` frees a point (at least 1). */
function secondsLeft(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

/** "N minutes" / "N seconds" for messages. */
function humanWait(seconds: number): string {
  if (seconds >= 90) return `${Math.ceil(seconds / 60)} minutes`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Normalised account key of a login (the e-mail as typed). */
function accountKey(email: string): string {
  return email.trim().toLowerCase().slice(0, 200);
}

/** Gives back one point of each limiter that counted the attempt (best effort). */
async function refund(counted: [RateLimiterPostgres, string][]): Promise<void> {
  await Promise.all(counted.map(([l, key]) => l.reward(key, 1).catch(() => undefined)));
}

/** What {@link consumeLoginAttempt} decided: the password may be checked, or only with a one-time code. */
export type LoginGate = { locked: false } | { locked: true; waitSeconds: number; message: string };

/**
 * Counts one login attempt against the account and the address BEFORE the password is checked,
 * each with one atomic upsert in PostgreSQL (rate-limiter-flexible `consume`), so attempts sent
 * in parallel cannot all read the same count: with a limit of N, at most N of any
 * burst reach the password check without a code. Answers `locked` (with the seconds until the
 * count clears) when either count is past its limit; the other count then gets its point back, so
 * an account locked by someone else does not also use up its owner's address. Throws only a store
 * error. `ip` is a parsed address (lib/client-ip.ts).
 */
export async function consumeLoginAttempt(ctx: AppContext<AccountsServices>, email: string, ip: string): Promise<LoginGate> {
  const l = ctx.services.accountLimits;
  const attempts: [RateLimiterPostgres, string][] = [];
  if (l.loginAccount) attempts.push([l.loginAccount, accountKey(email)]);
  if (l.loginIp) attempts.push([l.loginIp, addressKey(ip)]);
  const results = await Promise.allSettled(attempts.map(([lim, key]) => lim.consume(key)));
  const counted = attempts.filter((_, i) => results[i].status === 'fulfilled');
  const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failed.length === 0) return { locked: false };
  await refund(counted);
  const storeError = failed.find((reason) => reason instanceof Error);
  if (storeError) throw storeError;
  const wait = Math.max(...failed.map((res) => secondsLeft(res as RateLimiterRes)));
  return {
    locked: true,
    waitSeconds: wait,
    message: `Too many failed sign-in attempts. Please try again in ${humanWait(wait)}, or sign in now with your password and the code we have e-mailed to you.`,
  };
}

/**
 * Counts one check of a signed-in user's current password (profile/password, profile/delete)
 * against the account's sign-in failures (LOGIN_MAX_FAILURES_PER_ACCOUNT per
 * LOGIN_ACCOUNT_WINDOW_SECONDS, the same count as the login's: docs/operations.md#sign-in-lockout),
 * BEFORE the password is checked, with one atomic upsert, so parallel guesses over both routes and
 * the login share one bound. `email` is the account's. A right password takes the point back
 * through {@link recordCurrentPasswordSuccess}.
 * @throws TooManyRequestsError (429, seconds until the window ends) once the account's failures are
 *   used up: the password is then not checked, so even the right one is refused until then (no
 *   one-time code here: the session's owner can wait, or sign in again with the e-mailed code).
 */
export async function consumeCurrentPasswordAttempt(ctx: AppContext<AccountsServices>, email: string): Promise<void> {
  const l = ctx.services.accountLimits.loginAccount;
  if (!l) return;
  try {
    await l.consume(accountKey(email));
  } catch (res) {
    if (res instanceof Error) throw res;
    const wait = secondsLeft(res as RateLimiterRes);
    throw new TooManyRequestsError(`Too many wrong passwords for this account. Please try again in ${humanWait(wait)}.`, wait);
  }
}

/** After a right current password: gives back the point {@link consumeCurrentPasswordAttempt} took (so only failures count). */
export async function recordCurrentPasswordSuccess(ctx: AppContext<AccountsServices>, email: string): Promise<void> {
  await ctx.services.accountLimits.loginAccount?.reward(accountKey(email), 1).catch(() => undefined);
}

/** True when a sign-in code may be e-mailed to this account now (LOGIN_CODE_EMAILS_PER_HOUR), counting it. */
export async function mayEmailLoginCode(ctx: AppContext<AccountsServices>, email: string): Promise<boolean> {
  return mayConsume(ctx.services.accountLimits.loginCodeEmail, accountKey(email));
}

/**
 * After a correct password: clears the account's count and gives the address back the point of
 * this attempt, so only failures keep counting (many users behind one NAT stay unthrottled).
 */
export async function recordLoginSuccess(ctx: AppContext<AccountsServices>, email: string, ip: string): Promise<void> {
  const l = ctx.services.accountLimits;
  await Promise.all([l.loginAccount?.delete(accountKey(email)), l.loginIp?.reward(addressKey(ip), 1)]);
}

/**
 * Sign-up throttling: throws {@link TooManyRequestsError} after
 * SIGNUP_MAX_PER_IP_PER_HOUR sign-up requests from one address in an hour, whatever their answer
 * (a 422 "already exist" answer counts too, so the form cannot be used to list registered e-mails).
 */
export async function consumeSignupRequest(ctx: AppContext<AccountsServices>, ip: string): Promise<void> {
  await consumePerAddress(
    ctx.services.accountLimits.signupIp,
    ip,
    (wait) => `Too many sign-up requests from this network. Please try again in ${humanWait(wait)}.`,
  );
}

/**
 * Forgot-password throttling: throws {@link TooManyRequestsError} after FORGOT_MAX_PER_IP_PER_HOUR
 * requests from one address in an hour (the answer never depends on the e-mail, so a 429 reveals
 * nothing about accounts).
 */
export async function consumeForgotRequest(ctx: AppContext<AccountsServices>, ip: string): Promise<void> {
  await consumePerAddress(
    ctx.services.accountLimits.forgotIp,
    ip,
    (wait) => `Too many password reset requests. Please try again in ${humanWait(wait)}.`,
  );
}

/** One point of a per-address limiter (none configured = no limit); a refusal throws 429 with `message(seconds to wait)`. */
async function consumePerAddress(l: RateLimiterPostgres | undefined, ip: string, message: (waitSeconds: number) => string): Promise<void> {
  if (!l) return;
  try {
    await l.consume(addressKey(ip));
  } catch (res) {
    if (res instanceof Error) throw res;
    const wait = secondsLeft(res as RateLimiterRes);
    throw new TooManyRequestsError(message(wait), wait);
  }
}

/** True when `l` (none configured = no limit) grants one point for `key` now, counting it; a store error throws. */
async function mayConsume(l: RateLimiterPostgres | undefined, key: string): Promise<boolean> {
  if (!l) return true;
  try {
    await l.consume(key);
    return true;
  } catch (res) {
    if (res instanceof Error) throw res;
    return false;
  }
}

/**
 * True when another reset e-mail may go to this account this hour (FORGOT_MAX_EMAILS_PER_HOUR),
 * counting it. Beyond the limit the request gets the usual answer and no e-mail, so nobody can
 * flood a mailbox through the form.
 */
export async function mayEmailReset(ctx: AppContext<AccountsServices>, email: string): Promise<boolean> {
  return mayConsume(ctx.services.accountLimits.forgotEmail, accountKey(email));
}
