/**
 * The anonymous-feedback limiter of one process (ctx.services.feedbackLimiter): FEEDBACK_MAX_PER_IP_PER_HOUR
 * per address and hour, counted in PostgreSQL (table `model_feedback_limits`) so every process shares
 * the counts; none when the limit is 0. Built once by createServices.
 */
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/pool.ts';

/** See the file comment. */
export class FeedbackLimiter {
  /** The limiter, null when FEEDBACK_MAX_PER_IP_PER_HOUR is 0. */
  readonly anonymous: RateLimiterPostgres | null;

  constructor({ config, db }: { config: Pick<Config, 'feedbackMaxPerIpPerHour'>; db: Db }) {
    const points = config.feedbackMaxPerIpPerHour;
    this.anonymous =
      points > 0
        ? new RateLimiterPostgres({ storeClient: db.pool, storeType: 'pool', tableName: 'model_feedback_limits', tableCreated: true, keyPrefix: 'feedback-ip', points, duration: 3600 })
        : null;
  }

  /** Nothing to stop: the limiter only queries the pool. */
  close(): void {}
}
