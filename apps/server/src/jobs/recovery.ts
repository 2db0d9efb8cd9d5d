import type pg from 'pg';
import type { AppContext } from '../context.ts';
import { activeJobs } from './recovery-repo.ts';

/**
 * A job taken less than this many seconds ago may still be on its way to its lock: not yet taken
 * for orphaned (a live worker takes the lock within milliseconds of receiving the job; the margin
 * covers a busy pool). Such a job is looked at again as soon as it passes the margin
 * (docs/operations.md#running-it-in-production).
 */
export const GRACE_SECONDS = 3;

/** What one scan did: the jobs re-queued, and in how many ms a job it left for being too young passes {@link GRACE_SECONDS} (undefined: none). */
export interface RecoveryScan {
  recovered: string[];
  recheckInMs: number | undefined;
}

/**
 * How the scan treats the jobs of one queue whose attempt holds an advisory lock while it runs
 * (the feature that owns the queue provides it: modules/datasets/recovery.ts, modules/sts/recovery.ts).
 */
export interface OrphanRule {
  queue: string;
  /** The payload field naming the job's subject, e.g. `serviceRequestNumber`; logged under that name. */
  field: string;
  /** Takes the subject's lock on `client`; false when a session (a live worker) holds it. */
  tryLock(client: pg.PoolClient, id: string): Promise<boolean>;
  releaseLock(client: pg.PoolClient, id: string): Promise<unknown>;
  /** Ends the subject Failed, as the worker's last attempt would (called with the lock held). */
  failSubject(ctx: AppContext, id: string): Promise<void>;
  /** Wording (kept as operators' log searches know it): pg-boss's failure reason, the re-queued and the given-up log lines. */
  messages: { stopped: string; requeued: string; gaveUp: string };
}

/**
 * One recovery scan of `rule.queue` (docs/operations.md#crash-recovery). A job that pg-boss shows as active but whose
 * lock no session holds lost its worker (kill -9, power loss: PostgreSQL released the dead
 * session's lock). Such a job is failed through pg-boss so that its retry runs at once on any live
 * worker and resumes where the dead one stopped, instead of waiting for JOB_EXPIRE_SECONDS. The
 * scan holds the lock while it decides, so a live worker cannot start on the job meanwhile. A job
 * with no retry left ends its subject Failed (`rule.failSubject`). Returns the subjects whose jobs
 * were re-queued and when to look again at the jobs too young to judge.
 */
export async function recoverOrphanedJobs(ctx: AppContext, rule: OrphanRule): Promise<RecoveryScan> {
  const { queue } = rule;
  const recovered: string[] = [];
  let recheckInMs: number | undefined;
  for (const job of await activeJobs(ctx.db.pool, queue, rule.field)) {
    if (job.ageSeconds < GRACE_SECONDS) {
      const due = Math.ceil((GRACE_SECONDS - job.ageSeconds) * 1000) + 100;
      recheckInMs = Math.min(recheckInMs ?? due, due);
      continue;
    }
    const client = await ctx.db.pool.connect();
    try {
      if (!(await rule.tryLock(client, job.srn))) continue; // its worker is alive
      try {
        if ((await ctx.boss.getJobById(queue, job.id))?.state !== 'active') continue; // finished or failed meanwhile
        await ctx.boss.fail(queue, job.id, { message: rule.messages.stopped });
        const fields = { [rule.field]: job.srn, job: job.id };
        if ((await ctx.boss.getJobById(queue, job.id))?.state === 'failed') {
          await rule.failSubject(ctx, job.srn);
          ctx.log.warn(fields, rule.messages.gaveUp);
        } else {
          recovered.push(job.srn);
          ctx.log.info(fields, rule.messages.requeued);
        }
      } finally {
        await rule.releaseLock(client, job.srn).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }
  return { recovered, recheckInMs };
}

/**
 * Runs {@link recoverOrphanedJobs} over `rules` now (a worker is available: this process's) and every
 * `config.jobRecoverySeconds` (0 = only now); workers.ts passes the features' rules. A job a scan found
 * too young to judge gets one more scan as soon as it is old enough, so a job whose worker was killed
 * just before this process started resumes within seconds rather than at the next interval. Scans never
 * overlap; a failed scan is logged and the next one tries again. `stop()` ends the timers.
 */
export async function startJobRecovery(ctx: AppContext, rules: readonly OrphanRule[]): Promise<{ stop(): void }> {
  let running = false;
  let stopped = false;
  let recheck: NodeJS.Timeout | undefined;
  const scan = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const dues: number[] = [];
      for (const rule of rules) {
        const { recheckInMs } = await recoverOrphanedJobs(ctx, rule);
        if (recheckInMs !== undefined) dues.push(recheckInMs);
      }
      const recheckInMs = dues.length ? Math.min(...dues) : undefined;
      if (recheckInMs !== undefined && !stopped) {
        clearTimeout(recheck);
        recheck = setTimeout(() => void scan(), recheckInMs);
        recheck.unref();
      }
    } catch (err) {
      ctx.log.warn({ err }, 'job recovery scan failed');
    } finally {
      running = false;
    }
  };
  await scan();
  const every = ctx.config.jobRecoverySeconds * 1000;
  const timer = every > 0 ? setInterval(() => void scan(), every) : undefined;
  timer?.unref();
  return {
    stop: () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(recheck);
    },
  };
}
