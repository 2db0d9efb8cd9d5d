/**
 * The rate limiters of the accounts feature in one process (ctx.services.accountLimits), built once
 * by createServices from the config; the counts themselves are in PostgreSQL (table `rate_limits`),
 * shared by every process. How they are used: account-calls.rate-limit.ts. A limit of 0 has no limiter.
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';

type LimitConfig = Pick<
  Config,
  | 'loginMaxFailuresPerAccount'
  | 'loginAccountWindowSeconds'
  | 'loginMaxFailuresPerIp'
  | 'loginIpWindowSeconds'
  | 'forgotMaxPerIpPerHour'
  | 'forgotMaxEmailsPerHour'
  | 'signupMaxPerIpPerHour'
  | 'loginCodeEmailsPerHour'
>;

function limiter(db: Db, keyPrefix: string, points: number, duration: number): RateLimiterPostgres | undefined {
  if (points <= 0 || duration <= 0) return undefined;
  return new RateLimiterPostgres({
    storeClient: db.pool,
    storeType: 'pool',
    tableName: 'rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
  });
}

/** See the file comment. */
export class AccountLimiters {
  readonly loginAccount?: RateLimiterPostgres;
  readonly loginIp?: RateLimiterPostgres;
  readonly forgotIp?: RateLimiterPostgres;
  readonly forgotEmail?: RateLimiterPostgres;
  readonly signupIp?: RateLimiterPostgres;
  /** E-mails of one-time sign-in codes per address (docs/operations.md#sign-in-lockout). */
  readonly loginCodeEmail?: RateLimiterPostgres;

  constructor({ config: c, db }: { config: LimitConfig; db: Db }) {
    this.loginAccount = limiter(db, 'login-account', c.loginMaxFailuresPerAccount, c.loginAccountWindowSeconds);
    this.loginIp = limiter(db, 'login-ip', c.loginMaxFailuresPerIp, c.loginIpWindowSeconds);
    this.forgotIp = limiter(db, 'forgot-ip', c.forgotMaxPerIpPerHour, 3600);
    this.forgotEmail = limiter(db, 'forgot-email', c.forgotMaxEmailsPerHour, 3600);
    this.signupIp = limiter(db, 'signup-ip', c.signupMaxPerIpPerHour, 3600);
    this.loginCodeEmail = limiter(db, 'login-code-email', c.loginCodeEmailsPerHour, 3600);
  }

  /** Nothing to stop: the limiters only query the pool. */
  close(): void {}
}

/**
 * The slice of the accounts feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<AccountsServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface AccountsServices {
  /** Login, sign-up and forgot-password limiters (account-calls.rate-limit.ts). */
  accountLimits: AccountLimiters;
}
