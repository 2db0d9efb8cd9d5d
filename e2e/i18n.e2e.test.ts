/**
 * The interface in Hindi and Tamil (docs/product.md#languages-of-the-interface), in headless
 * Chromium against the real platform with the offline reference models on: a first visit from a
 * Hindi browser gets the dashboard prerendered in Hindi (readable with scripts off) and the app
 * takes over without an error; the header switcher moves it to Tamil, which is remembered across
 * a reload and by the server; a model page in both languages; `<html lang>` follows every time,
 * axe-core finds no WCAG 2.1 AA violation on those pages, and back in English the spec's texts are
 * unchanged. Screenshots at 1366×900 and 390×844: test-results/e2e/i18n-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { axeViolations, checkPage, englishLeft, htmlLang } from './support/i18n.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-';

let platform: RunningPlatform;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let modelId = '';

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

describe('the interface in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform({ env: { REFERENCE_MODELS: 'true' } });
    const res = await fetch(at('/apis/v0/model/search'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'translation', sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' }),
    });
    const listed = ((await res.json()) as { data: { modelId: string }[] }).data;
    if (!listed[0]) throw new Error(`no translation model listed:\n${platform.output().slice(-3000)}`);
    modelId = listed[0].modelId;
    browser = await launchChromium();
    // A visitor whose browser asks for Hindi first.
    desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'hi-IN', bypassCSP: true });
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ta-IN',
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    page = await newPageWithTimeout(desktop, 30_000);
  }, 180_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken }));

  const { step } = journey;

  step('the server answers the dashboard prerendered in the browser’s language: readable before any script runs', async () => {
    const noScript = await browser.newContext({
      viewport: { width: 412, height: 860 },
      locale: 'hi-IN',
      javaScriptEnabled: false,
      userAgent:
        'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    });
    // Not newPageWithTimeout: with scripts off the app never takes over the page.
    const bare = await noScript.newPage();
    bare.setDefaultTimeout(30_000);
    await bare.goto(at('/dashboard'));
    await bare.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
    await bare.getByText(/ULCA पर हर भाषा के लिए प्रकाशित डेटासेट/).waitFor();
    expect(await bare.title()).toBe('डैशबोर्ड | ULCA');
    expect(await bare.locator('html').getAttribute('lang')).toBe('hi');
    await takeShot(bare, 'dashboard-hi-prerendered-phone');
    await bare.goto(at('/model/explore-models'));
    await bare.getByRole('heading', { level: 1, name: 'मॉडल देखें' }).waitFor();
    await noScript.close();
  });

  step('a first visit from a Hindi browser opens the dashboard in Hindi', async () => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(String(e)));
    await page.goto(at('/dashboard'));
    // <html lang> turns to Hindi once the lazily loaded Hindi catalogue is in: more than poll's 1 s on a busy machine.
    await expect.poll(() => htmlLang(page), { timeout: 30_000 }).toBe('hi');
    await page.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
    await page
      .getByText(/प्रति भाषा वाक्य/)
      .first()
      .waitFor();
    await expect.poll(() => page.getByTestId('language-switcher').innerText()).toBe('हिन्दी');
    await checkPage(page, 'hi', 'dashboard-hi', { shoot: takeShot });
    // The app replaced the prerendered page (not added a second one beside it), without an error.
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('main').count()).toBe(1);
    expect(problems).toEqual([]);
    page.removeAllListeners('console');
    page.removeAllListeners('pageerror');
  });

  step('the switcher lists each language in its own script and moves the page to Tamil, remembered', async () => {
    await page.getByTestId('language-switcher').click();
    const options = page.getByRole('menuitem');
    // The menu's code loads on first open (components/LanguageMenu.tsx).
    await options.first().waitFor();
    expect(await options.allInnerTexts()).toEqual(['English', 'हिन्दी', 'தமிழ்']);
    expect(await options.evaluateAll((els) => els.map((e) => e.getAttribute('lang')))).toEqual(['en', 'hi', 'ta']);
    await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
    await expect.poll(() => htmlLang(page)).toBe('ta');
    await page.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('ulca.language'))).toBe('ta');
    // The choice reaches the server too (a cookie): the next prerendered page is Tamil before any script.
    const served = await page.request.get(at('/dashboard'));
    expect(await served.text()).toMatch(/<html lang="ta">[\s\S]*டாஷ்போர்டு/);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' }).waitFor();
    expect(await htmlLang(page)).toBe('ta');
    await page.getByRole('navigation', { name: 'முதன்மை' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'dashboard-ta');
  });

  step('a model page in Tamil and in Hindi', async () => {
    await page.goto(at(`/search-model/${encodeURIComponent(modelId)}/model`));
    await page.getByTestId('engine-card').waitFor({ timeout: 60_000 });
    expect(await htmlLang(page)).toBe('ta');
    await page.getByRole('link', { name: 'ULCA பற்றி' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'model-ta');
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await expect.poll(() => htmlLang(page)).toBe('hi');
    await page.getByRole('link', { name: 'ULCA के बारे में' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await takeShot(page, 'model-hi');
  });

  step('on a phone (a Tamil browser): dashboard and model page in Tamil, then Hindi from the drawer-less header', async () => {
    const small = await newPageWithTimeout(phone, 30_000);
    await small.goto(at('/dashboard'));
    await small.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' }).waitFor();
    expect(await htmlLang(small)).toBe('ta');
    expect(await axeViolations(small)).toEqual([]);
    await takeShot(small, 'phone-dashboard-ta');
    await small.getByTestId('language-switcher').click();
    await small.getByRole('menuitem', { name: 'हिन्दी' }).click();
    await small.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
    await small.goto(at(`/search-model/${encodeURIComponent(modelId)}/model`));
    await small.getByTestId('engine-card').waitFor({ timeout: 60_000 });
    expect(await htmlLang(small)).toBe('hi');
    expect(await axeViolations(small)).toEqual([]);
    await takeShot(small, 'phone-model-hi');
    await small.close();
  });

  step('back in English the spec texts are unchanged and <html lang> is en', async () => {
    await page.goto(at('/dashboard'));
    await page.getByTestId('language-switcher').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => htmlLang(page)).toBe('en');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page
      .getByText(/Sentences per language/)
      .first()
      .waitFor();
    await page.getByRole('link', { name: 'About ULCA' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The check of the Hindi pages above can fail: the English page is full of English catalogue text.
    expect(await englishLeft(page, 'hi')).toContain('Dashboard');
    await takeShot(page, 'dashboard-en');
  });
});
