/**
 * The benchmark pages in Hindi and Tamil (docs/product.md#languages-of-the-interface), in headless
 * Chromium against the real platform on a fresh install (DEMO_DATA and the offline reference models
 * on): the bundled benchmarks publish and the reference models are scored on every metric their task
 * offers (issue #22 item 14), and a second translation model is run on the Hindi→Urdu benchmark so
 * runs can be compared. In Hindi at 1366×900 and in Tamil at 390×844 (then the other way round):
 * the benchmark list, the Hindi→Urdu benchmark's page with its leaderboard on every metric tab (none
 * empty), the metric definitions, the run comparison, and a benchmark that does not exist (it says
 * so, with a way back and no "Try again"); each asserts `<html lang>`, no visible English catalogue
 * text and no axe-core WCAG 2.1 AA violation. The bundled benchmark's Download gives its zip, and on a
 * phone the leaderboard's model names wrap between words only (issue #22 item 18). Screenshots:
 * test-results/e2e/i18n-benchmarks-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { embeddedDatabaseUrl } from '../apps/server/src/test/server-process.ts';
import { startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { axeViolations, catalogueMessage, checkPage, englishLeft, htmlLang, noSideScroll, type PageCheck } from './support/i18n.ts';
import { REPO_ROOT, startPlatform, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-benchmarks-';
const HI_UR = 'Demo benchmark: Hindi-Urdu translation';
const SECOND_MODEL = 'Sindhu Hindi-Urdu MT';
const DRAFT_MODEL = 'Ravi Hindi-Urdu MT draft';
/** The metrics translation offers (docs/benchmarks.md#benchmark-runs-and-leaderboards): one tab each. */
const TRANSLATION_METRICS = 8;

type Lang = 'hi' | 'ta';
type Texts = { [k: string]: string | Texts };
/** The benchmarks catalogue of a language (the texts the pages must show). */
const catalogue = (lang: Lang): Texts =>
  (
    JSON.parse(fs.readFileSync(path.join(REPO_ROOT, `apps/web/src/lib/i18n/locales/${lang}/benchmarks.json`), 'utf8')) as {
      benchmarks: Texts;
    }
  ).benchmarks;
const text = (lang: Lang, key: string): string => {
  const v = key.split('.').reduce<string | Texts>((node, k) => (node as Texts)[k], catalogue(lang));
  if (typeof v !== 'string') throw new Error(`no catalogue text ${lang}:${key}`);
  return v;
};

let platform: RunningPlatform;
let ms: TestModelServer;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let benchmarkId = '';
/** The admin's login answer, stored as the web app stores a session (lib/session.ts). */
let session: unknown;

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/** Opens `p` in `lang` (the remembered choice), waiting for `<html lang>`. */
async function open(target: Page, lang: Lang, p: string): Promise<void> {
  await target.goto(at(p));
  await target.evaluate((l) => localStorage.setItem('ulca.language', l), lang);
  await target.reload();
  await expect.poll(() => htmlLang(target)).toBe(lang);
}

/** The checks of a page as it is now (checkPage of e2e/support/i18n.ts): its language, nothing English left, no WCAG 2.1 AA violation; then a screenshot. */
const CHECK: PageCheck = { shoot: takeShot };

/** Resolves with `get()` once `ok` holds of it, polling every `everyMs`; throws after `timeoutMs` with the last value. */
async function until<T>(get: () => Promise<T>, ok: (v: T) => boolean, timeoutMs: number, everyMs = 1000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value ${JSON.stringify(v)}:\n${platform.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Words of the leaderboard's model names drawn on more than one line (a name cut mid-word). */
function wordsCutInTwo(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll('[data-testid="leaderboard-model"] a')) {
      const node = cell.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const value = node.textContent ?? '';
      for (const m of value.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) cut.push(m[0]);
      }
    }
    return cut;
  });
}

