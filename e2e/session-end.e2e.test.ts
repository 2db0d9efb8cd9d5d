/**
 * A session ended elsewhere (docs/product.md#sign-in-and-accounts) in headless Chromium against the
 * real platform: once the server has ended the browser's session (a logout signed with the same
 * keys, or a password change from another session), a page that needs sign-in shows the sign-in
 * form with a note that the session ended, without the avatar and without the "not authorized"
 * error; /user/login shows the form instead of moving on; signing in again returns to the page.
 * In English and Hindi, axe-clean. Screenshots at 1366×900: test-results/e2e/session-end-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { USER_API } from '@ulca/contracts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { browserSession, signedFetch, signUpAndSignIn } from './support/accounts.ts';
import { axeViolations, catalogueMessage, englishLeft, htmlLang } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'session-end-';
const PASSWORD = 'First&Pass1';
const NEW_PASSWORD = 'Second&Pass2';

let platform: RunningPlatform;
let browser: Browser;
let desktop: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Signs in by the API; resolves with the session's keys. */
async function apiLogin(email: string, password: string): Promise<{ publicKey: string; privateKey: string }> {
  const res = await post(`${platform.baseUrl}${USER_API.login}`, { authenticator: 'ULCA', data: { email, password } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { userKeys: { publicKey: string; privateKey: string } } }).data.userKeys;
}

/** The sign-in form shows with the ended-session note, no avatar, no "not authorized" error, no session kept. */
async function expectSignInForm(p: Page, lang: 'en' | 'hi'): Promise<void> {
  await p.getByRole('form', { name: catalogueMessage(lang, 'auth.signIn') }).waitFor({ timeout: 30_000 });
  await p.getByText(catalogueMessage(lang, 'auth.sessionEndedNote')).waitFor();
  expect(p.url()).toContain('/ulca/user/login');
  expect(await p.getByRole('button', { name: catalogueMessage(lang, 'shell.accountMenu') }).count()).toBe(0);
  expect(await p.getByText(catalogueMessage(lang, 'messages.status401')).count()).toBe(0);
  expect(await p.evaluate(() => localStorage.getItem('ulca.session'))).toBeNull();
}

describe('a session ended elsewhere, in Chromium', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform({ env: { SIGNUP_MAX_PER_IP_PER_HOUR: '50' } });
    browser = await launchChromium();
    // bypassCSP: axe-core is injected as a script tag, which the app's content security policy refuses.
    desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-IN', bypassCSP: true });
    page = await newPageWithTimeout(desktop, 30_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
  }, 240_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken }));

  const { step } = journey;

  step('logged out elsewhere: the profile page shows the sign-in form at once, which returns there', async () => {
    await signUpAndSignIn(platform, page, { name: 'Kavya', email: 'kavya@example.org', password: PASSWORD });
    await page.goto(at('/profile'));
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    const { userKeys } = await browserSession(page);
    expect((await signedFetch(platform.baseUrl, userKeys, 'POST', USER_API.logout, {})).status).toBe(200);
    await page.goto(at('/profile'));
    await expectSignInForm(page, 'en');
    await page.getByRole('link', { name: 'Sign In', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'signin-after-logout-elsewhere');
    await page.getByLabel('Email address').fill('kavya@example.org');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  step('/user/login with an ended session shows the form instead of moving on to the dashboard', async () => {
    const { userKeys } = await browserSession(page);
    expect((await signedFetch(platform.baseUrl, userKeys, 'POST', USER_API.logout, {})).status).toBe(200);
    await page.goto(at('/user/login'));
    await expectSignInForm(page, 'en');
    await takeShot(page, 'login-page-after-logout-elsewhere');
  });

  step('in Hindi: a password changed in another browser sends this one to the Hindi sign-in form', async () => {
    const res = await post(`${platform.baseUrl}${USER_API.signup}`, {
      users: [{ firstName: 'Ravi', email: 'ravi@example.org', password: PASSWORD, language: 'hi' }],
    });
    expect(res.status).toBe(200);
    const link = await waitForMailLink(platform.outboxDir, 'ravi@example.org', `${platform.baseUrl}/ulca/activate/`);
    const [mail, userID, token] = new URL(link).pathname.replace(/^.*\/ulca\/activate\//, '').split('/');
    expect((await post(`${platform.baseUrl}${USER_API.verifyUser}`, { email: decodeURIComponent(mail), userID, token })).status).toBe(200);
    const here = await apiLogin('ravi@example.org', PASSWORD);
    const res2 = await post(`${platform.baseUrl}${USER_API.login}`, {
      authenticator: 'ULCA',
      data: { email: 'ravi@example.org', password: PASSWORD },
    });
    const userDetails = ((await res2.json()) as { data: { userDetails: unknown } }).data.userDetails;
    await page.goto(at('/intro'));
    await page.evaluate(
      (session) => {
        localStorage.setItem('ulca.session', session);
        localStorage.setItem('ulca.language', 'hi');
      },
      JSON.stringify({ userDetails, userKeys: here }),
    );
    await page.goto(at('/profile'));
    await expect.poll(() => htmlLang(page)).toBe('hi');
    await page.getByRole('heading', { name: 'मेरा खाता' }).waitFor();
    // Another browser changes the password: every other session of the user ends.
    const elsewhere = await apiLogin('ravi@example.org', PASSWORD);
    const changed = await signedFetch(platform.baseUrl, elsewhere, 'POST', USER_API.profilePassword, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    await page.goto(at('/profile'));
    await expectSignInForm(page, 'hi');
    expect(await englishLeft(page, 'hi')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'signin-after-password-change-hi');
    expect(pageErrors).toEqual([]);
  });
});
