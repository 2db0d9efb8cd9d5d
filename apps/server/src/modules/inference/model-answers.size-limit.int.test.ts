/**
 * Model answer budgets (docs/operations.md#limits "Model answers"): calls beyond the process-wide
 * budget of buffered answer bytes get 503 with Retry-After before anything is read, and memory
 * stays bounded; text tasks get a much lower answer cap; one owner's models run a bounded number of
 * calls at once; an owner publishes a bounded number of models.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { closeAll } from '../../test/platform-hook.ts';

const MiB = 1024 * 1024;
/** Stated ceiling of the memory growth while 20 calls of 6 MiB answers are made at once. */
const RSS_CEILING_BYTES = 200 * MiB;

let p: TestPlatform;
let ms: TestModelServer;
let owner: TestUser;

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({
    config: {
      modelMaxResponseBytes: 8 * MiB,
      modelMaxTextResponseBytes: 64 * 1024,
      modelAnswerBytesBudget: 24 * MiB,
      modelConcurrency: 50,
      modelOwnerConcurrency: 4,
      maxPublishedModelsPerOwner: 2,
    },
  });
  owner = await createSignedInUser(p);
});
afterAll(() => closeAll(p, ms));

const compute = (payload: Record<string, unknown>) =>
  p.app.inject({ method: 'POST', url: MODEL_API.compute, payload, remoteAddress: '198.51.100.1' });

describe('model answer budgets', () => {
  it('refuses calls beyond the answer budget with 503 and Retry-After before reading, with memory below the stated ceiling', async () => {
    const tts = await insertTestModel(p.ctx, { userId: owner.userId, task: 'tts', callbackUrl: ms.url('huge/tts?mb=6&ms=1500') });
    const other = await createSignedInUser(p);
    const tts2 = await insertTestModel(p.ctx, { userId: other.userId, task: 'tts', callbackUrl: ms.url('huge/tts?mb=6&ms=1500') });
    // The large-answer reader thread is a fixed cost of the process, started before memory is measured.
    await p.ctx.services.inference.answerPool.parse(Buffer.from('{}'), 'tts');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const calledBefore = ms.calls.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        compute({ modelId: i % 2 ? tts : tts2, input: [{ source: 'नमस्ते' }], sourceLanguage: 'hi', gender: 'female' }),
      ),
    );
    clearInterval(sampler);
    const busy = answers.filter((a) => a.statusCode === 503);
    // 24 MiB of budget, 8 MiB reserved per tts call: 3 calls reach their model, the rest never do.
    expect(busy).toHaveLength(17);
    expect(ms.calls.length - calledBefore).toBe(3);
    expect(busy[0].json()).toMatchObject({ code: 'SERVER_BUSY' });
    expect(Number(busy[0].headers['retry-after'])).toBeGreaterThan(0);
    // The admitted ones read a 6 MiB answer that is not audio: refused as a model failure.
    expect(answers.filter((a) => a.statusCode === 502)).toHaveLength(3);
    expect(peak - before).toBeLessThan(RSS_CEILING_BYTES);
    // The refusals are counted as BUSY in the metrics, not as model errors.
    const scraped = (await p.ctx.metrics.scrape()).body;
    const count = (model: string, outcome: string) =>
      Number(scraped.match(new RegExp(`ulca_model_calls_total\\{model="${model}",outcome="${outcome}"\\} (\\d+)`))?.[1] ?? 0);
    expect(count(tts, 'BUSY') + count(tts2, 'BUSY')).toBe(17);
    console.info(`answer budget: peak RSS growth ${Math.round((peak - before) / MiB)} MiB for 20 calls of 6 MiB answers`);
  });

  it('caps the answer of a text task far below the audio cap', async () => {
    const huge = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: ms.url('huge/translation?mb=1') });
    const res = await compute({ modelId: huge, input: [{ source: 'hello' }] });
    expect(res.statusCode).toBe(502);
    const fine = await insertTestModel(p.ctx, { userId: owner.userId, callbackUrl: ms.url('translation') });
    expect((await compute({ modelId: fine, input: [{ source: 'hello' }] })).statusCode).toBe(200);
  });

  it("runs at most MODEL_OWNER_CONCURRENCY calls to one owner's models at once", async () => {
    const slowOwner = await createSignedInUser(p);
    const ids = await Promise.all(
      [0, 1, 2].map(() => insertTestModel(p.ctx, { userId: slowOwner.userId, callbackUrl: ms.url('slow/translation?ms=1000') })),
    );
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => compute({ modelId: ids[i % 3], input: [{ source: 'hello' }] })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 503, 503]);
  });

  it('lets an owner publish at most MAX_PUBLISHED_MODELS_PER_OWNER models', async () => {
    const u = await createSignedInUser(p);
    const ids = await Promise.all(
      [0, 1, 2].map(() => insertTestModel(p.ctx, { userId: u.userId, callbackUrl: ms.url('translation'), status: 'unpublished' })),
    );
    const publish = (modelId: string) => signedInject(p.app, u, 'POST', MODEL_API.statusChange, { modelId, status: 'published' });
    expect((await publish(ids[0])).statusCode).toBe(200);
    expect((await publish(ids[1])).statusCode).toBe(200);
    const third = await publish(ids[2]);
    expect(third.statusCode, third.body).toBe(409);
    expect(third.json().code).toBe('TOO_MANY_PUBLISHED_MODELS');
  });
});
