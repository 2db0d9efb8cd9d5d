/**
 * Health history (docs/api.md#inference): every round is stored,
 * uptime over 24 h and 7 d, p50/p95 latency and the last failure are computed from the stored rounds;
 * rounds older than 30 days are pruned; the pipeline config lists the model that is up first.
 */
import { describe, expect, it } from 'vitest';
import { MODEL_HEALTH_HISTORY_PATH, MODEL_UPTIME_PATH, PIPELINE_API, type PipelineConfigResponse } from '@ulca/contracts';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { signedInject, type TestUser } from '../../test/users.ts';
import { insertTestModel } from '../../test/models.ts';
import * as repo from './repo.ts';

const H = 3_600_000;
let p: TestPlatform;
let bob: TestUser;
let modelId = '';

useTestPlatform(
  { users: [['CONTRIBUTOR-USER']] },
  async (platform, users) => {
    p = platform;
    [bob] = users;
    modelId = await insertTestModel(p.ctx, {
      userId: bob.userId,
      callbackUrl: 'http://localhost:9/translation',
      languages: [{ sourceLanguage: 'xx', targetLanguage: 'yy' }],
    });
  },
  60_000,
);

const check = (id: string, hoursAgo: number, up: boolean, latencyMs: number | null, error: string | null = null) =>
  repo.recordCheck(p.ctx.db, {
    modelId: id,
    status: up ? 'available' : 'unavailable',
    checkedOn: new Date(Date.now() - hoursAgo * H),
    latencyMs,
    outputCheck: null,
    error,
  });

describe('model health history', () => {
  it('keeps every round and computes uptime, latency percentiles and the last failure from them', async () => {
    await check(modelId, 40 * 24, true, 50); // older than 30 days: pruned by the next round
    await check(modelId, 100, false, null, 'time limit');
    await check(modelId, 30, true, 400);
    await check(modelId, 5, false, null, 'HTTP 500');
    await check(modelId, 3, true, 100);
    await check(modelId, 1, true, 200);
    expect(await repo.pruneRounds(p.ctx.db, 30)).toBe(1);

    const res = await p.app.inject({ method: 'GET', url: `${MODEL_HEALTH_HISTORY_PATH}?modelId=${modelId}` });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.rounds.map((r: { status: string }) => r.status)).toEqual([
      'unavailable',
      'available',
      'unavailable',
      'available',
      'available',
    ]);
    expect(d.uptime24h).toBe(2 / 3);
    expect(d.uptime7d).toBe(3 / 5);
    expect(d.p50LatencyMs).toBe(200);
    expect(d.p95LatencyMs).toBe(400);
    expect(d.lastFailure).toMatchObject({ reason: 'HTTP 500' });
    expect(Date.now() - d.lastFailure.checkedOn).toBeGreaterThan(4.9 * H);
    // One day of rounds only; the uptime still covers 7 days.
    const day = (await p.app.inject({ method: 'GET', url: `${MODEL_HEALTH_HISTORY_PATH}?modelId=${modelId}&days=1` })).json().data;
    expect(day.rounds).toHaveLength(3);
    expect(day.uptime7d).toBe(3 / 5);

    const all = (await p.app.inject({ method: 'GET', url: MODEL_UPTIME_PATH })).json().data as { modelId: string; uptime7d: number }[];
    expect(all.find((m) => m.modelId === modelId)!.uptime7d).toBe(3 / 5);
    expect((await p.app.inject({ method: 'GET', url: `${MODEL_HEALTH_HISTORY_PATH}?modelId=${crypto.randomUUID()}` })).statusCode).toBe(
      404,
    );
  });

  it('the pipeline config lists, among equal candidates, the model that is up first', async () => {
    const down = await insertTestModel(p.ctx, {
      userId: bob.userId,
      name: 'Down',
      callbackUrl: 'http://localhost:9/a',
      languages: [{ sourceLanguage: 'qq', targetLanguage: 'rr' }],
    });
    const up = await insertTestModel(p.ctx, {
      userId: bob.userId,
      name: 'Up',
      callbackUrl: 'http://localhost:9/b',
      languages: [{ sourceLanguage: 'qq', targetLanguage: 'rr' }],
    });
    await check(down, 0.1, false, null, 'HTTP 500');
    await check(up, 0.1, true, 80);
    const gen = await signedInject(p.app, bob, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', {
      userID: bob.userId,
      appName: 'status-app',
    });
    const key = gen.json().data.ulcaApiKey as string;
    const res = await p.app.inject({
      method: 'POST',
      url: PIPELINE_API.config,
      headers: { ulcaApiKey: key },
      payload: { pipelineTasks: [{ taskType: 'translation', config: { language: { sourceLanguage: 'qq', targetLanguage: 'rr' } } }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cands = (res.json() as PipelineConfigResponse).pipelineResponseConfig[0].config;
    expect(cands.map((c) => [c.serviceId, c.isUp])).toEqual([
      [up, true],
      [down, false],
    ]);
  });
});
