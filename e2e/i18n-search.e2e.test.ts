/**
 * Search & Download, My Searches and the dataset viewer in Hindi and Tamil
 * (docs/product.md#languages-of-the-interface, #search-and-download, #dataset-viewer), in headless
 * Chromium against the real platform: the admin publishes the parallel fixture and runs a search
 * through the API; then, signed in, in Hindi and in Tamil, wide (1366×900) and on a phone
 * (390×844): the search form, My Searches (with the link to the search's records), the search's
 * result, the search's records in the viewer and the dataset's viewer. Every page has `<html lang>`
 * of its language, no visible English catalogue text and no axe-core WCAG 2.1 AA violation.
 * Screenshots: test-results/e2e/i18n-search-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture } from '../apps/server/src/test/fixtures.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { checkPage, type PageCheck } from './support/i18n.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-search-';
const takeShot = screenshotTaker(SHOT_PREFIX);
/** How long publishing the fixture or a search may take. */
const JOB_TIMEOUT_MS = 120_000;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let dir: string;
let browser: Browser;
let session: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } };
let datasetId = '';
let srn = '';
const contexts: BrowserContext[] = [];
let page: Page | undefined;
/** Each language and size is its own journey: one failing does not skip the others. */
const journeys: Journey[] = [];
function step(name: string, fn: () => Promise<void>): void {
  const j = new Journey(async () => {
    if (page) await takeShot(page, `FAILED-${journeys.indexOf(j)}`);
  });
  journeys.push(j);
  j.step(name, fn);
}
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/** Polls `read` until it returns a truthy value (or throws after JOB_TIMEOUT_MS). */
async function until<T>(what: string, read: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + JOB_TIMEOUT_MS;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what} did not finish in time`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** A signed-in browser page in `lang` at `size` (the session and the language put in local storage before any script runs). */
async function signedInPage(lang: 'hi' | 'ta', size: 'wide' | 'phone'): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: size === 'wide' ? { width: 1366, height: 900 } : { width: 390, height: 844 },
    ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    locale: lang === 'hi' ? 'hi-IN' : 'ta-IN',
    timezoneId: 'Asia/Kolkata',
    bypassCSP: true,
  });
  contexts.push(ctx);
  await ctx.addInitScript(
    ([s, l]) => {
      localStorage.setItem('ulca.session', s);
      localStorage.setItem('ulca.language', l);
    },
    [JSON.stringify(session), lang] as const,
  );
  return newPageWithTimeout(ctx, 30_000);
}

/** The checks of every page (checkPage of e2e/support/i18n.ts): `lang`, no English catalogue text, no WCAG 2.1 AA violation, no sideways scroll; then its screenshot. */
const CHECK: PageCheck = {
  shoot: takeShot,
  // Let toasts and transitions settle before reading the page.
  settle: (p) => p.waitForTimeout(400),
  noSideScroll: true,
};

/** The words each language's pages are waited on by (the catalogue's own texts). */
const WORDS = {
  hi: {
    searchTitle: 'रिकॉर्ड खोजें और डाउनलोड करें',
    targets: 'लक्ष्य भाषाएँ',
    mySearches: 'मेरी खोजें',
    result: 'खोज का परिणाम',
    view: 'देखें',
    searchRecords: `खोज ${'{srn}'} के रिकॉर्ड`,
    versions: 'संस्करण',
    hindi: 'हिन्दी',
    advanced: 'उन्नत फ़िल्टर',
    submit: 'जमा करें',
    mandatory: 'यह फ़ील्ड अनिवार्य है',
    cite: 'संस्करण 1 उद्धृत करें',
    close: 'बंद करें',
  },
  ta: {
    searchTitle: 'பதிவுகளைத் தேடிப் பதிவிறக்கு',
    targets: 'இலக்கு மொழிகள்',
    mySearches: 'என் தேடல்கள்',
    result: 'தேடல் முடிவு',
    view: 'பார்',
    searchRecords: `தேடல் ${'{srn}'} இன் பதிவுகள்`,
    versions: 'பதிப்புகள்',
    hindi: 'இந்தி (हिन्दी)',
    advanced: 'மேம்பட்ட வடிகட்டிகள்',
    submit: 'சமர்ப்பி',
    mandatory: 'இந்தப் புலம் கட்டாயம்',
    cite: 'பதிப்பு 1 ஐ மேற்கோள் காட்டு',
    close: 'மூடு',
  },
} as const;

/** The five pages in `lang` at `size`, each checked. */
async function visitAll(lang: 'hi' | 'ta', size: 'wide' | 'phone'): Promise<void> {
  const w = WORDS[lang];
  page = await signedInPage(lang, size);
  const p = page;
  const tag = `${size}-${lang}`;

  await p.goto(at('/search-and-download-rec/initiate/-1'));
  await p.getByRole('heading', { level: 1, name: w.searchTitle }).waitFor();
  await p.getByRole('combobox', { name: w.targets }).waitFor();
  await checkPage(p, lang, `form-${tag}`, CHECK);
  // A target language (named in the interface language) opens the filters; Submit without a source says it is mandatory.
  const targets = p.getByRole('combobox', { name: w.targets });
  await targets.click();
  await targets.fill(w.hindi);
  await p.getByRole('option', { name: w.hindi, exact: true }).click();
  await p.keyboard.press('Escape');
  await p.getByRole('switch', { name: w.advanced }).check();
  await p.getByRole('button', { name: w.submit, exact: true }).click();
  await p.getByText(w.mandatory).first().waitFor();
  await checkPage(p, lang, `form-filled-${tag}`, CHECK);

  await p.goto(at('/my-searches'));
  await p.getByRole('heading', { level: 1, name: w.mySearches }).waitFor();
  const row = p.getByRole('table', { name: w.mySearches }).getByRole('row').filter({ hasText: srn });
  await row.waitFor();
  await checkPage(p, lang, `my-searches-${tag}`, CHECK);
  // The link to the search's records (a cell from sm up, folded into the first cell on a phone).
  await row.getByRole('link', { name: srn }).filter({ visible: true }).click();
  await p.getByRole('heading', { level: 1, name: w.searchRecords.replace('{srn}', srn) }).waitFor();
  await expect.poll(() => p.getByTestId('viewer-record').count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await checkPage(p, lang, `search-records-${tag}`, CHECK);

  await p.goto(at(`/search-and-download-rec/completed/${srn}`));
  await p.getByRole('heading', { level: 1, name: w.result }).waitFor();
  await checkPage(p, lang, `search-result-${tag}`, CHECK);

  await p.goto(at(`/datasets/${datasetId}`));
  await expect.poll(() => p.getByTestId('viewer-record').count(), { timeout: 30_000 }).toBe(5);
  await p.getByRole('table', { name: w.versions }).waitFor();
  await checkPage(p, lang, `dataset-${tag}`, CHECK);
  await p.getByRole('button', { name: w.cite }).filter({ visible: true }).click();
  await expect.poll(() => p.getByTestId('citation').innerText(), { timeout: 30_000 }).toContain('@misc');
  await checkPage(p, lang, `cite-${tag}`, CHECK);
  await p.getByRole('button', { name: w.close }).click();
}

describe('search and the dataset viewer in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-i18n-search-'));
    await zipFixture('parallel-valid', dir);
    fixtures = await startFixtureServer(dir);
    platform = await startPlatform();
    const login = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    session = ((await login.json()) as { data: typeof session }).data;
    const keys = session.userKeys;
    const userId = session.userDetails.userID;
    const submitted = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
      datasetName: 'Everyday sentences (i18n e2e)',
      url: fixtures.url('parallel-valid.zip'),
      userId,
    });
    expect(submitted.status).toBe(200);
    const sub = submitted.json.data as { serviceRequestNumber: string; datasetId: string };
    datasetId = sub.datasetId;
    await until('publish', async () => {
      const s = await signedFetch(
        platform.baseUrl,
        keys,
        'GET',
        `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${sub.serviceRequestNumber}`,
      );
      if (s.json.status === 'Failed') throw new Error(`the fixture did not publish: ${JSON.stringify(s.json)}`);
      return s.json.status === 'Completed' ? true : null;
    });
    const search = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
    });
    expect(search.status, JSON.stringify(search.json)).toBe(200);
    srn = (search.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
    await until('search', async () => {
      const s = await signedFetch(platform.baseUrl, keys, 'GET', `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${srn}`);
      const status = (s.json.data as { status: { status: string }[] }).status.map((x) => x.status);
      if (status.includes('Failed')) throw new Error(`the search failed: ${JSON.stringify(s.json)}`);
      return status.includes('Completed') ? true : null;
    });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, fixtures, platform, broken: journeys.some((j) => j.broken), tempDirs: [dir] });
  });

  step('in Hindi, wide: form, My Searches, the search records, the result, the dataset viewer', () => visitAll('hi', 'wide'));
  step('in Tamil, wide', () => visitAll('ta', 'wide'));
  step('in Hindi, on a phone', () => visitAll('hi', 'phone'));
  step('in Tamil, on a phone', () => visitAll('ta', 'phone'));
});
