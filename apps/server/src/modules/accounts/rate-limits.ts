import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext } from '../../context.ts';
import { ApiError } from '../../lib/errors.ts';

/**
 * Login and forgot-password throttling (issue #4 §4) with rate-limiter-flexible on PostgreSQL
 * (table `rate_limits`, 003_accounts.sql), so every API process shares the counts.
 *
 * Logins count FAILED attempts only, per account (the e-mail as typed, lower-cased, whether or
 * not it exists, so the limit reveals nothing) and per client address. Counting only failures
 * keeps many users signing in from one address (an office behind NAT, the tests, the bench)
 * unthrottled, while password guessing is capped: LOGIN_MAX_FAILURES_PER_ACCOUNT (5) per
 * LOGIN_ACCOUNT_WINDOW_SECONDS (900) on one account, LOGIN_MAX_FAILURES_PER_IP (30) per
 * LOGIN_IP_WINDOW_SECONDS (900) from one address across accounts. A successful login clears the
 * account's count. Windows are fixed: they start at the first counted failure. 0 turns a limit off.
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

interface Limiters {
  loginAccount?: RateLimiterPostgres;
  loginIp?: RateLimiterPostgres;
  forgotIp?: RateLimiterPostgres;
  forgotEmail?: RateLimiterPostgres;
}

const byContext = new WeakMap<AppContext, Limiters>();

function limiter(ctx: AppContext, keyPrefix: string, points: number, duration: number): RateLimiterPostgres | undefined {
  if (points <= 0 || duration <= 0) return undefined;
  return new RateLimiterPostgres({
    storeClient: ctx.db.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  });
}

function limiters(ctx: AppContext): Limiters {
  let l = byContext.get(ctx);
  if (!l) {
    const c = ctx.config;
    l = {
      loginAccount: limiter(ctx, 'login-account', c.loginMaxFailuresPerAccount, c.loginAccountWindowSeconds),
      loginIp: limiter(ctx, 'login-ip', c.loginMaxFailuresPerIp, c.loginIpWindowSeconds),
      forgotIp: limiter(ctx, 'forgot-ip', c.forgotMaxPerIpPerHour, 3600),
      forgotEmail: limiter(ctx, 'forgot-email', c.forgotMaxEmailsPerHour, 3600),
    };
    byContext.set(ctx, l);
  }
  return l;
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

/**
 * Throws {@link TooManyRequestsError} when the account or the address has used up its failed
 * logins in the current window. Call before checking the password.
 */
export async function assertLoginAllowed(ctx: AppContext, email: string, ip: string): Promise<void> {
  const l = limiters(ctx);
  const [account, address] = await Promise.all([l.loginAccount?.get(accountKey(email)), l.loginIp?.get(ip)]);
  const waits: number[] = [];
  if (account && account.consumedPoints >= ctx.config.loginMaxFailuresPerAccount) waits.push(secondsLeft(account));
  if (address && address.consumedPoints >= ctx.config.loginMaxFailuresPerIp) waits.push(secondsLeft(address));
  if (waits.length) {
    const wait = Math.max(...waits);
    throw new TooManyRequestsError(`Too many failed sign-in attempts. Please try again in ${humanWait(wait)}.`, wait);
  }
}

/** Counts a failed login against the account and the address. */
export async function recordLoginFailure(ctx: AppContext, email: string, ip: string): Promise<void> {
  const l = limiters(ctx);
  await Promise.all([l.loginAccount?.penalty(accountKey(email)), l.loginIp?.penalty(ip)]);
}

/** Clears the account's failure count after a successful login (the address count stays). */
export async function recordLoginSuccess(ctx: AppContext, email: string): Promise<void> {
  await limiters(ctx).loginAccount?.delete(accountKey(email));
}

/**
 * Forgot-password throttling: throws {@link TooManyRequestsError} after FORGOT_MAX_PER_IP_PER_HOUR
 * requests from one address in an hour (the answer never depends on the e-mail, so a 429 reveals
 * nothing about accounts).
 */
export async function consumeForgotRequest(ctx: AppContext, ip: string): Promise<void> {
  const l = limiters(ctx).forgotIp;
  if (!l) return;
  try {
    await l.consume(ip);
  } catch (res) {
    if (res instanceof Error) throw res;
    const wait = secondsLeft(res as RateLimiterRes);
    throw new TooManyRequestsError(`Too many password reset requests. Please try again in ${humanWait(wait)}.`, wait);
  }
}

/**
 * True when another reset e-mail may go to this account this hour (FORGOT_MAX_EMAILS_PER_HOUR),
 * counting it. Beyond the limit the request gets the usual answer and no e-mail, so nobody can
 * flood a mailbox through the form.
 */
export async function mayEmailReset(ctx: AppContext, email: string): Promise<boolean> {
  const l = limiters(ctx).forgotEmail;
  if (!l) return true;
  try {
    await l.consume(accountKey(email));
    return true;
  } catch (res) {
    if (res instanceof Error) throw res;
    return false;
  }
}
