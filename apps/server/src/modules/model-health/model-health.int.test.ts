import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API, MODEL_HEALTH_CHECK_PATH } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { uploadTestModel } from '../../test/model-upload.ts';
import { startModelHealthWorker } from './job.ts';
import { offerHealthRound, queueHealthRound, runHealthRound } from './service.ts';
import { closeAll } from '../../test/platform-hook.ts';

let p: TestPlatform;
let ms: TestModelServer;
let owner: TestUser;
let admin: TestUser;
let reader: TestUser;
const ids: Record<'ok' | 'wrongScript' | 'error' | 'hang' | 'unpublished', string> = {} as never;

const HEALTH_TIMEOUT_MS = 800;

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({
    config: { modelCallTimeoutMs: 5000, modelHealthTimeoutMs: HEALTH_TIMEOUT_MS, modelHealthParallel: 2, modelUploadCheckTimeoutMs: 3000 },
    startWorkers: (ctx) => startModelHealthWorker(ctx),
  });
  owner = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  admin = await createSignedInUser(p, ['ADMIN']);
  reader = await createSignedInUser(p, ['READONLY-USER']);
  // Real uploads for the models whose endpoint answers (the upload calls it once): a hi → en
  // translation answers `en:<source>`, Latin as English should be; an en → hi one answers
  // `hi:<English source>`, Latin where Devanagari is expected.
  ids.ok = await uploadTestModel(p, owner, {
    name: 'Health ok hi-en',
    callbackUrl: ms.url('translation'),
    languages: [{ sourceLanguage: 'hi', targetLanguage: 'en' }],
    request: { input: [{ source: 'aap kaise hain' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'en' } } },
  });
  ids.wrongScript = await uploadTestModel(p, owner, {
    name: 'Health wrong script en-hi',
    callbackUrl: ms.url('translation'),
    languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
    request: { input: [{ source: 'The river is calm today.' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } },
  });
  ids.unpublished = await uploadTestModel(p, owner, {
    name: 'Health unpublished',
    callbackUrl: `${ms.url('translation')}?unpublished=1`,
    languages: [{ sourceLanguage: 'hi', targetLanguage: 'en' }],
    request: { input: [{ source: 'namaste' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'en' } } },
    publish: false,
  });
  // A failing or hanging endpoint cannot pass the upload's own check: such models are models
  // whose endpoint broke after publication, inserted directly.
  ids.error = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: ms.url('error/translation'), name: 'Health error' });
  ids.hang = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: ms.url('hang/translation'), name: 'Health hang' });
});

afterAll(() => closeAll(p, ms));

const healthRow = (modelId: string) =>
  p.ctx.db.db.selectFrom('model_health').selectAll().where('model_id', '=', modelId).executeTakeFirst();
