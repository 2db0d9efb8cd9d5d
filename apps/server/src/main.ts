import path from 'node:path';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { secretKey } from './security/crypto.ts';
import { checkSecretFingerprint, SecretMismatchError } from './security/secret-fingerprint.ts';
import { removeStaleTempCopies, tempDir } from './storage/local-copy.ts';
import { startOpsServer } from './ops/http.ts';
import { EmbeddedPgError, startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded.ts';
import { createLogger } from './log.ts';
import { createDb } from './db/pool.ts';
import { migrate } from './db/migrate.ts';
import { startBoss } from './jobs/boss.ts';
import { createObjectStore } from './storage/create-store.ts';
import { createMailer } from './mail/create-mailer.ts';
import { buildApp } from './app.ts';
import { closeServices, createServices } from './services.ts';
import { ensureAdmin } from './modules/accounts/bootstrap.ts';
import { ORPHAN_RULES, startWorkers } from './workers.ts';
import { publishDemoDatasets } from './modules/datasets/service.ts';
import { startJobRecovery } from './jobs/recovery.ts';
import { publishBundledBenchmarks, queueBundledBenchmarkRuns } from './modules/benchmarks/service.ts';
import { startReferenceModels, type ReferenceModels } from './modules/reference-models/service.ts';

/**
 * Process entry (docs/architecture.md#processes): `npm start` runs API + web app + workers in one process;
 * `--worker` runs the job workers only (scale-out); `--migrate` only migrates and exits. Starts
 * embedded PostgreSQL when DATABASE_URL is unset, migrates, and stops everything cleanly on SIGINT/SIGTERM.
 */
/** What a failed start must stop: the embedded cluster once it runs, so it is not left orphaned. */
interface Started {
  cluster?: EmbeddedCluster;
}

/**
 * `npm run migrate` (main.ts --migrate; docs/operations.md#running-it-in-production): applies the
 * platform's migrations and pg-boss's own schema, then stops, serving nothing. Without
 * DATABASE_URL it migrates the embedded cluster of the data folder, started and stopped for it.
 * Throws (exit 1, `ULCA could not start: <reason>`) when a migration fails.
 */
async function runMigrateOnly(config: Config, log: Logger, started: Started): Promise<void> {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    started.cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), { pgHome: config.pgHome, onInfo: (m) => log.info(m) });
    databaseUrl = started.cluster.url;
  }
  const db = createDb(databaseUrl, 2);
  try {
    const applied = await migrate(db.pool);
    // pg-boss migrates its `pgboss` schema when it starts; no worker is registered.
    const boss = await startBoss(databaseUrl, { supervise: false, max: 2 });
    await boss.stop({ graceful: false, wait: true });
    console.log(applied.length ? `ULCA database migrated: ${applied.join(', ')}` : 'ULCA database already up to date: nothing to apply');
  } finally {
    await db.close();
    await started.cluster?.stop();
    started.cluster = undefined;
  }
}

