import type { Logger } from 'pino';
import type { PgBoss } from './jobs/boss.ts';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { BackgroundWork } from './lib/background.ts';
import type { InferenceState } from './modules/inference/state.ts';
import type { SessionCacheService } from './security/session-cache.ts';

/** The process's connections and settings, from which the stateful {@link Services} are built. */
export interface CoreContext {
  config: Config;
  db: Db;
  boss: PgBoss;
  store: ObjectStore;
  mailer: Mailer;
  log: Logger;
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
  /** Verified session keys, dropped at the 'ulca_auth' NOTIFY (security/session-cache.ts). */
  sessions: SessionCacheService;
  /** Model call slots and the model_usage counts not yet written (modules/inference). */
  inference: InferenceState;
}

/** Everything a route, service or job handler needs; built once per process by createServices. */
export interface AppContext extends CoreContext {
  services: Services;
}
