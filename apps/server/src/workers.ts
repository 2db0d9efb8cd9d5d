import type { FullContext } from './app-services.ts';
import type { IngestJobOptions } from './modules/datasets/service.ts';
import { startDatasetIngestWorker } from './modules/datasets/ingest-job.ts';
import { startMailWorker } from './jobs/mail.ts';
import { startModelHealthSchedule, startModelHealthWorker } from './modules/model-health/job.ts';
import { startSearchExportWorker } from './modules/search/export-job.ts';
import { startBenchmarkRunWorker } from './modules/benchmarks/run-job.ts';
import { startStsBatchWorker } from './modules/sts/batch-job.ts';
import type { RunOptions } from './modules/benchmarks/service.ts';
import type { OrphanRule } from './jobs/recovery.ts';
import { INGEST_ORPHANS } from './modules/datasets/recovery.ts';
import { STS_BATCH_ORPHANS } from './modules/sts/recovery.ts';

/** The orphaned-job rules of the features' queues, for startJobRecovery (jobs/recovery.ts). */
export const ORPHAN_RULES: readonly OrphanRule[] = [INGEST_ORPHANS, STS_BATCH_ORPHANS];

/** Which queues to serve; all by default (tests start only what they exercise). */
export interface WorkerSelection {
  datasetIngest?: boolean | IngestJobOptions;
  searchExport?: boolean;
  mail?: boolean;
  /** The model-health queue and its schedule (a round every MODEL_HEALTH_INTERVAL_MINUTES). */
  modelHealth?: boolean;
  /** Benchmark runs; options are for tests (batch size, progress hook). */
  benchmarkRun?: boolean | RunOptions;
  /** Speech-to-speech batches. */
  stsBatch?: boolean;
}

/**
 * Starts the job workers of this process (docs/architecture.md#processes Jobs): `npm start` and `npm run worker`
 * call it once with every queue. `stop()` ends the health schedule and cuts a running health
 * round; main.ts calls it first on shutdown, before the reference engines and pg-boss stop (the
 * other queues' jobs are left to pg-boss's graceful stop). Throws when pg-boss cannot register a worker.
 */
export async function startWorkers(
  ctx: FullContext,
  which: WorkerSelection = { datasetIngest: true, searchExport: true, mail: true, modelHealth: true, benchmarkRun: true, stsBatch: true },
): Promise<{ stop(): void }> {
  const stops: (() => void)[] = [];
  if (which.datasetIngest) await startDatasetIngestWorker(ctx, typeof which.datasetIngest === 'object' ? which.datasetIngest : {});
  if (which.searchExport) await startSearchExportWorker(ctx);
  if (which.mail) await startMailWorker(ctx);
  if (which.modelHealth) {
    const worker = await startModelHealthWorker(ctx);
    const schedule = startModelHealthSchedule(ctx);
    stops.push(
      () => schedule.stop(),
      () => worker.stop(),
    );
  }
  if (which.stsBatch) await startStsBatchWorker(ctx);
  if (which.benchmarkRun) await startBenchmarkRunWorker(ctx, typeof which.benchmarkRun === 'object' ? which.benchmarkRun : {});
  return { stop: () => stops.forEach((stop) => stop()) };
}
