/**
 * End-to-end, in headless Chromium against the real platform with the offline reference models on
 *: a user signs in and gets an API key, its application makes pipeline
 * calls (translation → tts: Apertium hi→ur, then eSpeak) and one direct translation, then the user
 * opens Profile → the key's Usage: the chart over 30 days, the per-model table (model names, ids
 * beneath) with the characters sent, in English and Hindi, and the link back to My Profile. Then the public status page (a 7-day strip per published model) and the models health tab's
 * uptime columns. Screenshots at 1366×900: test-results/e2e/pipeline-usage-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MODEL_API, MODEL_HEALTH_CHECK_PATH, PIPELINE_API } from '@ulca/contracts';
import { adminKeys, generateApiKey, signedFetch, signUpAndSignIn } from './support/accounts.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { catalogueMessage } from './support/i18n.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'Str0ng!pass';
const STAMP = Date.now().toString(36);
const USER = { name: 'Irfan Qureshi', email: `irfan.qureshi+${STAMP}@example.org` };
const APP = 'Bolo Translate';

let platform: RunningPlatform;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let fullKey = '';
/** The translation model the app called (its id). */
let mtId = '';

const SHOT_PREFIX = 'pipeline-usage-';
const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => screenshot('FAILED'));
const screenshot = (step: string) => takeShot(page, step);
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

async function keyCall(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${platform.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ulcaApiKey: fullKey },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} → ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('pipeline usage, status page and uptime in Chromium', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    // Health rounds every minute, so the status page has rounds to show.
    platform = await startPlatform({ env: { REFERENCE_MODELS: 'true', MODEL_HEALTH_INTERVAL_MINUTES: '1' } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
    page = await newPageWithTimeout(context, 30_000);
  });

  afterAll(async () => {
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken });
  });

  const { step } = journey;

  step('a user signs in and has an API key for an app', async () => {
    await signUpAndSignIn(platform, page, { name: USER.name, email: USER.email, password: PASSWORD });
    fullKey = await generateApiKey(platform, page, APP);
  });

  step('the app configures and runs translation → tts pipelines and a direct translation with its key', async () => {
    const config = await keyCall(PIPELINE_API.config, {
      pipelineTasks: [
        { taskType: 'translation', config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
        { taskType: 'tts' },
      ],
    });
    const candidates = config.pipelineResponseConfig as { taskType: string; config: { serviceId: string }[] }[];
    const [mt, tts] = candidates.map((c) => c.config[0].serviceId);
    mtId = mt;
    for (const source of ['पानी', 'मेरा नाम राम है']) {
      const res = await keyCall(PIPELINE_API.compute, {
        pipelineTasks: [
          { taskType: 'translation', config: { serviceId: mt, language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } },
          { taskType: 'tts', config: { serviceId: tts } },
        ],
        inputData: { input: [{ source }] },
      });
      expect((res.pipelineResponse as unknown[]).length).toBe(2);
    }
    await keyCall(MODEL_API.compute, { modelId: mt, input: [{ source: 'नमस्ते' }], sourceLanguage: 'hi', targetLanguage: 'ur' });
  });

  step("Profile → the key's Usage: the 30-day chart, the limits and the table with the characters sent", async () => {
    await page.goto(at('/profile'));
    await page.getByRole('button', { name: `Show provider keys of ${APP}` }).click();
    await page
      .getByRole('table', { name: `Service provider keys of ${APP}` })
      .getByRole('link', { name: 'Usage' })
      .first()
      .click();
    await page.getByRole('heading', { name: `Usage of ${APP}`, level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/ulca/usage');
    await page.getByTestId('usage-chart').getByRole('group', { name: 'Calls per day, last 30 days' }).waitFor();
    const table = page.getByRole('table', { name: 'Usage per day, model and task' });
    const rows = (await table.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    // The task in words (Translation, TTS). Translation: 3 calls of 4 + 15 + 6 characters (UTF-16 code units); tts: 2 calls with seconds of speech out.
    expect(
      rows.some((r) => / Translation 3 0 \d+ 25 0 0 0$/.test(r)),
      rows.join('\n'),
    ).toBe(true);
    expect(
      rows.some((r) => / TTS 2 0 \d+ \d+ 0 [\d.]+ 0$/.test(r) && !/ 0 0$/.test(r)),
      rows.join('\n'),
    ).toBe(true);
    await page.getByText('No daily limit').waitFor();
    // Each model by its name, with its id beneath.
    const model = (await (await fetch(`${platform.baseUrl}${MODEL_API.getModel}?modelId=${encodeURIComponent(mtId)}`)).json()) as {
      name: string;
      version: string;
    };
    const mtName = `${model.name} ${model.version}`;
    const mtRow = table.locator('tbody tr').filter({ hasText: mtName });
    await mtRow.first().getByText(mtId, { exact: true }).waitFor();
    await screenshot('usage');
    // In Hindi: the same names, and the way back to My Profile.
    await page.evaluate(() => localStorage.setItem('ulca.language', 'hi'));
    await page.reload();
    await page
      .getByRole('table', { name: catalogueMessage('hi', 'usage.table') })
      .getByText(mtName)
      .first()
      .waitFor();
    await screenshot('usage-hi');
    await page.getByRole('link', { name: catalogueMessage('hi', 'shell.myProfile') }).click();
    await page.waitForURL(/\/ulca\/profile$/);
    await page.evaluate(() => localStorage.setItem('ulca.language', 'en'));
    await page.reload();
    await page.goBack();
    await page.getByRole('link', { name: 'My Profile', exact: true }).click();
    await page.waitForURL(/\/ulca\/profile$/);
  });

  step('the public status page shows every published model with a 7-day strip', async () => {
    await page.goto(at('/status'));
    await page.getByRole('heading', { name: 'Model status', level: 1 }).waitFor();
    await expect.poll(async () => page.getByTestId('status-row').count(), { timeout: 20_000 }).toBeGreaterThan(3);
    // An admin's "check now" (one round per 10 s slot: ask again while it answers a null jobId)
    // rather than waiting for the next scheduled round, then today's square of some model is coloured.
    const admin = await adminKeys(platform);
    await expect
      .poll(async () => (await signedFetch(platform.baseUrl, admin, 'POST', MODEL_HEALTH_CHECK_PATH)).json.data, {
        timeout: 30_000,
        interval: 1000,
      })
      .toMatchObject({ jobId: expect.any(String) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('status-row').first().waitFor();
          return page.getByRole('img', { name: /: \d+\.\d %$/ }).count();
        },
        { timeout: 150_000, interval: 2000 },
      )
      .toBeGreaterThan(0);
    await screenshot('status');
  });

  step("the models health tab shows each model's uptime", async () => {
    await page.goto(at('/model/explore-models?task=status-check'));
    const grid = page.getByRole('grid');
    await grid.getByRole('columnheader', { name: 'Uptime 24 h' }).waitFor();
    await grid.getByRole('columnheader', { name: 'Uptime 7 d' }).waitFor();
    await screenshot('health-uptime');
  });
});
