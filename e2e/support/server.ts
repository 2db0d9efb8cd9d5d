/**
 * Starts the real platform for end-to-end tests the way `npm start` runs it: a child process
 * `node --import tsx apps/server/src/main.ts` from the repository root, with its own data folder
 * (object store, outbox) and database, workers in the same process and no demo data unless asked.
 * The database is a clone of a template in the run's shared PostgreSQL (e2e/support/global-setup.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { emlText } from '../../apps/server/src/test/outbox.ts';

/** Repository root (this file is e2e/support/server.ts). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** Handle on a running platform process. */
export interface RunningPlatform {
  /** e.g. `http://127.0.0.1:41234` (also the PUBLIC_URL, so e-mail links point here). */
  baseUrl: string;
  /** ULCA_DATA_DIR of this run (a fresh temporary folder). */
  dataDir: string;
  /** DATABASE_URL of this run (a clone of a template in the shared PostgreSQL), or null when it runs its own embedded one. */
  databaseUrl: string | null;
  /** Where activation e-mails land as .eml files (`<dataDir>/outbox`). */
  outboxDir: string;
  /** Password of the ADMIN account created on first start. */
  adminPassword: string;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /**
   * Sends SIGINT (what Ctrl-C does) and resolves with the exit code once the process has exited.
   * Kills it with SIGKILL and rejects when it has not exited within `timeoutMs` (default 30 s).
   */
  stop(timeoutMs?: number): Promise<number | null>;
  /** Removes the data folder (call after stop). */
  cleanup(): Promise<void>;
}

/** Password of the ADMIN account every platform of the e2e tests creates on its first start. */
export const ADMIN_PASSWORD = 'E2e-Admin!pass1';

/** A free TCP port on 127.0.0.1 (there is a small race until the server binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app (`npm run build -w apps/web`) when apps/web/dist/index.html is missing;
 * `npm test` builds it before the tests, so usually this does nothing. Throws when the build fails.
 */
export function ensureWebBuilt(): void {
  if (fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) return;
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`building the web app failed (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
}

/** Resolves once GET `<url>` answers 200; rejects after `timeoutMs` or when the process exits. */
async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited (code ${child.exitCode}, signal ${child.signalCode}) before it was healthy:\n${output()}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not healthy at ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Which prepared first-start state a platform starts from (e2e/support/global-setup.ts). */
export type PlatformFlavor = 'plain' | 'demo' | 'demo-ref';

/** The flavor of a start with `env`: DEMO_DATA seeds demo datasets and benchmarks, REFERENCE_MODELS runs them. */
export function flavorOf(env: Record<string, string> = {}): PlatformFlavor {
  if (env.DEMO_DATA !== 'true') return 'plain';
  return env.REFERENCE_MODELS === 'true' ? 'demo-ref' : 'demo';
}

/** The shared PostgreSQL and prepared templates of the e2e run, when e2e/support/global-setup.ts made them. */
export interface SharedPlatforms {
  /** URL of the shared cluster's maintenance database (`postgres`). */
  adminUrl: string;
  /** Per flavor: the template database and the data folder that goes with it. */
  templates: Partial<Record<PlatformFlavor, { database: string; dataDir: string }>>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2ePlatforms: SharedPlatforms | undefined;
  }
}

/** `url` with its database name replaced by `db`. */
export function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/** The shared platforms of this run, or undefined outside vitest or without the global setup. */
async function sharedPlatforms(): Promise<SharedPlatforms | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject('e2ePlatforms');
  } catch {
    return undefined;
  }
}

/**
 * Makes the server load its page renderer (the web build's server-side entry, which the first GET
 * of a page imports: 10-15 s with parallel files on a loaded machine, more than a journey step's
 * page timeout) with a signed-out GET of a page that has no data to render, so nothing is cached.
 * Throws when the server does not answer it within 120 s.
 */
async function warmPageRenderer(baseUrl: string): Promise<void> {
  const res = await fetch(`${baseUrl}/ulca/user/login`, { signal: AbortSignal.timeout(120_000) });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET /ulca/user/login answered ${res.status}`);
}

/**
 * Starts the platform on a free port and waits until GET /ulca/health answers (up to
 * `startTimeoutMs`, default 180 s: parallel files start at once, several warming reference engines).
 * With the e2e global setup (the usual case) the data folder is a copy of the prepared one of its
 * flavor (see {@link flavorOf}) and the database a clone of its
 * template in the shared PostgreSQL, both holding the state the first start left (admin account,
 * demo data and bundled benchmark runs when DEMO_DATA is "true"), and the server has loaded its
 * page renderer (warmPageRenderer); without it, a fresh data folder with its own embedded
 * PostgreSQL, as `npm start` has on a first start.
 * `env` is added to the process environment (the reference models are off unless `env.REFERENCE_MODELS` is
 * "true"). Throws (after killing the child) when it does not start.
 */
