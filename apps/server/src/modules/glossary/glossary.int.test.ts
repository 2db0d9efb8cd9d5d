import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_API, GLOSSARY_MAX_ENTRIES, MODEL_API } from '@ulca/contracts';
import { createTestPlatform, type TestPlatform } from '../../test/harness.ts';
import { createSignedInUser, generateApiKey, signedInject, type TestUser } from '../../test/users.ts';
import { startTestModelServer, type TestModelServer } from '../../test/model-server.ts';
import { insertTestModel } from '../../test/models.ts';
import { signedHeaders } from '../../security/signing.ts';
import { startApertiumOnly } from '../../test/reference-translation.ts';
import type { ReferenceModels } from '../reference-models/service.ts';
import { closeAll } from '../../test/platform-hook.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const PROVIDER = 'ulca-reference-models';

let p: TestPlatform;
let refs: ReferenceModels;
let ms: TestModelServer;
let alice: TestUser;
let bob: TestUser;
/** Alice's two apps: full API keys. */
let chatKey: string;
let otherKey: string;
let apertiumId: string;

const entry = (sourceText: string, targetText: string, sourceLanguage = 'hi', targetLanguage = 'ur') => ({
  sourceLanguage,
  targetLanguage,
  sourceText,
  targetText,
});
const create = (u: TestUser, appName: string, glossary: unknown, provider = PROVIDER) =>
  signedInject(p.app, u, 'POST', GLOSSARY_API.create, { appName, serviceProviderName: provider, glossary });
const remove = (u: TestUser, appName: string, glossary: unknown) =>
  signedInject(p.app, u, 'POST', GLOSSARY_API.delete, { appName, serviceProviderName: PROVIDER, glossary });
const fetchAll = (u: TestUser, appName: string, provider = PROVIDER) =>
  signedInject(p.app, u, 'GET', `${GLOSSARY_API.fetchAll}?${new URLSearchParams({ appName, serviceProviderName: provider })}`);
const list = async (u: TestUser, appName: string) => {
  const res = await fetchAll(u, appName);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().glossary as { sourceText: string; targetText: string }[]).map((e) => `${e.sourceText}=${e.targetText}`);
};
const translate = (modelId: string, source: string, key?: string, languages: { sourceLanguage?: string; targetLanguage?: string } = {}) =>
  p.app.inject({
    method: 'POST',
    url: MODEL_API.compute,
    payload: { modelId, task: 'translation', input: [{ source }], ...languages },
    headers: key ? { ulcaApiKey: key } : {},
  });

beforeAll(async () => {
  p = await createTestPlatform({ config: { referenceModels: true, modelCallTimeoutMs: 30_000 } });
  // Only the Apertium engine: the translation reference model, on this process's reference server.
  ({ refs, modelId: apertiumId } = await startApertiumOnly(p.ctx, p.dataDir));
  ms = await startTestModelServer();
  alice = await createSignedInUser(p);
  bob = await createSignedInUser(p, ['READONLY-USER']);
  chatKey = await generateApiKey(p.app, alice, 'Chat Bot');
  otherKey = await generateApiKey(p.app, alice, 'Other App');
}, 120_000);

afterAll(() => closeAll(ms, refs, p));

