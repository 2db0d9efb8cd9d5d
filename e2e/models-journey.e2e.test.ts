/**
 * End-to-end, in headless Chromium against the real platform: a contributor
 * submits a translation model whose endpoint is the test model server (apps/server/src/test/
 * model-server.ts) through the Submit Model file picker → thank-you page → My Models highlights
 * the new row → publishes it → finds it in Explore (translation, English → Hindi) → opens its page →
 * Try Model translates a sentence with the test server's answer → feedback (rating, comment,
 * suggested edit; the owner reads it back through feedback/list) → an admin's health check round
 * and the health tab's row → unpublishes it with a reason and Explore no longer lists it. Then a TTS
 * model (the audio player gets the answer), an unpublished OCR model tried by its owner with an
 * uploaded image (the signed tryMe upload), and a second health round with the TTS model published
 * and available. Screenshots at 1366×900 of every step and a phone-size (390×844) pass of the key
 * pages: test-results/e2e/models-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import {
  MODEL_API,
  MODEL_HEALTH_CHECK_PATH,
  MODEL_NOT_ACCESSIBLE_MESSAGE,
  MODEL_STATUS_CONFIRM,
  type ModelFeedbackEntry,
  type ModelHealthRow,
} from '@ulca/contracts';
import { silentWav, startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { signHeaders } from '../apps/web/src/lib/signing.ts';
import { adminKeys } from './support/accounts.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { REPO_ROOT, startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'Str0ng!pass';
const STAMP = Date.now().toString(36);
const USER = { name: 'Harini Rao', email: `harini.rao+${STAMP}@example.org` };
const NAMES = {
  translation: `Harbour English-Hindi ${STAMP}`,
  tts: `Harbour Hindi voice ${STAMP}`,
  ocr: `Harbour Hindi page reader ${STAMP}`,
};
const SENTENCE = 'The river is calm today.';
const SUGGESTION = 'नदी आज शांत है।';
const COMMENT = 'Close, but it kept the English words.';
// The OCR try's upload: a line of printed Tamil from the dataset fixtures.
const OCR_IMAGE = path.join(REPO_ROOT, 'apps/server/src/test/fixtures/datasets/ocr-valid/images/ta_line_01.png');

let platform: RunningPlatform;
let ms: TestModelServer;
let fileDir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const modelIds: Record<keyof typeof NAMES, string> = { translation: '', tts: '', ocr: '' };

const SHOT_PREFIX = 'models-';
const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => screenshot('FAILED'));
const screenshot = (step: string) => takeShot(page, step);

const at = (p: string) => `${platform.baseUrl}/ulca${p}`;
const currentPath = () => decodeURIComponent(new URL(page.url()).pathname);

/** Writes the descriptor of `task` as a .json file and returns its path. */
function writeDescriptor(task: keyof typeof NAMES): string {
  const file = path.join(fileDir, `${task}-model.json`);
  fs.writeFileSync(file, JSON.stringify(testDescriptor(task, NAMES[task], ms.url(task), silentWav(0.1).toString('base64')), null, 2));
  return file;
}

/** Submits a descriptor (written by the test: test/models.ts testDescriptor) through /model/upload with the Browse file picker; returns the new modelId from the thank-you page. */
async function submitModel(task: keyof typeof NAMES, shots: boolean): Promise<string> {
  await page.goto(at('/model/upload'));
  await page.getByRole('heading', { name: 'Submit Model', level: 1 }).waitFor();
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Browse' }).click()]);
  await chooser.setFiles(writeDescriptor(task));
  await expect.poll(() => page.getByLabel('Upload the file').inputValue()).toMatch(new RegExp(`^${task}-model\\.json \\(\\d+ KB\\)$`));
  if (shots) await screenshot(`${task}-upload-form`);
  const calls = ms.calls.length;
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank you for your contribution!' }).waitFor({ timeout: 30_000 });
  // The upload called the endpoint once with the descriptor's example request.
  expect(ms.calls.slice(calls).map((c) => c.path)).toEqual([`/${task}`]);
  const modelId = (await page.getByLabel('Model reference number').innerText()).trim();
  expect(currentPath()).toBe(`/ulca/model/submission/${modelId}`);
  if (shots) await screenshot(`${task}-thank-you`);
  return modelId;
}

/** The My Models table row of the model named `name`. */
const myRow = (name: string): Locator => page.getByRole('table', { name: 'My models' }).getByRole('row').filter({ hasText: name });