export async function startPlatform(opts: { env?: Record<string, string>; startTimeoutMs?: number } = {}): Promise<RunningPlatform> {
  const shared = await sharedPlatforms();
  const template = shared?.templates[flavorOf(opts.env)];
  if (!shared || !template) return launchPlatform(opts);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-'));
  fs.cpSync(template.dataDir, dataDir, { recursive: true });
  const database = `e2e_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: shared.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)} TEMPLATE ${admin.escapeIdentifier(template.database)}`);
  } finally {
    await admin.end();
  }
  const dropDatabase = async () => {
    const c = new pg.Client({ connectionString: shared.adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(database)} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  try {
    const platform = await launchPlatform({
      ...opts,
      dataDir,
      databaseUrl: withDatabase(shared.adminUrl, database),
      onCleanup: dropDatabase,
    });
    await warmPageRenderer(platform.baseUrl).catch(async (err: unknown) => {
      await platform.stop().catch(() => undefined);
      throw err;
    });
    return platform;
  } catch (err) {
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

/** The server could not listen because its port was taken meanwhile (see launchPlatform). */
class PortTakenError extends Error {}

/** A server process that answers GET /ulca/health. */
interface Started {
  child: ChildProcess;
  baseUrl: string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far (the last 100-200 kB). */
  output: () => string;
}

/**
 * Spawns main.ts on `port` and waits for GET /ulca/health (`startTimeoutMs`, default 180 s). Throws
 * PortTakenError when the process exited on EADDRINUSE, another Error when it did not start
 * otherwise (the process is killed either way).
 */
async function spawnPlatform(opts: {
  env?: Record<string, string>;
  startTimeoutMs?: number;
  databaseUrl?: string;
  port: number;
  dataDir: string;
  adminPassword: string;
}): Promise<Started> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      ULCA_DATA_DIR: opts.dataDir,
      PUBLIC_URL: baseUrl,
      ALLOWED_FETCH_HOSTS: '127.0.0.1,localhost',
      DEMO_DATA: 'false',
      // The offline reference models only where a test asks for them: env REFERENCE_MODELS 'true'.
      REFERENCE_MODELS: 'false',
      // Any free port for the reference-model server: parallel files must not share one (docs/architecture.md#tests).
      REFERENCE_MODELS_PORT: '0',
      ULCA_ADMIN_PASSWORD: opts.adminPassword,
      LOG_LEVEL: 'info',
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString('utf8');
    // Only the tail matters for failure messages; keep memory bounded.
    if (out.length > 200_000) out = out.slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // If the test process ends without stop(), the server (and its PostgreSQL) must not outlive it.
  const onParentExit = () => child.kill('SIGINT');
  process.once('exit', onParentExit);
  child.once('exit', () => process.off('exit', onParentExit));
  const output = () => out;
  try {
    await waitForHealth(`${baseUrl}/ulca/health`, child, opts.startTimeoutMs ?? 180_000, output);
  } catch (err) {
    child.kill('SIGKILL');
    await exited;
    if (out.includes('EADDRINUSE')) throw new PortTakenError(`port ${opts.port} was taken before the server listened`);
    throw err;
  }
  return { child, baseUrl, exited, output };
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` on a free port with `dataDir` (default: a fresh
 * temporary folder) and `databaseUrl` (default: the folder's embedded PostgreSQL), waits for
 * GET /ulca/health. Used by {@link startPlatform} and the global setup that prepares the templates.
 */
export async function launchPlatform(
  opts: {
    env?: Record<string, string>;
    startTimeoutMs?: number;
    dataDir?: string;
    databaseUrl?: string;
    onCleanup?: () => Promise<void>;
  } = {},
): Promise<RunningPlatform> {
  ensureWebBuilt();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-'));
  // As root the embedded PostgreSQL runs as the postgres user, which must reach the folder.
  fs.chmodSync(dataDir, 0o755);
  const adminPassword = ADMIN_PASSWORD;
  // Files run in parallel (vitest.config.ts): between freePort() and the server's listen another
  // process may take the port, so a start that fails on EADDRINUSE is tried again on another one.
  let started: Started | undefined;
  for (let attempt = 1; !started; attempt += 1) {
    const port = await freePort();
    try {
      started = await spawnPlatform({ ...opts, port, dataDir, adminPassword });
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= 3) throw err;
    }
  }
  const { child, baseUrl, exited, output: out } = started;
  return {
    baseUrl,
    dataDir,
    databaseUrl: opts.databaseUrl ?? null,
    outboxDir: path.join(dataDir, 'outbox'),
    adminPassword,
    output: out,
    async stop(timeoutMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      const result = await Promise.race([exited, timedOut]);
      clearTimeout(timer);
      if (result === 'timeout') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`the server did not stop within ${timeoutMs} ms of SIGINT:\n${out().slice(-5000)}`);
      }
      return result;
    },
    async cleanup() {
      await opts.onCleanup?.().catch(() => undefined);
      await fs.promises.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits (up to `timeoutMs`, default 15 s) for an .eml in `outboxDir` addressed to `to` and returns
 * its first link starting with `prefix`, from the decoded text part. Throws when none appears.
 */
export async function waitForMailLink(outboxDir: string, to: string, prefix: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  while (Date.now() < deadline) {
    const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((f) => f.endsWith(`-${safeTo}.eml`)) : [];
    for (const f of files.sort()) {
      const body = emlText(fs.readFileSync(path.join(outboxDir, f), 'utf8'));
      const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const m = body.match(new RegExp(`${escaped}[^\\s"'<>]+`));
      if (m) return m[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${to} with a link starting ${prefix} in ${outboxDir} within ${timeoutMs} ms`);
}
