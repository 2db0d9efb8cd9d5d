/**
 * The admin's pages and a key's usage page in Hindi and Tamil (docs/product.md#languages-of-the-interface,
 * docs/product.md#admin), in headless Chromium against the real platform with the reference models on
 * (so the system account "ULCA reference models" exists): User Details with the system account
 * marked and without a switch, the edit dialog (no raw 'UNDEFINED'), the audit log naming users,
 * the refusal of a change to the system account, MUI's pagination texts, the Usage and quotas tab
 * and a key's usage page; wide
 * (1366×900, a Hindi browser) and phone (390×844, a Tamil browser, where Active and Edit stay on
 * screen). Every page: `<html lang>`, no English catalogue text left, no axe-core WCAG 2.1 AA
 * violation. Screenshots: test-results/e2e/i18n-admin-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MODEL_API, PIPELINE_API } from '@ulca/contracts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { checkPage, htmlLang, type PageCheck } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-admin-';
const ADMIN_EMAIL = 'admin@ulca.local';
const SYSTEM_EMAIL = 'reference-models@ulca.invalid';
const STAMP = Date.now().toString(36);
const USER = { name: 'Meena Iyer', email: `meena.iyer+${STAMP}@example.org`, password: 'Str0ng!pass' };
const APP = 'Sabha Notes';

let platform: RunningPlatform;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let session: { userDetails: { userID: string }; userKeys: { publicKey: string; privateKey: string } };
let keyId = '';

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/** A signed call as the admin (the session the browser holds); resolves with the status and the JSON body. */
const asAdmin = (method: 'GET' | 'POST', pathAndQuery: string, body?: unknown) =>
  signedFetch(platform.baseUrl, session.userKeys, method, pathAndQuery, body);

/** Opens `path` in `p` signed in as the admin, in `lang`. */
async function openAs(p: Page, path: string, lang: 'hi' | 'ta'): Promise<void> {
  await p.goto(at('/'));
  await p.evaluate(
    ([s, l]) => {
      localStorage.setItem('ulca.session', s);
      localStorage.setItem('ulca.language', l);
    },
    [JSON.stringify(session), lang] as const,
  );
  await p.goto(at(path));
  await expect.poll(() => htmlLang(p)).toBe(lang);
}

/** The checks of every page (checkPage of e2e/support/i18n.ts): its language, no English catalogue text left, no WCAG 2.1 AA violation. */
const CHECK: PageCheck = {
  shoot: takeShot,
  // A dialog or toast still fading in would read as low contrast: let running transitions end first.
  settle: (p) =>
    p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))).then(() => undefined),
  // 'Admin' is the bootstrap admin's name (user data), the same word as the English role label.
  allowEnglish: ['Admin'],
};

