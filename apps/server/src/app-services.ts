/**
 * The composition root's view of `ctx.services` (docs/architecture.md#boundaries): the ground services of
 * context.ts plus each feature's own slice, declared by the feature beside the service it builds. This
 * file may name features (it sits above them, with services.ts, workers.ts and subscriptions.ts); the
 * layers below (context.ts, security, jobs, db, lib, net, storage, mail, ops) never do.
 */
import type { AppContext, Services } from './context.ts';
import type { AccountsServices } from './modules/accounts/limiters.rate-limit.ts';
import type { BenchmarkServices } from './modules/benchmarks/model-calls.concurrency.ts';
import type { InferenceServices } from './modules/inference/state.ts';
import type { MeteringServices } from './modules/metering/state.ts';
import type { MetricsServices } from './modules/dashboard/answer-cache.ts';
import type { FeedbackServices } from './modules/model-feedback/feedback.rate-limit.ts';
import type { ModelsServices } from './modules/models/state.ts';
import type { ReferenceModelServices } from './modules/reference-models/registry.ts';
import type { SpeakerServices } from './modules/speakers/dsp.ts';
import type { StreamingServices } from './modules/streaming/state.ts';

/** Every service of a process: the ground ones and every feature's slice, one factory each in services.ts. */
export type AppServices = Services &
  AccountsServices &
  FeedbackServices &
  ModelsServices &
  BenchmarkServices &
  ReferenceModelServices &
  InferenceServices &
  MeteringServices &
  StreamingServices &
  MetricsServices &
  SpeakerServices;

/** The context createServices builds: assignable to every feature's `AppContext<ItsServices & …>`. */
export type FullContext = AppContext<AppServices>;
