/**
 * The admin sets and removes daily limits in User Details → Usage and quotas
 * (docs/product.md#admin, docs/api.md#usage-and-quotas) in headless Chromium against the real
 * platform: the form's errors show beside their fields (an empty key, a limit that is not a whole
 * number, an unknown key), a limit for every key and one for a key appear in the list; in Hindi the
 * same form, its errors and removing a limit. Axe-clean, no English left in Hindi.
 * Screenshots at 1366×900: test-results/e2e/admin-quota-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { USER_API } from '@ulca/contracts';
import { generateApiKey } from './support/accounts.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { axeViolations, catalogueMessage, englishLeft, htmlLang } from './support/i18n.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'admin-quota-';
const APP = 'Quota Test App';

let platform: RunningPlatform;
let browser: Browser;
let page: Page;
let fullKey = '';
const pageErrors: string[] = [];

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;
const form = (lang: 'en' | 'hi', key: string) => catalogueMessage(lang, `admin.usage.form.${key}`);

/** Opens the Usage and quotas tab and resolves with its limit form. */
async function openForm(lang: 'en' | 'hi') {
  await page.goto(at('/admin/view-user-details'));
  await page.getByRole('tab', { name: catalogueMessage(lang, 'admin.usage.tab') }).click();
  const f = page.getByRole('form', { name: form(lang, 'title') });
  await f.waitFor({ timeout: 30_000 });
  return f;
}

describe("the admin's daily-limit form in Chromium", () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform();
    browser = await launchChromium();
    // bypassCSP: axe-core is injected as a script tag, which the app's content security policy refuses.
    const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-IN', bypassCSP: true });
    page = await newPageWithTimeout(desktop, 30_000);
    page.on('pageerror', (err) => pageErrors.push(err.message));
    const res = await fetch(`${platform.baseUrl}${USER_API.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: { userKeys: unknown; userDetails: unknown } };
    await page.goto(at('/intro'));
    await page.evaluate((s) => localStorage.setItem('ulca.session', s), JSON.stringify(data));
    fullKey = await generateApiKey(platform, page, APP);
  }, 240_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken }));

  const { step } = journey;

  step('errors beside their fields: an empty key, a limit that is not a whole number, an unknown key', async () => {
    const f = await openForm('en');
    await f.getByRole('button', { name: 'Set limit' }).click();
    await f.getByText('Enter a key identifier, or * for every key.').waitFor();
    await f.getByText('Enter a whole number, 0 or more.').waitFor();
    await f.getByLabel(/^Key/).fill('ulca_doesnotexist');
    await f.getByLabel('Daily limit').fill('2.5');
    await f.getByRole('button', { name: 'Set limit' }).click();
    await f.getByText('Enter a whole number, 0 or more.').waitFor();
    await f.getByLabel('Daily limit').fill('50');
    await f.getByRole('button', { name: 'Set limit' }).click();
    await f.getByText('No API key with this identifier.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'errors');
  });

  step('a limit for every key and one for a key appear in the list of daily limits', async () => {
    const f = page.getByRole('form', { name: 'Set a daily limit' });
    await f.getByLabel(/^Key/).fill('*');
    await f.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Characters' }).click();
    await f.getByLabel('Daily limit').fill('100000');
    await f.getByRole('button', { name: 'Set limit' }).click();
    await page.getByText('Daily limit set.').waitFor();
    const limits = page.getByRole('table', { name: 'Daily limits' });
    await limits.getByRole('row').filter({ hasText: 'Every key (default)' }).filter({ hasText: '100,000' }).waitFor();
    await f.getByLabel(/^Key/).fill(fullKey);
    await f.getByLabel('Daily limit').fill('20');
    await f.getByRole('button', { name: 'Set limit' }).click();
    await expect.poll(() => limits.getByRole('row').count()).toBe(3);
    expect(await limits.getByRole('row').filter({ hasText: /ulca_/ }).innerText()).toMatch(/Characters\s+20$/);
    await takeShot(page, 'limits-set');
  });

  step('in Hindi: the form, its errors, and removing the default limit', async () => {
    await page.evaluate(() => localStorage.setItem('ulca.language', 'hi'));
    const f = await openForm('hi');
    await expect.poll(() => htmlLang(page)).toBe('hi');
    await f.getByRole('button', { name: form('hi', 'save') }).click();
    await f.getByText(form('hi', 'keyRequired')).waitFor();
    await f.getByText(form('hi', 'limitInvalid')).waitFor();
    expect(await englishLeft(page, 'hi')).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'errors-hi');
    await f.getByLabel(new RegExp(`^${form('hi', 'key')}`)).fill('*');
    await f.getByRole('combobox', { name: catalogueMessage('hi', 'admin.usage.col.unit') }).click();
    await page.getByRole('option', { name: catalogueMessage('hi', 'admin.usage.unit.characters') }).click();
    await f.getByRole('button', { name: form('hi', 'remove') }).click();
    await page.getByText(form('hi', 'removed')).waitFor();
    const limits = page.getByRole('table', { name: catalogueMessage('hi', 'admin.usage.limits') });
    await expect.poll(() => limits.getByRole('row').count()).toBe(2);
    expect(await limits.getByText(catalogueMessage('hi', 'admin.usage.everyKey')).count()).toBe(0);
    await takeShot(page, 'removed-hi');
    expect(pageErrors).toEqual([]);
  });
});
