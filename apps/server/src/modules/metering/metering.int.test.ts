/**
 * Metering and quotas per API key (docs/api.md#usage-and-quotas):
 * the counts equal the units sent (characters, seconds of audio in and out, images), per key, model,
 * task and day, through model/compute and a pipeline; the owner sees their key, an admin every key,
 * in JSON and CSV; a quota refuses the call that crosses it, across two API processes on one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MODEL_API, PIPELINE_API, USAGE_API, type UsageKeyReport, type UsageRow } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, generateApiKey, signedInject, type TestUser } from '../../test/users.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { closeAll } from '../../test/platform-hook.ts';
import { createDb } from '../../db/pool.ts';
import { buildApp } from '../../app.ts';
import type { FullContext } from '../../app-services.ts';
import { flushMetering } from './service.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

let p: TestPlatform;
let second: { app: FastifyInstance; ctx: FullContext };
let ms: TestModelServer;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;
let aliceKey = '';
let quotaKey = '';
let translationId = '';
let asrId = '';
let ttsId = '';
let ocrId = '';

const computeOn = (app: FastifyInstance, key: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: MODEL_API.compute, payload, headers: { ulcaApiKey: key } });
const usage = (u: TestUser, key: string, extra = '') =>
  signedInject(p.app, u, 'GET', `${USAGE_API.key}?ulcaApiKey=${encodeURIComponent(key.split('.')[0])}${extra}`);
const setQuota = (ulcaApiKey: string, unit: string, dailyLimit: number | null) =>
  signedInject(p.app, admin, 'POST', USAGE_API.quota, { ulcaApiKey, unit, dailyLimit });

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({ config: { allowedFetchHosts: ['localhost', '127.0.0.1'] } });
  // A second API process on the same database: its own pool and its own in-memory state.
  const ctx2: FullContext = { ...p.ctx, db: createDb(p.ctx.config.databaseUrl!, 4) };
  second = { ctx: ctx2, app: await buildApp(ctx2, { logger: false }) };
  await second.app.ready();
  [alice, bob, admin] = await Promise.all([createSignedInUser(p), createSignedInUser(p), createSignedInUser(p, ['ADMIN'])]);
  translationId = await insertTestModel(p.ctx, {
    userId: bob.userId,
    callbackUrl: ms.url('translation'),
    languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
  });
  asrId = await insertTestModel(p.ctx, {
    userId: bob.userId,
    task: 'asr',
    callbackUrl: ms.url('asr'),
    languages: [{ sourceLanguage: 'en' }],
  });
  ttsId = await insertTestModel(p.ctx, {
    userId: bob.userId,
    task: 'tts',
    callbackUrl: ms.url('tts'),
    languages: [{ sourceLanguage: 'hi' }],
  });
  ocrId = await insertTestModel(p.ctx, {
    userId: bob.userId,
    task: 'ocr',
    callbackUrl: ms.url('ocr'),
    languages: [{ sourceLanguage: 'en' }],
  });
  aliceKey = await generateApiKey(p.app, alice, 'Metered App');
  quotaKey = await generateApiKey(p.app, alice, 'Quota App');
}, 120_000);

afterAll(() => closeAll(second?.app, second?.ctx.db, p, ms));

describe('metering per key', () => {
  it('counts equal the units sent: characters, seconds of audio in and out, images, calls and failures', async () => {
    expect(
      (await computeOn(p.app, aliceKey, { modelId: translationId, input: [{ source: 'hello world' }, { source: 'four' }] })).statusCode,
    ).toBe(200);
    expect((await computeOn(p.app, aliceKey, { modelId: translationId, input: [{ source: 'abc' }] })).statusCode).toBe(200);
    const asr = await computeOn(p.app, aliceKey, { modelId: asrId, audioContent: silentWav(1.5).toString('base64'), sourceLanguage: 'en' });
    expect(asr.statusCode, asr.body).toBe(200);
    const ocr = await computeOn(p.app, aliceKey, { modelId: ocrId, imageContent: PNG, sourceLanguage: 'en' });
    expect(ocr.statusCode, ocr.body).toBe(200);
    // A pipeline: translation (5 characters) → tts (the double answers 0.1 s of speech) — each stage metered.
    const pipe = await p.app.inject({
      method: 'POST',
      url: PIPELINE_API.compute,
      headers: { ulcaApiKey: aliceKey },
      payload: {
        pipelineTasks: [
          { taskType: 'translation', config: { serviceId: translationId, language: { sourceLanguage: 'en', targetLanguage: 'hi' } } },
          { taskType: 'tts', config: { serviceId: ttsId } },
        ],
        inputData: { input: [{ source: 'water' }] },
      },
    });
    expect(pipe.statusCode, pipe.body).toBe(200);
    // The translation double prefixes 'hi:': the tts stage reads 'hi:water' (8 characters).
    expect((pipe.json().pipelineResponse[0].output as { target: string }[])[0].target).toBe('hi:water');
    // Web calls (no key) are not metered per key.
    expect(
      (
        await p.app.inject({
          method: 'POST',
          url: MODEL_API.compute,
          payload: { modelId: translationId, input: [{ source: 'not counted' }] },
        })
      ).statusCode,
    ).toBe(200);

    const res = await usage(alice, aliceKey);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data as UsageKeyReport;
    expect(report.appName).toBe('Metered App');
    const by = (model: string) => report.rows.find((r) => r.modelId === model)!;
    const today = new Date().toISOString().slice(0, 10);
    // The model's name beside its id, for the Usage page (insertTestModel names it model-<id prefix>).
    expect(by(translationId).modelName).toBe(`model-${translationId.slice(0, 8)} v1.0`);
    expect(by(translationId)).toMatchObject({
      day: today,
      task: 'translation',
      calls: 3,
      failures: 0,
      charactersIn: 11 + 4 + 3 + 5,
      audioSecondsIn: 0,
      images: 0,
    });
    expect(by(asrId)).toMatchObject({ task: 'asr', calls: 1, charactersIn: 0, audioSecondsIn: 1.5, audioSecondsOut: 0 });
    expect(by(ocrId)).toMatchObject({ task: 'ocr', calls: 1, images: 1, charactersIn: 0 });
    expect(by(ttsId)).toMatchObject({ task: 'tts', calls: 1, charactersIn: 8, audioSecondsOut: 0.1 });
    expect(by(translationId).meanLatencyMs).toBeGreaterThanOrEqual(0);
    expect(report.quota).toEqual([]);
  });

  it('a failed call counts as a call and a failure', async () => {
    const broken = await insertTestModel(p.ctx, { userId: bob.userId, callbackUrl: ms.url('error/translation') });
    expect((await computeOn(p.app, aliceKey, { modelId: broken, input: [{ source: 'xy' }] })).statusCode).toBe(502);
    const row = ((await usage(alice, aliceKey)).json().data as UsageKeyReport).rows.find((r) => r.modelId === broken)!;
    expect(row).toMatchObject({ calls: 1, failures: 1, charactersIn: 2 });
  });

  it('the owner and an admin see a key, another user gets 404; CSV download; admin sees every key', async () => {
    expect((await usage(bob, aliceKey)).statusCode).toBe(404);
    expect((await usage(admin, aliceKey)).statusCode).toBe(200);
    const csv = await usage(alice, aliceKey, '&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('day,keyId,modelId,task,calls,failures,meanLatencyMs,charactersIn,audioSecondsIn,audioSecondsOut,images');
    expect(lines.some((l) => l.includes(`,${asrId},asr,1,0,`) && l.endsWith(',1.5,0,0'))).toBe(true);
    const all = await signedInject(p.app, admin, 'GET', USAGE_API.all);
    expect(all.statusCode).toBe(200);
    const aliceRow = (all.json().data as (UsageRow & { appName: string | null; userId: string | null })[]).find(
      (r) => r.keyId === aliceKey.split('.')[0],
    );
    // Each row names its key's application and owner (the admin's usage view).
    expect(aliceRow).toMatchObject({ userId: alice.userId, appName: expect.any(String) });
    expect((await signedInject(p.app, alice, 'GET', USAGE_API.all)).statusCode).toBe(403);
  });
});

describe('quotas per key', () => {
  it('a character limit refuses the call that crosses it, across two API processes; Retry-After names the reset', async () => {
    expect((await setQuota(quotaKey.split('.')[0], 'characters', 20)).statusCode).toBe(200);
    expect((await computeOn(p.app, quotaKey, { modelId: translationId, input: [{ source: 'x'.repeat(15) }] })).statusCode).toBe(200);
    // The second process sees the first one's count: 15 + 10 > 20.
    const over = await computeOn(second.app, quotaKey, { modelId: translationId, input: [{ source: 'y'.repeat(10) }] });
    expect(over.statusCode, over.body).toBe(429);
    expect(over.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', errors: [{ field: 'characters' }] });
    expect(over.json().message).toMatch(/daily limit of 20 characters/);
    const retry = Number(over.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(86_400);
    // What still fits passes, on either process.
    expect((await computeOn(second.app, quotaKey, { modelId: translationId, input: [{ source: 'z'.repeat(5) }] })).statusCode).toBe(200);
    expect((await computeOn(p.app, quotaKey, { modelId: translationId, input: [{ source: 'z' }] })).statusCode).toBe(429);
    // The second process writes its counts each second; flushed now rather than waited for.
    await flushMetering(second.ctx);
    const report = (await usage(alice, quotaKey)).json().data as UsageKeyReport;
    expect(report.quota).toEqual([{ unit: 'characters', dailyLimit: 20, usedToday: 20, remainingToday: 0 }]);
    expect(report.rows[0]).toMatchObject({ calls: 2, charactersIn: 20 });
    // A pipeline is refused the same way.
    const pipe = await second.app.inject({
      method: 'POST',
      url: PIPELINE_API.compute,
      headers: { ulcaApiKey: quotaKey },
      payload: {
        pipelineTasks: [{ taskType: 'translation', config: { serviceId: translationId } }],
        inputData: { input: [{ source: 'more' }] },
      },
    });
    expect(pipe.statusCode).toBe(429);
    expect(pipe.headers['retry-after']).toBeDefined();
  });

  /** translation → tts on `app` with `key` (2 model calls when it runs whole). */
  const chain = (app: FastifyInstance, key: string, translation = translationId) =>
    app.inject({
      method: 'POST',
      url: PIPELINE_API.compute,
      headers: { ulcaApiKey: key },
      payload: {
        pipelineTasks: [
          { taskType: 'translation', config: { serviceId: translation, language: { sourceLanguage: 'en', targetLanguage: 'hi' } } },
          { taskType: 'tts', config: { serviceId: ttsId } },
        ],
        inputData: { input: [{ source: 'water' }] },
      },
    });
  const usedCalls = async (key: string) => {
    await Promise.all([flushMetering(p.ctx), flushMetering(second.ctx)]);
    const report = (await usage(alice, key)).json().data as UsageKeyReport;
    return { quota: report.quota, calls: report.rows.reduce((n, r) => n + r.calls, 0) };
  };

  it('a pipeline is held to its calls quota whole: 10 parallel 2-stage chains on 5 calls → 2 deliver (4 calls), 8 refused and charged nothing; replayed, nothing leaks', async () => {
    const key = await generateApiKey(p.app, alice, 'Chain Limited');
    expect((await setQuota(key.split('.')[0], 'calls', 5)).statusCode).toBe(200);
    for (const round of [1, 2]) {
      const runs = await Promise.all(Array.from({ length: 10 }, (_, i) => chain(i % 2 ? second.app : p.app, key)));
      const delivered = runs.filter((r) => r.statusCode === 200);
      const refused = runs.filter((r) => r.statusCode === 429);
      expect(delivered).toHaveLength(round === 1 ? 2 : 0);
      expect(refused).toHaveLength(round === 1 ? 8 : 10);
      for (const r of delivered) expect(r.json().pipelineResponse).toHaveLength(2);
      for (const r of refused) {
        expect(r.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', errors: [{ field: 'calls' }] });
        expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(await usedCalls(key)).toEqual({ quota: [{ unit: 'calls', dailyLimit: 5, usedToday: 4, remainingToday: 1 }], calls: 4 });
    }
    // The one call left still serves a one-stage call.
    expect((await computeOn(p.app, key, { modelId: translationId, input: [{ source: 'one' }] })).statusCode).toBe(200);
  });

  it('a chain whose stage fails is charged for the stages called, and gets back the ones after it', async () => {
    const key = await generateApiKey(p.app, alice, 'Chain Failing');
    expect((await setQuota(key.split('.')[0], 'calls', 4)).statusCode).toBe(200);
    const broken = await insertTestModel(p.ctx, {
      userId: bob.userId,
      callbackUrl: ms.url('error/translation'),
      languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
    });
    const failed = await Promise.all([chain(p.app, key, broken), chain(second.app, key, broken)]);
    for (const r of failed) expect(r.statusCode, r.body).toBe(424);
    // Each failed at its first stage: that call counts (as on model/compute), the tts stage's is given back.
    expect((await usedCalls(key)).quota).toEqual([{ unit: 'calls', dailyLimit: 4, usedToday: 2, remainingToday: 2 }]);
    expect((await chain(second.app, key)).statusCode).toBe(200);
    expect(await usedCalls(key)).toEqual({ quota: [{ unit: 'calls', dailyLimit: 4, usedToday: 4, remainingToday: 0 }], calls: 4 });
  });

  it('a later stage refused on a unit known only then (the characters tts reads) ends the chain with 429; its call is given back', async () => {
    const key = await generateApiKey(p.app, alice, 'Chain Characters');
    const id = key.split('.')[0];
    expect((await setQuota(id, 'calls', 10)).statusCode).toBe(200);
    expect((await setQuota(id, 'characters', 10)).statusCode).toBe(200);
    // 'water' (5) passes the translation; its answer 'hi:water' (8) would cross 10 at the tts stage.
    const res = await chain(p.app, key);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', errors: [{ field: 'characters' }] });
    const { quota } = await usedCalls(key);
    expect(quota).toEqual(
      expect.arrayContaining([
        { unit: 'calls', dailyLimit: 10, usedToday: 1, remainingToday: 9 },
        { unit: 'characters', dailyLimit: 10, usedToday: 5, remainingToday: 5 },
      ]),
    );
  });

  it('a default limit applies to every key without its own; concurrent calls on two processes never pass it', async () => {
    expect((await setQuota('*', 'calls', 4)).statusCode).toBe(200);
    const key = await generateApiKey(p.app, bob, 'Default Limited');
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        computeOn(i % 2 ? second.app : p.app, key, { modelId: translationId, input: [{ source: `c${i}` }] }),
      ),
    );
    expect(calls.filter((r) => r.statusCode === 200)).toHaveLength(4);
    expect(calls.filter((r) => r.statusCode === 429)).toHaveLength(6);
    const listed = await signedInject(p.app, admin, 'GET', USAGE_API.quota);
    expect(listed.json().data[0]).toEqual({ keyId: '*', unit: 'calls', dailyLimit: 4 });
    expect((await setQuota('*', 'calls', null)).statusCode).toBe(200);
    expect((await computeOn(p.app, key, { modelId: translationId, input: [{ source: 'free again' }] })).statusCode).toBe(200);
    // Only an admin sets limits; an unknown key is 404.
    expect((await signedInject(p.app, alice, 'POST', USAGE_API.quota, { ulcaApiKey: '*', unit: 'calls', dailyLimit: 1 })).statusCode).toBe(
      403,
    );
    expect((await setQuota('ulca_000000000000', 'calls', 1)).statusCode).toBe(404);
  });
});