async function main(started: Started): Promise<void> {
  const workerOnly = process.argv.includes('--worker');
  const migrateOnly = process.argv.includes('--migrate');
  const config = loadConfig(process.env, workerOnly || migrateOnly ? { runHttp: false, runWorkers: !migrateOnly } : {});
  const log = createLogger(config);
  if (migrateOnly) {
    await runMigrateOnly(config, log, started);
    process.exit(0);
  }

  if (workerOnly && !config.databaseUrl) {
    // The embedded database belongs to the `npm start` process; extra workers need a shared server.
    console.error('npm run worker needs DATABASE_URL: point it at the PostgreSQL that the API processes use.');
    process.exit(2);
  }
  // The secret is read (or the file created) now, so an unreadable or corrupt secret.key stops the start
  // instead of failing every login later (docs/operations.md#running-it-in-production).
  secretKey(config);
  // Zip copies of a killed process (storage/local-copy.ts) go before this one's workers make new ones.
  const staleCopies = await removeStaleTempCopies(tempDir(config.dataDir), { ownPidToo: true });
  if (staleCopies.length) log.info({ removed: staleCopies }, 'stale temp copies removed');
  // Checked first: a missing bucket stops the start before a database is started for nothing.
  const store = await createObjectStore(config);
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log.info({ dir: path.join(config.dataDir, 'pg') }, 'starting embedded PostgreSQL');
    const cluster = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), { pgHome: config.pgHome, onInfo: (m) => log.info(m) });
    started.cluster = cluster;
    databaseUrl = cluster.url;
  }
  // A lost connection (PostgreSQL restarted) is logged and the process goes on (docs/operations.md#database-restarts).
  const db = createDb(databaseUrl, config.dbPoolSize, (err) => log.warn({ err }, 'database connection lost'));
  const applied = await migrate(db.pool);
  if (applied.length) log.info({ applied }, 'database migrated');
  // A process with another secret than the fleet's would refuse every session and link the others made: it stops here, before /ready.
  await checkSecretFingerprint(db.pool, secretKey(config));
  // While the database is away every queue's poll fails twice a second: one line per 10 s, with the count left out.
  let quietUntil = 0;
  let unlogged = 0;
  const queueErrors = (err: Error) => {
    if (Date.now() < quietUntil) return void unlogged++;
    log.warn({ err, unlogged }, 'job queue error');
    unlogged = 0;
    quietUntil = Date.now() + 10_000;
  };
  const boss = await startBoss(databaseUrl, {
    expireInSeconds: config.jobExpireSeconds,
    max: config.bossPoolSize,
    onError: (err) => queueErrors(err),
  });
  // The stateful services (limiters, caches, timers, servers) are built once here and closed on stop (services.ts).
  const ctx = await createServices({
    config,
    db,
    boss,
    store,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      log,
      printLinks: config.logFormat === 'pretty',
    }),
    log,
  });

  // Printed on stdout with the "running at" lines, outside the JSON log and after the start-up's
  // log lines, so a person sees it once where they look.
  let adminNotice = '';
  if (config.runHttp) {
    const admin = await ensureAdmin(ctx);
    if (admin.created) {
      const shown = admin.password
        ? `password: ${admin.password}  (shown once; set ULCA_ADMIN_PASSWORD to choose it)`
        : 'password from ULCA_ADMIN_PASSWORD';
      adminNotice = `  ADMIN account created: ${config.adminEmail}  ${shown}\n`;
    }
  }
  const workers = config.runWorkers ? await startWorkers(ctx) : undefined;
  // Dataset jobs whose worker died (kill -9, power loss) resume now and within JOB_RECOVERY_SECONDS later.
  const recovery = config.runWorkers ? await startJobRecovery(ctx, ORPHAN_RULES) : undefined;
  if (config.runHttp && config.demoData) {
    await publishDemoDatasets(ctx).catch((err) => log.warn({ err }, 'demo datasets not published'));
    await publishBundledBenchmarks(ctx).catch((err) => log.warn({ err }, 'demo benchmarks not published'));
  }

  // The offline reference models are registered and served by the API process: once with `npm start`.
  // `npm run worker` starts an engine on demand when a job calls it. Engines warm in the background;
  // with REFERENCE_MODELS=false this process serves none, and they stay published while another process serves them.
  let referenceModels: ReferenceModels | undefined;
  if (config.runHttp) referenceModels = await startReferenceModels(ctx);
  if (referenceModels && config.referenceModels) {
    // Ready once the engines are warm (an engine that failed to start is logged and answers 503, as before).
    let warm = false;
    void referenceModels.ready.then(() => (warm = true));
    ctx.readiness.add('referenceModels', () => {
      if (!warm) throw new Error('reference engines still warming');
    });
  }
  // The ops listener (/live, /ready, /metrics): a worker's only HTTP port; optional beside the API.
  const ops =
    config.opsPort !== undefined
      ? await startOpsServer(
          { metrics: ctx.metrics, readiness: ctx.readiness, metricsToken: config.metricsToken },
          config.opsPort,
          config.host,
        )
      : undefined;
  // The bundled benchmarks already published get their reference runs now that the models are registered
  // (the ingest job queues those that publish later); repeats add nothing. Not awaited: it waits for the engines to warm.
  if (config.runHttp && config.demoData)
    void queueBundledBenchmarkRuns(ctx).catch((err: unknown) => log.warn({ err }, 'reference runs of the bundled benchmarks not queued'));

  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  if (config.runHttp) {
    app = await buildApp(ctx);
    await app.listen({ port: config.port, host: config.host });
    console.log(`\n  ULCA is running at ${config.publicUrl}/ulca/   (API docs: ${config.publicUrl}/ulca/docs)\n${adminNotice}`);
  } else {
    log.info('worker started');
  }
  // The launcher (scripts/lib/supervise.mjs) restarts a crashed process only once one has started.
  process.send?.({ ulca: 'started' });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      // A health round stops first, before the engines it may be calling close (modules/model-health/job.ts).
      workers?.stop();
      await app?.close();
      await ops?.close();
      recovery?.stop();
      // Jobs under way finish first: they may still count usage or call a reference engine.
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
      await referenceModels?.close();
      await closeServices(ctx);
      await db.close();
      await started.cluster?.stop();
    } catch (err) {
      log.error({ err }, 'error while stopping');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** Runs main; a failed start prints one line with the reason and stops the embedded cluster it started. */
async function run(): Promise<void> {
  const started: Started = {};
  try {
    await main(started);
  } catch (err) {
    // One line with the real reason (a rejection without an Error used to print `undefined`).
    const reason = err instanceof Error ? err.message : err === undefined ? 'unknown error (nothing was reported)' : String(err);
    console.error(`ULCA could not start: ${reason}`);
    // Bad settings and a secret the fleet does not share are the operator's to fix: their lines say it all, no stack.
    if (
      err instanceof Error &&
      !(err instanceof EmbeddedPgError || err instanceof ConfigError || err instanceof SecretMismatchError) &&
      err.stack
    )
      console.error(err.stack);
    await started.cluster?.stop().catch(() => undefined);
    process.exit(1);
  }
}

// The last resort (docs/operations.md#supervision): an error nothing caught is logged with its
// stack and ends the process with code 1, so the supervisor (`npm start`, systemd) starts a new one
// on a clean state instead of this one running on half-broken.
for (const event of ['uncaughtException', 'unhandledRejection'] as const)
  process.on(event, (err: unknown) => {
    console.error(`ULCA stopped on an uncaught error (${event}): ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  });

void run();
