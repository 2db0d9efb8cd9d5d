import type { AppContext } from '../../context.ts';
import { batchSummary, failBatch, runBatchJob, type StsBatchJobData } from './service.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { workWithRetries } from '../../jobs/retry.ts';
import type { MeteringServices } from '../metering/service.ts';
import type { InferenceServices } from '../inference/service.ts';
import type { ModelsServices } from '../models/service.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/**
 * The sts-batch queue: one speech-to-speech batch at a time per process (its
 * model calls go through the per-model limiter of hosted inference). A retried job starts the batch
 * over; the last failed attempt ends it Failed, so a batch always reaches a final state. Reference
 * models are reached on this process's reference server: a worker-only process has none, and
 * batches naming a reference model then fail per file (run batches in an API process).
 */
export async function startStsBatchWorker(
  ctx: AppContext<ReferenceModelServices & InferenceServices & MeteringServices & ModelsServices>,
): Promise<void> {
  await workWithRetries<StsBatchJobData>(ctx, QUEUES.stsBatch, {
    failureMessage: 'speech-to-speech batch failed unexpectedly',
    // A batch has no other request number: its batchId stands as the serviceRequestNumber of the job log.
    describe: (data) => ({ serviceRequestNumber: data.batchId, batchId: data.batchId }),
    summary: (data) => batchSummary(ctx, data.batchId),
    run: (data) => runBatchJob(ctx, data.batchId),
    onLastFailure: (data) => failBatch(ctx, data.batchId),
  });
}
