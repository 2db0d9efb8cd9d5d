/**
 * End-to-end, in headless Chromium against the real platform on a fresh data folder with the
 * offline reference models on (issue #12 "Must show"): Explore lists the reference models of every
 * task they serve; a visitor tries OCR with an uploaded image (a Hindi line rendered here), TTS
 * with the audio playing, translation hi→ur and text language detection, each on the model's page
 * beside its engine card. Screenshots at 1366×900 and 390×844:
 * test-results/e2e/refmodels-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';
import { startTextRenderer } from '../apps/server/src/modules/reference-models/engines/render-text.testkit.ts';

const SHOT_PREFIX = 'refmodels-';
const HINDI_LINE = 'भारत एक विशाल देश है';

let platform: RunningPlatform;
let browser: Browser;
let desktop: BrowserContext;
let phone: BrowserContext;
let page: Page;
let png: Buffer;
/** Model id by task, from model/search. */
const idOf: Record<string, string> = {};

const takeShot = screenshotTaker(SHOT_PREFIX);
const journey = new Journey(() => screenshot('FAILED'));
const screenshot = (step: string, p: Page = page) => takeShot(p, step);
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

describe('reference models in Chromium', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    const renderer = await startTextRenderer();
    png = await renderer.png([HINDI_LINE], 'Noto Sans Devanagari');
    await renderer.close();
    platform = await startPlatform({ env: { REFERENCE_MODELS: 'true' } });
    for (const task of ['ocr', 'tts', 'translation', 'txt-lang-detection']) {
      const res = await fetch(at('/apis/v0/model/search'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ task, sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' }),
      });
      const found = ((await res.json()) as { data: { modelId: string; submitter: { name: string } }[] }).data.find((m) => m.submitter.name === 'ULCA reference models');
      if (!found) throw new Error(`no reference ${task} model listed:\n${platform.output().slice(-3000)}`);
      idOf[task] = found.modelId;
    }
    browser = await launchChromium();
    desktop = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
    page = await newPageWithTimeout(desktop, 60_000);
  }, 180_000);

  afterAll(() => tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken: journey.broken }));

  const { step } = journey;
  const send = (name: RegExp) => page.getByRole('button', { name }).click();

  step('Explore lists the reference models', async () => {
    await page.goto(at('/model/explore-models'));
    await expect.poll(() => page.getByText('Apertium Hindi↔Urdu (reference)').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('explore-translation');
    // The task is chosen with the filter's select on a desktop; its URL form is ?task=<task>.
    await page.goto(at('/model/explore-models?task=ocr'));
    await expect.poll(() => page.getByText('Tesseract OCR (reference)').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.goto(at('/model/explore-models?task=asr'));
    await expect.poll(() => page.getByText(/works with contributors' models only/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('explore-asr-contributor-only');
  });

  step('OCR: an uploaded image of a Hindi line is read back', async () => {
    await page.goto(at(`/search-model/${idOf.ocr}`));
    await expect.poll(() => page.getByTestId('engine-card').count(), { timeout: 30_000 }).toBe(1);
    await page.locator('input[type="file"]').setInputFiles({ name: 'hindi-line.png', mimeType: 'image/png', buffer: png });
    await send(/^Convert$/);
    await expect.poll(() => page.getByText(HINDI_LINE).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    await screenshot('ocr-result');
  });

  step('TTS: the answer plays in the audio element', async () => {
    await page.goto(at(`/search-model/${idOf.tts}`));
    await page.getByRole('textbox').first().fill('नमस्ते, आप कैसे हैं?');
    await send(/^Convert$/);
    const audio = page.locator('audio');
    await audio.waitFor({ timeout: 60_000 });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // Play it with a click on the native control (a user gesture), then see time advance.
    const box = (await audio.boundingBox())!;
    await page.mouse.click(box.x + 18, box.y + box.height / 2);
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime > 0 || a.ended), { timeout: 15_000 }).toBe(true);
    await screenshot('tts-playing');
  });

  step('translation hi→ur', async () => {
    await page.goto(at(`/search-model/${idOf.translation}`));
    const toggle = page.getByRole('checkbox', { name: /Transliteration/ });
    if (await toggle.count()) await toggle.uncheck();
    await page.getByRole('textbox').first().fill('मेरा नाम राम है।');
    await send(/^Translate$/);
    await expect.poll(() => page.getByText('میرا نام رام ہے۔').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('translation-result');
  });

  step('text language detection', async () => {
    await page.goto(at(`/search-model/${idOf['txt-lang-detection']}`));
    await page.getByRole('textbox').first().fill('நான் சென்னையில் வசிக்கிறேன்.');
    await send(/^Detect$/);
    await expect.poll(() => page.getByText(/Tamil|\bta\b/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('lang-detection-result');
  });

  step('on a phone (390×844): Explore and a model page with its card', async () => {
    const small = await newPageWithTimeout(phone, 60_000);
    await small.goto(at('/model/explore-models'));
    await expect.poll(() => small.getByText('Apertium Hindi↔Urdu (reference)').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('phone-explore', small);
    await small.goto(at(`/search-model/${idOf.ocr}`));
    await expect.poll(() => small.getByTestId('engine-card').count(), { timeout: 30_000 }).toBe(1);
    await screenshot('phone-ocr-model', small);
    await small.close();
  });
});
