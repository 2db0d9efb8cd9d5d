/**
 * Issue 9 #9: a NUL character (U+0000) in any text field of any route is a 400 with a field
 * error, never a 500 from PostgreSQL; a refused login is still audited; the server stays up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { createSignedInUser, signedInject, type TestUser } from '../test/users.ts';
import { insertTestModel } from '../test/models.ts';
import { signedHeaders } from '../security/signing.ts';
import { MAX_JSON_DEPTH, MODEL_API } from '@ulca/contracts';

let p: TestPlatform;
let user: TestUser;

beforeAll(async () => {
  p = await createTestPlatform();
  user = await createSignedInUser(p);
});
afterAll(async () => p?.close());

const NUL_ERROR = { field: expect.any(String), message: 'must not contain a NUL character (\\u0000)' };
const NUL_ERROR_AT = (field: string) => ({ field, message: 'must not contain a NUL character (\\u0000)' });

describe('NUL characters in API text fields', () => {
  it('a dataset name with NUL is a 400 field error', async () => {
    const res = await signedInject(p.app, user, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: 'news\u0000corpus',
      url: 'http://127.0.0.1:9/data.zip',
      userId: user.userId,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ ...NUL_ERROR, field: 'datasetName' }] });
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM dataset_submissions`)).rows[0].n).toBe(0);
  });

  it('a login e-mail with NUL is a 400 field error, and the attempt is audited', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/login',
      payload: { authenticator: 'ULCA', data: { email: 'someone\u0000@example.org', password: 'Secret#123' } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ ...NUL_ERROR, field: 'data.email' }] });
    const audit = await p.ctx.db.pool.query(
      `SELECT action, details FROM audit_log WHERE action = 'login.failure' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.rows[0]).toEqual({ action: 'login.failure', details: { email: 'someone\uFFFD@example.org', reason: 'invalid input' } });
  });

  it('search criteria, query strings and nested fields with NUL are 400 field errors naming the field', async () => {
    const search = await signedInject(p.app, user, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId: user.userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi\u0000'] },
    });
    expect(search.statusCode, search.body).toBe(400);
    expect(search.json().errors).toEqual([{ ...NUL_ERROR, field: 'criteria.targetLanguage.0' }]);

    const status = await signedInject(p.app, user, 'GET', '/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=12%00');
    expect(status.statusCode, status.body).toBe(400);
    expect(status.json().errors).toEqual([{ ...NUL_ERROR, field: 'serviceRequestNumber' }]);

    const forgot = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/forgot-password',
      payload: { email: 'a@b.org\u0000' },
    });
    expect(forgot.statusCode, forgot.body).toBe(400);
  });

  it('feedback nested 5,000 levels deep is a 400 naming the field, not a stack overflow', async () => {
    const modelId = await insertTestModel(p.ctx, { userId: user.userId, callbackUrl: 'http://127.0.0.1:9/' });
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const res = await p.app.inject({
      method: 'POST',
      url: MODEL_API.feedbackSubmit,
      headers: { 'content-type': 'application/json' },
      payload: `{"taskType":"translation","modelId":"${modelId}","feedback":${deep}}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      { field: `feedback${'.a'.repeat(MAX_JSON_DEPTH - 1)}`, message: `nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` },
    ]);
    expect((await p.ctx.db.pool.query(`SELECT count(*)::int AS n FROM model_feedback`)).rows[0].n).toBe(0);
  });

  it('a NUL inside an uploaded model descriptor (multipart) is a 400 naming the descriptor field', async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['{"name":"bad\\u0000name","version":"v1"}'], { type: 'application/json' }), 'model.json');
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const body = Buffer.from(await req.arrayBuffer());
    const res = await p.app.inject({
      method: 'POST',
      url: MODEL_API.upload,
      headers: {
        ...signedHeaders(user, { method: 'POST', url: MODEL_API.upload, body }),
        'content-type': req.headers.get('content-type')!,
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([NUL_ERROR_AT('name')]);

    // A NUL in a text field of the form itself.
    const fd2 = new FormData();
    fd2.append('userId', `x\u0000`);
    fd2.append('file', new Blob(['{}'], { type: 'application/json' }), 'model.json');
    const req2 = new Request('http://x/', { method: 'POST', body: fd2 });
    const body2 = Buffer.from(await req2.arrayBuffer());
    const res2 = await p.app.inject({
      method: 'POST',
      url: MODEL_API.upload,
      headers: {
        ...signedHeaders(user, { method: 'POST', url: MODEL_API.upload, body: body2 }),
        'content-type': req2.headers.get('content-type')!,
      },
      payload: body2,
    });
    expect(res2.statusCode, res2.body).toBe(400);
    expect(res2.json().errors).toEqual([NUL_ERROR_AT('userId')]);
  });

  it('a NUL after 1.1 million JSON values is refused (the check fails closed), naming where it stopped', async () => {
    const extra: unknown[] = new Array(1_100_000).fill(0);
    extra.push('\u0000');
    const res = await signedInject(p.app, user, 'POST', MODEL_API.compute, { modelId: 'm', task: 'asr', audioContent: '', extra });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'extra', message: 'holds more than 1,000,000 values' }]);
  });

  it('the server stays up and serves clean requests after them', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: '/ulca/user-mgmt/v1/users/login',
      payload: { authenticator: 'ULCA', data: { email: 'nobody@example.org', password: 'Secret#123' } },
    });
    expect(res.statusCode, res.body).toBe(401);
  });
});
