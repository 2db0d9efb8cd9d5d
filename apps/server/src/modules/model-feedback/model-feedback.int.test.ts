import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';
import { startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { uploadTestModel } from '../../test/model-upload.ts';
import { closeAll } from '../../test/platform-hook.ts';

let p: TestPlatform;
let ms: TestModelServer;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let modelId = '';
let unpublishedId = '';

const ANON_LIMIT = 4;
const USER_LIMIT = 5;
const USERS = '/ulca/user-mgmt/v1/users';

beforeAll(async () => {
  ms = await startTestModelServer();
  p = await createTestPlatform({
    config: { feedbackMaxPerIpPerHour: ANON_LIMIT, feedbackMaxPerUserPerHour: USER_LIMIT, modelUploadCheckTimeoutMs: 3000 },
  });
  owner = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  other = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
  admin = await createSignedInUser(p, ['ADMIN']);
  const request = { input: [{ source: 'The river is calm today.' }], config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } } };
  modelId = await uploadTestModel(p, owner, {
    name: 'Feedback translation',
    callbackUrl: ms.url('translation'),
    languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
    request,
  });
  unpublishedId = await uploadTestModel(p, owner, {
    name: 'Feedback unpublished',
    callbackUrl: ms.url('translation'),
    languages: [{ sourceLanguage: 'en', targetLanguage: 'hi' }],
    request,
    publish: false,
  });
});

afterAll(() => closeAll(p, ms));

