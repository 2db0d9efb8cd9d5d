import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { hashPassword } from '../modules/accounts/service.ts';
import { insertUsers } from '../modules/accounts/repo.ts';
import type { Db } from '../db/pool.ts';
import type { Role } from '@ulca/contracts';
import { signedHeaders } from '../security/signing.ts';
import type { TestPlatform } from './harness.ts';

/** A signed-in test user: its id and the key pair the login returned. */
export interface TestUser {
  userId: string;
  email: string;
  password: string;
  publicKey: string;
  privateKey: string;
}

/**
 * Sends the password sign-in (POST users/login, authenticator ULCA; docs/api.md#request-signatures) from
 * `remoteAddress` (the inject default when omitted; the sign-in limits count per address) and
 * returns the raw answer: the caller checks the status.
 */
export function loginRequest(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: '/ulca/user-mgmt/v1/users/login',
    payload: { authenticator: 'ULCA', data: { email, password } },
    ...(remoteAddress === undefined ? {} : { remoteAddress }),
  });
}

/** Creates an active user with `roles` directly in the database, then logs in through the real API. */
export async function createSignedInUser(p: TestPlatform, roles: string[] = ['CONTRIBUTOR-USER']): Promise<TestUser> {
  const userId = crypto.randomBytes(16).toString('hex');
  const email = `u${userId.slice(0, 8)}@example.org`;
  const password = 'Str0ng!pass';
  await insertUsers(p.ctx.db, [
    { userId, email, firstName: 'Test User', passwordHash: await hashPassword(password), roles, isActive: true, activationTokenHash: null },
  ]);
  const res = await loginRequest(p.app, email, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const keys = res.json().data.userKeys as { publicKey: string; privateKey: string };
  return { userId, email, password, ...keys };
}

/** Injects a request signed as `user` with signature v2 (docs/api.md#request-signatures, signing.ts), a fresh nonce each call. */
export async function signedInject(
  app: FastifyInstance,
  user: Pick<TestUser, 'publicKey' | 'privateKey'>,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
) {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const opts: InjectOptions = {
    method,
    url,
    headers: { ...signedHeaders(user, { method, url, body: raw }), ...(raw !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(raw !== undefined ? { payload: raw } : {}),
  };
  return app.inject(opts);
}

/**
 * Generates an API key of `user` for the application `appName` through the real API
 * (POST users/generateApiKey; docs/api.md#api-keys) and returns the key. Throws with the answer's
 * body when it is not a 200.
 */
export async function generateApiKey(app: FastifyInstance, user: TestUser, appName: string): Promise<string> {
  const res = await signedInject(app, user, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', { userID: user.userId, appName });
  if (res.statusCode !== 200) throw new Error(`generateApiKey failed: ${res.statusCode} ${res.body}`);
  return res.json().data.ulcaApiKey as string;
}

/**
 * Writes an active user with `password` straight into `db` (for tests whose server runs in another
 * process). Throws on a database error.
 */
export async function insertActiveUser(
  db: Db,
  u: { userId: string; email: string; password: string; roles: Role[]; firstName?: string },
): Promise<void> {
  await insertUsers(db, [
    {
      userId: u.userId,
      email: u.email,
      firstName: u.firstName ?? 'Test User',
      passwordHash: await hashPassword(u.password),
      roles: u.roles,
      isActive: true,
      activationTokenHash: null,
    },
  ]);
}
