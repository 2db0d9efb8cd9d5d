import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from './test/harness.ts';
import { withDatabase } from './test/global-setup.ts';
import { freePort, REPO_ROOT, startServerProcess } from './test/server-process.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Runs main.ts with `env` (and `args`) until it exits; returns its exit code and output. */
function runMain(env: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

describe('settings checked at start (docs/operations.md#running-it-in-production)', () => {
  it('an ULCA_SECRET shorter than 16 characters refuses the start of an API process and of a worker', async () => {
    const database = await createTestDatabase();
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-start-'));
      dirs.push(dataDir);
      const env = {
        ULCA_DATA_DIR: dataDir,
        DATABASE_URL: database.url,
        ULCA_SECRET: 'too-short',
        PORT: String(await freePort()),
        DEMO_DATA: 'false',
        REFERENCE_MODELS: 'false',
      };
      // The API process and the worker side by side: each is refused on its own.
      for (const r of await Promise.all([runMain(env), runMain(env, ['--worker'])])) {
        expect(r.code, r.out).toBe(1);
        expect(r.out).toContain('ULCA could not start: ULCA_SECRET must be at least 16 characters long');
      }
      // Refused before anything ran: no secret file, no outbox, no objects folder.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await database.drop();
    }
  });

  it('a PUBLIC_URL that is not an http(s) URL refuses the start', async () => {
    const r = await runMain({ PUBLIC_URL: 'ulca.example.org', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('ULCA could not start: PUBLIC_URL "ulca.example.org" must be an http(s) URL');
  });

  it('several bad settings are all named, one a line, with no stack trace', async () => {
    const r = await runMain({
      PUBLIC_URL: 'ulca.example.org',
      PORT: '99999',
      DB_POOL_SIZE: '0',
      ULCA_SECRET: 'too-short',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    });
    expect(r.code, r.out).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toBe('ULCA could not start: 4 settings are wrong:');
    expect(lines.slice(1)).toEqual([
      '  PORT "99999" is not a TCP port (0-65535)',
      '  PUBLIC_URL "ulca.example.org" must be an http(s) URL like https://ulca.example.org',
      expect.stringMatching(/^ {2}ULCA_SECRET must be at least 16 characters/),
      '  DB_POOL_SIZE "0" must be a whole number of at least 2',
    ]);
    expect(r.out).not.toMatch(/\n\s+at /);
  });
});

describe('one secret per fleet (docs/operations.md#running-it-in-production)', () => {
  it('a process whose ULCA_SECRET differs from the first process on the database refuses to start, never ready', async () => {
    const database = await createTestDatabase();
    const common = { DATABASE_URL: database.url, DEMO_DATA: 'false', REFERENCE_MODELS: 'false' };
    const dirOf = () => {
      const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-fleet-'));
      dirs.push(d);
      return d;
    };
    const first = await startServerProcess({
      env: { ...common, ULCA_DATA_DIR: dirOf(), ULCA_SECRET: 'the-fleet-secret-of-length-32xx' },
      port: await freePort(),
    });
    try {
      const db = new pg.Client({ connectionString: database.url });
      await db.connect();
      const stored = (await db.query(`SELECT value FROM app_settings WHERE key = 'secret_fingerprint'`)).rows[0]?.value as string;
      await db.end();
      // A keyed fingerprint: neither the secret nor its plain SHA-256.
      expect(stored).toMatch(/^[0-9a-f]{64}$/);
      expect(stored).not.toBe(createHash('sha256').update('the-fleet-secret-of-length-32xx').digest('hex'));

      const opsPort = await freePort();
      const other = runMain({
        ...common,
        ULCA_DATA_DIR: dirOf(),
        ULCA_SECRET: 'another-secret-of-length-32xxxx',
        PORT: String(await freePort()),
        OPS_PORT: String(opsPort),
      });
      // Its readiness never answers 200 while it starts, and it stops with one line.
      let ready = false;
      let done = false;
      void other.then(() => (done = true));
      while (!done) {
        ready ||= await fetch(`http://127.0.0.1:${opsPort}/ready`).then(
          (res) => res.status === 200,
          () => false,
        );
        await new Promise((r) => setTimeout(r, 100));
      }
      const r = await other;
      expect(r.code, r.out).toBe(1);
      expect(ready).toBe(false);
      expect(r.out).toContain('ULCA could not start: ULCA_SECRET differs from the secret of the other processes on this database');
      expect(r.out).not.toMatch(/\n\s+at /);
      // A worker with its own data folder's secret.key (no ULCA_SECRET) is refused too.
      const worker = await runMain({ ...common, ULCA_DATA_DIR: dirOf() }, ['--worker']);
      expect(worker.code, worker.out).toBe(1);
      expect(worker.out).toContain('ULCA_SECRET differs');
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
      await database.drop();
    }
  });
});

describe('temp copies (docs/operations.md#running-it-in-production)', () => {
  it('a zip copy left by a killed worker is gone after the next start', async () => {
    const database = await createTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-start-'));
    dirs.push(dataDir);
    // What a worker killed mid-ingest leaves: its pid (here one no process has) in the folder name.
    const host = os.hostname().replace(/[^A-Za-z0-9.]/g, '_');
    const leftover = path.join(dataDir, 'tmp', `ulca-object-${host}-4194304-abc123`);
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, 'source.zip'), Buffer.alloc(1024));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--worker'], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ULCA_DATA_DIR: dataDir, DATABASE_URL: database.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    const exited = new Promise((r) => child.on('exit', r));
    try {
      const deadline = Date.now() + 60_000;
      while (!out.includes('worker started') && Date.now() < deadline && child.exitCode === null)
        await new Promise((r) => setTimeout(r, 200));
      expect(out, out).toContain('worker started');
      expect(fs.existsSync(leftover)).toBe(false);
      expect(out).toContain('stale temp copies removed');
    } finally {
      child.kill('SIGTERM');
      await exited;
      await database.drop();
    }
  });
});

describe('npm run migrate (docs/operations.md#running-it-in-production)', () => {
  it('migrates an empty database, pg-boss schema included, and exits; a second run has nothing to apply', async () => {
    const adminUrl = inject('pgAdminUrl');
    const name = `t_migrate_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = withDatabase(adminUrl, name);
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-migrate-'));
      dirs.push(dataDir);
      const first = await runMain({ ULCA_DATA_DIR: dataDir, DATABASE_URL: url }, ['--migrate']);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toMatch(/ULCA database migrated: 001_/);
      const files = fs.readdirSync(path.join(REPO_ROOT, 'apps/server/src/db/migrations')).filter((f) => f.endsWith('.sql'));
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      try {
        expect((await db.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n).toBe(files.length);
        expect((await db.query(`SELECT to_regclass('pgboss.job') IS NOT NULL AS present`)).rows[0].present).toBe(true);
        // Nothing else ran: no admin account was created.
        expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);
      } finally {
        await db.end();
      }
      const second = await runMain({ ULCA_DATA_DIR: dataDir, DATABASE_URL: url }, ['--migrate']);
      expect(second.code, second.out).toBe(0);
      expect(second.out).toContain('ULCA database already up to date: nothing to apply');
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
