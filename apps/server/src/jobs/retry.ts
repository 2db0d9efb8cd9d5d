import type { AppContext } from '../context.ts';
import { waitForDatabase } from '../db/pool.ts';

/**
 * The one retry rule of every queue (docs/architecture.md#processes Jobs, docs/architecture.md#layout jobs/): pg-boss retries a job whose
 * handler throws, up to the queue's `retryLimit` (3, with backoff; jobs/boss.ts). A handler here
 * runs one job at a time; an error is logged and thrown back so pg-boss retries, and on the last
 * attempt `onLastFailure` runs first (e.g. marks the submission or search Failed). A job that
 * failed while PostgreSQL was unreachable reports its failure once it answers (2 minutes at most). Errors of
 * `onLastFailure` itself are logged, never thrown over the job's own error. Each attempt's duration
 * goes to the metrics (ulca_job_duration_seconds by queue and outcome).
 */
export interface QueueHandler<T extends object> {
  /** Jobs run at once by this process (one pg-boss worker each); default 1. */
  concurrency?: number;
  /** Log message of a failed attempt. */
  failureMessage: string;
  /** Fields logged with a failure (e.g. `{ srn }`). */
  describe?: (data: T) => Record<string, unknown>;
  /** The job body. */
  run: (data: T) => Promise<void>;
  /** Runs once, when the last attempt failed, with that attempt's error. */
  onLastFailure?: (data: T, err: unknown) => Promise<void>;
  /**
   * The job's counts when an attempt ends (e.g. `{ status, records }`). With it, each attempt logs
   * 'job started' and 'job ended' (or 'job attempt failed') with the queue, `describe`'s fields,
   * the attempt number, the duration in seconds and these counts (docs/operations.md#running-it-in-production).
   */
  summary?: (data: T) => Promise<Record<string, unknown>>;
}

/** pg-boss job metadata read for the retry decision (`includeMetadata: true`). */
interface RetryMeta {
  retryCount?: number;
  retryLimit?: number;
}

/** True when this attempt is the queue's last one (retryCount has reached retryLimit). */
export function isLastAttempt(job: RetryMeta): boolean {
  return (job.retryCount ?? 0) >= (job.retryLimit ?? 0);
}

/**
 * Registers `handler` on `queue` with the retry rule above. Resolves once the workers are
 * registered; throws when pg-boss cannot register them.
 */
export async function workWithRetries<T extends object>(ctx: AppContext, queue: string, handler: QueueHandler<T>): Promise<void> {
  for (let i = 0; i < Math.max(1, handler.concurrency ?? 1); i++) {
    await ctx.boss.work<T>(queue, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
      for (const job of jobs) {
        const started = performance.now();
        const seconds = () => Math.round(performance.now() - started) / 1000;
        const fields = { queue, ...handler.describe?.(job.data), attempt: ((job as unknown as RetryMeta).retryCount ?? 0) + 1 };
        if (handler.summary) ctx.log.info(fields, 'job started');
        const ended = async (message: string, extra: Record<string, unknown> = {}) => {
          if (!handler.summary) return;
          const counts = await handler.summary(job.data).catch((err: unknown) => ({ summaryError: String(err) }));
          ctx.log.info({ ...fields, seconds: seconds(), ...counts, ...extra }, message);
        };
        try {
          await handler.run(job.data);
          ctx.metrics.jobRun(queue, 'completed', seconds());
          await ended('job ended');
        } catch (err) {
          // Lost the database (a restart): the failure is reported once it answers again, so pg-boss
          // records it and retries the job now rather than when it expires (docs/operations.md#database-restarts).
          await waitForDatabase(ctx.db.pool);
          ctx.metrics.jobRun(queue, 'failed', seconds());
          await ended('job attempt failed', { error: err instanceof Error ? err.message : String(err) });
          ctx.log.error({ err, queue, ...handler.describe?.(job.data) }, handler.failureMessage);
          if (isLastAttempt(job as unknown as RetryMeta) && handler.onLastFailure) {
            await handler
              .onLastFailure(job.data, err)
              .catch((e: unknown) => ctx.log.error({ err: e, queue }, 'could not record the failure of a job'));
          }
          throw err;
        }
      }
    });
  }
}