describe('the benchmark pages in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform({ env: { DEMO_DATA: 'true', REFERENCE_MODELS: 'true' }, startTimeoutMs: 180_000 });
    // The bundled Hindi→Urdu benchmark publishes and the reference model is scored on every metric.
    const board = async () => {
      const res = await fetch(at('/apis/v0/benchmark/search'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ task: 'translation' }),
      });
      const found = ((await res.json()) as { data?: { benchmarkId: string; name: string }[] }).data?.find((b) => b.name === HI_UR);
      if (!found) return null;
      benchmarkId = found.benchmarkId;
      return (await (await fetch(at(`/apis/v0/benchmark/getBenchmark?benchmarkId=${benchmarkId}`))).json()) as {
        benchmarkPerformance: { metric: string }[];
      };
    };
    await until(
      async () => new Set((await board())?.benchmarkPerformance.map((e) => e.metric)).size,
      (n) => n === TRANSLATION_METRICS,
      420_000,
      2000,
    );

    // A second published translation model, run on BLEU, so the comparison has two runs.
    const login = await fetch(at('/user-mgmt/v1/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    const admin = (
      (await login.json()) as { data: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } } }
    ).data;
    session = { userDetails: admin.userDetails, userKeys: admin.userKeys };
    ms = await startTestModelServer();
    const db = createDb(platform.databaseUrl ?? embeddedDatabaseUrl(platform.dataDir), 2);
    // An unpublished model of the admin's: My Models offers it Run Benchmark.
    await insertTestModel({ db } as unknown as AppContext, {
      userId: admin.userDetails.userID,
      callbackUrl: ms.url('translation'),
      name: DRAFT_MODEL,
      status: 'unpublished',
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
    const modelId = await insertTestModel({ db } as unknown as AppContext, {
      userId: admin.userDetails.userID,
      callbackUrl: ms.url('translation'),
      name: SECOND_MODEL,
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
    await db.pool.end();
    const run = await signedFetch(platform.baseUrl, admin.userKeys, 'POST', '/ulca/apis/v0/benchmark/execute', {
      modelId,
      benchmarks: [{ benchmarkId, metric: 'bleu' }],
    });
    if (run.status !== 200) throw new Error(`execute: ${run.status} ${JSON.stringify(run.json)}`);
    await until(
      async () => (await board())?.benchmarkPerformance.filter((e) => e.metric === 'bleu').length,
      (n) => n === 2,
      120_000,
    );

    browser = await launchChromium();
    desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'hi-IN', bypassCSP: true });
    phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'ta-IN',
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    });
    page = await newPageWithTimeout(desktop, 30_000);
  }, 660_000);

  afterAll(async () => {
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken });
    await ms?.close();
  });

  const { step } = journey;

  /**
   * The Run Benchmark dialog of `DRAFT_MODEL` on My Models, signed in as the admin (the page around
   * it is the models feature's): its texts in `lang` and no axe violation inside it.
   */
  async function runDialog(target: Page, lang: Lang, tag: string): Promise<void> {
    await target.goto(at('/model/benchmark-datasets'));
    await target.evaluate(
      ([s, l]) => {
        localStorage.setItem('ulca.session', s);
        localStorage.setItem('ulca.language', l);
      },
      [JSON.stringify(session), lang] as const,
    );
    await target.goto(at('/model/my-contribution'));
    await expect.poll(() => htmlLang(target)).toBe(lang);
    // Run Benchmark is the outlined button of the model's row (a card on a phone); its text is the models feature's.
    await target
      .getByText(DRAFT_MODEL, { exact: true })
      .locator('xpath=ancestor::*[.//button[contains(@class, "MuiButton-outlined")]][1]')
      .locator('button.MuiButton-outlined')
      .first()
      .click({ timeout: 30_000 });
    const dialog = target.getByRole('dialog', { name: new RegExp(text(lang, 'run.title')) });
    await dialog
      .getByRole('table', { name: text(lang, 'run.table') })
      .getByRole('row')
      .filter({ hasText: HI_UR })
      .waitFor();
    await dialog.getByRole('switch', { name: text(lang, 'run.selectOne').replace('{name}', HI_UR) }).check();
    await dialog.getByRole('group', { name: text(lang, 'run.metricsOf').replace('{name}', HI_UR) }).waitFor();
    // The table fits the dialog (full screen on a phone) without scrolling sideways.
    const table = dialog.getByRole('table', { name: text(lang, 'run.table') });
    expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
    const content = dialog.locator('.MuiDialogContent-root');
    expect(await content.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const inDialog = await dialog.innerText();
    expect((await englishLeft(target, lang)).filter((t) => inDialog.includes(t))).toEqual([]);
    await axeViolations(target); // loads axe-core
    const violations = await target.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (c: Element, o: unknown) => Promise<{ violations: { id: string }[] }> } }).axe;
      const r = await axe.run(document.querySelector('[role="dialog"]')!, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return r.violations.map((v) => v.id);
    });
    expect(violations).toEqual([]);
    await takeShot(target, `run-dialog-${tag}`);
    await dialog.getByRole('button', { name: text(lang, 'run.close') }).click();
  }

  for (const [lang, size] of [
    ['hi', 'wide'],
    ['ta', 'phone'],
    ['ta', 'wide'],
    ['hi', 'phone'],
  ] as const) {
    const tag = `${lang}-${size}`;

    step(`${tag}: the benchmark list`, async () => {
      if (size === 'phone') page = await newPageWithTimeout(phone, 30_000);
      else if (page.context() !== desktop) page = await newPageWithTimeout(desktop, 30_000);
      await open(page, lang, '/model/benchmark-datasets');
      await page.getByRole('heading', { level: 1, name: text(lang, 'list.title') }).waitFor();
      await page.getByText(HI_UR).first().waitFor({ timeout: 30_000 });
      await page.getByRole('tab', { name: text(lang, 'task.translation') }).waitFor();
      await page.getByRole('heading', { name: text(lang, 'glossary.title') }).waitFor();
      await checkPage(page, lang, `list-${tag}`, { ...CHECK, noSideScroll: size === 'phone' });
    });

    step(`${tag}: the Hindi→Urdu benchmark, its zip, and a leaderboard on every metric tab`, async () => {
      await open(page, lang, `/model/benchmark-details/${encodeURIComponent(benchmarkId)}`);
      await page.getByRole('heading', { level: 1, name: HI_UR }).waitFor({ timeout: 30_000 });
      // Its domain is named in the page's language, not shown as its code.
      await page.getByText(catalogueMessage(lang, 'search.domain.general'), { exact: true }).first().waitFor();
      expect(await page.getByText('general', { exact: true }).count()).toBe(0);
      // Bundled: Download is a link to its zip, which answers one.
      const download = page.getByRole('link', { name: text(lang, 'details.download') });
      const href = (await download.getAttribute('href')) ?? '';
      expect(href).toContain(`/ulca/apis/v0/benchmark/download?benchmarkId=${benchmarkId}`);
      const zip = await page.request.get(href);
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toBe('application/zip');
      const tabs = page.getByRole('tablist', { name: text(lang, 'leaderboard.metrics') }).getByRole('tab');
      expect(await tabs.count()).toBe(TRANSLATION_METRICS);
      const board = page.getByRole('region', { name: text(lang, 'leaderboard.title') });
      for (let i = 0; i < TRANSLATION_METRICS; i++) {
        await tabs.nth(i).click();
        await expect.poll(() => board.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
        expect(await board.getByText(text(lang, 'leaderboard.noRecords')).count()).toBe(0);
        if (i === 0 || i === TRANSLATION_METRICS - 1) {
          await checkPage(page, lang, `leaderboard-${i + 1}-${tag}`, CHECK);
        }
      }
      if (size === 'phone') {
        await noSideScroll(page);
        expect(await wordsCutInTwo(page)).toEqual([]);
        // Nor does the leaderboard scroll inside its own box (the details button stays in view).
        const table = board.getByRole('table');
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
      }
    });

    step(`${tag}: the run comparison`, async () => {
      const section = page.getByRole('region', { name: text(lang, 'compare.title') });
      // The runs of BLEU: the reference model's and the second model's.
      await section.getByRole('combobox', { name: text(lang, 'compare.metric') }).click();
      await page.getByRole('option', { name: 'BLEU', exact: true }).click();
      await section.getByText(text(lang, 'compare.selectTwo')).waitFor();
      await section.getByRole('checkbox', { name: /Apertium/ }).check();
      await section.getByRole('checkbox', { name: new RegExp(SECOND_MODEL) }).check();
      await section.getByRole('button', { name: text(lang, 'compare.compare') }).click();
      await page.getByRole('table', { name: text(lang, 'compare.tests') }).waitFor({ timeout: 30_000 });
      await page.getByRole('table', { name: text(lang, 'compare.examplesTable') }).scrollIntoViewIfNeeded();
      await checkPage(page, lang, `compare-${tag}`, CHECK);
    });

    step(`${tag}: a benchmark that does not exist says so, with a way back and no "Try again"`, async () => {
      await open(page, lang, `/model/benchmark-details/${crypto.randomUUID()}`);
      await page.getByText(text(lang, 'details.notFound')).waitFor({ timeout: 30_000 });
      expect(await page.getByRole('button', { name: /Try again|फिर से कोशिश करें|மீண்டும் முயலவும்/ }).count()).toBe(0);
      const back = page.getByRole('link', { name: text(lang, 'back.benchmark-datasets') });
      expect(await back.count()).toBeGreaterThan(0);
      await checkPage(page, lang, `not-found-${tag}`, CHECK);
      await back.last().click();
      await page.getByRole('heading', { level: 1, name: text(lang, 'list.title') }).waitFor();
    });

    if (tag === 'hi-wide' || tag === 'ta-phone')
      step(`${tag}: the Run Benchmark dialog (signed in, on My Models)`, async () => {
        await runDialog(page, lang, tag);
        // Signed out again for the next steps (an anonymous visitor's pages).
        await page.evaluate(() => localStorage.removeItem('ulca.session'));
      });
  }
});