/** Cell texts of a row. */
const cells = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());

/** Chooses `option` in the MUI select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens Explore, filters translation English → Hindi and submits. */
async function exploreTranslation(): Promise<void> {
  await page.goto(at('/model/explore-models'));
  await page.getByRole('heading', { name: 'Explore Models', level: 1 }).waitFor();
  await expect.poll(() => page.getByRole('combobox', { name: 'Select Model Task' }).innerText()).toBe('Translation');
}

/** A signed API call with keys `keys`, or with the browser's session (the owner) by default. */
async function signedApi<T>(method: 'GET' | 'POST', pathAndQuery: string, keys?: { publicKey: string; privateKey: string }): Promise<T> {
  const k = keys ?? (await page.evaluate(() => JSON.parse(localStorage.getItem('ulca.session') ?? 'null'))).userKeys;
  const res = await fetch(`${platform.baseUrl}${pathAndQuery}`, {
    method,
    headers: signHeaders(k.publicKey, k.privateKey, { method, url: pathAndQuery }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${pathAndQuery} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/**
 * An admin's "check now" (POST model/health/check): queues a round that the platform's worker runs,
 * then waits for `modelId`'s health row checked after the request, and returns it. The route keeps
 * one round per 10 s slot, so while it answers a null jobId (a round in this slot already) it
 * asks again every second.
 */
async function checkHealth(modelId: string): Promise<ModelHealthRow> {
  const keys = await adminKeys(platform);
  const asked = Date.now();
  await expect
    .poll(async () => (await signedApi<{ data: { jobId: string | null } }>('POST', MODEL_HEALTH_CHECK_PATH, keys)).data.jobId, {
      timeout: 30_000,
      interval: 1000,
    })
    .toBeTruthy();
  let row: ModelHealthRow | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${platform.baseUrl}${MODEL_API.health}`);
        row = ((await res.json()) as { modelHealthStatusList: ModelHealthRow[] }).modelHealthStatusList.find((r) => r.modelId === modelId);
        return (row?.lastStatusUpdate ?? 0) >= asked - 1000;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(true);
  return row as ModelHealthRow;
}

/** The Models Health Check grid row of the model named `name`, and its cell texts. */
const healthGridRow = (name: string): Locator => page.getByRole('grid').getByRole('row').filter({ hasText: name });
const gridCells = async (row: Locator) => (await row.getByRole('gridcell').allInnerTexts()).map((t) => t.trim());

/** Opens the try view of `modelId` directly (as the owner; unpublished models too). */
async function openTryView(modelId: string, name: string): Promise<void> {
  await page.goto(at(`/search-model/${modelId}`));
  await page.getByRole('heading', { name: `${name} v1.0`, level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Try Model' }).click();
  expect(currentPath()).toBe(`/ulca/search-model/${modelId}/model`);
}

describe('model journey in Chromium', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    fileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-models-'));
    ms = await startTestModelServer();
    // startPlatform allows 127.0.0.1 as a fetch host (ALLOWED_FETCH_HOSTS), where the test model server listens.
    // No scheduled health rounds: only the admin's check calls the models, so the test server's
    // calls are the journey's own (the reference models are off: Explore lists only these).
    platform = await startPlatform({ env: { MODEL_HEALTH_INTERVAL_MINUTES: '0' } });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
    page = await newPageWithTimeout(context);
  });

  afterAll(async () => {
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken, tempDirs: [fileDir] });
    await ms?.close();
  });

  const { step } = journey;

  step('a contributor signs up, activates the account and signs in', async () => {
    const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ users: [{ firstName: USER.name, email: USER.email, password: PASSWORD }] }),
    });
    expect(res.status).toBe(200);
    await page.goto(await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`));
    await page.getByText('Congratulations!').waitFor();
    await page.goto(at('/user/login'));
    await page.getByLabel('Email address').fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });

  step('My Models starts empty', async () => {
    await page.goto(at('/model/my-contribution'));
    await page.getByRole('heading', { name: 'My Models', level: 1 }).waitFor();
    await page.getByText('No records', { exact: true }).waitFor();
    await screenshot('my-models-empty');
  });

  step('a descriptor whose endpoint fails gets a clear message and is not stored', async () => {
    await page.goto(at('/model/upload'));
    await page.getByRole('heading', { name: 'Submit Model', level: 1 }).waitFor();
    const file = path.join(fileDir, 'broken-model.json');
    fs.writeFileSync(file, JSON.stringify(testDescriptor('translation', `Broken ${STAMP}`, ms.url('error/translation'), '')));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Browse' }).click()]);
    await chooser.setFiles(file);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    // The form's own alert (the toast says the same).
    const alert = page
      .getByRole('form', { name: 'Submit model' })
      .getByRole('alert')
      .filter({ hasText: 'did not answer its example request properly' });
    await alert.waitFor({ timeout: 30_000 });
    expect(await alert.getByRole('list', { name: 'Problems in the parameter file' }).innerText()).toMatch(
      /^inferenceEndPoint\.callbackUrl: /,
    );
    expect(currentPath()).toBe('/ulca/model/upload');
    await screenshot('upload-endpoint-fails');
  });

  step('submits the translation descriptor with the file picker and sees the thank-you page', async () => {
    modelIds.translation = await submitModel('translation', true);
    // The endpoint got the descriptor's example request.
    expect(ms.calls.at(-1)?.body).toMatchObject({
      input: [{ source: 'Good morning' }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } },
    });
  });

  step('Go to my models lands in My Models with the new row highlighted and unpublished', async () => {
    await page.getByRole('link', { name: 'Go to my models' }).click();
    await page.getByRole('heading', { name: 'My Models', level: 1 }).waitFor();
    expect(currentPath()).toBe(`/ulca/model/my-contribution/${modelIds.translation}`);
    const row = myRow(NAMES.translation);
    await row.waitFor();
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    const today = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(
      new Date(),
    );
    expect((await cells(row)).slice(1, 8)).toEqual([
      'Translation',
      NAMES.translation,
      'v1.0',
      'general',
      'CC-BY-4.0',
      today,
      'Unpublished',
    ]);
    await screenshot('my-models-highlighted');
    // The tint goes after 4 s.
    await expect.poll(() => row.getAttribute('data-highlighted'), { timeout: 8000 }).toBeNull();
  });

  step('an unpublished model is not in Explore', async () => {
    await exploreTranslation();
    await page.getByText('No records found.').waitFor();
  });

  step('publishes it after the confirm text', async () => {
    await page.goto(at('/model/my-contribution'));
    const row = myRow(NAMES.translation);
    await row.getByRole('button', { name: 'Publish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish Model' });
    await dialog.getByText(MODEL_STATUS_CONFIRM.published).waitFor();
    await screenshot('publish-confirm');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await cells(row))[7]).toBe('Published');
    await screenshot('published');
  });

  step('finds it in Explore with translation, English and Hindi', async () => {
    await exploreTranslation();
    const table = page.getByRole('table', { name: 'Models' });
    await table.getByRole('row').filter({ hasText: NAMES.translation }).waitFor();
    await choose('Source Language *', 'English');
    await choose('Target Language *', 'Hindi');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const row = table.getByRole('row').filter({ hasText: NAMES.translation });
    await row.waitFor();
    expect((await cells(row)).slice(0, 5)).toEqual(['Translation', NAMES.translation, 'English - Hindi', 'general', 'Harbour Lab']);
    await screenshot('explore-filtered');
  });

  step('opens its detail page with the description cards', async () => {
    await page.getByRole('table', { name: 'Models' }).getByRole('row').filter({ hasText: NAMES.translation }).click();
    await page.getByRole('heading', { name: `${NAMES.translation} v1.0`, level: 1 }).waitFor();
    expect(currentPath()).toBe(`/ulca/search-model/${modelIds.translation}`);
    await page.getByText('A small translation model the harbour lab serves', { exact: false }).first().waitFor();
    await screenshot('detail');
  });

  step('Try Model translates a sentence with the test server’s answer', async () => {
    await page.getByRole('button', { name: 'Try Model' }).click();
    expect(currentPath()).toBe(`/ulca/search-model/${modelIds.translation}/model`);
    await page.getByLabel('English text').fill(SENTENCE);
    await page.getByRole('button', { name: 'Translate' }).click();
    await page.getByText(`hi:${SENTENCE}`).waitFor();
    expect(ms.calls.at(-1)?.body).toMatchObject({
      input: [{ source: SENTENCE }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' } },
    });
    await screenshot('try-translation');
  });

  step('leaves feedback on the result: a rating, a comment and a suggested edit; the owner reads it back', async () => {
    await page.getByRole('button', { name: 'Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Feedback' });
    await dialog.waitFor();
    // Submit waits for a rating.
    expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
    // MUI's Rating: the star is the label of a visually hidden radio.
    await dialog.locator('label').filter({ hasText: '4 Stars' }).click();
    expect(await dialog.getByRole('radio', { name: '4 Stars' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).isEnabled()).toBe(true);
    // The rating question comes from the app config; its text goes with the answer.
    const question = (await dialog.locator('#rating-question').innerText()).trim();
    expect(question).not.toBe('');
    await dialog.getByRole('button', { name: 'Suggest an edit' }).click();
    const edit = dialog.getByLabel('Suggest an edit');
    // The box starts with the model's output, to correct.
    expect(await edit.inputValue()).toBe(`hi:${SENTENCE}`);
    await edit.fill(SUGGESTION);
    const comments = dialog.getByRole('textbox').last();
    await comments.fill(COMMENT);
    await screenshot('feedback-dialog');
    // One Submit: it sends the rating, the suggestion and the comments together.
    expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Thank you for your feedback.').waitFor();
    await screenshot('feedback-thanks');
    // The owner's list (signed as the signed-in owner) has the entry with what the dialog sent.
    const list = await signedApi<{ data: ModelFeedbackEntry[]; count: number }>(
      'GET',
      `${MODEL_API.feedbackList}?modelId=${modelIds.translation}`,
    );
    expect(list.count).toBe(1);
    expect(list.data[0]).toMatchObject({
      modelId: modelIds.translation,
      taskType: 'translation',
      input: SENTENCE,
      output: `hi:${SENTENCE}`,
      suggestedOutput: SUGGESTION,
      rating: 4,
    });
    expect(list.data[0]?.feedback).toEqual(
      expect.arrayContaining([
        { feedbackQuestion: question, feedbackQuestionResponse: 4 },
        expect.objectContaining({ feedbackQuestionResponse: COMMENT }),
      ]),
    );
  });

  step('the health tab shows the model after an admin’s check round: its status, latency and output check', async () => {
    const row = await checkHealth(modelIds.translation);
    // The test model server answers "hi:<the English source>": a Hindi target in Latin script, which
    // the check calls unusable, with the call's latency.
    expect(row).toMatchObject({ status: 'unavailable', outputCheck: expect.stringMatching(/Devanagari/) });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    await page.goto(at('/model/explore-models?task=status-check'));
    await page.getByRole('heading', { name: 'Explore Models', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: 'Select Model Task' }).innerText()).toBe('Status Check');
    const gridRow = healthGridRow(NAMES.translation);
    await gridRow.waitFor();
    const texts = await gridCells(gridRow);
    expect(texts.slice(0, 3)).toEqual([NAMES.translation, 'Translation', 'unavailable']);
    expect(texts[4]).toMatch(/^\d[\d,]* ms$/);
    expect(texts[5]).toMatch(/Devanagari/);
    await screenshot('health-translation');
  });

  step('unpublishes it with a reason; Explore no longer lists it', async () => {
    await page.goto(at('/model/my-contribution'));
    const row = myRow(NAMES.translation);
    await row.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unpublish Model' });
    await dialog.getByText(MODEL_STATUS_CONFIRM.unpublished).waitFor();
    // Yes waits for the reason.
    expect(await dialog.getByRole('button', { name: 'Yes' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Reason for unpublishing').fill('Retraining on a larger corpus');
    await screenshot('unpublish-reason');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await cells(row))[7]).toBe('Unpublished');
    await row.getByLabel('Unpublish reason: Retraining on a larger corpus').waitFor();
    await screenshot('unpublished');
    await exploreTranslation();
    await page.getByText('No records found.').waitFor();
    expect(await page.getByRole('table', { name: 'Models' }).count()).toBe(0);
    await screenshot('explore-after-unpublish');
  });

  step('a TTS model answers audio: the player gets a source', async () => {
    modelIds.tts = await submitModel('tts', false);
    await openTryView(modelIds.tts, NAMES.tts);
    await page.getByLabel('Hindi text').fill('नमस्ते दोस्तों');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await page.getByRole('button', { name: 'Convert' }).click();
    const audio = page.locator('audio');
    await audio.waitFor({ state: 'attached' });
    await expect.poll(() => audio.getAttribute('src')).toMatch(/^(data:audio\/wav;base64,|blob:)/);
    // The browser reads the answer as audio: the test server's 0.1 s of silence.
    const duration = await audio.evaluate(
      (el: HTMLAudioElement) =>
        new Promise<number>((resolve) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.onloadedmetadata = () => resolve(el.duration);
          el.onerror = () => resolve(-1);
        }),
    );
    expect(duration).toBeCloseTo(0.1, 2);
    expect(ms.calls.at(-1)?.body).toMatchObject({
      input: [{ source: 'नमस्ते दोस्तों' }],
      config: { gender: 'male', language: { sourceLanguage: 'hi' } },
    });
    await screenshot('try-tts');
  });

  step('an unpublished OCR model is tried by its owner with an uploaded image (signed tryMe)', async () => {
    modelIds.ocr = await submitModel('ocr', false);
    await openTryView(modelIds.ocr, NAMES.ocr);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose image' }).click()]);
    await chooser.setFiles(OCR_IMAGE);
    // The preview shows the picture itself.
    const preview = page.getByRole('img', { name: 'Image to try' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(10);
    const calls = ms.calls.length;
    await page.getByRole('button', { name: 'Convert' }).click();
    await page.getByText(`read ${fs.statSync(OCR_IMAGE).size} bytes`).waitFor();
    // The owner's signed upload reached the model as the image's content.
    expect(ms.calls.slice(calls).map((c) => c.path)).toEqual(['/ocr']);
    expect(await page.getByText(MODEL_NOT_ACCESSIBLE_MESSAGE).count()).toBe(0);
    await screenshot('try-ocr');
  });

  step('publishes the TTS model', async () => {
    await page.goto(at('/model/my-contribution'));
    await myRow(NAMES.tts).getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('dialog', { name: 'Publish Model' }).getByRole('button', { name: 'Yes' }).click();
    await expect.poll(async () => (await cells(myRow(NAMES.tts)))[7]).toBe('Published');
  });

  step('a second check round: the health tab shows the TTS model available with its latency', async () => {
    const row = await checkHealth(modelIds.tts);
    expect(row).toMatchObject({ status: 'available', outputCheck: null });
    expect(row.latencyMs).toBeGreaterThanOrEqual(0);
    expect(ms.calls.at(-1)?.path).toBe('/tts');
    await page.goto(at('/model/explore-models?task=status-check'));
    const gridRow = healthGridRow(NAMES.tts);
    await gridRow.waitFor();
    const texts = await gridCells(gridRow);
    expect(texts.slice(0, 3)).toEqual([NAMES.tts, 'TTS', 'available']);
    expect(texts[4]).toMatch(/^\d[\d,]* ms$/);
    expect(texts[5]).toBe('OK');
    // Only published models are checked and listed: the unpublished translation model is gone.
    expect(await healthGridRow(NAMES.translation).count()).toBe(0);
    await screenshot('health-tts-available');
  });

  step('phone size: My Models cards, Explore tabs and cards, the model page and its try view', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/model/my-contribution'));
    await page.getByRole('heading', { name: 'My Models', level: 1 }).waitFor();
    await page.getByText(NAMES.tts).first().waitFor();
    await screenshot('phone-my-models');
    // A card opens the model page, which goes back to My Models (the route state My Models passes).
    await page.getByRole('button', { name: new RegExp(NAMES.tts) }).click();
    await page.getByRole('heading', { name: `${NAMES.tts} v1.0`, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back to My Models' }).click();
    await expect.poll(currentPath).toBe('/ulca/model/my-contribution');
    await page.goto(at('/model/upload'));
    await page.getByRole('heading', { name: 'Submit Model', level: 1 }).waitFor();
    await screenshot('phone-upload');
    await page.goto(at('/model/explore-models?task=tts'));
    await page.getByRole('tablist', { name: 'Model tasks' }).waitFor();
    await page.getByText(NAMES.tts).first().waitFor();
    await screenshot('phone-explore-tts');
    await page.goto(at('/model/explore-models?task=status-check'));
    await page.getByText(NAMES.tts).first().waitFor();
    // The selected tab, the last one, is scrolled wholly into view (not cut by the scroll button).
    const scroller = page.getByRole('tablist', { name: 'Model tasks' }).locator('xpath=..');
    const selectedTab = page.getByRole('tab', { name: 'Status Check', selected: true });
    await expect
      .poll(async () => {
        const [outer, inner] = [await scroller.boundingBox(), await selectedTab.boundingBox()];
        return !!outer && !!inner && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;
      })
      .toBe(true);
    await screenshot('phone-health');
    await openTryView(modelIds.tts, NAMES.tts);
    await screenshot('phone-try-tts');
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
