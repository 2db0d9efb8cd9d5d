/**
 * The model pages in Hindi and Tamil (docs/product.md#languages-of-the-interface), in headless
 * Chromium against the real platform: a contributor submits a translation model (the test model
 * server's) through Submit Model in Hindi and publishes it from My Models; a visitor leaves a
 * feedback on it; the owner reads that feedback on the model's feedback view (issue #22 "Owners
 * read the feedback"), searches it and downloads it as CSV; after an admin's health round the
 * model's card and its Explore row show its 7-day uptime (issue #24). Then Explore (several task tabs and the
 * health tab), the model page, Submit Model, My Models and the feedback view in Hindi and in Tamil,
 * wide (1366×900) and phone (390×844): `<html lang>`, no English catalogue text left, no axe-core
 * WCAG 2.1 AA violation. Screenshots: test-results/e2e/i18n-models-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MODEL_API, MODEL_HEALTH_CHECK_PATH, MODEL_UPTIME_PATH } from '@ulca/contracts';
import { silentWav, startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { checkPage, htmlLang, type PageCheck } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-models-';
const PASSWORD = 'Str0ng!pass';
const STAMP = Date.now().toString(36);
const OWNER = { name: 'Meenakshi Iyer', email: `meenakshi.iyer+${STAMP}@example.org` };
const NAME = `Kaveri English-Hindi ${STAMP}`;
const INPUT = 'The river is calm today.';
const SUGGESTION = 'नदी आज शांत है।';
const COMMENT = 'Kept the English words.';

type Lang = 'hi' | 'ta';
const TEXT = {
  hi: { explore: 'मॉडल देखें', my: 'मेरे मॉडल', submit: 'मॉडल जमा करें', feedback: 'उपयोगकर्ताओं का फ़ीडबैक', tryModel: 'मॉडल आज़माएँ' },
  ta: {
    explore: 'மாதிரிகளை ஆராய்க',
    my: 'என் மாதிரிகள்',
    submit: 'மாதிரியைச் சமர்ப்பி',
    feedback: 'பயனர்களின் கருத்துகள்',
    tryModel: 'மாதிரியை முயன்று பார்',
  },
} as const;

let platform: RunningPlatform;
let ms: TestModelServer;
let fileDir: string;
let browser: Browser;
let desktop: BrowserContext;
let page: Page;
let modelId = '';

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => takeShot(page, 'FAILED'));
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/** The checks every page gets (checkPage of e2e/support/i18n.ts): its language, no English catalogue text, no axe violation; then a screenshot. */
const CHECK: PageCheck = { shoot: takeShot };

/** A page of `context` opened in `lang` (the remembered choice), signed in as the owner when `session` is given. */
async function pageIn(context: BrowserContext, lang: Lang, session: string | null): Promise<Page> {
  const p = await newPageWithTimeout(context, 30_000);
  await p.addInitScript(
    ([l, s]) => {
      localStorage.setItem('ulca.language', l as string);
      if (s) localStorage.setItem('ulca.session', s as string);
    },
    [lang, session],
  );
  return p;
}

/** Explore, the model page, Submit Model, My Models and the feedback view in `lang` on `p`. */
async function visitAll(p: Page, lang: Lang, tag: string): Promise<void> {
  const tx = TEXT[lang];
  // Explore: translation (the model), ASR (empty: contributors' models only), gender detection, health.
  await p.goto(at('/model/explore-models'));
  await p.getByRole('heading', { level: 1, name: tx.explore }).waitFor();
  await p.getByText(NAME).first().waitFor({ timeout: 30_000 });
  await checkPage(p, lang, `${tag}-explore-translation`, CHECK);
  for (const task of ['asr', 'audio-gender-detection', 'status-check']) {
    await p.goto(at(`/model/explore-models?task=${task}`));
    await p.getByRole('heading', { level: 1, name: tx.explore }).waitFor();
    if (task === 'status-check') await p.getByText(NAME).first().waitFor({ timeout: 30_000 });
    else await p.getByRole('status').first().waitFor();
    await checkPage(p, lang, `${tag}-explore-${task}`, CHECK);
  }
  // The model page (description and cards), its try view's header, and the owner's feedback view.
  await p.goto(at(`/search-model/${encodeURIComponent(modelId)}`));
  await p.getByRole('heading', { level: 1, name: `${NAME} v1.0` }).waitFor();
  await p.getByTestId('open-feedback').waitFor();
  await checkPage(p, lang, `${tag}-model`, CHECK);
  await p.getByTestId('open-feedback').click();
  await p.getByRole('heading', { level: 2, name: tx.feedback }).waitFor();
  await p.getByText(SUGGESTION).first().waitFor();
  await checkPage(p, lang, `${tag}-feedback`, CHECK);
  // Submit Model and My Models.
  await p.goto(at('/model/upload'));
  await p.getByRole('heading', { level: 1, name: tx.submit }).waitFor();
  await checkPage(p, lang, `${tag}-submit`, CHECK);
  await p.goto(at('/model/my-contribution'));
  await p.getByRole('heading', { level: 1, name: tx.my }).waitFor();
  await p.getByText(NAME).first().waitFor();
  await checkPage(p, lang, `${tag}-my-models`, CHECK);
}