type Row = {
  modelId: string;
  modelName: string;
  taskType: string;
  status: string;
  lastStatusUpdate: number | null;
  lastSuccess: number | null;
  latencyMs: number | null;
  outputCheck: string | null;
};
const statusList = async (query = '') => {
  const res = await p.app.inject({ method: 'GET', url: `${MODEL_API.health}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, json: res.json() as { modelHealthStatusList: Row[]; count: number } };
};

describe('model health', () => {
  it('before any round every published model is unknown, and unpublished ones are not listed', async () => {
    const { json } = await statusList();
    const byId = new Map(json.modelHealthStatusList.map((r) => [r.modelId, r]));
    for (const k of ['ok', 'wrongScript', 'error', 'hang'] as const)
      expect(byId.get(ids[k])).toMatchObject({ status: 'unknown', lastStatusUpdate: null, lastSuccess: null, latencyMs: null });
    expect(byId.has(ids.unpublished)).toBe(false);
    expect(json.count).toBe(json.modelHealthStatusList.length);
  });

  it('a round checks every published model once, bounded by the time limit, and records status, latency and the output check', async () => {
    const before = ms.calls.length;
    const started = Date.now();
    const summary = await runHealthRound(p.ctx);
    const took = Date.now() - started;
    // The hanging model is cut at the health time limit: the round does not wait for it.
    expect(took).toBeLessThan(HEALTH_TIMEOUT_MS + 3000);
    expect(summary).toEqual({ checked: 4, available: 1, unavailable: 3 });

    const calls = ms.calls.slice(before);
    // Each published model called once with its descriptor's example request; the unpublished one never.
    expect(calls.map((c) => c.path).sort()).toEqual(['/error/translation', '/hang/translation', '/translation', '/translation'].sort());
    expect(calls.some((c) => c.path.includes('unpublished'))).toBe(false);
    expect(calls.map((c) => c.body)).toContainEqual({
      input: [{ source: 'The river is calm today.' }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } },
    });

    const ok = await healthRow(ids.ok);
    expect(ok).toMatchObject({ status: 'available', output_check: null, error: null });
    expect(ok!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(ok!.last_success?.getTime()).toBe(ok!.checked_on.getTime());

    const wrong = await healthRow(ids.wrongScript);
    expect(wrong).toMatchObject({ status: 'unavailable', error: null, last_success: null });
    expect(wrong!.output_check).toMatch(/not in the Devanagari script expected for hi/);
    expect(wrong!.latency_ms).not.toBeNull();

    const error = await healthRow(ids.error);
    expect(error).toMatchObject({ status: 'unavailable', latency_ms: null, last_success: null, output_check: null });
    expect(error!.error).toBe('The model answered with an error (HTTP 500).');

    const hang = await healthRow(ids.hang);
    expect(hang).toMatchObject({ status: 'unavailable', latency_ms: null, last_success: null });
    expect(hang!.error).toMatch(/did not answer within 0.8 seconds/);

    expect(await healthRow(ids.unpublished)).toBeUndefined();
  });

  it('getModelHealthStatus answers the checks, filters by task, pages, and never shows a callbackUrl', async () => {
    const { body, json } = await statusList();
    const byId = new Map(json.modelHealthStatusList.map((r) => [r.modelId, r]));
    expect(byId.get(ids.ok)).toMatchObject({
      modelName: 'Health ok hi-en',
      taskType: 'translation',
      status: 'available',
      outputCheck: null,
      isSyncApi: true,
    });
    expect(byId.get(ids.ok)!.lastStatusUpdate).toBeGreaterThan(Date.now() - 60_000);
    expect(byId.get(ids.ok)!.lastSuccess).toBe(byId.get(ids.ok)!.lastStatusUpdate);
    expect(byId.get(ids.wrongScript)).toMatchObject({
      status: 'unavailable',
      lastSuccess: null,
      outputCheck: expect.stringMatching(/Devanagari/),
    });
    expect(byId.get(ids.error)).toMatchObject({ status: 'unavailable', outputCheck: 'The model answered with an error (HTTP 500).' });
    expect(byId.get(ids.hang)?.status).toBe('unavailable');
    // Not the address, not the port, not the field.
    const address = new URL(ms.url('translation')).host;
    expect(body).not.toContain(address);
    expect(body).not.toContain('callbackUrl');
    expect(body).not.toContain('127.0.0.1');

    expect((await statusList('?taskType=asr')).json.modelHealthStatusList).toEqual([]);
    expect((await statusList('?taskType=translation')).json.count).toBe(4);
    const page = (await statusList('?startPage=2&endPage=2&pageSize=3')).json;
    expect(page.count).toBe(1);
    expect((await p.app.inject({ method: 'GET', url: `${MODEL_API.health}?startPage=x` })).statusCode).toBe(400);
  });

  it('a later failure keeps the last success; a model published after the round is unknown', async () => {
    const first = (await healthRow(ids.ok))!.last_success!;
    // Break the ok model's endpoint (as its owner's server going down): the stored URL changes.
    await p.ctx.db.db
      .updateTable('models')
      .set({ callback_url: ms.url('error/translation') })
      .where('model_id', '=', ids.ok)
      .execute();
    const fresh = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: ms.url('translation'), name: 'Health fresh' });
    expect((await statusList()).json.modelHealthStatusList.find((r) => r.modelId === fresh)?.status).toBe('unknown');
    await runHealthRound(p.ctx);
    const after = (await healthRow(ids.ok))!;
    expect(after.status).toBe('unavailable');
    expect(after.last_success?.getTime()).toBe(first.getTime());
    expect(after.checked_on.getTime()).toBeGreaterThan(first.getTime());
    await p.ctx.db.db
      .updateTable('models')
      .set({ callback_url: ms.url('translation') })
      .where('model_id', '=', ids.ok)
      .execute();
  });

  it('a shutdown stops a round at once and records nothing for the calls it cut', async () => {
    // Every model has a row by now; the hanging one would be recorded unavailable at the time limit.
    const before = (await healthRow(ids.hang))!.checked_on.getTime();
    const controller = new AbortController();
    const started = Date.now();
    const round = runHealthRound(p.ctx, controller.signal);
    setTimeout(() => controller.abort(), 150);
    const summary = await round;
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS);
    expect(summary.aborted).toBe(true);
    expect((await healthRow(ids.hang))!.checked_on.getTime()).toBe(before);
    // Aborted before it starts: nothing is called or recorded.
    const calls = ms.calls.length;
    expect(await runHealthRound(p.ctx, AbortSignal.abort())).toEqual({ checked: 0, available: 0, unavailable: 0, aborted: true });
    expect(ms.calls.length).toBe(calls);
  });

  it('the schedule keeps one round per interval slot; the admin check queues a round that the worker runs', async () => {
    const slot = 3600;
    const a = await queueHealthRound(p.ctx, slot);
    const b = await queueHealthRound(p.ctx, slot);
    expect(a).toEqual(expect.any(String));
    expect(b).toBeNull();
    await p.ctx.boss.deleteJob('model-health', a!).catch(() => undefined);

    // Only ADMIN may ask.
    expect((await signedInject(p.app, reader, 'POST', MODEL_HEALTH_CHECK_PATH)).statusCode).toBe(403);
    expect((await p.app.inject({ method: 'POST', url: MODEL_HEALTH_CHECK_PATH })).statusCode).toBe(401);
    const before = (await healthRow(ids.ok))!.checked_on.getTime();
    const res = await signedInject(p.app, admin, 'POST', MODEL_HEALTH_CHECK_PATH);
    expect(res.statusCode, res.body).toBe(200);
    // The worker of this platform runs the queued round: the ok model is available again.
    const deadline = Date.now() + 20_000;
    let row = await healthRow(ids.ok);
    while (Date.now() < deadline && !(row && row.checked_on.getTime() > before && row.status === 'available')) {
      await new Promise((r) => setTimeout(r, 200));
      row = await healthRow(ids.ok);
    }
    expect(row).toMatchObject({ status: 'available' });
    expect(row!.checked_on.getTime()).toBeGreaterThan(before);
  });
});

/** Does what a worker does with the queued round: takes the job, runs the round, completes the job. */
async function runQueuedRound(platform: TestPlatform): Promise<void> {
  const [job] = await platform.ctx.boss.fetch('model-health');
  expect(job).toBeDefined();
  await runHealthRound(platform.ctx);
  await platform.ctx.boss.complete('model-health', job.id);
}

describe('the health schedule on a fresh cluster', () => {
  it('offers no round while no model is published, so the slot is kept for the first real round', async () => {
    const fresh = await createTestPlatform();
    try {
      expect(await offerHealthRound(fresh.ctx, 3600)).toBe('nothing');
      const waiting = await fresh.ctx.db.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'model-health'`);
      expect(waiting.rows[0].n).toBe(0);
      const user = await createSignedInUser(fresh, ['CONTRIBUTOR-USER']);
      await insertTestModel(fresh.ctx, { userId: user.userId, callbackUrl: ms.url('translation'), name: 'First model' });
      expect(await offerHealthRound(fresh.ctx, 3600)).toEqual(expect.any(String));
      expect(await offerHealthRound(fresh.ctx, 3600)).toBeNull();
    } finally {
      await fresh.close();
    }
  });

  it('runs a round at once for models registered after the slot had its round (no 15 minutes of "unknown" on a first start)', async () => {
    const fresh = await createTestPlatform();
    try {
      const user = await createSignedInUser(fresh, ['CONTRIBUTOR-USER']);
      await insertTestModel(fresh.ctx, { userId: user.userId, callbackUrl: ms.url('translation'), name: 'Early model' });
      const slotRound = await offerHealthRound(fresh.ctx, 3600);
      expect(slotRound).toEqual(expect.any(String));
      await runQueuedRound(fresh);
      // The reference models arrive after the slot's round: their first check must not wait an interval.
      const late = await insertTestModel(fresh.ctx, { userId: user.userId, callbackUrl: ms.url('translation'), name: 'Late model' });
      const catchUp = await offerHealthRound(fresh.ctx, 3600);
      expect(catchUp).toEqual(expect.any(String));
      expect(await offerHealthRound(fresh.ctx, 3600)).toBeNull(); // queued once
      await runQueuedRound(fresh);
      const row = await fresh.ctx.db.pool.query(`SELECT status FROM model_health WHERE model_id = $1`, [late]);
      expect(row.rows[0]?.status).toBeDefined();
      // Every model checked: the interval slot rules again.
      expect(await offerHealthRound(fresh.ctx, 3600)).toBeNull();
    } finally {
      await fresh.close();
    }
  });
});
