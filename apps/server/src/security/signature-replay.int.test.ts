import { describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app.ts';
import type { TestPlatform } from '../test/harness.ts';
import { useTestPlatform } from '../test/platform-hook.ts';
import { signedInject, type TestUser } from '../test/users.ts';
import { signedHeaders } from './signing.ts';
import { createDb } from '../db/pool.ts';
import { closeServices, createServices } from '../services.ts';

/**
 * The attacks replayed against the real routes: a captured signed call to
 * generateServiceProviderKey sent again to removeServiceProviderKey and to itself, a signed GET
 * sent many times, stale timestamps, and one capture raced from two API processes.
 */

const USERS = '/ulca/user-mgmt/v1/users';
const PROVIDER = 'ulca-reference-models';

describe('signature replay', () => {
  let p: TestPlatform;
  let alice: TestUser;
  let keyId: string;

  useTestPlatform({ users: [['CONTRIBUTOR-USER']] }, async (platform, users) => {
    p = platform;
    [alice] = users;
    const res = await signedInject(p.app, alice, 'POST', `${USERS}/generateApiKey`, { userID: alice.userId, appName: 'Replay target' });
    expect(res.statusCode, res.body).toBe(200);
    keyId = (res.json().data.ulcaApiKey as string).split('.')[0];
  });

  /** A captured POST: the exact request line, headers and body an eavesdropper saw. */
  const capture = (path: string, body: unknown): InjectOptions => {
    const raw = JSON.stringify(body);
    const url = `${USERS}/${path}`;
    return {
      method: 'POST',
      url,
      payload: raw,
      headers: { 'content-type': 'application/json', ...signedHeaders(alice, { method: 'POST', url, body: raw }) },
    };
  };
  const providerKeys = async () =>
    p.ctx.db.db.selectFrom('api_key_providers').select(['provider_name', 'inference_key_hash']).where('key_id', '=', keyId).execute();

  it('refuses a captured generateServiceProviderKey replayed on removeServiceProviderKey and on itself', async () => {
    const body = { userID: alice.userId, ulcaApiKey: keyId, serviceProviderName: PROVIDER };
    const captured = capture('generateServiceProviderKey', body);
    const genuine = await p.app.inject(captured);
    expect(genuine.statusCode, genuine.body).toBe(200);
    const issued = (await providerKeys())[0].inference_key_hash;

    const onRemove = await p.app.inject({ ...captured, url: `${USERS}/removeServiceProviderKey` });
    expect(onRemove.statusCode).toBe(401);
    expect(onRemove.json().code).toBe('SIGNATURE_INVALID');
    const onItself = await p.app.inject(captured);
    expect(onItself.statusCode).toBe(401);
    expect(onItself.json().code).toBe('SIGNATURE_REPLAYED');
    // The victim's inference key is the one issued to the victim, still there.
    expect((await providerKeys())[0].inference_key_hash).toBe(issued);

    // A captured remove, replayed on generate after the victim removed the key: no new key for the attacker.
    const remove = capture('removeServiceProviderKey', body);
    expect((await p.app.inject(remove)).statusCode).toBe(200);
    const regenerate = await p.app.inject({ ...remove, url: `${USERS}/generateServiceProviderKey` });
    expect(regenerate.statusCode).toBe(401);
    expect((await providerKeys()).every((r) => r.inference_key_hash === null)).toBe(true);
  });

  it('accepts a signed GET once, however often it is sent afterwards', async () => {
    const url = `${USERS}/me`;
    const captured: InjectOptions = { method: 'GET', url, headers: { ...signedHeaders(alice, { method: 'GET', url }) } };
    expect((await p.app.inject(captured)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await p.app.inject(captured)).statusCode);
    expect(new Set(codes)).toEqual(new Set([401]));
  });

  it('refuses a call whose timestamp is older than SIGNATURE_WINDOW_SECONDS, never seen before', async () => {
    const url = `${USERS}/me`;
    const stale = Math.floor(Date.now() / 1000) - p.ctx.config.signatureWindowSeconds - 1;
    const res = await p.app.inject({
      method: 'GET',
      url,
      headers: { ...signedHeaders(alice, { method: 'GET', url }, { timestamp: stale }) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SIGNATURE_EXPIRED');
  });

  it('accepts exactly one of 40 concurrent replays of one capture on two app instances sharing the database (as two API processes)', async () => {
    const second = await buildApp(p.ctx, { logger: false });
    try {
      const captured = capture('getApiKeysForProfile', { userID: alice.userId });
      const sent = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? second : p.app).inject(captured)));
      const codes = sent.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 401)).toHaveLength(39);
    } finally {
      await second.close();
    }
  });
  it('refuses on a second app instance with its own connection pool (another API process) a nonce the first accepted, and the reverse', async () => {
    // Claims are grouped per process (ctx.services.nonceClaims): only the database can refuse across processes.
    const otherDb = createDb(p.ctx.config.databaseUrl!, 4);
    const { config, boss, store, mailer, log } = p.ctx;
    const otherCtx = await createServices({ config, db: otherDb, boss, store, mailer, log });
    const other = await buildApp(otherCtx, { logger: false });
    try {
      const url = `${USERS}/me`;
      const first: InjectOptions = { method: 'GET', url, headers: { ...signedHeaders(alice, { method: 'GET', url }) } };
      expect((await p.app.inject(first)).statusCode).toBe(200);
      const replayed = await other.inject(first);
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json().code).toBe('SIGNATURE_REPLAYED');

      const second: InjectOptions = { method: 'GET', url, headers: { ...signedHeaders(alice, { method: 'GET', url }) } };
      expect((await other.inject(second)).statusCode).toBe(200);
      expect((await p.app.inject(second)).json().code).toBe('SIGNATURE_REPLAYED');

      // Raced: 30 copies of one capture split over both pools, plus 30 fresh calls that must all pass.
      const raced: InjectOptions = { method: 'GET', url, headers: { ...signedHeaders(alice, { method: 'GET', url }) } };
      const fresh = () => ({ method: 'GET' as const, url, headers: { ...signedHeaders(alice, { method: 'GET', url }) } });
      const [racedRes, freshRes] = await Promise.all([
        Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : p.app).inject(raced))),
        Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? other : p.app).inject(fresh()))),
      ]);
      expect(racedRes.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(racedRes.filter((r) => r.statusCode === 401 && r.json().code === 'SIGNATURE_REPLAYED')).toHaveLength(29);
      expect(freshRes.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    } finally {
      await other.close();
      await closeServices(otherCtx);
      await otherDb.close();
    }
  });
});