describe('the model pages in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-i18n-models-'));
    ms = await startTestModelServer();
    platform = await startPlatform({ env: { MODEL_HEALTH_INTERVAL_MINUTES: '0' } });
    browser = await launchChromium();
    desktop = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'hi-IN',
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    page = await newPageWithTimeout(desktop, 30_000);
  }, 180_000);

  afterAll(async () => {
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken, tempDirs: [fileDir] });
    await ms?.close();
  });

  const { step } = journey;

  step('a contributor from a Hindi browser signs up and signs in', async () => {
    const res = await fetch(at('/user-mgmt/v1/users/signup'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: OWNER.name, email: OWNER.email, password: PASSWORD }] }),
    });
    expect(res.status).toBe(200);
    await page.goto(await waitForMailLink(platform.outboxDir, OWNER.email, `${platform.baseUrl}/ulca/activate/`));
    await page.getByText('बधाई हो!').waitFor({ timeout: 30_000 });
    expect(await htmlLang(page)).toBe('hi');
    await page.goto(at('/user/login'));
    await page.getByLabel('ई-मेल पता').fill(OWNER.email);
    await page.getByLabel('पासवर्ड', { exact: true }).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'साइन इन करें', exact: true }).click();
    await expect.poll(() => page.evaluate(() => !!localStorage.getItem('ulca.session')), { timeout: 30_000 }).toBe(true);
  });

  step('submits a translation model through Submit Model in Hindi (the guidance asks for no name field)', async () => {
    await page.goto(at('/model/upload'));
    await page.getByRole('heading', { level: 1, name: TEXT.hi.submit }).waitFor();
    await page.getByText('"name"', { exact: false }).first().waitFor();
    const file = path.join(fileDir, 'translation-model.json');
    fs.writeFileSync(file, JSON.stringify(testDescriptor('translation', NAME, ms.url('translation'), silentWav(0.1).toString('base64'))));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'फ़ाइल चुनें' }).click()]);
    await chooser.setFiles(file);
    await checkPage(page, 'hi', 'submit-chosen', CHECK);
    await page.getByRole('button', { name: 'जमा करें', exact: true }).click();
    await page.getByRole('heading', { name: 'आपके योगदान के लिए धन्यवाद!' }).waitFor({ timeout: 30_000 });
    modelId = (await page.getByLabel('मॉडल संदर्भ संख्या').innerText()).trim();
    expect(modelId).not.toBe('');
  });

  step('publishes it from My Models in Hindi: confirm dialog and toast in Hindi', async () => {
    await page.goto(at('/model/my-contribution'));
    await page.getByRole('heading', { level: 1, name: TEXT.hi.my }).waitFor();
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.getByRole('button', { name: 'प्रकाशित करें', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'मॉडल प्रकाशित करें' });
    await dialog.getByText('क्या आप सचमुच इस मॉडल को प्रकाशित करना चाहते हैं?', { exact: false }).waitFor();
    await checkPage(page, 'hi', 'publish-dialog', CHECK);
    await dialog.getByRole('button', { name: 'हाँ' }).click();
    await page.getByText('मॉडल सफलतापूर्वक प्रकाशित हो गया।').waitFor();
    await expect.poll(() => row.getByText('प्रकाशित', { exact: true }).count()).toBe(1);
  });

  step("after an admin's health round, the model card and Explore show its 7-day uptime", async () => {
    const login = await fetch(at('/user-mgmt/v1/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    expect(login.status).toBe(200);
    const keys = ((await login.json()) as { data: { userKeys: { publicKey: string; privateKey: string } } }).data.userKeys;
    // One round per clock minute: ask again while the answer is "already this minute" (a null jobId).
    await expect
      .poll(
        async () => {
          const res = await signedFetch(platform.baseUrl, keys, 'POST', MODEL_HEALTH_CHECK_PATH);
          return (res.json.data as { jobId: string | null } | undefined)?.jobId;
        },
        { timeout: 75_000, interval: 5000 },
      )
      .toBeTruthy();
    let share: number | null = null;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${platform.baseUrl}${MODEL_UPTIME_PATH}`);
          const list = ((await res.json()) as { data: { modelId: string; uptime7d: number | null }[] }).data;
          share = list.find((u) => u.modelId === modelId)?.uptime7d ?? null;
          return share;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .not.toBeNull();
    const shown = `${((share ?? 0) * 100).toFixed(1)} %`;
    await page.goto(at(`/search-model/${encodeURIComponent(modelId)}`));
    const card = page.getByRole('heading', { level: 3, name: 'उपलब्धता (7 दिन)' }).locator('..');
    await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(shown);
    await page.goto(at('/model/explore-models'));
    const row = page.getByRole('row').filter({ hasText: NAME });
    await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).at(-1)?.trim(), { timeout: 15_000 }).toBe(shown);
  });

  step('a visitor leaves a feedback on the model (rating 2, a comment and a suggested output)', async () => {
    const res = await fetch(`${platform.baseUrl}${MODEL_API.feedbackSubmit}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        taskType: 'translation',
        modelId,
        input: INPUT,
        output: `hi:${INPUT}`,
        feedback: [
          { feedbackQuestion: 'How well does the translation keep the meaning of the original?', feedbackQuestionResponse: 2 },
          { feedbackQuestion: 'Anything else you would like to tell us?', feedbackQuestionResponse: COMMENT },
        ],
        suggestedOutput: SUGGESTION,
      }),
    });
    expect(res.status).toBe(200);
  });

  step('the owner reads it on the model page in Hindi, searches it and downloads it as CSV', async () => {
    await page.goto(at(`/search-model/${encodeURIComponent(modelId)}`));
    await page.getByRole('heading', { level: 1, name: `${NAME} v1.0` }).waitFor();
    await expect.poll(() => page.getByTestId('open-feedback').innerText()).toBe('फ़ीडबैक (1)');
    await page.getByTestId('open-feedback').click();
    const grid = page.getByRole('grid');
    await grid.waitFor();
    const row = grid.getByRole('row').filter({ hasText: SUGGESTION });
    const texts = (await row.getByRole('gridcell').allInnerTexts()).map((t) => t.trim());
    expect(texts.slice(1)).toEqual([INPUT, `hi:${INPUT}`, '2', `Anything else you would like to tell us?: ${COMMENT}`, SUGGESTION]);
    // The quick search filters the rows.
    const search = page.getByRole('searchbox').first();
    await search.fill('no such words');
    await expect.poll(() => grid.getByRole('row').filter({ hasText: SUGGESTION }).count()).toBe(0);
    await search.fill('calm');
    await row.waitFor();
    await checkPage(page, 'hi', 'feedback-owner', CHECK);
    // CSV of every row, from the grid's export menu.
    await page.getByRole('button', { name: /^निर्यात/ }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV के रूप में डाउनलोड करें' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^feedback-.*\.csv$/);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain(SUGGESTION);
    expect(csv).toContain(INPUT);
    expect(csv).toContain(COMMENT);
  });

  step('every model page in Hindi, wide', async () => {
    await visitAll(page, 'hi', 'hi-wide');
  });

  step('every model page in Tamil, wide', async () => {
    const session = await page.evaluate(() => localStorage.getItem('ulca.session'));
    const ta = await pageIn(desktop, 'ta', session);
    await visitAll(ta, 'ta', 'ta-wide');
    await ta.close();
  });

  step('every model page in Tamil and in Hindi on a phone', async () => {
    const session = await page.evaluate(() => localStorage.getItem('ulca.session'));
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    for (const lang of ['ta', 'hi'] as const) {
      const p = await pageIn(phone, lang, session);
      await visitAll(p, lang, `${lang}-phone`);
      await p.close();
    }
    await phone.close();
  });
});
