import type { AppContext } from '../context.ts';
import { failBenchmarkRun, runBenchmarkJob, runningBenchmarkRuns, type BenchmarkRunJobData, type RunOptions } from '../modules/benchmarks/service.ts';
import { QUEUES } from './boss.ts';
import { workWithRetries } from './retry.ts';

/**
 * The benchmark-run queue (issue #13 point 3; DESIGN.md §11 "Benchmarks"): one run at a time per
 * process (a run's model calls are already batched and limited per model). A retried job resumes
 * from the outputs its earlier attempt stored; the last failed attempt ends the run Failed with
 * every stage final. At start, runs still In-Progress (their worker died) are queued again; the
 * singleton key keeps a run from being queued twice while its job is waiting.
 */
export async function startBenchmarkRunWorker(ctx: AppContext, opts: RunOptions = {}): Promise<void> {
  await workWithRetries<BenchmarkRunJobData>(ctx, QUEUES.benchmarkRun, {
    failureMessage: 'benchmark run failed unexpectedly',
    describe: (data) => ({ benchmarkProcessId: data.benchmarkProcessId }),
    run: (data) => runBenchmarkJob(ctx, data.benchmarkProcessId, opts),
    onLastFailure: (data) => failBenchmarkRun(ctx, data.benchmarkProcessId),
  });
  for (const id of await runningBenchmarkRuns(ctx)) {
    await ctx.boss.send(QUEUES.benchmarkRun, { benchmarkProcessId: id } satisfies BenchmarkRunJobData, { singletonKey: id });
  }
}
