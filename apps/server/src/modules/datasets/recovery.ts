import type { OrphanRule } from '../../jobs/recovery.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { failSubmission } from './ingest.ts';
import { INTERNAL_FAILURE_MESSAGE } from './ingest-job.ts';
import { releaseIngestLock, tryIngestLock } from './resume-repo.ts';

/**
 * The recovery scan's rule for the dataset-ingest queue (jobs/recovery.ts): an attempt holds its
 * submission's lock (`ingest:<srn>`), and a job that died on its last attempt fails its submission,
 * as the worker's last attempt would. Its retry resumes where the dead worker stopped (resume.ts).
 */
export const INGEST_ORPHANS: OrphanRule = {
  queue: QUEUES.datasetIngest,
  field: 'serviceRequestNumber',
  tryLock: tryIngestLock,
  releaseLock: releaseIngestLock,
  failSubject: (ctx, srn) => failSubmission(ctx, srn, 'INTERNAL', INTERNAL_FAILURE_MESSAGE),
  messages: {
    stopped: 'the worker of this job stopped (its lock was free); retried',
    requeued: 'dataset job lost its worker; re-queued to resume',
    gaveUp: 'dataset job lost its worker on its last attempt; submission failed',
  },
};
