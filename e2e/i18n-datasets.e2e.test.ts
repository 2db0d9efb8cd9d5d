/**
 * The dataset screens in Hindi and Tamil (docs/product.md#languages-of-the-interface), in headless
 * Chromium against the real platform: a benchmark-dataset contributor whose browser asks for
 * Hindi submits a dataset whose records all fail, and a benchmark dataset, through the Hindi form;
 * the thank-you page leads to My Contribution with the new row highlighted, on the Benchmark
 * Dataset tab for the benchmark (issue #22 item 6); the status page of the failed dataset shows
 * its stages and error summary. Then the same pages in Tamil, and on a phone (390×844) in Tamil
 * and Hindi with Status and Failed Count on screen (issue #22 item 13). On every page `<html
 * lang>` follows, no visible text is still the English catalogue's (englishLeft) and axe-core
 * finds no WCAG 2.1 AA violation. Screenshots: test-results/e2e/i18n-datasets-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture, zipFolder } from '../apps/server/src/test/fixtures.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { checkPage, htmlLang, type PageCheck } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'Str0ng!pass';
const STAMP = Date.now().toString(36);
const USER = { name: 'Kavya Raman', email: `kavya.raman+${STAMP}@example.org` };
/** User data in the interface's scripts, so that no name reads as an English catalogue text. */
const FAILED_NAME = `गलत लिपि के वाक्य ${STAMP}`;
const BENCHMARK_NAME = `हिन्दी–मराठी वाक्य ${STAMP}`;
const PIPELINE_TIMEOUT_MS = 120_000;

const benchmarkParams = {
  name: BENCHMARK_NAME,
  taskType: { type: 'translation' },
  description: 'Three Hindi sentences with Marathi references, written for the language test.',
  languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
  collectionSource: ['written for this test'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'Pune Language Lab' },
};

let platform: RunningPlatform;
let fixtures: FixtureServer;
let dir: string;
let browser: Browser;
let wide: BrowserContext;
let phone: BrowserContext;
let page: Page;
let failedSrn = '';

const SHOT_PREFIX = 'i18n-datasets-';
const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/** The checks of every page (checkPage of e2e/support/i18n.ts): `<html lang>`, no English catalogue text left, no WCAG 2.1 AA violation. */
const CHECK: PageCheck = {
  shoot: takeShot,
  // A toast passing by (fading in or out) is measured half transparent by axe: let it leave first
  // (notistack loads lazily, so the "please wait" toast may appear only after a short while).
  settle: async (p) => {
    await p.waitForTimeout(1000);
    await p.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
  },
};

/** Signs in through the login page of `p` (its interface in whatever language the browser chose). */
async function signIn(p: Page): Promise<void> {
  await p.goto(at('/user/login'));
  await p.locator('input[type=email]').fill(USER.email);
  await p.locator('input[type=password]').fill(PASSWORD);
  await p.locator('form button[type=submit]').click();
  await p.getByTestId('language-switcher').waitFor();
  await expect.poll(() => new URL(p.url()).pathname, { timeout: 15_000 }).not.toBe('/ulca/user/login');
}

/** Fills the submit form (in Hindi), ticks the benchmark box when asked, submits; returns the service request number. */
async function submit(name: string, url: string, benchmark: boolean): Promise<string> {
  await page.goto(at('/dataset/upload'));
  await page.getByRole('heading', { level: 1, name: 'डेटासेट जमा करें' }).waitFor();
  await page.getByLabel('डेटासेट का नाम').fill(name);
  await page.getByLabel('डेटासेट URL').fill(url);
  if (benchmark) await page.getByRole('checkbox', { name: 'यह एक बेंचमार्क डेटासेट है' }).check();
  await page.getByRole('button', { name: 'जमा करें', exact: true }).click();
  await page.getByRole('heading', { name: 'आपके योगदान के लिए धन्यवाद!' }).waitFor({ timeout: 30_000 });
  return (await page.getByLabel('सेवा अनुरोध संख्या').innerText()).trim();
}

/** Waits (clicking Refresh while offered) until the status page's stages have all finished. */
async function waitForStages(p: Page, refresh: string, tableName: string): Promise<void> {
  const table = p.getByRole('table', { name: tableName });
  await expect
    .poll(
      async () => {
        const button = p.getByRole('button', { name: refresh });
        if (await button.isEnabled().catch(() => false)) await button.click();
        return (await table.locator('tbody tr').count()) === 4 && !(await p.getByRole('progressbar').count());
      },
      { timeout: PIPELINE_TIMEOUT_MS, interval: 1000 },
    )
    .toBe(true);
}

/** The right edge of the (visible) header cell named `name` is inside the viewport of `p` (390 px wide). */
async function headerOnScreen(p: Page, name: string): Promise<void> {
  const box = await p.getByRole('columnheader', { name, exact: true }).first().boundingBox();
  expect(box, `column ${name}`).not.toBeNull();
  expect(box!.x + box!.width, `column ${name}`).toBeLessThanOrEqual(390);
}

