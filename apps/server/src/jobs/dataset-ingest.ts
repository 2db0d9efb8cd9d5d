import type { AppContext } from '../context.ts';
import {
  failSubmission,
  ingestSummary,
  runIngestJob,
  SubmissionBusy,
  type IngestJobData,
  type IngestJobOptions,
} from '../modules/datasets/service.ts';
import { markDemoReadyMade } from '../modules/readymade/service.ts';
import { freezeVersionOfSubmission } from '../modules/dataset-versions/service.ts';
import { queueBundledBenchmarkRuns, registerPublishedBenchmark } from '../modules/benchmarks/service.ts';
import { QUEUES } from './queues.ts';
import { workWithRetries } from './retry.ts';

/** Message of a submission that failed for a reason the contributor cannot fix. */
const INTERNAL_FAILURE_MESSAGE = 'The platform could not process the dataset; please try again later.';

/**
 * The dataset-ingest queue (docs/architecture.md#dataset-pipeline): `ctx.config.ingestConcurrency` jobs at once per
 * process, each running the datasets pipeline for one submission. The last failed attempt marks
 * the submission Failed, unless another worker still holds it (its job outlived the queue's expiry).
 */
export async function startDatasetIngestWorker(ctx: AppContext, opts: IngestJobOptions = {}): Promise<void> {
  await workWithRetries<IngestJobData>(ctx, QUEUES.datasetIngest, {
    concurrency: ctx.config.ingestConcurrency,
    failureMessage: 'dataset job failed unexpectedly',
    describe: (data) => ({ serviceRequestNumber: data.serviceRequestNumber }),
    summary: (data) => ingestSummary(ctx, data.serviceRequestNumber),
    run: async (data) => {
      await runIngestJob(ctx, data.serviceRequestNumber, { publishChunkRows: ctx.config.publishChunkRows, ...opts });
      // A new version of a dataset is frozen now rather than by its first reader (a no-op for other submissions).
      await freezeVersionOfSubmission(ctx, data.serviceRequestNumber).catch((err: unknown) =>
        ctx.log.warn({ err, srn: data.serviceRequestNumber }, 'dataset version not frozen by its job; its next reader freezes it'),
      );
      // The bundled demo parallel dataset is listed as ready-made once published (a no-op for contributors' data).
      await markDemoReadyMade(ctx, data.serviceRequestNumber);
      // A published benchmark dataset is listed once registered (a no-op for datasets; idempotent on retries).
      await registerPublishedBenchmark(ctx, data.serviceRequestNumber);
      // A bundled demo benchmark, once published, gets the reference models' runs (a no-op otherwise).
      // Not retried with the ingest: the next start queues whatever is missing.
      await queueBundledBenchmarkRuns(ctx, data.serviceRequestNumber).catch((err: unknown) =>
        ctx.log.warn({ err, srn: data.serviceRequestNumber }, 'reference runs of a bundled benchmark not queued'),
      );
    },
    onLastFailure: async (data, err) => {
      if (err instanceof SubmissionBusy) return;
      await failSubmission(ctx, data.serviceRequestNumber, 'INTERNAL', INTERNAL_FAILURE_MESSAGE);
      await freezeVersionOfSubmission(ctx, data.serviceRequestNumber).catch((err: unknown) =>
        ctx.log.warn(
          { err, srn: data.serviceRequestNumber },
          'dataset version of a failed submission not frozen; its next reader freezes it',
        ),
      );
    },
  });
}
