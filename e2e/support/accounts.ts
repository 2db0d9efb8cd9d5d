/**
 * A new user's first steps, shared by the journeys that need a signed-in user with an API key
 * (docs/api.md#accounts): sign up through the API, follow the activation e-mail, sign in through
 * the web form, and call signed routes with the browser's session keys.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signHeaders } from '../../apps/web/src/lib/signing.ts';
import { waitForMailLink, type RunningPlatform } from './server.ts';

/** The session the web app keeps in localStorage ('ulca.session'). */
export interface BrowserSession {
  userDetails: { userID: string };
  userKeys: { publicKey: string; privateKey: string };
}

/** The signed-in session of `page`; throws when the page is signed out. */
export async function browserSession(page: Page): Promise<BrowserSession> {
  const s = (await page.evaluate(() => JSON.parse(localStorage.getItem('ulca.session') ?? 'null'))) as BrowserSession | null;
  if (!s) throw new Error('the page is not signed in');
  return s;
}

/**
 * Signs `user` up through the API, opens the activation link from the outbox in `page`, then signs
 * in through the login form; resolves with the browser's session once the account menu shows.
 */
export async function signUpAndSignIn(
  platform: RunningPlatform,
  page: Page,
  user: { name: string; email: string; password: string },
): Promise<BrowserSession> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: [{ firstName: user.name, email: user.email, password: user.password }] }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  await page.goto(await waitForMailLink(platform.outboxDir, user.email, `${platform.baseUrl}/ulca/activate/`));
  await page.getByText('Congratulations!').waitFor();
  await page.goto(`${platform.baseUrl}/ulca/user/login`);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return browserSession(page);
}

/**
 * Calls `pathAndQuery` signed with `page`'s session keys (JSON body when given); resolves with the
 * parsed answer, throws with the status and body when it is not 2xx.
 */
export async function signedApi<T>(
  platform: RunningPlatform,
  page: Page,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  body?: unknown,
): Promise<T> {
  const k = (await browserSession(page)).userKeys;
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${platform.baseUrl}${pathAndQuery}`, {
    method,
    headers: {
      ...signHeaders(k.publicKey, k.privateKey, { method, url: pathAndQuery, body: raw }),
      ...(raw ? { 'content-type': 'application/json' } : {}),
    },
    body: raw,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathAndQuery} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Creates an API key for `appName` as `page`'s user; resolves with the full key (`ulca_…`). */
export async function generateApiKey(platform: RunningPlatform, page: Page, appName: string): Promise<string> {
  const { userDetails } = await browserSession(page);
  const answer = await signedApi<{ data: { ulcaApiKey: string } }>(platform, page, 'POST', '/ulca/user-mgmt/v1/users/generateApiKey', {
    userID: userDetails.userID,
    appName,
  });
  expect(answer.data.ulcaApiKey).toMatch(/^ulca_/);
  return answer.data.ulcaApiKey;
}