describe('glossary CRUD', () => {
  it('adds, lists, replaces the target of an existing source, deletes one and many with the spec texts', async () => {
    expect(await list(alice, 'Chat Bot')).toEqual([]);
    const empty = await fetchAll(alice, 'Chat Bot');
    expect(empty.json()).toMatchObject({ message: 'No records found.', count: 0 });

    const added = await create(alice, 'Chat Bot', [entry('राम', 'شری رام')]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ message: 'Glossary Added Successfully', count: 1 });
    // App names are matched in any case, as the keys module stores them.
    expect((await create(alice, 'chat bot', [entry('सीता', 'سیتا')])).json().message).toBe('Glossary Added Successfully');
    expect((await create(alice, 'Chat Bot', [entry('लखन', 'لکھن')])).statusCode).toBe(200);
    expect(await list(alice, 'Chat Bot')).toEqual(['राम=شری رام', 'सीता=سیتا', 'लखन=لکھن']);
    const listed = (await fetchAll(alice, 'Chat Bot')).json().glossary[0];
    expect(listed).toMatchObject(entry('राम', 'شری رام'));
    expect(Date.parse(listed.createdOn)).toBeGreaterThan(Date.now() - 60_000);

    // Same languages and source text: the target is replaced, no second entry.
    const again = await create(alice, 'Chat Bot', [entry('सीता', 'سیتا جی')]);
    expect(again.json()).toEqual({ message: 'Glossary Updated Successfully', count: 1 });
    expect(await list(alice, 'Chat Bot')).toEqual(['राम=شری رام', 'सीता=سیتا جی', 'लखन=لکھن']);
    // Same source text for another pair is another entry.
    expect((await create(alice, 'Chat Bot', [entry('सीता', 'Sita', 'hi', 'en')])).json().message).toBe('Glossary Added Successfully');

    const one = await remove(alice, 'Chat Bot', [entry('लखन', 'لکھن')]);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: 'Glossary Deleted Successfully', count: 1 });
    const many = await remove(alice, 'Chat Bot', [entry('सीता', ''), entry('सीता', 'Sita', 'hi', 'en')]);
    expect(many.json()).toEqual({ message: 'Multiple Glossaries Deleted Successfully', count: 2 });
    expect(await list(alice, 'Chat Bot')).toEqual(['राम=شری رام']);
    const gone = await remove(alice, 'Chat Bot', [entry('लखन', 'لکھن')]);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('No such glossary entry.');

    const audit = await p.ctx.db.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('actor_user_id', '=', alice.userId)
      .where('action', 'like', 'glossary.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([...Array(5).fill('glossary.create'), 'glossary.delete', 'glossary.delete']);
  });

  it('refuses unsigned calls with 401', async () => {
    const res = await p.app.inject({
      method: 'POST',
      url: GLOSSARY_API.create,
      payload: { appName: 'Chat Bot', serviceProviderName: PROVIDER, glossary: [entry('a', 'b')] },
    });
    expect(res.statusCode).toBe(401);
    const get = await p.app.inject({ method: 'GET', url: `${GLOSSARY_API.fetchAll}?appName=Chat%20Bot&serviceProviderName=${PROVIDER}` });
    expect(get.statusCode).toBe(401);
  });
});

