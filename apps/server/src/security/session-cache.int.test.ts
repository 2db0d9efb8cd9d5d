import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { FullContext } from '../app-services.ts';
import { createDb } from '../db/pool.ts';
import { closeServices, createServices } from '../services.ts';
import { createTestPlatform, type TestPlatform } from '../test/harness.ts';
import { useTestPlatform } from '../test/platform-hook.ts';
import { createSignedInUser, signedInject } from '../test/users.ts';
import { SessionCache, sessionCacheFor } from './session-cache.ts';

const USERS = '/ulca/user-mgmt/v1/users';

describe('session cache across processes', () => {
  let p: TestPlatform;
  /** A second "process": its own pool, cache and app on the same database. */
  let otherCtx: FullContext;
  let other: FastifyInstance;

  useTestPlatform({}, async (platform) => {
    p = platform;
    const url = p.ctx.db.pool.options.connectionString!;
    otherCtx = await createServices({ ...p.ctx, db: createDb(url, 4) });
    other = await buildApp(otherCtx, { logger: false });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    if (otherCtx) await closeServices(otherCtx);
    await otherCtx?.db.close();
    await p?.close();
  });

  it('each process listens and caches verified sessions', async () => {
    const u = await createSignedInUser(p);
    expect(sessionCacheFor(otherCtx)).not.toBe(sessionCacheFor(p.ctx));
    expect(sessionCacheFor(otherCtx)?.isListening).toBe(true);
    expect((await signedInject(other, u, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    expect(sessionCacheFor(otherCtx)?.get(u.publicKey)?.userId).toBe(u.userId);
  });

  it('a logout in one process ends the session in the other at its NOTIFY', async () => {
    const u = await createSignedInUser(p);
    expect((await signedInject(other, u, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    const notified = sessionCacheFor(otherCtx)!.nextNotification();
    expect((await signedInject(p.app, u, 'POST', `${USERS}/logout`, {})).statusCode).toBe(200);
    await notified;
    const res = await signedInject(other, u, 'GET', `${USERS}/me`);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_ENDED');
  });

  it('a deactivation and a role change in one process reach the other', async () => {
    const admin = await createSignedInUser(p, ['ADMIN']);
    const u = await createSignedInUser(p, ['READONLY-USER']);
    const list = `/ulca/apis/v0/dataset/listByUserId?userId=${u.userId}`;
    expect((await signedInject(other, u, 'GET', list)).statusCode).toBe(403);

    let notified = sessionCacheFor(otherCtx)!.nextNotification();
    const update = await signedInject(p.app, admin, 'POST', `${USERS}/update`, {
      users: [{ userID: u.userId, email: u.email, firstName: 'Test User', roles: ['CONTRIBUTOR-USER'], orgID: 'UNDEFINED' }],
    });
    expect(update.statusCode).toBe(200);
    await notified;
    expect((await signedInject(other, u, 'GET', list)).statusCode).toBe(200);

    notified = sessionCacheFor(otherCtx)!.nextNotification();
    expect(
      (await signedInject(p.app, admin, 'POST', `${USERS}/update/active/status`, { email: u.email, is_active: false })).statusCode,
    ).toBe(200);
    await notified;
    expect((await signedInject(other, u, 'GET', `${USERS}/me`)).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await createTestPlatform();
  });

  const session = (userId: string, publicKey: string) => ({
    publicKey,
    privateKey: 'p',
    userId,
    email: 'e@example.org',
    firstName: 'F',
    lastName: null,
    org: null,
    roles: [],
    isActive: true,
    lastUsedMs: null,
  });

  it('caches nothing until it listens, nor a read that raced with an invalidation, nor past its TTL', async () => {
    const cache = new SessionCache(p.ctx.db.pool.options.connectionString!, 50, pino({ level: 'silent' }));
    cache.set(session('u1', 'k1'), cache.epoch);
    expect(cache.get('k1')).toBeUndefined();
    await cache.start();
    expect(cache.isListening).toBe(true);

    cache.set(session('u1', 'k1'), cache.epoch);
    expect(cache.get('k1')?.userId).toBe('u1');

    const before = cache.epoch;
    cache.invalidateUser('someone-else');
    cache.set(session('u2', 'k2'), before);
    expect(cache.get('k2')).toBeUndefined();

    cache.invalidateUser('u1');
    expect(cache.get('k1')).toBeUndefined();

    cache.set(session('u3', 'k3'), cache.epoch);
    await new Promise((r) => setTimeout(r, 80));
    expect(cache.get('k3')).toBeUndefined();

    // A NOTIFY from any connection (the triggers' channel) invalidates.
    cache.set(session('u4', 'k4'), cache.epoch);
    const notified = cache.nextNotification();
    await p.ctx.db.pool.query("SELECT pg_notify('ulca_auth', 'u4')");
    await notified;
    expect(cache.get('k4')).toBeUndefined();

    await cache.stop();
    expect(cache.isListening).toBe(false);
    cache.set(session('u5', 'k5'), cache.epoch);
    expect(cache.get('k5')).toBeUndefined();
  });
});
