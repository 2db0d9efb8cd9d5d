import type { OrphanRule } from '../../jobs/recovery.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { releaseNamedLock, tryNamedLock } from '../../db/job-lock.ts';
import { batchLockName, failBatch } from './service.ts';

/**
 * The recovery scan's rule for the sts-batch queue (jobs/recovery.ts): an attempt holds the batch's
 * advisory lock (runBatchJob); an orphaned job's retry starts the batch over, and with no retry left
 * the batch ends Failed.
 */
export const STS_BATCH_ORPHANS: OrphanRule = {
  queue: QUEUES.stsBatch,
  field: 'batchId',
  tryLock: (client, batchId) => tryNamedLock(client, batchLockName(batchId)),
  releaseLock: (client, batchId) => releaseNamedLock(client, batchLockName(batchId)),
  failSubject: (ctx, batchId) => failBatch(ctx, batchId, { lockHeld: true }),
  messages: {
    stopped: 'the worker of this batch stopped (its lock was free); retried',
    requeued: 'sts batch lost its worker; re-queued',
    gaveUp: 'sts batch lost its worker on its last attempt; batch failed',
  },
};
