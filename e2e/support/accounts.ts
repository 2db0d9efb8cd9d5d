/**
 * A new user's first steps, shared by the journeys that need a signed-in user with an API key
 * (docs/api.md#accounts-ulcauser-mgmtv1users): sign up through the API, follow the activation e-mail, sign in through
 * the web form, and call signed routes with the browser's session keys.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { signedFetch } from '../../apps/server/src/test/server-process.ts';
import { waitForMailLink, type RunningPlatform } from './server.ts';

/**
 * The one signed call of the journeys: `signedFetch(baseUrl, keys, method, pathAndQuery, body?)` signs
 * as the web app does (v2: method, path, time, nonce and body; docs/api.md#request-signatures) and resolves with
 * `{ status, json }` whatever the status.
 */
export { signedFetch };

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
  const { status, json } = await signedFetch(platform.baseUrl, (await browserSession(page)).userKeys, method, pathAndQuery, body);
  if (status < 200 || status >= 300) throw new Error(`${method} ${pathAndQuery} → ${status} ${JSON.stringify(json)}`);
  return json as T;
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

/** The bootstrap ADMIN's e-mail (created on a platform's first start; its password is `platform.adminPassword`). */
export const ADMIN_EMAIL = 'admin@ulca.local';

/** Signs the bootstrap ADMIN in through the API; resolves with its signing keys, throws unless 200. */
export async function adminKeys(platform: RunningPlatform): Promise<{ publicKey: string; privateKey: string }> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authenticator: 'ULCA', data: { email: ADMIN_EMAIL, password: platform.adminPassword } }),
  });
  if (res.status !== 200) throw new Error(`admin sign-in → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { userKeys: { publicKey: string; privateKey: string } } }).data.userKeys;
}
