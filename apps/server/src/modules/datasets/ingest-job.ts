import type { AppContext } from '../../context.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { workWithRetries } from '../../jobs/retry.ts';
import { failSubmission, ingestSummary, runIngestJob, SubmissionBusy, type IngestJobData, type IngestJobOptions } from './ingest.ts';
import { getSubmission } from './repo.ts';

/** Message of a submission that failed for a reason the contributor cannot fix. */
export const INTERNAL_FAILURE_MESSAGE = 'The platform could not process the dataset; please try again later.';

/**
 * Tells the subscribers of ctx.services.events how the submission ended (docs/architecture.md#events):
 * datasetPublished or datasetFailed. Called after every attempt that ran to its end, this one's or an
 * earlier one's, so a retry reaches the subscribers a failed one missed. Throws what a 'retry' subscriber threw.
 */
async function announceEnd(ctx: AppContext, srn: string): Promise<void> {
  const sub = await getSubmission(ctx.db.pool, srn);
  if (sub?.status === 'Completed')
    await ctx.services.events.emit('datasetPublished', {
      serviceRequestNumber: srn,
      datasetId: sub.dataset_id,
      datasetType: sub.dataset_type,
      kind: sub.kind,
    });
  else if (sub?.status === 'Failed')
    await ctx.services.events.emit('datasetFailed', { serviceRequestNumber: srn, datasetId: sub.dataset_id });
}

/**
 * The dataset-ingest queue (docs/architecture.md#dataset-stages): `ctx.config.ingestConcurrency` jobs at once per
 * process, each running the datasets pipeline for one submission, then announcing its end. The last
 * failed attempt marks the submission Failed, unless another worker still holds it (its job outlived
 * the queue's expiry).
 */
export async function startDatasetIngestWorker(ctx: AppContext, opts: IngestJobOptions = {}): Promise<void> {
  await workWithRetries<IngestJobData>(ctx, QUEUES.datasetIngest, {
    concurrency: ctx.config.ingestConcurrency,
    failureMessage: 'dataset job failed unexpectedly',
    describe: (data) => ({ serviceRequestNumber: data.serviceRequestNumber }),
    summary: (data) => ingestSummary(ctx, data.serviceRequestNumber),
    run: async (data) => {
      await runIngestJob(ctx, data.serviceRequestNumber, { publishChunkRows: ctx.config.publishChunkRows, ...opts });
      await announceEnd(ctx, data.serviceRequestNumber);
    },
    onLastFailure: async (data, err) => {
      if (err instanceof SubmissionBusy) return;
      await failSubmission(ctx, data.serviceRequestNumber, 'INTERNAL', INTERNAL_FAILURE_MESSAGE);
      await announceEnd(ctx, data.serviceRequestNumber);
    },
  });
}
