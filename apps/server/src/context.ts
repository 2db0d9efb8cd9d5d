import type { Logger } from 'pino';
import type { PgBoss } from './jobs/boss.ts';
import type { Config } from './config.ts';
import type { Db } from './db/pool.ts';
import type { ObjectStore } from './storage/object-store.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Metrics } from './ops/metrics.ts';
import type { Readiness } from './ops/readiness.ts';

/** Everything a route, service or job handler needs; built once per process in main.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  boss: PgBoss;
  store: ObjectStore;
  mailer: Mailer;
  log: Logger;
  metrics: Metrics; // ops/metrics.ts: Prometheus metrics of this process
  readiness: Readiness; // ops/readiness.ts: readiness checks of this process
}