describe('glossary validation (docs/product.md#validation-rules)', () => {
  const refused = async (glossary: unknown, message: string | RegExp, field?: string) => {
    const res = await create(alice, 'Other App', glossary);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    if (typeof message === 'string') expect(body.message).toBe(message);
    else expect(body.message).toMatch(message);
    if (field) expect(body.errors.map((e: { field: string }) => e.field)).toContain(field);
  };

  it('requires all four fields', async () => {
    const full = entry('पानी', 'پانی');
    for (const field of ['sourceLanguage', 'targetLanguage', 'sourceText', 'targetText'] as const) {
      const { [field]: _dropped, ...rest } = full;
      await refused([rest], new RegExp(`^${field} is required`), `glossary.0.${field}`);
    }
    await refused([{ ...full, sourceText: '   ' }], 'sourceText is required', 'glossary.0.sourceText');
    await refused([{ ...full, targetText: '' }], 'targetText is required', 'glossary.0.targetText');
  });

  it('refuses a target language equal to the source, and languages outside the 23', async () => {
    await refused(
      [entry('पानी', 'पानी', 'hi', 'hi')],
      'Target language cannot be the same as source language.',
      'glossary.0.targetLanguage',
    );
    await refused([entry('water', 'eau', 'en', 'fr')], /^targetLanguage is required: one of as, bn, brx/);
    // 'kok' is a platform language but not a glossary one (docs/product.md#constants-and-limits lists gom).
    await refused([entry('x', 'y', 'kok', 'hi')], /^sourceLanguage is required/);
  });

  it('refuses HTML and markup, long texts, control characters, and a create of more or fewer than one entry', async () => {
    await refused([entry('<b>पानी</b>', 'پانی')], 'HTML or markup is not allowed in glossary text.', 'glossary.0.sourceText');
    await refused([entry('पानी', '<script>alert(1)</script>')], 'HTML or markup is not allowed in glossary text.', 'glossary.0.targetText');
    await refused([entry('पानी', '&lt;b&gt;')], 'HTML or markup is not allowed in glossary text.');
    await refused([entry('पानी', '<!-- x -->')], 'HTML or markup is not allowed in glossary text.');
    await refused([entry('प'.repeat(501), 'پانی')], 'sourceText is too long (at most 500 characters).');
    await refused([entry('पा\u0007नी', 'پانی')], 'sourceText must not contain control characters.');
    await refused([entry('a', 'b'), entry('c', 'd')], 'glossary must hold exactly one entry');
    await refused([], 'glossary must hold exactly one entry');
    // Plain '<' and '&' between words are text.
    const ok = await create(alice, 'Other App', [entry('R&D < 5', 'R&D کم', 'en', 'ur')]);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('right-trims (and trims) the texts before storing and matching', async () => {
    const res = await create(alice, 'Other App', [entry('  पानी   ', 'آب  \n')]);
    expect(res.statusCode).toBe(200);
    expect(await list(alice, 'Other App')).toContain('पानी=آب');
    // The trimmed form is the same entry.
    expect((await create(alice, 'Other App', [entry('पानी ', 'آب')])).json().message).toBe('Glossary Updated Successfully');
  });

  it('refuses an unknown provider with 400 and caps the entries per app and provider', async () => {
    const res = await create(alice, 'Other App', [entry('a', 'b', 'en', 'hi')], 'someone-else');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNKNOWN_PROVIDER' });

    const keyId = otherKey.split('.')[0]!;
    const have = (await fetchAll(alice, 'Other App')).json().count as number;
    await p.ctx.db.db
      .insertInto('glossary_entries')
      .values(
        Array.from({ length: GLOSSARY_MAX_ENTRIES - have - 1 }, (_, i) => ({
          key_id: keyId,
          provider_name: PROVIDER,
          source_language: 'en',
          target_language: 'hi',
          source_text: `term ${i}`,
          target_text: `t${i}`,
        })),
      )
      .execute();
    // Concurrent adds of distinct entries: exactly one fits.
    const results = await Promise.all([
      create(alice, 'Other App', [entry('last one', 'x', 'en', 'hi')]),
      create(alice, 'Other App', [entry('one too many', 'y', 'en', 'hi')]),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json()).toMatchObject({ code: 'GLOSSARY_FULL' });
    expect((await fetchAll(alice, 'Other App')).json().count).toBe(GLOSSARY_MAX_ENTRIES);
    // Replacing a target still works when full.
    expect((await create(alice, 'Other App', [entry('term 0', 'changed', 'en', 'hi')])).statusCode).toBe(200);
    await p.ctx.db.db.deleteFrom('glossary_entries').where('key_id', '=', keyId).where('source_text', 'like', 'term %').execute();
  });
});

describe('glossary isolation', () => {
  it("another user reaches nothing of Alice's apps, concurrently, and learns nothing from the answer", async () => {
    const bobKey = await generateApiKey(p.app, bob, 'Bob App');
    const before = await list(alice, 'Chat Bot');
    const attempts = await Promise.all([
      fetchAll(bob, 'Chat Bot'),
      create(bob, 'Chat Bot', [entry('राम', 'hacked')]),
      remove(bob, 'Chat Bot', [entry('राम', '')]),
      fetchAll(bob, 'No Such App'),
      // Alice works at the same time.
      create(alice, 'Chat Bot', [entry('भारत', 'ہندوستان')]),
      create(bob, 'Bob App', [entry('राम', 'bob-ram')]),
    ]);
    for (const res of attempts.slice(0, 4)) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'APP_NOT_FOUND', message: 'You have no API key for this app name.' });
    }
    expect(attempts[4]!.statusCode).toBe(200);
    expect(attempts[5]!.statusCode).toBe(200);
    expect(await list(alice, 'Chat Bot')).toEqual([...before, 'भारत=ہندوستان']);
    expect(await list(bob, 'Bob App')).toEqual(['राम=bob-ram']);
    expect(bobKey).toMatch(/^ulca_/);
  });

  it("keeps the glossaries of one user's applications apart", async () => {
    const other = await list(alice, 'Other App');
    expect(other).not.toContain('राम=شری رام');
    expect(await list(alice, 'Chat Bot')).not.toContain('पानी=آب');
  });

  it('refuses a replayed signed call (its nonce is spent) and a signature replayed with another body', async () => {
    const raw = JSON.stringify({ appName: 'Chat Bot', serviceProviderName: PROVIDER, glossary: [entry('गंगा', 'گنگا')] });
    const headers = {
      ...signedHeaders(alice, { method: 'POST', url: GLOSSARY_API.create, body: raw }),
      'content-type': 'application/json',
    };
    const first = await p.app.inject({ method: 'POST', url: GLOSSARY_API.create, payload: raw, headers });
    expect(first.statusCode).toBe(200);
    const replay = await p.app.inject({ method: 'POST', url: GLOSSARY_API.create, payload: raw, headers });
    expect(replay.statusCode).toBe(401);
    const tampered = await p.app.inject({ method: 'POST', url: GLOSSARY_API.create, payload: raw.replace('گنگا', 'hacked'), headers });
    expect(tampered.statusCode).toBe(401);
    // Bob replaying Alice's signed delete on his own app gets nowhere either.
    const del = JSON.stringify({ appName: 'Chat Bot', serviceProviderName: PROVIDER, glossary: [entry('गंगा', '')] });
    const delHeaders = {
      ...signedHeaders(alice, { method: 'POST', url: GLOSSARY_API.delete, body: del }),
      'content-type': 'application/json',
    };
    const asBob = await p.app.inject({
      method: 'POST',
      url: GLOSSARY_API.delete,
      payload: del,
      headers: { ...delHeaders, key: bob.publicKey },
    });
    expect(asBob.statusCode).toBe(401);
    expect(await list(alice, 'Chat Bot')).toContain('गंगा=گنگا');
  });

  it('revoking the API key deletes its glossary', async () => {
    const temp = await generateApiKey(p.app, alice, 'Temp App');
    expect((await create(alice, 'Temp App', [entry('राम', 'x')])).statusCode).toBe(200);
    const revoke = await signedInject(p.app, alice, 'POST', `${USERS}/revokeApiKey`, {
      userID: alice.userId,
      ulcaApiKey: temp.split('.')[0],
    });
    expect(revoke.statusCode).toBe(200);
    expect((await fetchAll(alice, 'Temp App')).statusCode).toBe(404);
    expect(
      await p.ctx.db.db.selectFrom('glossary_entries').select('source_text').where('key_id', '=', temp.split('.')[0]!).execute(),
    ).toEqual([]);
  });
});

