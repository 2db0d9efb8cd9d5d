import type { FullContext } from './app-services.ts';
import { EventHub } from './lib/events.ts';
import { queueBundledBenchmarkRuns, registerPublishedBenchmark } from './modules/benchmarks/service.ts';
import { freezeVersionOfSubmission } from './modules/dataset-versions/service.ts';
import { markDemoReadyMade } from './modules/readymade/service.ts';

/**
 * Builds the event hub of a process (ctx.services.events) with the features' subscriptions, in the
 * order they run (docs/architecture.md#events). Each subscriber is a no-op for the submissions that
 * are not its own and idempotent, since a retried job emits its event again. 'retry' subscribers
 * fail the emitting job (pg-boss retries it); the others log their error and leave the job alone.
 */
export function createEventHub(ctx: FullContext): EventHub {
  const freeze = (failure: string) => ({
    name: 'dataset-versions.freeze',
    // Frozen now rather than by its first reader, who would otherwise wait for a large version.
    handle: (e: { serviceRequestNumber: string }) => freezeVersionOfSubmission(ctx, e.serviceRequestNumber),
    failure,
  });
  return (
    new EventHub(ctx.log)
      .on('datasetPublished', freeze('dataset version not frozen by its job; its next reader freezes it'))
      .on('datasetPublished', {
        name: 'readymade.markDemo',
        handle: (e) => markDemoReadyMade(ctx, e.serviceRequestNumber),
        onError: 'retry',
      })
      .on('datasetPublished', {
        name: 'benchmarks.register',
        handle: (e) => registerPublishedBenchmark(ctx, e.serviceRequestNumber),
        onError: 'retry',
      })
      // Not retried with the ingest: the next start queues whatever is missing.
      .on('datasetPublished', {
        name: 'benchmarks.queueBundledRuns',
        handle: (e) => queueBundledBenchmarkRuns(ctx, e.serviceRequestNumber),
        failure: 'reference runs of a bundled benchmark not queued',
      })
      .on('datasetFailed', freeze('dataset version of a failed submission not frozen; its next reader freezes it'))
  );
}
