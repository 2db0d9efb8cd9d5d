import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../test/users.ts';
import { withDatabase } from '../test/global-setup.ts';
import { freePort, REPO_ROOT, signedFetch, startServerProcess, stopServerProcess } from '../test/server-process.ts';
import { makeParallelZip } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { insertTestModel } from '../test/models.ts';
import { startWorkers } from '../workers.ts';
import { backupPlatform, restorePlatform } from './backup.ts';
import { submissionStatus, submitDataset } from '../test/dataset-submit.ts';

const ROWS = 30;
let before: TestPlatform;
let after: TestPlatform | undefined;
let files: FixtureServer;
let models: TestModelServer;
let work: string;
// What the first drill saw before its backup, for the drill as the tables' owner.
let drilled: { user: TestUser; list: string; listed: unknown; records: { n: number; digest: string } } | undefined;

beforeAll(async () => {
  before = await createTestPlatform({ startWorkers: (ctx) => startWorkers(ctx, { datasetIngest: true }) });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-backup-'));
  fs.mkdirSync(path.join(work, 'zips'));
  await makeParallelZip({ rows: ROWS, destDir: path.join(work, 'zips'), seed: 'backup-drill' });
  files = await startFixtureServer(path.join(work, 'zips'));
  models = await startTestModelServer();
});

afterAll(async () => {
  await files?.close();
  await models?.close();
  await before?.close();
  await after?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const partsOf = (p: TestPlatform) => ({ config: p.ctx.config, db: p.ctx.db, databaseUrl: p.ctx.config.databaseUrl!, store: p.ctx.store });

describe('restore drill (docs/operations.md#running-it-in-production, "Backups")', () => {
  it('backs up, wipes, restores: the platform answers with the same records, the same users and working model keys', async () => {
    const user = await createSignedInUser(before);
    const zipName = fs.readdirSync(path.join(work, 'zips')).find((f) => f.endsWith('.zip'))!;
    const srn = await submitDataset(before.app, user, 'drill', files.url(zipName));
    const status = async (p: TestPlatform) => submissionStatus(p.ctx.db.pool, srn);
    for (let i = 0; i < 300 && (await status(before)) !== 'Completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await status(before)).toBe('Completed');
    // A model whose endpoint needs its inference key, stored encrypted with the server secret.
    const keyed = await insertTestModel(before.ctx, {
      userId: user.userId,
      callbackUrl: models.url('key/translation'),
      inferenceApiKey: { name: 'authorization', value: 'Bearer test-key' },
    });
    const compute = (p: TestPlatform) =>
      p.app.inject({
        method: 'POST',
        url: MODEL_API.compute,
        payload: { modelId: keyed, task: 'translation', input: [{ source: 'hello' }] },
      });
    expect((await compute(before)).statusCode).toBe(200);
    const list = `/ulca/apis/v0/dataset/listByUserId?userId=${user.userId}`;
    const listed = (await signedInject(before.app, user, 'GET', list)).json();
    const records = async (p: TestPlatform) =>
      (
        await p.ctx.db.pool.query(
          `SELECT count(*)::int AS n, md5(string_agg(hash::text, ',' ORDER BY hash)) AS digest FROM dataset_records`,
        )
      ).rows[0];
    const recordsBefore = await records(before);
    expect(recordsBefore.n).toBe(ROWS);
    drilled = { user, list, listed, records: recordsBefore };

    const manifest = await backupPlatform(partsOf(before), path.join(work, 'backup'));
    expect(manifest.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['public.dataset_records', 'public.users', 'pgboss.job']));
    expect(manifest.objects).toBeGreaterThan(0);

    // Wiped: a new empty platform (its own database, data folder and secret), then the restore.
    after = await createTestPlatform();
    expect((await records(after)).n).toBe(0);
    await restorePlatform(partsOf(after), path.join(work, 'backup'));

    expect(await records(after)).toEqual(recordsBefore);
    expect(await status(after)).toBe('Completed');
    // The user's session keys decrypt with the restored secret: the same signed request, the same answer.
    const again = await signedInject(after.app, user, 'GET', list);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(listed);
    // The model's inference key too.
    const call = await compute(after);
    expect(call.statusCode, call.body).toBe(200);
    // The dataset's files came back (its source zip is kept in the store).
    const keys: string[] = [];
    for await (const o of after.ctx.store.list('')) keys.push(o.key);
    expect(keys.length).toBe(manifest.objects);

    // The restore recorded the backup secret's fingerprint: a backup run with another secret (e.g.
    // without ULCA_SECRET, on a machine whose data folder has its own secret.key) is refused.
    const elsewhere = fs.mkdtempSync(path.join(work, 'elsewhere-'));
    await expect(
      backupPlatform({ ...partsOf(after), config: { dataDir: elsewhere, secret: undefined } }, path.join(work, 'backup-elsewhere')),
    ).rejects.toThrow(/ULCA_SECRET differs/);
    expect(fs.existsSync(path.join(work, 'backup-elsewhere'))).toBe(false);
  });

  it("runs as written as the tables' owner, a role that is not a superuser: npm run restore, start, ready, same answers", async () => {
    expect(drilled, 'the first drill made the backup').toBeDefined();
    const { user, list, listed, records } = drilled!;
    const adminUrl = inject('pgAdminUrl');
    const suffix = `${process.pid}_${Date.now().toString(36)}`;
    const role = `ulca_owner_${suffix}`;
    const database = `t_owner_${suffix}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER PASSWORD 'owner-password'`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
    const ownerUrl = new URL(withDatabase(adminUrl, database));
    ownerUrl.username = role;
    ownerUrl.password = 'owner-password';
    const env = {
      DATABASE_URL: ownerUrl.toString(),
      ULCA_DATA_DIR: path.join(work, 'owner-data'),
      DEMO_DATA: 'false',
      REFERENCE_MODELS: 'false',
    };
    let server: Awaited<ReturnType<typeof startServerProcess>> | undefined;
    try {
      // `npm run restore -- <folder>` (package.json), into an empty database the role owns.
      const restored = await new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/backup.ts', 'restore', path.join(work, 'backup')], {
          cwd: REPO_ROOT,
          env: { ...process.env, LOG_LEVEL: 'warn', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (b: Buffer) => (out += b.toString()));
        child.stderr.on('data', (b: Buffer) => (out += b.toString()));
        child.on('exit', (code) => resolve({ code, out }));
      });
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toContain('ULCA restored from');

      server = await startServerProcess({ env, port: await freePort(), waitPath: '/ulca/health/ready' });
      const owner = new pg.Client({ connectionString: ownerUrl.toString() });
      await owner.connect();
      try {
        const now = (
          await owner.query(`SELECT count(*)::int AS n, md5(string_agg(hash::text, ',' ORDER BY hash)) AS digest FROM dataset_records`)
        ).rows[0];
        expect(now).toEqual(records);
        // The foreign keys are back (the restore dropped them for the load).
        const fks = await owner.query(
          `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
        );
        const fksBefore = await before.ctx.db.pool.query(
          `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`,
        );
        expect(fks.rows[0].n).toBeGreaterThan(0);
        expect(fks.rows[0].n).toBe(fksBefore.rows[0].n);
      } finally {
        await owner.end();
      }
      const again = await signedFetch(server.baseUrl, user, 'GET', list);
      expect(again.status, JSON.stringify(again.json)).toBe(200);
      expect(again.json).toEqual(listed);
    } finally {
      if (server) await stopServerProcess(server);
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
