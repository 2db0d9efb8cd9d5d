/**
 * The launchers of `npm start` (scripts/start.mjs) and `npm run worker` (scripts/worker.mjs)
 * supervise their process (docs/operations.md#supervision): a server
 * killed with SIGKILL is logged with its cause and started again, and SIGTERM to a launcher stops
 * its child first and exits after it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from './db/embedded-host.ts';
import { createTestDatabase } from './test/harness.ts';
import { freePort, startServerProcess, type ServerProcess } from './test/server-process.ts';

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
const launchers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-supervise-'));
});

afterAll(async () => {
  for (const l of launchers) {
    if (l.child.exitCode === null && l.child.signalCode === null) {
      for (const pid of children(l.child.pid!)) process.kill(pid, 'SIGKILL');
      l.child.kill('SIGKILL');
      await l.exited;
    }
  }
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The pids of `pid`'s child processes (Linux /proc). */
function children(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function waitFor<T>(what: string, fn: () => T | Promise<T>, ok: (v: T) => boolean, out: () => string, ms = 90_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}:\n${out()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const env = () => ({
  DATABASE_URL: database.url,
  ULCA_DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  REFERENCE_MODELS: 'false',
  MODEL_HEALTH_INTERVAL_MINUTES: '0',
  ULCA_ADMIN_PASSWORD: 'Adm1n!pass-supervise',
});

describe('npm start supervises its server', () => {
  it('starts a server killed by SIGKILL again, logs the cause, and stops it with itself on SIGTERM', async () => {
    const port = await freePort();
    const launcher = await startServerProcess({
      command: [process.execPath, 'scripts/start.mjs', '--no-build'],
      port,
      env: env(),
      waitPath: '/ulca/health',
    });
    launchers.push(launcher);
    const [first] = children(launcher.child.pid!);
    expect(first).toBeGreaterThan(0);

    process.kill(first!, 'SIGKILL');
    const health = async () => {
      try {
        return (await fetch(`${launcher.baseUrl}/ulca/health`)).status;
      } catch {
        return 0;
      }
    };
    // Down, then a new server answers.
    await waitFor(
      'the killed server to go',
      () => processAlive(first!),
      (alive) => !alive,
      launcher.output,
    );
    await waitFor('the new server to answer', health, (s) => s === 200, launcher.output);
    const [second] = children(launcher.child.pid!);
    expect(second).toBeGreaterThan(0);
    expect(second).not.toBe(first);
    expect(launcher.output()).toContain(`[ulca server] server (pid ${first}) was killed by SIGKILL after`);
    expect(launcher.output()).toContain('starting it again in 1 s');

    // SIGTERM: the server stops first, the launcher exits after it with code 0.
    launcher.child.kill('SIGTERM');
    const exit = await launcher.exited;
    expect(processAlive(second!)).toBe(false);
    expect(exit, launcher.output()).toEqual({ code: 0, signal: null });
  }, 180_000);
});

describe('npm run worker', () => {
  it('passes SIGTERM to the worker and exits after it', async () => {
    const opsPort = await freePort();
    // A worker's only HTTP port is its ops listener: /live answers once it runs.
    const launcher = await startServerProcess({
      command: [process.execPath, 'scripts/worker.mjs'],
      port: opsPort,
      env: { ...env(), OPS_PORT: String(opsPort) },
      waitPath: '/live',
    });
    launchers.push(launcher);
    const [worker] = children(launcher.child.pid!);
    expect(worker).toBeGreaterThan(0);
    launcher.child.kill('SIGTERM');
    const exit = await launcher.exited;
    // The launcher exits only once its worker has: never before it.
    expect(processAlive(worker!)).toBe(false);
    expect(exit, launcher.output()).toEqual({ code: 0, signal: null });
  }, 180_000);
});