describe('the dataset screens in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-i18n-datasets-'));
    await zipFixture('parallel-all-invalid', dir);
    const folder = path.join(dir, 'benchmark');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'params.json'), JSON.stringify(benchmarkParams, null, 2));
    const pairs = [
      ['बिल्ली सो रही है', 'मांजर झोपली आहे'],
      ['नदी शांत बहती है', 'नदी शांत वाहते'],
      ['चिड़िया गाती है', 'पक्षी गातो'],
    ];
    fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(pairs.map(([sourceText, targetText]) => ({ sourceText, targetText }))));
    await zipFolder(folder, path.join(dir, 'hi-mr-benchmark.zip'));
    fixtures = await startFixtureServer(dir);
    platform = await startPlatform();
    browser = await launchChromium();
    wide = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'hi-IN',
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ta-IN',
      timezoneId: 'Asia/Kolkata',
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    page = await newPageWithTimeout(wide, 30_000);
  }, 180_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, fixtures, platform, broken: journey.broken, tempDirs: [dir] }));

  const { step } = journey;

  step('a benchmark-dataset contributor with a Hindi browser signs in', async () => {
    const res = await fetch(at('/user-mgmt/v1/users/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: USER.name, email: USER.email, password: PASSWORD }] }),
    });
    expect(res.status).toBe(200);
    await page.goto(await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`));
    const post = (email: string, password: string) =>
      fetch(at('/user-mgmt/v1/users/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ authenticator: 'ULCA', data: { email, password } }),
      });
    // The activation page (in Hindi) activates the account through the API: wait until it has.
    await expect.poll(async () => (await post(USER.email, PASSWORD)).status, { timeout: 15_000, interval: 500 }).toBe(200);
    const login = async (email: string, password: string) => {
      const r = await post(email, password);
      expect(r.status).toBe(200);
      const body = (await r.json()) as { data: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } } };
      return { keys: body.data.userKeys, userID: body.data.userDetails.userID };
    };
    const me = await login(USER.email, PASSWORD);
    const admin = await login('admin@ulca.local', platform.adminPassword);
    const update = await signedFetch(platform.baseUrl, admin.keys, 'POST', '/ulca/user-mgmt/v1/users/update', {
      users: [{ userID: me.userID, email: USER.email, firstName: USER.name, roles: ['BENCHMARK-DATASET-CONTRIBUTOR'], orgID: 'UNDEFINED' }],
    });
    expect(update.status, JSON.stringify(update.json)).toBe(200);
    await signIn(page);
  });

  step('Submit Dataset in Hindi, with the sample datasets to download', async () => {
    await page.goto(at('/dataset/upload'));
    await page.getByRole('heading', { level: 1, name: 'डेटासेट जमा करें' }).waitFor();
    const sample = page.getByRole('link', { name: 'parallel-en-hi (zip)' });
    await sample.waitFor();
    const zip = await fetch(new URL((await sample.getAttribute('href')) ?? '', platform.baseUrl));
    expect(zip.headers.get('content-type')).toBe('application/zip');
    // A validation message of the spec, in Hindi.
    await page.getByLabel('डेटासेट URL').fill('ftp://example.org/d.zip');
    await page.getByLabel('डेटासेट का नाम').click();
    await page.getByText('ftp लिंक समर्थित नहीं हैं: zip फ़ाइल http या https से साझा करें').waitFor();
    await checkPage(page, 'hi', 'submit-hi', CHECK);
  });

  step('a dataset submitted in Hindi: thank-you page, then My Contribution with its row highlighted', async () => {
    failedSrn = await submit(FAILED_NAME, fixtures.url('parallel-all-invalid.zip'), false);
    await checkPage(page, 'hi', 'thanks-hi', CHECK);
    await page.getByRole('link', { name: 'मेरे योगदान पर जाएँ' }).click();
    await page.getByRole('heading', { level: 1, name: 'मेरा योगदान' }).waitFor();
    const row = page.getByRole('table', { name: 'जमा किए गए डेटासेट' }).locator('tbody tr').filter({ hasText: failedSrn });
    await expect.poll(() => row.getAttribute('data-highlighted'), { timeout: 10_000 }).toBe('true');
    expect(await page.getByRole('tab', { name: 'जमा किए गए डेटासेट' }).getAttribute('aria-selected')).toBe('true');
    await checkPage(page, 'hi', 'my-contribution-hi', CHECK);
  });

  step('a benchmark dataset: "go to my contribution" opens the Benchmark Dataset tab with its row highlighted', async () => {
    const srn = await submit(BENCHMARK_NAME, fixtures.url('hi-mr-benchmark.zip'), true);
    await page.getByText('आपका बेंचमार्क डेटासेट जमा हो गया है।', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'मेरे योगदान पर जाएँ' }).click();
    await expect.poll(() => page.getByRole('tab', { name: 'बेंचमार्क डेटासेट' }).getAttribute('aria-selected')).toBe('true');
    const row = page.getByRole('table', { name: 'बेंचमार्क डेटासेट' }).locator('tbody tr').filter({ hasText: BENCHMARK_NAME });
    await expect.poll(() => row.getAttribute('data-highlighted'), { timeout: 15_000 }).toBe('true');
    expect(srn).not.toBe('');
    await expect.poll(() => row.locator('td').nth(1).innerText(), { timeout: PIPELINE_TIMEOUT_MS }).toBe('अनुवाद');
    await checkPage(page, 'hi', 'my-contribution-benchmark-hi', CHECK);
  });

  step('the status page of the failed dataset in Hindi: stages, statuses and the error summary', async () => {
    await page.goto(at(`/dataset-status/${encodeURIComponent(failedSrn)}`));
    await waitForStages(page, 'रीफ़्रेश करें', 'संसाधन के चरण');
    const stages = page.getByRole('table', { name: 'संसाधन के चरण' });
    await expect.poll(() => stages.locator('tbody tr').nth(2).innerText()).toMatch(/सत्यापन\s+विफल/);
    const summary = page.getByRole('table', { name: 'त्रुटि सारांश' });
    await summary.getByText('कोई टेक्स्ट अपनी भाषा की लिपि में नहीं लिखा है।').waitFor();
    await checkPage(page, 'hi', 'status-hi', CHECK);
  });

  step('the same pages in Tamil after the switcher', async () => {
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
    await expect.poll(() => htmlLang(page)).toBe('ta');
    await page.getByRole('table', { name: 'செயலாக்கக் கட்டங்கள்' }).waitFor();
    await checkPage(page, 'ta', 'status-ta', CHECK);
    await page.goto(at('/dataset/my-contribution'));
    await page.getByRole('heading', { level: 1, name: 'என் பங்களிப்பு' }).waitFor();
    await page.getByRole('table', { name: 'சமர்ப்பித்த தரவுத்தொகுப்புகள்' }).locator('tbody tr').first().waitFor();
    await checkPage(page, 'ta', 'my-contribution-ta', CHECK);
    await page.getByRole('tab', { name: 'பெஞ்ச்மார்க் தரவுத்தொகுப்பு' }).click();
    await page.getByRole('table', { name: 'பெஞ்ச்மார்க் தரவுத்தொகுப்புகள்' }).locator('tbody tr').first().waitFor();
    await checkPage(page, 'ta', 'my-contribution-benchmark-ta', CHECK);
    await page.goto(at('/dataset/upload'));
    await page.getByRole('heading', { level: 1, name: 'தரவுத்தொகுப்பைச் சமர்ப்பி' }).waitFor();
    await page.getByRole('link', { name: 'parallel-en-hi (zip)' }).waitFor();
    await checkPage(page, 'ta', 'submit-ta', CHECK);
  });

  step('on a phone (a Tamil browser), then in Hindi: Status and Failed Count stay on screen', async () => {
    const small = await newPageWithTimeout(phone, 30_000);
    await signIn(small);
    for (const lang of ['ta', 'hi'] as const) {
      if (lang === 'hi') {
        await small.getByTestId('language-switcher').click();
        await small.getByRole('menuitem', { name: 'हिन्दी' }).click();
        await expect.poll(() => htmlLang(small)).toBe('hi');
      }
      const text =
        lang === 'ta'
          ? { title: 'என் பங்களிப்பு', status: 'நிலை', failed: 'தோல்வி எண்ணிக்கை', table: 'செயலாக்கக் கட்டங்கள்', refresh: 'புதுப்பி' }
          : { title: 'मेरा योगदान', status: 'स्थिति', failed: 'विफल संख्या', table: 'संसाधन के चरण', refresh: 'रीफ़्रेश करें' };
      await small.goto(at('/dataset/my-contribution'));
      await small.getByRole('heading', { level: 1, name: text.title }).waitFor();
      await small.locator('tbody tr').first().waitFor();
      await headerOnScreen(small, text.status);
      await checkPage(small, lang, `phone-my-contribution-${lang}`, CHECK);
      await small.goto(at(`/dataset-status/${encodeURIComponent(failedSrn)}`));
      await waitForStages(small, text.refresh, text.table);
      // On a phone each stage's status chip sits under its name; the counts keep their columns.
      const chip = await small.getByRole('table', { name: text.table }).locator('tbody tr .MuiChip-root').first().boundingBox();
      expect(chip && chip.x + chip.width).toBeLessThanOrEqual(390);
      await headerOnScreen(small, text.failed);
      await checkPage(small, lang, `phone-status-${lang}`, CHECK);
    }
    await small.close();
  });
});
