import type { Logger } from 'pino';
import type { PgBoss } from './jobs/boss.ts';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BackgroundWork } from './lib/background.ts';
import type { EventHub } from './lib/events.ts';
import type { Throttle } from './lib/throttle.ts';
import type { OutboundPools } from './net/safe-fetch.ts';
import type { AccountLimiters } from './modules/accounts/limiters.ts';
import type { BenchmarkCallLimits } from './modules/benchmarks/call-limits.ts';
import type { InferenceState } from './modules/inference/state.ts';
import type { MeteringState } from './modules/metering/state.ts';
import type { AnswerCache } from './modules/metrics/answer-cache.ts';
import type { FeedbackLimiter } from './modules/model-feedback/limiter.ts';
import type { EndpointCache } from './modules/models/state.ts';
import type { BenchmarkLookups } from './modules/models/types.ts';
import type { ReferenceModelRegistry } from './modules/reference-models/registry.ts';
import type { SpeechPool } from './modules/speakers/dsp.ts';
import type { StreamingState } from './modules/streaming/state.ts';
import type { SessionCacheService } from './security/session-cache.ts';
import type { NonceClaims } from './security/nonce-batch.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Readiness } from './ops/readiness.ts';

/** The process's connections and settings, from which the stateful {@link Services} are built. */
export interface CoreContext {
  config: Config;
  db: Db;
  boss: PgBoss;
  store: ObjectStore;
  mailer: Mailer;
  log: Logger;
  metrics: Metrics; // ops/metrics.ts: Prometheus metrics of this process
  readiness: Readiness; // ops/readiness.ts: readiness checks of this process
}

/** Something a process owns and must stop on shutdown (timers, connections, servers, counts not yet written). */
export interface Closeable {
  /** Stops it and writes what it holds; called once, by closeServices. */
  close(): Promise<void> | void;
}

/**
 * The stateful services of one process (limiters, caches, timers, servers; see docs/architecture.md#services),
 * built once by createServices (services.ts) and closed by closeServices, in the API process, the worker
 * processes and the test harness alike. A new service is a field here plus its line in services.ts.
 * Their files must not import this one (type-only imports count as cycles: eslint/boundaries.js).
 */
export interface Services {
  /** Work requests started and did not wait for (reset e-mails); the HTTP app waits for it on close. */
  background: BackgroundWork;
  /** In-process events and the features' subscriptions to them (lib/events.ts; subscriptions.ts). */
  events: EventHub;
  /** Keep-alive connections of model calls and checked IP-literal targets (net/safe-fetch.ts). */
  outbound: OutboundPools;
  /** Verified session keys, dropped at the 'ulca_auth' NOTIFY (security/session-cache.ts). */
  sessions: SessionCacheService;
  /** When expired signature nonces are pruned next (security/auth.ts). */
  noncePrune: Throttle;
  /** Signature nonces claimed in groups, one statement for many calls (security/nonce-batch.ts). */
  nonceClaims: NonceClaims;
  /** Login, sign-up and forgot-password limiters (modules/accounts/rate-limits.ts). */
  accountLimits: AccountLimiters;
  /** The anonymous feedback limiter (modules/model-feedback). */
  feedbackLimiter: FeedbackLimiter;
  /** The models' endpoints served from memory on the inference path (modules/models). */
  modelEndpoints: EndpointCache;
  /** The benchmarks feature's answers about a model's runs, for the models feature (modules/benchmarks). */
  benchmarks: BenchmarkLookups;
  /** Concurrency limits of benchmark runs' model calls (modules/benchmarks/run.ts). */
  benchmarkCalls: BenchmarkCallLimits;
  /** The reference servers of this process: the API's, or engines started on demand (modules/reference-models). */
  referenceModels: ReferenceModelRegistry;
  /** Model call slots and the model_usage counts not yet written (modules/inference). */
  inference: InferenceState;
  /** Per-key usage not yet written, and quota limits reused for a second (modules/metering/state.ts). */
  metering: MeteringState;
  /** Streams open per model and caller; ticket pruning (modules/streaming). */
  streaming: StreamingState;
  /** The dashboard's answers (modules/metrics/answer-cache.ts). */
  dashboard: AnswerCache;
  /** Worker threads of the speaker DSP (modules/speakers/dsp.ts). */
  speechPool: SpeechPool;
}

/** Everything a route, service or job handler needs; built once per process by createServices. */
export interface AppContext extends CoreContext {
  services: Services;
}
