import type { AppContext } from '../../context.ts';
import { failSearchExport, runSearchExport, searchExportSummary, type SearchExportJobData } from './service.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { workWithRetries } from '../../jobs/retry.ts';

/**
 * The search-export queue: one export at a time per process (an export is bound by
 * the database and the disk). The last failed attempt marks the search Failed.
 */
export async function startSearchExportWorker(ctx: AppContext): Promise<void> {
  await workWithRetries<SearchExportJobData>(ctx, QUEUES.searchExport, {
    failureMessage: 'search export failed',
    describe: (data) => ({ serviceRequestNumber: data.serviceRequestNumber }),
    summary: (data) => searchExportSummary(ctx, data.serviceRequestNumber),
    run: (data) => runSearchExport(ctx, data.serviceRequestNumber),
    onLastFailure: (data) => failSearchExport(ctx, data.serviceRequestNumber),
  });
}