/** A feedback body as the try panel's dialog sends it. */
const feedbackBody = (over: Record<string, unknown> = {}) => ({
  taskType: 'translation',
  modelId,
  input: 'How are you?',
  output: 'आप कैसे हैं?',
  feedback: [
    { feedbackQuestion: 'Are you satisfied with this translation?', feedbackQuestionResponse: 2 },
    { feedbackQuestion: 'Add your comments', feedbackQuestionResponse: 'Too formal', suggestedOutput: 'तुम कैसे हो?' },
  ],
  suggestedOutput: 'तुम कैसे हो?',
  ...over,
});
const anon = (body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  p.app.inject({
    method: 'POST',
    url: MODEL_API.feedbackSubmit,
    payload: body as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? '198.51.100.10',
  });
const stored = (feedbackId: string) =>
  p.ctx.db.db.selectFrom('model_feedback').selectAll().where('feedback_id', '=', feedbackId).executeTakeFirstOrThrow();
const list = (user: TestUser, id = modelId) =>
  signedInject(p.app, user, 'GET', `${MODEL_API.feedbackList}?modelId=${encodeURIComponent(id)}`);

describe('model feedback', () => {
  it('anonymous feedback is stored with its input, output, rating, answers and suggestion', async () => {
    const res = await anon(feedbackBody({ userId: owner.userId }));
    expect(res.statusCode, res.body).toBe(200);
    const { message, data } = res.json();
    expect(message).toBe('Thank you for your feedback.');
    const row = await stored(data.feedbackId);
    expect(row).toMatchObject({
      model_id: modelId,
      user_id: null,
      task_type: 'translation',
      input: 'How are you?',
      output: 'आप कैसे हैं?',
      suggested_output: 'तुम कैसे हो?',
      rating: 2,
    });
    expect(row.feedback).toEqual(feedbackBody().feedback);
  });

  it('a signed sender is the signature user, never the body userId', async () => {
    const res = await signedInject(
      p.app,
      other,
      'POST',
      MODEL_API.feedbackSubmit,
      feedbackBody({ userId: owner.userId, feedback: [{ feedbackQuestion: 'Rate', feedbackQuestionResponse: 5 }] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(res.json().data.feedbackId)).toMatchObject({ user_id: other.userId, rating: 5, input: 'How are you?' });
  });

  it('an API key whose data tracking is off keeps nothing of the input, output or suggestions; a bad key is 401', async () => {
    const gen = await signedInject(p.app, other, 'POST', `${USERS}/generateApiKey`, { userID: other.userId, appName: 'feedback-app' });
    expect(gen.statusCode, gen.body).toBe(200);
    const ulcaApiKey = gen.json().data.ulcaApiKey as string;
    const body = feedbackBody({
      taskType: 'sts',
      detailedFeedback: [
        {
          taskType: 'translation',
          modelId,
          input: 'secret source',
          output: 'secret target',
          suggestedOutput: 'secret fix',
          userId: owner.userId,
          feedback: [{ feedbackQuestion: 'Rate', feedbackQuestionResponse: 3, suggestedOutput: 'secret answer' }],
        },
      ],
    });
    const res = await anon(body, { headers: { ulcaApiKey } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json().data.feedbackId);
    expect(row).toMatchObject({ user_id: other.userId, input: null, output: null, suggested_output: null, rating: 2, task_type: 'sts' });
    const all = JSON.stringify(row);
    for (const secret of [
      'How are you?',
      'आप कैसे हैं?',
      'तुम कैसे हो?',
      'secret source',
      'secret target',
      'secret fix',
      'secret answer',
      owner.userId,
    ])
      expect(all).not.toContain(secret);
    // The answers themselves (the rating, the comment) are kept.
    expect(all).toContain('Too formal');

    expect((await anon(feedbackBody(), { headers: { ulcaApiKey: `${ulcaApiKey}x` } })).statusCode).toBe(401);
  });

  it('the owner (and an admin) read the feedback newest first; another user gets 403', async () => {
    const res = await list(owner);
    expect(res.statusCode, res.body).toBe(200);
    const { data, count } = res.json() as {
      data: { createdOn: number; rating: number | null; input: string | null; suggestedOutput: string | null; modelId: string }[];
      count: number;
    };
    expect(count).toBe(3);
    expect(data.map((d) => d.rating)).toEqual([2, 5, 2]);
    expect(data[0]).toMatchObject({ modelId, input: null, suggestedOutput: null });
    expect(data[2]).toMatchObject({ input: 'How are you?', suggestedOutput: 'तुम कैसे हो?' });
    for (let i = 1; i < data.length; i++) expect(data[i - 1].createdOn).toBeGreaterThanOrEqual(data[i].createdOn);
    expect(JSON.stringify(data)).not.toContain(other.userId);

    expect((await list(admin)).json().count).toBe(3);
    const refused = await list(other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the model's owner can read its feedback.");
    expect((await p.app.inject({ method: 'GET', url: `${MODEL_API.feedbackList}?modelId=${modelId}` })).statusCode).toBe(401);
    expect((await list(owner, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('unknown or unpublished models are 404; bad tasks, ratings and empty feedback are 400', async () => {
    expect((await anon(feedbackBody({ modelId: crypto.randomUUID() }))).statusCode).toBe(404);
    expect((await anon(feedbackBody({ modelId: unpublishedId }))).statusCode).toBe(404);
    // The owner may leave feedback on their own unpublished model.
    expect((await signedInject(p.app, owner, 'POST', MODEL_API.feedbackSubmit, feedbackBody({ modelId: unpublishedId }))).statusCode).toBe(
      200,
    );

    const badTask = await anon(feedbackBody({ taskType: 'cooking' }));
    expect(badTask.statusCode).toBe(400);
    expect(badTask.json().message).toMatch(/Unknown taskType "cooking"/);
    expect((await anon(feedbackBody({ taskType: 'asr' }))).json()).toMatchObject({ code: 'TASK_MISMATCH' });
    expect((await anon(feedbackBody({ modelId: undefined }))).statusCode).toBe(400);
    expect((await anon(feedbackBody({ feedback: [{ feedbackQuestion: 'Rate', feedbackQuestionResponse: 9 }] }))).json()).toMatchObject({
      code: 'INVALID_RATING',
    });
    expect((await anon({ taskType: 'translation', modelId })).json()).toMatchObject({ code: 'EMPTY_FEEDBACK' });
  });

  it('oversize input is 400 with the field, an oversize body 413', async () => {
    const long = await anon(feedbackBody({ input: 'a'.repeat(20_001) }), { ip: '198.51.100.20' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toContainEqual(expect.objectContaining({ field: 'input' }));
    const huge = await anon({ ...feedbackBody(), padding: 'x'.repeat(600 * 1024) }, { ip: '198.51.100.20' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('Request body is too large.');
  });

  it('a flood of anonymous feedback from one address is limited (429 with Retry-After); signed senders and other addresses are not', async () => {
    const ip = '203.0.113.77';
    const statuses: number[] = [];
    for (let i = 0; i < ANON_LIMIT + 3; i++) statuses.push((await anon(feedbackBody(), { ip })).statusCode);
    expect(statuses).toEqual([...Array(ANON_LIMIT).fill(200), 429, 429, 429]);
    const limited = await anon(feedbackBody(), { ip });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.json().message).toMatch(/Too much feedback from this network/);
    expect((await anon(feedbackBody(), { ip: '203.0.113.78' })).statusCode).toBe(200);
    expect((await signedInject(p.app, other, 'POST', MODEL_API.feedbackSubmit, feedbackBody())).statusCode).toBe(200);
  });

  it("a signed or API-key sender flooding another owner's model is limited per sender, whatever key it uses; the owner on their own model is not", async () => {
    const spammer = await createSignedInUser(p, ['CONTRIBUTOR-USER']);
    const statuses: number[] = [];
    for (let i = 0; i < USER_LIMIT + 2; i++)
      statuses.push((await signedInject(p.app, spammer, 'POST', MODEL_API.feedbackSubmit, feedbackBody())).statusCode);
    expect(statuses).toEqual([...Array(USER_LIMIT).fill(200), 429, 429]);
    // A fresh API key of the same user does not reset the count.
    const gen = await signedInject(p.app, spammer, 'POST', `${USERS}/generateApiKey`, { userID: spammer.userId, appName: 'spam-app' });
    expect(gen.statusCode, gen.body).toBe(200);
    const viaKey = await anon(feedbackBody(), { headers: { ulcaApiKey: gen.json().data.ulcaApiKey as string } });
    expect(viaKey.statusCode).toBe(429);
    expect(viaKey.headers['retry-after']).toMatch(/^\d+$/);
    expect(viaKey.json().message).toMatch(/Too much feedback from this account/);
    // The owner testing their own model is not counted.
    for (let i = 0; i < USER_LIMIT + 1; i++)
      expect((await signedInject(p.app, owner, 'POST', MODEL_API.feedbackSubmit, feedbackBody())).statusCode).toBe(200);
  });

  it('speech-to-speech feedback (no modelId, one stage per model) is listed for the owner of a model a stage names', async () => {
    const before = (await list(owner)).json().count as number;
    const body = {
      taskType: 'sts',
      input: 'spoken words',
      output: 'बोले गए शब्द',
      feedback: [{ feedbackQuestion: 'Are you satisfied with this translation?', feedbackQuestionResponse: 2 }],
      detailedFeedback: [
        { taskType: 'asr', feedback: [{ feedbackQuestion: 'Rate Speech to Text Quality', feedbackQuestionResponse: 1 }] },
        {
          taskType: 'translation',
          modelId,
          input: 'spoken words',
          output: 'बोले गए शब्द',
          feedback: [{ feedbackQuestion: 'Rate Translated Text Quality', feedbackQuestionResponse: 4 }],
        },
        { taskType: 'tts', feedback: [{ feedbackQuestion: 'Rate Translated Speech Quality', feedbackQuestionResponse: 3 }] },
      ],
    };
    const res = await anon(body, { ip: '198.51.100.99' });
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await list(owner)).json() as {
      count: number;
      data: {
        feedbackId: string;
        taskType: string;
        modelId: string | null;
        rating: number;
        detailedFeedback: { taskType: string; feedback: { feedbackQuestionResponse: number }[] }[];
      }[];
    };
    expect(listed.count).toBe(before + 1);
    expect(listed.data[0]).toMatchObject({ feedbackId: res.json().data.feedbackId, taskType: 'sts', modelId: null, rating: 2 });
    expect(listed.data[0].detailedFeedback.map((s) => [s.taskType, s.feedback[0].feedbackQuestionResponse])).toEqual([
      ['asr', 1],
      ['translation', 4],
      ['tts', 3],
    ]);
    // A stage rating outside 1-5 is refused.
    const bad = await anon(
      { ...body, detailedFeedback: [{ taskType: 'tts', feedback: [{ feedbackQuestion: 'Rate', feedbackQuestionResponse: 0 }] }] },
      { ip: '198.51.100.99' },
    );
    expect(bad.json()).toMatchObject({ code: 'INVALID_RATING' });
  });
});
