import type { AppContext } from '../../context.ts';
import {
  benchmarkRunSummary,
  failBenchmarkRun,
  runBenchmarkJob,
  runningBenchmarkRuns,
  type BenchmarkRunJobData,
  type RunOptions,
} from './service.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { hasWaitingJob } from '../../jobs/recovery-repo.ts';
import { workWithRetries } from '../../jobs/retry.ts';
import type { ModelsServices } from '../models/service.ts';
import type { BenchmarkServices } from './model-calls.concurrency.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/**
 * Queues a job for every run still In-Progress that has no job waiting (created, or waiting for a
 * retry): its worker died, and the new job resumes from the outputs stored so far. pg-boss's
 * singleton key does not deduplicate on a queue of the standard policy, hence the explicit check,
 * so workers starting together, or one restarting while the job is queued, do not queue a run
 * twice. Returns the ids queued.
 */
export async function requeueRunningBenchmarkRuns(ctx: AppContext): Promise<string[]> {
  const queued: string[] = [];
  for (const id of await runningBenchmarkRuns(ctx)) {
    if (await hasWaitingJob(ctx.db.pool, QUEUES.benchmarkRun, 'benchmarkProcessId', id)) continue;
    await ctx.boss.send(QUEUES.benchmarkRun, { benchmarkProcessId: id } satisfies BenchmarkRunJobData, { singletonKey: id });
    queued.push(id);
  }
  return queued;
}

/**
 * The benchmark-run queue (docs/benchmarks.md#benchmark-runs-and-leaderboards "Benchmarks"): one run at a time per
 * process (a run's model calls are already batched and limited per model). A retried job resumes
 * from the outputs its earlier attempt stored; the last failed attempt ends the run Failed with
 * every stage final. At start, before this process takes jobs, runs still In-Progress (their
 * worker died) are queued again unless a job of theirs is already waiting
 * ({@link requeueRunningBenchmarkRuns}).
 */
export async function startBenchmarkRunWorker(
  ctx: AppContext<BenchmarkServices & ReferenceModelServices & ModelsServices>,
  opts: RunOptions = {},
): Promise<void> {
  await requeueRunningBenchmarkRuns(ctx);
  await workWithRetries<BenchmarkRunJobData>(ctx, QUEUES.benchmarkRun, {
    failureMessage: 'benchmark run failed unexpectedly',
    // A run has no other request number: its benchmarkProcessId stands as the serviceRequestNumber of the job log.
    describe: (data) => ({ serviceRequestNumber: data.benchmarkProcessId, benchmarkProcessId: data.benchmarkProcessId }),
    summary: (data) => benchmarkRunSummary(ctx, data.benchmarkProcessId),
    run: (data) => runBenchmarkJob(ctx, data.benchmarkProcessId, opts),
    onLastFailure: (data) => failBenchmarkRun(ctx, data.benchmarkProcessId),
  });
}
