import type { AppContext } from '../context.ts';
import { QUEUES } from './queues.ts';
import { activeJobs } from './recovery-repo.ts';
import { failSubmission, releaseIngestLock, tryIngestLock } from '../modules/datasets/service.ts';
import { batchLockName, failBatch } from '../modules/sts/service.ts';
import { releaseNamedLock, tryNamedLock } from '../db/job-lock.ts';

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
 * One recovery scan of the dataset-ingest queue (issue 9 #5). A job that pg-boss shows as active
 * but whose submission lock no session holds lost its worker (kill -9, power loss: PostgreSQL
 * released the dead session's lock). Such a job is failed through pg-boss so that its retry runs
 * at once on any live worker and resumes where the dead one stopped (resume.ts), instead of
 * waiting for JOB_EXPIRE_SECONDS. The scan holds the lock while it decides, so a live worker
 * cannot start on the job meanwhile. A job with no retry left fails its submission, as the
 * worker's last attempt would. Returns the service request numbers whose jobs were re-queued and
 * when to look again at the jobs too young to judge.
 */
export async function recoverOrphanedIngestJobs(ctx: AppContext): Promise<RecoveryScan> {
  const queue = QUEUES.datasetIngest;
  const recovered: string[] = [];
  let recheckInMs: number | undefined;
  for (const job of await activeJobs(ctx.db.pool, queue)) {
    if (job.ageSeconds < GRACE_SECONDS) {
      const due = Math.ceil((GRACE_SECONDS - job.ageSeconds) * 1000) + 100;
      recheckInMs = Math.min(recheckInMs ?? due, due);
      continue;
    }
    const client = await ctx.db.pool.connect();
    try {
      if (!(await tryIngestLock(client, job.srn))) continue; // its worker is alive
      try {
        const current = await ctx.boss.getJobById(queue, job.id);
        if (current?.state !== 'active') continue; // finished or failed meanwhile
        await ctx.boss.fail(queue, job.id, { message: 'the worker of this job stopped (its lock was free); retried' });
        const after = await ctx.boss.getJobById(queue, job.id);
        if (after?.state === 'failed') {
          await failSubmission(ctx, job.srn, 'INTERNAL', 'The platform could not process the dataset; please try again later.');
          ctx.log.warn(
            { serviceRequestNumber: job.srn, job: job.id },
            'dataset job lost its worker on its last attempt; submission failed',
          );
        } else {
          recovered.push(job.srn);
          ctx.log.info({ serviceRequestNumber: job.srn, job: job.id }, 'dataset job lost its worker; re-queued to resume');
        }
      } finally {
        await releaseIngestLock(client, job.srn).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }
  return { recovered, recheckInMs };
}

/**
 * The same scan for the sts-batch queue: a batch's attempt holds the batch's advisory lock
 * (modules/sts/service.ts runBatchJob); an active job whose lock is free lost its worker and is
 * failed through pg-boss so that its retry starts the batch over at once; with no retry left the
 * batch ends Failed. Returns the batch ids re-queued and when to look again at jobs too young to judge.
 */
export async function recoverOrphanedStsBatches(ctx: AppContext): Promise<RecoveryScan> {
  const queue = QUEUES.stsBatch;
  const recovered: string[] = [];
  let recheckInMs: number | undefined;
  for (const job of await activeJobs(ctx.db.pool, queue, 'batchId')) {
    if (job.ageSeconds < GRACE_SECONDS) {
      const due = Math.ceil((GRACE_SECONDS - job.ageSeconds) * 1000) + 100;
      recheckInMs = Math.min(recheckInMs ?? due, due);
      continue;
    }
    const client = await ctx.db.pool.connect();
    try {
      if (!(await tryNamedLock(client, batchLockName(job.srn)))) continue; // its worker is alive
      try {
        if ((await ctx.boss.getJobById(queue, job.id))?.state !== 'active') continue;
        await ctx.boss.fail(queue, job.id, { message: 'the worker of this batch stopped (its lock was free); retried' });
        if ((await ctx.boss.getJobById(queue, job.id))?.state === 'failed') {
          await failBatch(ctx, job.srn, { lockHeld: true });
          ctx.log.warn({ batchId: job.srn, job: job.id }, 'sts batch lost its worker on its last attempt; batch failed');
        } else {
          recovered.push(job.srn);
          ctx.log.info({ batchId: job.srn, job: job.id }, 'sts batch lost its worker; re-queued');
        }
      } finally {
        await releaseNamedLock(client, batchLockName(job.srn)).catch(() => undefined);
      }
    } finally {
      client.release();
    }
  }
  return { recovered, recheckInMs };
}

/**
 * Runs {@link recoverOrphanedIngestJobs} and {@link recoverOrphanedStsBatches} now (a worker is available:
 * this process's) and every `config.jobRecoverySeconds` (0 = only now). A job a scan found too young to
 * judge gets one more scan as soon as it is old enough, so a job whose worker was killed just before this
 * process started resumes within seconds rather than at the next interval. Scans never overlap; a failed
 * scan is logged and the next one tries again. `stop()` ends the timers.
 */
export async function startJobRecovery(ctx: AppContext): Promise<{ stop(): void }> {
  let running = false;
  let stopped = false;
  let recheck: NodeJS.Timeout | undefined;
  const scan = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const ingest = await recoverOrphanedIngestJobs(ctx);
      const sts = await recoverOrphanedStsBatches(ctx);
      const dues = [ingest.recheckInMs, sts.recheckInMs].filter((d): d is number => d !== undefined);
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
