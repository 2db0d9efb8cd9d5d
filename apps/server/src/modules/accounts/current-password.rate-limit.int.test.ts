import { describe, expect, it } from 'vitest';
import type { TestPlatform } from '../../test/harness.ts';
import { useTestPlatform } from '../../test/platform-hook.ts';
import { loginRequest, createSignedInUser, signedInject, type TestUser } from '../../test/users.ts';

const USERS = '/ulca/user-mgmt/v1/users';
const LIMIT = 4;
const WINDOW_SECONDS = 3;

// Current-password checks of a live session count with the sign-in lockout (docs/operations.md#sign-in-lockout).
describe('current-password guesses count with the sign-in lockout', () => {
  let p: TestPlatform;
  let ip = 0;
  useTestPlatform(
    {
      platform: {
        config: {
          loginMaxFailuresPerAccount: LIMIT,
          loginAccountWindowSeconds: WINDOW_SECONDS,
          loginMaxFailuresPerIp: 1000,
          loginIpWindowSeconds: 900,
        },
      },
    },
    (platform) => {
      p = platform;
    },
  );

  const login = (email: string, password: string) => loginRequest(p.app, email, password, `10.11.0.${++ip}`);
  const changePassword = (u: TestUser, currentPassword: string) =>
    signedInject(p.app, u, 'POST', `${USERS}/profile/password`, { currentPassword, newPassword: 'Brand&New9pass' });
  const deleteAccount = (u: TestUser, password: string) =>
    signedInject(p.app, u, 'POST', `${USERS}/profile/delete`, { email: u.email, password });
  const statuses = (responses: { statusCode: number }[]) =>
    responses.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});

  it('parallel wrong guesses over profile/password and profile/delete: LIMIT checked, then 429 for every guess, the right one and the login, until the window ends', async () => {
    const u = await createSignedInUser(p);
    const burst = () =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? changePassword(u, `Wrong&guess${i}`) : deleteAccount(u, `Wrong&guess${i}`))),
      );
    const first = await burst();
    expect(statuses(first)).toEqual({ 400: LIMIT, 429: 20 - LIMIT });
    const refused = first.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(WINDOW_SECONDS);
    // Replayed: nothing more is checked.
    expect(statuses(await burst())).toEqual({ 429: 20 });
    // The right password is refused too, on both routes, and the sign-in is locked.
    expect((await changePassword(u, u.password)).statusCode).toBe(429);
    expect((await deleteAccount(u, u.password)).statusCode).toBe(429);
    expect((await login(u.email, u.password)).statusCode).toBe(429);
    expect((await signedInject(p.app, u, 'GET', `${USERS}/me`)).statusCode).toBe(200);
    // Once the window has passed the right password is accepted again.
    await new Promise((r) => setTimeout(r, WINDOW_SECONDS * 1000 + 300));
    expect((await changePassword(u, u.password)).statusCode).toBe(200);
  }, 30_000);

  it('failed sign-ins lock the current-password check of a live session too', async () => {
    const u = await createSignedInUser(p);
    const logins = await Promise.all(Array.from({ length: LIMIT + 2 }, () => login(u.email, 'Wrong&guess1')));
    expect(statuses(logins)).toEqual({ 401: LIMIT, 429: 2 });
    expect((await changePassword(u, u.password)).statusCode).toBe(429);
    expect((await deleteAccount(u, u.password)).statusCode).toBe(429);
  });
});
