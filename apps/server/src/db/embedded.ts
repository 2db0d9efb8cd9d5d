import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  DEFAULT_PG_HOME,
  EmbeddedPgError,
  packagedBinaries,
  placeCluster,
  postgresAccount,
  processAlive,
  reachableBinaries,
  runningPostmaster,
  type PgBinaries,
  type RunAs,
} from './embedded-host.ts';

export { EmbeddedPgError } from './embedded-host.ts';

/** A running private PostgreSQL cluster and the URL of its `ulca` database. */
export interface EmbeddedCluster {
  url: string;
  /** URL of the maintenance database (`postgres`), for creating databases. */
  adminUrl: string;
  port: number;
  /** The PostgreSQL data directory in use (differs from the requested folder when relocated). */
  clusterDir: string;
  /** Stops PostgreSQL (fast shutdown: sessions end, a checkpoint is written); a temporary cluster is deleted. */
  stop(): Promise<void>;
}

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedOptions {
  /** Preferred port (default 5439); 0 or a taken port picks a free one. */
  port?: number;
  /** Database created if missing (default `ulca`). */
  database?: string;
  /** Home of relocated binaries and clusters when running as root (ULCA_PG_HOME, default /var/lib/ulca-pg). */
  pgHome?: string;
  /** Tests and benchmarks: a relocated cluster goes to a temp folder that `stop()` deletes. */
  temporary?: boolean;
  /** Progress lines for the start-up log (orphan stopped, password migrated). */
  onInfo?: (message: string) => void;
}

/** Superuser name of the embedded cluster. */
const SUPERUSER = 'postgres';
/** The fixed password of clusters made before per-folder passwords (migrated on their next start). */
const LEGACY_PASSWORD = 'postgres';

