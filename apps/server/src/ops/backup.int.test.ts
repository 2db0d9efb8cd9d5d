import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, signedInject } from '../test/users.ts';
import { makeParallelZip } from '../test/fixtures.ts';
import { startFixtureServer, type FixtureServer } from '../test/fixture-server.ts';
import { startTestModelServer, type TestModelServer } from '../test/model-server.ts';
import { insertTestModel } from '../test/models.ts';
import { startWorkers } from '../jobs/workers.ts';
import { backupPlatform, restorePlatform } from './backup.ts';

const ROWS = 30;
let before: TestPlatform;
let after: TestPlatform | undefined;
let files: FixtureServer;
let models: TestModelServer;
let work: string;

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
    const submitted = await signedInject(before.app, user, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: 'drill',
      url: files.url(zipName),
      userId: user.userId,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const srn = submitted.json().data.serviceRequestNumber as string;
    const status = async (p: TestPlatform) =>
      (await p.ctx.db.pool.query(`SELECT status FROM dataset_submissions WHERE service_request_number = $1`, [srn])).rows[0]
        ?.status as string;
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
  });
});
