/**
 * The feedback limiters of one process (ctx.services.feedbackLimiter), built once by createServices;
 * the counts live in PostgreSQL (table `model_feedback_limits`), shared by every process.
 */
import { RateLimiterPostgres, type RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';
import { ApiError } from '../../lib/errors.ts';
import { addressKey } from '../../lib/client-ip.ts';

/**
 * The feedback limits of one platform (docs/operations.md#limits): anonymous submits per client
 * address (FEEDBACK_MAX_PER_IP_PER_HOUR, IPv6 per /64) and, so that a signed-in user or an API key
 * cannot flood another owner's model either, submits per sender (the user or the key's owner:
 * new keys do not reset it) onto models they do not own (FEEDBACK_MAX_PER_USER_PER_HOUR). Counted
 * in PostgreSQL, so every API process shares them. 0 = no limit.
 */
export class FeedbackLimiter {
  private readonly anonymous: RateLimiterPostgres | null;
  private readonly perUser: RateLimiterPostgres | null;

  constructor(ctx: { config: Pick<Config, 'feedbackMaxPerIpPerHour' | 'feedbackMaxPerUserPerHour'>; db: Db }) {
    const make = (keyPrefix: string, points: number) =>
      points > 0
        ? new RateLimiterPostgres({
            storeClient: ctx.db.pool,
            storeType: 'pool',
            tableName: 'model_feedback_limits',
            tableCreated: true,
            keyPrefix,
            points,
            duration: 3600,
          })
        : null;
    this.anonymous = make('feedback-ip', ctx.config.feedbackMaxPerIpPerHour);
    this.perUser = make('feedback-user', ctx.config.feedbackMaxPerUserPerHour);
  }

  /** Counts one anonymous submit of `ip`. @throws ApiError 429 TOO_MANY_REQUESTS (with Retry-After) beyond the limit. */
  consumeAnonymous(ip: string): Promise<void> {
    return FeedbackLimiter.consume(this.anonymous, addressKey(ip), 'Too much feedback from this network. Please sign in, or try again in');
  }

  /** Counts one submit of `userId` onto someone else's model. @throws ApiError 429 TOO_MANY_REQUESTS (with Retry-After) beyond the limit. */
  consumeUser(userId: string): Promise<void> {
    return FeedbackLimiter.consume(this.perUser, userId, 'Too much feedback from this account. Please try again in');
  }

  /** Nothing to stop: the limiters only query the pool. */
  close(): void {}

  private static async consume(l: RateLimiterPostgres | null, key: string, sentence: string): Promise<void> {
    if (!l) return;
    try {
      await l.consume(key);
    } catch (res) {
      if (res instanceof Error) throw res;
      const wait = Math.max(1, Math.ceil((res as RateLimiterRes).msBeforeNext / 1000));
      const words = wait >= 90 ? `${Math.ceil(wait / 60)} minutes` : `${wait} seconds`;
      throw new ApiError(429, 'TOO_MANY_REQUESTS', `${sentence} ${words}.`).retryAfter(wait);
    }
  }
}

/**
 * The slice of the model-feedback feature in `ctx.services` (docs/architecture.md#boundaries): code that needs it types its
 * context as `AppContext<FeedbackServices>`; the composition root (app-services.ts) adds it to the ground services.
 */
export interface FeedbackServices {
  /** The anonymous feedback limiter. */
  feedbackLimiter: FeedbackLimiter;
}