describe('glossary at inference', () => {
  it("a hi→ur translation through the Apertium reference model honours the app's glossary only with its API key", async () => {
    // Without a glossary Apertium writes राम as رام (translation-apertium.int.test.ts).
    const plain = await translate(apertiumId, 'मेरा नाम राम है।');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().output[0].target).toBe('میرا نام رام ہے۔');

    const withKey = await translate(apertiumId, 'मेरा नाम राम है।', chatKey);
    expect(withKey.statusCode, withKey.body).toBe(200);
    expect(withKey.json().output[0]).toEqual({ source: 'मेरा नाम राम है।', target: 'میرا نام شری رام ہے۔' });

    // Another application of the same user has no such entry: plain output.
    expect((await translate(apertiumId, 'मेरा नाम राम है।', otherKey)).json().output[0].target).toBe('میرا نام رام ہے۔');
    // Whole words only: राम inside रामायण is not a glossary term.
    expect((await translate(apertiumId, 'रामायण', chatKey)).json().output[0].target).not.toContain('شری');
  });

  it('prefers the longest term, and leaves the other direction alone', async () => {
    expect((await create(alice, 'Chat Bot', [entry('नाम राम', 'اسم گرامی')])).statusCode).toBe(200);
    const res = await translate(apertiumId, 'मेरा नाम राम है। राम', chatKey);
    expect(res.json().output[0].target).toBe('میرا اسم گرامی ہے۔ شری رام');
    // The entries are hi→ur: an ur→hi translation is untouched.
    const back = await translate(apertiumId, 'میرا نام رام ہے۔', chatKey, { sourceLanguage: 'ur', targetLanguage: 'hi' });
    expect(back.json().output[0].target).toBe('मेरा नाम राम है।');
  });

  it("passes the pair's entries to a contributor's model in config.glossary, only with the app's key", async () => {
    const modelId = await insertTestModel(p.ctx, { userId: bob.userId, callbackUrl: ms.url('translation') });
    expect((await create(alice, 'Chat Bot', [entry('How', 'कैसे', 'en', 'hi')])).statusCode).toBe(200);
    const res = await translate(modelId, 'How are you?', chatKey);
    expect(res.statusCode, res.body).toBe(200);
    expect(ms.calls.at(-1)?.body).toMatchObject({
      input: [{ source: 'How are you?' }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' }, glossary: [{ sourceText: 'How', targetText: 'कैसे' }] },
    });
    await translate(modelId, 'How are you?');
    expect((ms.calls.at(-1)?.body as { config: Record<string, unknown> }).config).not.toHaveProperty('glossary');
    // Alice's other app sends its own en→hi entries (from the cap test), not Chat Bot's.
    await translate(modelId, 'How are you?', otherKey);
    // Which of the cap test's two concurrent adds won is not fixed: expect the one that was stored.
    const stored = (
      (await fetchAll(alice, 'Other App')).json().glossary as {
        sourceLanguage: string;
        targetLanguage: string;
        sourceText: string;
        targetText: string;
      }[]
    )
      .filter((e) => e.sourceLanguage === 'en' && e.targetLanguage === 'hi')
      .map((e) => ({ sourceText: e.sourceText, targetText: e.targetText }));
    expect(stored).toHaveLength(1);
    expect((ms.calls.at(-1)?.body as { config: Record<string, unknown> }).config.glossary).toEqual(stored);
  });
});
