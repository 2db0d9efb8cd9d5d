import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const WHOAMI = '/ulca/apis/v0/api-key/whoami';
const PROVIDER = 'ulca-reference-models';

describe('API keys', () => {
  let p: TestPlatform;
  let alice: TestUser;
  let bob: TestUser;
  let admin: TestUser;

  useTestPlatform({ users: [['CONTRIBUTOR-USER'], ['READONLY-USER'], ['ADMIN']] }, (platform, users) => {
    p = platform;
    [alice, bob, admin] = users;
  });

  const call = (u: TestUser, path: string, body: unknown) => signedInject(p.app, u, 'POST', `${USERS}/${path}`, body);
  const whoami = (key?: string) => p.app.inject({ method: 'GET', url: WHOAMI, headers: key ? { ulcaApiKey: key } : {} });
  const generate = async (u: TestUser, appName: string) => {
    const res = await call(u, 'generateApiKey', { userID: u.userId, appName });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.ulcaApiKey as string;
  };

  let aliceKey: string;

  it('generates a key shown in full once, stored only as its sha-256', async () => {
    const res = await call(alice, 'generateApiKey', { userID: alice.userId, appName: '  Hindi Chat Bot ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.appName).toBe('Hindi Chat Bot');
    expect(data.ulcaApiKey).toMatch(/^ulca_[0-9a-f]{12}\.[A-Za-z0-9_-]{43}$/);
    expect(data.serviceProviderKeys).toEqual([]);
    aliceKey = data.ulcaApiKey;
    const row = await p.ctx.db.db.selectFrom('api_keys').selectAll().where('user_id', '=', alice.userId).executeTakeFirstOrThrow();
    expect(row.key_id).toBe(aliceKey.split('.')[0]);
    expect(row.secret_hash).toBe(createHash('sha256').update(aliceKey).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(aliceKey.split('.')[1]);
  });

  it('lists identifiers only, with every provider and data tracking off by default', async () => {
    const res = await call(alice, 'getApiKeysForProfile', { userID: alice.userId });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ appName: 'Hindi Chat Bot', ulcaApiKey: aliceKey.split('.')[0] });
    expect(new Date(entry.createdOn).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(entry.serviceProviderKeys).toEqual([{ serviceProviderName: PROVIDER, inferenceApiKey: null, dataTracking: false }]);
    expect(res.body).not.toContain(aliceKey.split('.')[1]);
  });

  it('refuses a second key with the same app name (any case) with 409, and a blank app name', async () => {
    const dup = await call(alice, 'generateApiKey', { userID: alice.userId, appName: 'hindi chat bot' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'APP_NAME_TAKEN', message: 'An API key for this app name already exists.' });
    const blank = await call(alice, 'generateApiKey', { userID: alice.userId, appName: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('App name is required');
    expect(await p.ctx.db.db.selectFrom('api_keys').select('key_id').where('user_id', '=', alice.userId).execute()).toHaveLength(1);
  });

  it('authenticates the key at whoami; refuses missing, malformed and tampered keys with 401', async () => {
    const ok = await whoami(aliceKey);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ data: { userID: alice.userId, appName: 'Hindi Chat Bot' } });
    const [id, secret] = aliceKey.split('.');
    const tampered = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const key of [undefined, id, 'garbage', tampered, `ulca_000000000000.${secret}`]) {
      const res = await whoami(key);
      expect(res.statusCode, String(key)).toBe(401);
      expect(res.json()).toMatchObject({ code: 'API_KEY_INVALID' });
    }
  });

  it('lets no one manage keys for another userID, not even an ADMIN (403), and hides foreign keys (404)', async () => {
    const keyId = aliceKey.split('.')[0];
    for (const u of [bob, admin]) {
      for (const [path, body] of [
        ['generateApiKey', { userID: alice.userId, appName: 'x' }],
        ['getApiKeysForProfile', { userID: alice.userId }],
        ['revokeApiKey', { userID: alice.userId, ulcaApiKey: keyId }],
        ['dataTrackingToggle', { userID: alice.userId, ulcaApiKey: keyId, serviceProviderName: PROVIDER, dataTracking: true }],
      ] as const) {
        const res = await call(u, path, body);
        expect(res.statusCode, `${path} by ${u.userId}`).toBe(403);
      }
      for (const [path, body] of [
        ['revokeApiKey', { userID: u.userId, ulcaApiKey: keyId }],
        ['revokeApiKey', { userID: u.userId, ulcaApiKey: aliceKey }],
        ['generateServiceProviderKey', { userID: u.userId, ulcaApiKey: keyId, serviceProviderName: PROVIDER }],
        ['dataTrackingToggle', { userID: u.userId, ulcaApiKey: keyId, serviceProviderName: PROVIDER, dataTracking: true }],
      ] as const) {
        const res = await call(u, path, body);
        expect(res.statusCode, `${path} by ${u.userId}`).toBe(404);
        expect(res.json().message).toBe('No API key with this identifier.');
      }
    }
    expect((await whoami(aliceKey)).statusCode).toBe(200);
    const list = await call(alice, 'getApiKeysForProfile', { userID: alice.userId });
    expect(list.json().data[0].serviceProviderKeys[0]).toEqual({
      serviceProviderName: PROVIDER,
      inferenceApiKey: null,
      dataTracking: false,
    });
  });

  it('generates a provider key shown once and listed masked; 409 twice; removes it; 404 when none', async () => {
    const keyId = aliceKey.split('.')[0];
    const body = { userID: alice.userId, ulcaApiKey: keyId, serviceProviderName: PROVIDER };
    const gen = await call(alice, 'generateServiceProviderKey', body);
    expect(gen.statusCode).toBe(200);
    const value = gen.json().data.inferenceApiKey.value as string;
    expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(gen.json().data).toMatchObject({
      serviceProviderName: PROVIDER,
      inferenceApiKey: { name: 'Authorization' },
      dataTracking: false,
    });
    expect((await call(alice, 'generateServiceProviderKey', body)).statusCode).toBe(409);

    const listed = (await call(alice, 'getApiKeysForProfile', { userID: alice.userId })).json().data[0].serviceProviderKeys[0];
    expect(listed.inferenceApiKey.value).toBe(`${value.slice(0, 4)}********${value.slice(-4)}`);
    const stored = await p.ctx.db.db.selectFrom('api_key_providers').selectAll().where('key_id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored.inference_key_hash).toBe(createHash('sha256').update(value).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(value);

    const unknownProvider = await call(alice, 'generateServiceProviderKey', { ...body, serviceProviderName: 'elsewhere' });
    expect(unknownProvider.statusCode).toBe(400);

    expect((await call(alice, 'removeServiceProviderKey', body)).statusCode).toBe(200);
    const removedAgain = await call(alice, 'removeServiceProviderKey', body);
    expect(removedAgain.statusCode).toBe(404);
    const after = (await call(alice, 'getApiKeysForProfile', { userID: alice.userId })).json().data[0].serviceProviderKeys[0];
    expect(after.inferenceApiKey).toBeNull();
  });

  it('toggles data tracking per key and provider', async () => {
    const keyId = aliceKey.split('.')[0];
    const toggle = (on: boolean) =>
      call(alice, 'dataTrackingToggle', { userID: alice.userId, ulcaApiKey: aliceKey, serviceProviderName: PROVIDER, dataTracking: on });
    expect((await toggle(true)).json().message).toBe('Data tracking turned on.');
    let entry = (await call(alice, 'getApiKeysForProfile', { userID: alice.userId })).json().data[0];
    expect(entry.serviceProviderKeys[0].dataTracking).toBe(true);
    expect((await toggle(false)).statusCode).toBe(200);
    entry = (await call(alice, 'getApiKeysForProfile', { userID: alice.userId })).json().data[0];
    expect(entry.serviceProviderKeys[0].dataTracking).toBe(false);
    const bad = await call(alice, 'dataTrackingToggle', {
      userID: alice.userId,
      ulcaApiKey: keyId,
      serviceProviderName: PROVIDER,
      dataTracking: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('revokes a key: its next call is refused, other keys keep working', async () => {
    const second = await generate(alice, 'Second app');
    const res = await call(alice, 'revokeApiKey', { userID: alice.userId, ulcaApiKey: aliceKey.split('.')[0] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('API key revoked.');
    expect((await whoami(aliceKey)).statusCode).toBe(401);
    expect((await whoami(second)).statusCode).toBe(200);
    const again = await call(alice, 'revokeApiKey', { userID: alice.userId, ulcaApiKey: aliceKey });
    expect(again.statusCode).toBe(404);
    const list = (await call(alice, 'getApiKeysForProfile', { userID: alice.userId })).json().data;
    expect(list.map((k: { appName: string }) => k.appName)).toEqual(['Second app']);
    // The revoked app name can be used again.
    expect(await generate(alice, 'Hindi Chat Bot')).toMatch(/^ulca_/);
  });

  it('refuses the keys of a deactivated user at once, and signed calls to key routes without a session', async () => {
    const carol = await createSignedInUser(p);
    const key = await generate(carol, 'Carol app');
    expect((await whoami(key)).statusCode).toBe(200);
    const status = await signedInject(p.app, admin, 'POST', `${USERS}/update/active/status`, { email: carol.email, is_active: false });
    expect(status.statusCode).toBe(200);
    expect((await whoami(key)).statusCode).toBe(401);
    const anon = await p.app.inject({ method: 'POST', url: `${USERS}/getApiKeysForProfile`, payload: { userID: carol.userId } });
    expect(anon.statusCode).toBe(401);
  });

  it('audits key generation and revocation with the app name, never the key itself', async () => {
    const rows = await p.ctx.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', alice.userId)
      .where('action', 'like', '%key%')
      .execute();
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['apikey.generate', 'apikey.revoke', 'provider-key.generate', 'provider-key.remove']));
    expect(rows.find((r) => r.action === 'apikey.revoke')?.details).toMatchObject({
      appName: 'Hindi Chat Bot',
      keyId: aliceKey.split('.')[0],
    });
    expect(JSON.stringify(rows)).not.toContain(aliceKey.split('.')[1]);
  });
});