describe('admin and usage pages in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform({ env: { REFERENCE_MODELS: 'true' } });
    const login = await fetch(at('/user-mgmt/v1/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: ADMIN_EMAIL, password: platform.adminPassword } }),
    });
    if (!login.ok) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
    session = ((await login.json()) as { data: typeof session }).data;
    browser = await launchChromium();
    desktop = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'hi-IN',
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ta-IN',
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    page = await newPageWithTimeout(desktop, 30_000);
  }, 180_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken }));

  const { step } = journey;

  step('a user signs up and is activated; the admin has an API key that made a translation call', async () => {
    const res = await fetch(at('/user-mgmt/v1/users/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: USER.name, email: USER.email, password: USER.password }] }),
    });
    expect(res.status).toBe(200);
    const link = await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`);
    const [, , userId, token] = /\/activate\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(new URL(link).pathname) ?? [];
    const verify = await fetch(at('/user-mgmt/v1/users/verify-user'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: USER.email, userID: userId, token }),
    });
    expect(verify.status, await verify.clone().text()).toBe(200);

    const userID = session.userDetails.userID;
    const generated = await asAdmin('POST', '/ulca/user-mgmt/v1/users/generateApiKey', { userID, appName: APP });
    expect(generated.status).toBe(200);
    const fullKey = (generated.json.data as { ulcaApiKey: string }).ulcaApiKey;
    const keyCall = async (path: string, body: unknown) => {
      const r = await fetch(`${platform.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ulcaApiKey: fullKey },
        body: JSON.stringify(body),
      });
      expect(r.status, await r.clone().text()).toBe(200);
      return (await r.json()) as Record<string, unknown>;
    };
    const config = await keyCall(PIPELINE_API.config, {
      pipelineTasks: [{ taskType: 'translation', config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } }],
    });
    const mt = (config.pipelineResponseConfig as { config: { serviceId: string }[] }[])[0].config[0].serviceId;
    await keyCall(MODEL_API.compute, { modelId: mt, input: [{ source: 'नमस्ते दुनिया' }], sourceLanguage: 'hi', targetLanguage: 'ur' });
    const keys = await asAdmin('POST', '/ulca/user-mgmt/v1/users/getApiKeysForProfile', { userID });
    keyId = (keys.json.data as { appName: string; ulcaApiKey: string }[]).find((k) => k.appName === APP)!.ulcaApiKey;
  });

  step('a change of the system account is refused by the server, whatever the route (403 SYSTEM_ACCOUNT)', async () => {
    const status = await asAdmin('POST', '/ulca/user-mgmt/v1/users/update/active/status', { email: SYSTEM_EMAIL, is_active: true });
    expect(status).toMatchObject({ status: 403, json: { code: 'SYSTEM_ACCOUNT' } });
    const edit = await asAdmin('POST', '/ulca/user-mgmt/v1/users/update', {
      users: [{ email: SYSTEM_EMAIL, firstName: 'Mine now', roles: ['ADMIN'], password: 'Tak3n!over' }],
    });
    expect(edit).toMatchObject({ status: 403, json: { code: 'SYSTEM_ACCOUNT' } });
  });

  step('User Details in Hindi: the system account is marked, with no switch; the admin deactivates the user', async () => {
    await openAs(page, '/admin/view-user-details', 'hi');
    await page.getByRole('heading', { level: 1, name: 'उपयोगकर्ता विवरण' }).waitFor();
    const table = page.getByRole('table', { name: 'उपयोगकर्ता' });
    await table.getByText(USER.email).waitFor();
    const system = table.getByRole('row').filter({ hasText: SYSTEM_EMAIL });
    await system.getByText('सिस्टम खाता', { exact: true }).waitFor();
    expect(await system.getByRole('switch').count()).toBe(0);
    expect(await system.getByRole('button').count()).toBe(0);
    // MUI's own pagination texts are Hindi too.
    await page.getByText(/^\d+ में से 1–\d+$/).waitFor();
    await checkPage(page, 'hi', 'users-hi', CHECK);

    await table.getByRole('switch', { name: `${USER.email} को निष्क्रिय करें` }).click();
    const confirm = page.getByRole('dialog', { name: `${USER.email} को निष्क्रिय करें?` });
    await confirm.getByText('कुछ भी हटाया नहीं जाता', { exact: false }).waitFor();
    await checkPage(page, 'hi', 'deactivate-confirm-hi', CHECK);
    await confirm.getByRole('button', { name: 'निष्क्रिय करें' }).click();
    await page.getByText('उपयोगकर्ता सफलतापूर्वक निष्क्रिय किया गया।').waitFor();
    await table.getByRole('switch', { name: `${USER.email} को सक्रिय करें` }).click();
    await page
      .getByRole('dialog', { name: `${USER.email} को सक्रिय करें?` })
      .getByRole('button', { name: 'सक्रिय करें' })
      .click();
    await page.getByText('उपयोगकर्ता सफलतापूर्वक सक्रिय किया गया।').waitFor();
  });

  step('the edit dialog in Hindi names the organisation instead of UNDEFINED and checks in Hindi', async () => {
    const table = page.getByRole('table', { name: 'उपयोगकर्ता' });
    // The toasts of the previous step leave first (5 s): under the dialog's backdrop they would read as low contrast.
    await expect.poll(() => page.locator('.notistack-Snackbar').count(), { timeout: 15_000 }).toBe(0);
    await table.getByRole('button', { name: `${USER.email} संपादित करें` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'प्रोफ़ाइल' }).waitFor();
    await dialog.getByText('कोई संगठन नहीं').waitFor();
    expect(await dialog.getByText('UNDEFINED').count()).toBe(0);
    await dialog.getByLabel('पूरा नाम').fill(' ');
    await dialog.getByRole('button', { name: 'सहेजें' }).click();
    await dialog.getByText('प्रोफ़ाइल का विवरण भरना अनिवार्य है').waitFor();
    await checkPage(page, 'hi', 'edit-hi', CHECK);
    await dialog.getByRole('button', { name: 'रद्द करें' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  step('the audit log in Hindi names the users by name and e-mail, and says the system account was refused', async () => {
    await page.getByRole('tab', { name: 'ऑडिट लॉग' }).click();
    const log = page.getByRole('table', { name: 'ऑडिट लॉग' });
    await log.getByText('सिस्टम खाते में बदलाव अस्वीकृत').first().waitFor();
    await log.getByText('उपयोगकर्ता सक्रिय या निष्क्रिय किया गया').first().waitFor();
    const refused = log.getByRole('row').filter({ hasText: 'सिस्टम खाते में बदलाव अस्वीकृत' }).first();
    await refused.getByText('ULCA reference models').waitFor();
    const status = log.getByRole('row').filter({ hasText: 'उपयोगकर्ता सक्रिय या निष्क्रिय किया गया' }).first();
    await status.getByText(USER.name).waitFor();
    await status.getByText(USER.email).waitFor();
    await checkPage(page, 'hi', 'audit-hi', CHECK);
  });

  step('User Details and the audit log in Tamil', async () => {
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
    await page.getByRole('heading', { level: 1, name: 'பயனர் விவரங்கள்' }).waitFor();
    await page.getByRole('table', { name: 'தணிக்கைப் பதிவு' }).getByText('அமைப்புக் கணக்கை மாற்றுவது மறுக்கப்பட்டது').first().waitFor();
    await checkPage(page, 'ta', 'audit-ta', CHECK);
    await page.getByRole('tab', { name: 'பயனர்கள்' }).click();
    await page.getByRole('table', { name: 'பயனர்கள்' }).getByText(USER.email).waitFor();
    await page.getByText(/^\d+ இல் 1–\d+$/).waitFor();
    await checkPage(page, 'ta', 'users-ta', CHECK);
  });

  step('Usage and quotas in Tamil: the key with its application and owner, and the daily limits', async () => {
    const quota = await asAdmin('POST', '/ulca/apis/v0/usage/quota', { ulcaApiKey: '*', unit: 'characters', dailyLimit: 100000 });
    expect(quota.status).toBe(200);
    await page.getByRole('tab', { name: 'பயன்பாடும் ஒதுக்கீடும்' }).click();
    const row = page.getByTestId('key-usage-row').filter({ hasText: APP });
    await row.getByText('admin@ulca.local').waitFor();
    await page.getByRole('table', { name: 'தினசரி வரம்புகள்' }).getByText('எல்லாச் சாவிகளும் (இயல்புநிலை)').waitFor();
    // Indian grouping of the limit: 1,00,000.
    await page.getByRole('table', { name: 'தினசரி வரம்புகள்' }).getByText('1,00,000').waitFor();
    await checkPage(page, 'ta', 'usage-tab-ta', CHECK);
  });

  step("the key's usage page in Tamil and in Hindi", async () => {
    await openAs(page, `/usage?key=${encodeURIComponent(keyId)}`, 'ta');
    await page.getByRole('heading', { level: 1, name: `${APP} பயன்பாடு` }).waitFor();
    const table = page.getByRole('table', { name: 'நாள், மாதிரி, பணி வாரியான பயன்பாடு' });
    await table.locator('tbody tr').first().waitFor();
    await page.getByTestId('usage-chart').getByRole('group', { name: 'நாள்தோறும் அழைப்புகள், கடந்த 30 நாட்கள்' }).waitFor();
    await checkPage(page, 'ta', 'usage-ta', CHECK);
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await page.getByRole('heading', { level: 1, name: `${APP} का उपयोग` }).waitFor();
    await checkPage(page, 'hi', 'usage-hi', CHECK);
  });

  step('on a phone in Tamil: Active and Edit stay on screen; the audit log and the usage page', async () => {
    const small = await newPageWithTimeout(phone, 30_000);
    await openAs(small, '/admin/view-user-details', 'ta');
    const table = small.getByRole('table', { name: 'பயனர்கள்' });
    await table.getByText(USER.email).waitFor();
    const row = table.getByRole('row').filter({ hasText: USER.email });
    for (const control of [
      row.getByRole('switch', { name: `${USER.email} கணக்கை முடக்கு` }),
      row.getByRole('button', { name: `${USER.email} கணக்கைத் திருத்து` }),
    ]) {
      const box = await control.boundingBox();
      expect(box, 'visible').not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    }
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkPage(small, 'ta', 'phone-users-ta', CHECK);
    await small.getByRole('tab', { name: 'தணிக்கைப் பதிவு' }).click();
    await small.getByRole('table', { name: 'தணிக்கைப் பதிவு' }).locator('tbody tr').first().waitFor();
    await checkPage(small, 'ta', 'phone-audit-ta', CHECK);
    await small.getByRole('tab', { name: 'பயன்பாடும் ஒதுக்கீடும்' }).click();
    await small.getByTestId('key-usage-row').first().waitFor();
    await checkPage(small, 'ta', 'phone-usage-tab-ta', CHECK);
    await small.goto(at(`/usage?key=${encodeURIComponent(keyId)}`));
    await small.getByRole('heading', { level: 1, name: `${APP} பயன்பாடு` }).waitFor();
    await checkPage(small, 'ta', 'phone-usage-ta', CHECK);
    await small.getByTestId('language-switcher').click();
    await small.getByRole('menuitem', { name: 'हिन्दी' }).click();
    // The choice is remembered once the Hindi catalogue has loaded.
    await expect.poll(() => htmlLang(small)).toBe('hi');
    await small.goto(at('/admin/view-user-details'));
    await small.getByRole('heading', { level: 1, name: 'उपयोगकर्ता विवरण' }).waitFor();
    await small.getByRole('table', { name: 'उपयोगकर्ता' }).getByText(USER.email).waitFor();
    await checkPage(small, 'hi', 'phone-users-hi', CHECK);
    await small.getByRole('tab', { name: 'उपयोग और कोटा' }).click();
    await small.getByTestId('key-usage-row').first().waitFor();
    await checkPage(small, 'hi', 'phone-usage-tab-hi', CHECK);
    await small.close();
  });
});
