/**
 * End-to-end, in headless Chromium against the real platform (docs/product.md#dataset-viewer,
 * #dataset-versions): the admin submits a parallel, an ASR and an OCR dataset (the test fixtures)
 * through the API; the dataset viewer shows the parallel pairs side by side, plays an ASR record's
 * audio (streamed with Range requests) and draws an OCR record's bounding box; the versions table
 * lists version 1 and its Cite dialog gives BibTeX and CFF. Screenshots at 1366×900 and 390×844
 * (checked not to scroll sideways): test-results/e2e/research-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture } from '../apps/server/src/test/fixtures.ts';
import { signedFetch } from '../apps/server/src/test/server-process.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { startPlatform, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'research-';
const takeShot = screenshotTaker(SHOT_PREFIX);
let platform: RunningPlatform;
let fixtures: FixtureServer;
let dir: string;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const journey = new Journey(() => takeShot(page, 'FAILED'));
const ids: Record<string, string> = {};
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

async function noSideScroll(): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('dataset viewer and versions in Chromium', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-research-'));
    for (const name of ['parallel-valid', 'asr-valid', 'ocr-valid']) await zipFixture(name, dir);
    fixtures = await startFixtureServer(dir);
    platform = await startPlatform();
    const login = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    const body = (await login.json()) as { data: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } } };
    const keys = body.data.userKeys;
    const userId = body.data.userDetails.userID;
    for (const name of ['parallel-valid', 'asr-valid', 'ocr-valid']) {
      const res = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/submit', { datasetName: `Research ${name}`, url: fixtures.url(`${name}.zip`), userId });
      expect(res.status).toBe(200);
      const data = res.json.data as { serviceRequestNumber: string; datasetId: string };
      ids[name] = data.datasetId;
      const deadline = Date.now() + 120_000;
      for (;;) {
        const s = await signedFetch(platform.baseUrl, keys, 'GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${data.serviceRequestNumber}`);
        if (s.json.status === 'Completed') break;
        if (s.json.status === 'Failed' || Date.now() > deadline) throw new Error(`${name} did not publish: ${JSON.stringify(s.json)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Kolkata' });
    page = await newPageWithTimeout(context, 20_000);
  }, 240_000);

  afterAll(async () => {
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, fixtures, platform, broken: journey.broken, tempDirs: [dir] });
  });

  journey.step('a parallel dataset: pairs side by side, summary, filters; wide and phone', async () => {
    await page.goto(at(`/datasets/${ids['parallel-valid']}`));
    await page.getByRole('heading', { name: 'Research parallel-valid' }).waitFor();
    await expect.poll(() => page.getByTestId('viewer-record').count()).toBe(5);
    await page.getByText('The market opens at nine in the morning.').waitFor();
    await page.getByText('बाज़ार सुबह नौ बजे खुलता है।').waitFor();
    await page.getByRole('img', { name: /Histogram of characters/ }).waitFor();
    await takeShot(page, 'parallel-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await noSideScroll();
    await takeShot(page, 'parallel-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  journey.step('an ASR dataset: the audio plays, streamed from the object store', async () => {
    await page.goto(at(`/datasets/${ids['asr-valid']}`));
    const audio = page.locator('audio').first();
    await audio.waitFor();
    const played = await audio.evaluate(async (el: HTMLAudioElement) => {
      el.muted = true;
      await el.play();
      await new Promise((r) => setTimeout(r, 400));
      return { time: el.currentTime, error: el.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.time).toBeGreaterThan(0);
    await takeShot(page, 'asr-wide');
  });

  journey.step('an OCR dataset: the image with its bounding box drawn; wide and phone', async () => {
    await page.goto(at(`/datasets/${ids['ocr-valid']}`));
    const box = page.getByTestId('ocr-box').first();
    await box.waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const size = await box.boundingBox();
    expect(size?.width ?? 0).toBeGreaterThan(10);
    await takeShot(page, 'ocr-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await noSideScroll();
    await takeShot(page, 'ocr-phone');
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  journey.step('versions and Cite: version 1 with its BibTeX and CFF', async () => {
    await page.goto(at(`/datasets/${ids['parallel-valid']}/versions/1`));
    const table = page.getByRole('table', { name: 'Versions' });
    await table.waitFor();
    const row = table.getByRole('row').nth(1);
    await expect.poll(() => row.innerText()).toMatch(/^1\s+5\s+\+5 \/ −0/);
    await row.getByRole('button', { name: 'Cite' }).click();
    const citation = page.getByTestId('citation');
    await expect.poll(() => citation.innerText()).toMatch(/^@misc\{ulca_research_parallel_valid_v1,/);
    await takeShot(page, 'cite-bibtex');
    await page.getByRole('tab', { name: 'CFF' }).click();
    await expect.poll(() => citation.innerText()).toContain('cff-version: 1.2.0');
    await takeShot(page, 'cite-cff');
  });
});
