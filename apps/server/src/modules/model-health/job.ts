import type { AppContext } from '../../context.ts';
import { offerHealthRound, runHealthRound } from './service.ts';
import { QUEUES } from '../../jobs/queues.ts';
import { workWithRetries } from '../../jobs/retry.ts';
import type { ReferenceModelServices } from '../reference-models/service.ts';

/** How often each worker process offers a round (seconds); pg-boss keeps one per interval slot. */
const OFFER_EVERY_SECONDS = 60;

/**
 * The model-health queue (docs/architecture.md#calling-models "Health"): each job is one round over
 * every published model (modules/model-health runHealthRound). A failed round (database error) is
 * retried by pg-boss; the next interval brings a new round anyway, so the last failure is only logged.
 * `stop()` (shutdown, before the reference engines close) ends a running round at once without
 * recording the checks it cut; the round's job completes, and the next slot brings a new round.
 */
export async function startModelHealthWorker(ctx: AppContext<ReferenceModelServices>): Promise<{ stop(): void }> {
  const controller = new AbortController();
  await workWithRetries<Record<string, never>>(ctx, QUEUES.modelHealth, {
    failureMessage: 'model health round failed',
    run: async () => {
      if (controller.signal.aborted) return;
      await runHealthRound(ctx, controller.signal);
    },
    onLastFailure: async () => {
      ctx.log.error('model health round given up after its last attempt; the next interval runs a new one');
    },
  });
  return { stop: () => controller.abort() };
}

/**
 * The health schedule, run by every worker process: now and every minute it offers a round to the
 * model-health queue with a pg-boss time slot of MODEL_HEALTH_INTERVAL_MINUTES, so exactly one
 * round is queued per interval whichever processes are alive (pg-boss's own cron is off: startBoss
 * runs with `schedule: false`); no round is offered while no model is published, so a fresh
 * cluster's slot is kept for the first real round. Interval 0 = no rounds. Stops with `stop()` or when pg-boss stops;
 * a failed offer is logged and the next tick tries again.
 */
export function startModelHealthSchedule(ctx: AppContext<ReferenceModelServices>): { stop(): void } {
  const minutes = ctx.config.modelHealthIntervalMinutes;
  if (minutes <= 0) return { stop: () => undefined };
  const slotSeconds = minutes * 60;
  let stopped = false;
  const offer = async () => {
    if (stopped) return;
    try {
      const jobId = await offerHealthRound(ctx, slotSeconds);
      if (jobId === 'nothing') ctx.log.debug('no published model: no health round offered');
      else if (jobId) ctx.log.debug({ jobId }, 'model health round queued');
    } catch (err) {
      if (!stopped) ctx.log.warn({ err }, 'could not queue a model health round');
    }
  };
  void offer();
  const timer = setInterval(() => void offer(), Math.min(slotSeconds, OFFER_EVERY_SECONDS) * 1000);
  timer.unref();
  const stop = () => {
    stopped = true;
    clearInterval(timer);
  };
  ctx.boss.once('stopped', stop);
  return { stop };
}
