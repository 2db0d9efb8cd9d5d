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
import type { SessionCacheService } from './security/session-cache.ts';
import type { NonceClaims } from './security/nonce-batch.ts';
import type { CallerResolvers } from './security/callers.ts';
import type { Metrics } from './ops/prometheus.ts';
import type { Readiness } from './ops/readiness.ts';

/** The process's connections and settings, from which the stateful {@link Services} are built. */
export interface CoreContext {
  config: Config;
  db: Db;
  boss: PgBoss;
  store: ObjectStore;
  mailer: Mailer;
  log: Logger;
  metrics: Metrics; // ops/prometheus.ts: Prometheus metrics of this process
  readiness: Readiness; // ops/readiness.ts: readiness checks of this process
}

/** Something a process owns and must stop on shutdown (timers, connections, servers, counts not yet written). */
export interface Closeable {
  /** Stops it and writes what it holds; called once, by closeServices. */
  close(): Promise<void> | void;
}

/**
 * The ground services of one process (see docs/architecture.md#services): those of the layers below the
 * features (lib, net, security), which every process has. A feature's own services are its slice (e.g.
 * `InferenceServices` in modules/inference/state.ts), added to these by the composition root
 * (app-services.ts `AppServices`); this file names no feature (docs/architecture.md#boundaries).
 * All are built once by createServices (services.ts) and closed by closeServices, in the API process,
 * the worker processes and the test harness alike. A new ground service is a field here plus its line
 * in services.ts. Their files must not import this one (type-only imports count as cycles: eslint/boundaries.js).
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
  /** The session keys and API keys security/ checks callers with, registered by services.ts (security/callers.ts). */
  callers: CallerResolvers;
}

/**
 * Everything a route, service or job handler needs; built once per process by createServices. `S` is
 * the feature slices the code needs beside the ground {@link Services}: a feature types its context as
 * `AppContext<ItsServices & …>` (the slices of the features it calls included) and reaches them as
 * `ctx.services.x`; the full context (app-services.ts `FullContext`) is assignable to every such type.
 */
export interface AppContext<S extends object = object> extends CoreContext {
  services: Services & S;
}
