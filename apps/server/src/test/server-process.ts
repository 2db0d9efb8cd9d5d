import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { signedHeaders } from '../security/signing.ts';

/** The repository root (where `npm start` runs). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** A free TCP port on 127.0.0.1 (released before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A server started as a child process, as `npm start` does (`main.ts` on its own embedded PostgreSQL). */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process wrote (stdout + stderr), for assertions and failure messages. */
  output(): string;
  /** Resolves with the exit code/signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` (or `command` in `cwd`) with `env` on top of
 * the process environment and waits until GET /ulca/docs/json answers (or /ulca/ when `waitPath`
 * says so). Rejects with the process output when it exits first or `timeoutMs` passes.
 */
export async function startServerProcess(opts: {
  env: Record<string, string>;
  port: number;
  cwd?: string;
  command?: string[];
  waitPath?: string;
  timeoutMs?: number;
  /** Own process group (kill it with process.kill(-pid)), as a terminal runs `npm start`. */
  detached?: boolean;
}): Promise<ServerProcess> {
  const [cmd, ...args] = opts.command ?? [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(cmd, args, {
    cwd: opts.cwd ?? REPO_ROOT,
    env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(opts.port), ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.detached ?? false,
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${out}`);
    if (Date.now() > deadline) {
      if (opts.detached) process.kill(-child.pid!, 'SIGKILL');
      else child.kill('SIGKILL');
      throw new Error(`the server did not answer in time:\n${out}`);
    }
    try {
      const res = await fetch(`${baseUrl}${opts.waitPath ?? '/ulca/docs/json'}`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { child, baseUrl, output: () => out, exited };
}

/**
 * Spawns a worker-only process as `npm run worker` runs it (`main.ts --worker`) with `env` on top of
 * the process environment (loopback fetches allowed, no health rounds, JSON logs at info), and
 * appends each line it writes (stdout and stderr) to `lines`. Does not wait for it to start.
 */
export function spawnWorkerProcess(env: Record<string, string>, lines: string[]): ChildProcess {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--worker'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ALLOWED_FETCH_HOSTS: '127.0.0.1,localhost',
      MODEL_HEALTH_INTERVAL_MINUTES: '0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  readline.createInterface({ input: worker.stdout! }).on('line', (l) => lines.push(l));
  readline.createInterface({ input: worker.stderr! }).on('line', (l) => lines.push(l));
  return worker;
}

/** Stops a spawnWorkerProcess child with SIGTERM (its own clean stop) and waits until it exits; nothing when there is none or it has exited. */
export async function stopWorkerProcess(worker: ChildProcess | undefined): Promise<void> {
  if (!worker || worker.exitCode !== null) return;
  const exited = new Promise((r) => worker.once('exit', r));
  worker.kill('SIGTERM');
  await exited;
}

/** Stops the server with SIGTERM (its own clean stop, embedded PostgreSQL included); SIGKILL after `ms`. */
export async function stopServerProcess(s: ServerProcess, ms = 30_000): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const timer = setTimeout(() => s.child.kill('SIGKILL'), ms);
  s.child.kill('SIGTERM');
  await s.exited;
  clearTimeout(timer);
}

/** A v2-signed JSON call (method, path, time, nonce and body signed) to a server over HTTP. */
export async function signedFetch(
  baseUrl: string,
  keys: { publicKey: string; privateKey: string },
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { ...signedHeaders(keys, { method, url, body: raw }) };
  if (raw !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${url}`, { method, headers, body: raw });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { data?: unknown } };
}

/** The embedded cluster's URL of a running `npm start` on `dataDir` (port from postmaster.pid, per-folder password). */
export function embeddedDatabaseUrl(dataDir: string, database = 'ulca'): string {
  const pid = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  const password = fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${password}@127.0.0.1:${pid[3].trim()}/${database}`;
}

/** A worker process a test starts, watches and stops (see {@link workerUnderTest}). */
export interface WorkerUnderTest {
  /** Every line the worker wrote. */
  readonly lines: string[];
  /** The worker, once started. */
  readonly process: ChildProcess | undefined;
  /** Spawns it (spawnWorkerProcess with `env`) and waits until it logs 'worker started'. */
  start(env: Record<string, string>): Promise<ChildProcess>;
  /**
   * Calls `fn` every 200 ms until its value is defined and `ok`, and returns that value; throws
   * at once, with the worker's output, when the worker has exited, and after `ms` milliseconds.
   */
  until<T>(what: string, fn: () => Promise<T | undefined>, ok: (v: T) => boolean, ms?: number): Promise<T>;
  /** stopWorkerProcess of the worker. */
  stop(): Promise<void>;
}

/** A worker process for a test that checks it survives an outage: not started until `start`. */
export function workerUnderTest(): WorkerUnderTest {
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const watch: WorkerUnderTest = {
    lines,
    get process() {
      return child;
    },
    async start(env) {
      child = spawnWorkerProcess(env, lines);
      await watch.until(
        'the worker to start',
        async () => lines.some((l) => l.includes('worker started')),
        (v) => v,
      );
      return child;
    },
    async until(what, fn, ok, ms = 120_000) {
      const end = Date.now() + ms;
      for (;;) {
        const last = await fn();
        if (last !== undefined && ok(last)) return last;
        if (child && child.exitCode !== null)
          throw new Error(`the worker exited (${child.exitCode}) while waiting for ${what}:\n${lines.join('\n')}`);
        if (Date.now() > end)
          throw new Error(`timed out waiting for ${what}; last ${JSON.stringify(last)}\n${lines.slice(-30).join('\n')}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    stop: () => stopWorkerProcess(child),
  };
  return watch;
}