async function freePort(preferred: number): Promise<number> {
  const tryPort = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(p, '127.0.0.1', () => {
        const addr = srv.address() as net.AddressInfo;
        srv.close(() => resolve(addr.port));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

/**
 * The superuser password of the cluster in `dir`: kept beside it in `<parent>/postgres-password`
 * (mode 600, 48 hex characters), created on first use, like the server secret. Throws
 * EmbeddedPgError when the file exists but is not such a password.
 */
export function clusterPassword(dir: string): { file: string; password: string } {
  const file = path.join(path.dirname(dir), 'postgres-password');
  try {
    // 'wx': two processes starting together never overwrite each other's password.
    fs.writeFileSync(file, randomBytes(24).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const password = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{32,128}$/i.test(password))
    throw new EmbeddedPgError(`${file} does not hold the database password; restore it from a backup`);
  return { file, password };
}

/** Runs a PostgreSQL tool as `runAs`; resolves with its output, rejects with EmbeddedPgError(`what: output`). */
function run(bin: string, args: string[], runAs: RunAs, cwd: string, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own session: Ctrl-C in the terminal reaches the server, which then stops PostgreSQL in order.
      detached: true,
      ...(runAs ?? {}),
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    // A spawn failure (EACCES, ENOENT) arrives as 'error': never let it escape unhandled.
    child.on('error', (err) => reject(new EmbeddedPgError(`${what}: ${err.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new EmbeddedPgError(`${what}: ${lastLines(out) || `exit code ${code}`}`)),
    );
  });
}

function lastLines(text: string, n = 3): string {
  return text.trim().split('\n').filter(Boolean).slice(-n).join(' | ');
}

/** The FATAL/ERROR lines at the end of the cluster's log: the real reason a start failed. */
function logReason(logFile: string): string {
  try {
    const lines = fs.readFileSync(logFile, 'utf8').trim().split('\n').slice(-20);
    const bad = lines.filter((l) => /FATAL|PANIC|ERROR/.test(l));
    return lastLines((bad.length ? bad : lines).join('\n'), 2);
  } catch {
    return '';
  }
}

async function initCluster(bins: PgBinaries, clusterDir: string, runAs: RunAs, password: string): Promise<void> {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(clusterDir, runAs.uid, runAs.gid);
  // initdb reads the password from a file: a private one next to the cluster (never /tmp), removed at once.
  const pwFile = path.join(path.dirname(clusterDir), `.initdb-${randomBytes(6).toString('hex')}`);
  fs.writeFileSync(pwFile, password + '\n', { mode: 0o600 });
  try {
    if (runAs) fs.chownSync(pwFile, runAs.uid, runAs.gid);
    await run(
      bins.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      runAs,
      path.dirname(clusterDir),
      'PostgreSQL initdb failed',
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

async function stopCluster(bins: PgBinaries, clusterDir: string, runAs: RunAs, pid?: number): Promise<void> {
  try {
    await run(
      bins.pgCtl,
      ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'],
      runAs,
      path.dirname(clusterDir),
      'pg_ctl stop failed',
    );
  } catch (err) {
    if (!fs.existsSync(path.join(clusterDir, 'postmaster.pid'))) return; // already stopped
    if (!pid) throw err;
    // pg_ctl could not do it (e.g. a foreign pid file version): ask the postmaster directly for a fast shutdown.
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 600 && processAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (processAlive(pid))
      throw new EmbeddedPgError(`PostgreSQL (pid ${pid}) of ${clusterDir} did not stop within 60 s; stop it and start again`);
  }
}

/** Connects as superuser with `password`; returns null when the password is refused (28P01). */
async function connectAdmin(port: number, password: string): Promise<pg.Client | null> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: SUPERUSER, password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => undefined);
    if ((err as { code?: string }).code === '28P01') return null;
    throw err;
  }
}

/**
 * Starts (initialising on first use) an embedded PostgreSQL cluster for `dir` (docs/architecture.md#processes),
 * listening on 127.0.0.1 only. As root it runs as the `postgres` user; when that user cannot
 * reach the binaries or `dir` (private folders), they are placed under `pgHome` instead (see
 * placeCluster). A PostgreSQL left running by a killed earlier start of the same cluster is
 * stopped cleanly first. The superuser password is the per-folder one of {@link clusterPassword};
 * a cluster still on the old fixed password is moved to it. Throws EmbeddedPgError with a
 * one-line reason when the cluster cannot start.
 */
export async function startEmbeddedPostgres(dir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  const database = opts.database ?? 'ulca';
  const info = opts.onInfo ?? (() => undefined);
  const runAs = postgresAccount();
  const pgHome = opts.pgHome ?? DEFAULT_PG_HOME;
  const bins = reachableBinaries(await packagedBinaries(), runAs, pgHome);
  const place = placeCluster(dir, runAs, { pgHome, temporary: opts.temporary });
  const { clusterDir } = place;
  if (clusterDir !== dir) info(`PostgreSQL data of ${dir} lives in ${clusterDir} (the postgres user cannot open the folders above ${dir})`);
  const { file: passwordFile, password } = clusterPassword(dir);
  const removeTemp = () => {
    if (place.removeOnStop) fs.rmSync(place.removeOnStop, { recursive: true, force: true });
  };

  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) await initCluster(bins, clusterDir, runAs, password);

  const orphan = runningPostmaster(clusterDir);
  if (orphan) {
    info(`stopping the PostgreSQL (pid ${orphan}) that an earlier start of this data folder left running`);
    await stopCluster(bins, clusterDir, runAs, orphan);
  }

  let port = await freePort(opts.port ?? 5439);
  const logFile = path.join(clusterDir, 'ulca-postgres.log');
  // Another start can take the port between freePort's check and PostgreSQL's bind (two clusters
  // starting at once, as parallel tests do): then start again on a port the system picks, at most
  // twice more.
  for (let attempt = 1; ; attempt++) {
    const flags = [
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      "unix_socket_directories=''",
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
    ];
    try {
      await run(
        bins.pgCtl,
        ['start', '-D', clusterDir, '-w', '-t', '120', '-l', logFile, '-o', flags.join(' ')],
        runAs,
        path.dirname(clusterDir),
        'PostgreSQL did not start',
      );
      break;
    } catch (err) {
      const reason = logReason(logFile);
      if (attempt < 3 && /could not create any TCP\/IP sockets/.test(reason)) {
        info(`port ${port} was taken as PostgreSQL started; starting again on another`);
        port = await freePort(0);
        continue;
      }
      throw new EmbeddedPgError(`${(err as Error).message}${reason ? ` — ${reason}` : ''} (log: ${logFile})`);
    }
  }

  const stop = async () => {
    await stopCluster(bins, clusterDir, runAs);
    removeTemp();
  };
  try {
    let client = await connectAdmin(port, password);
    if (!client) {
      // A cluster made before per-folder passwords: the old fixed password, once, then rotate.
      client = await connectAdmin(port, LEGACY_PASSWORD);
      if (!client)
        throw new EmbeddedPgError(
          `the database password in ${passwordFile} does not open the cluster in ${clusterDir}; restore the file from a backup`,
        );
      await client.query(`ALTER ROLE ${SUPERUSER} WITH PASSWORD ${client.escapeLiteral(password)}`);
      info(`moved the PostgreSQL superuser to the password kept in ${passwordFile}`);
    }
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return { url: `${base}/${database}`, adminUrl: `${base}/postgres`, port, clusterDir, stop };
}
