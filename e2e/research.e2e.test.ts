/**
 * End-to-end, in headless Chromium against the real platform (docs/product.md#dataset-viewer,
 * #dataset-versions): the admin submits a parallel, an ASR and an OCR dataset (the test fixtures)
 * through the API; the dataset viewer shows the parallel pairs side by side, plays an ASR record's
 * audio (streamed with Range requests) and draws an OCR record's bounding box; the versions table
 * lists version 1 and its Cite dialog gives BibTeX and CFF. Then two models (the test model server;
 * one fails on the rows with "कुत्ता") run BLEU on a benchmark, and the leaderboard's Compare runs
 * shows their paired bootstrap p-value and the examples where they differ most; two runs with identical
 * outputs are "no difference", with the test explained and its versions named, in English and Hindi. Screenshots at
 * 1366×900 and 390×844 (checked not to scroll sideways): test-results/e2e/research-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture } from '../apps/server/src/test/fixtures.ts';
import { embeddedDatabaseUrl, signedFetch } from '../apps/server/src/test/server-process.ts';
import { startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import { zipFolder } from '../apps/server/src/test/fixtures.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { BrowserJourney, INDIA_DESKTOP } from './support/journey.ts';
import { catalogueMessage } from './support/i18n.ts';
import type { RunningPlatform } from './support/server.ts';

const journey = new BrowserJourney('research-');
const { takeShot, at } = journey;
let platform: RunningPlatform;
let fixtures: FixtureServer;
let dir: string;
let ms: TestModelServer;
let keys: { publicKey: string; privateKey: string };
let userId = '';
let page: Page;
const ids: Record<string, string> = {};

async function noSideScroll(): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll).toBeLessThanOrEqual(width);
}

describe('dataset viewer and versions in Chromium', () => {
  beforeAll(async () => {
    dir = journey.tempDir('research');
    for (const name of ['parallel-valid', 'asr-valid', 'ocr-valid']) await zipFixture(name, dir);
    fixtures = await journey.serveFiles(dir);
    platform = await journey.startPlatform();
    const login = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    const body = (await login.json()) as { data: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } } };
    keys = body.data.userKeys;
    userId = body.data.userDetails.userID;
    for (const name of ['parallel-valid', 'asr-valid', 'ocr-valid']) {
      const res = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/submit', {
        datasetName: `Research ${name}`,
        url: fixtures.url(`${name}.zip`),
        userId,
      });
      expect(res.status).toBe(200);
      const data = res.json.data as { serviceRequestNumber: string; datasetId: string };
      ids[name] = data.datasetId;
      const deadline = Date.now() + 120_000;
      for (;;) {
        const s = await signedFetch(
          platform.baseUrl,
          keys,
          'GET',
          `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${data.serviceRequestNumber}`,
        );
        if (s.json.status === 'Completed') break;
        if (s.json.status === 'Failed' || Date.now() > deadline) throw new Error(`${name} did not publish: ${JSON.stringify(s.json)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
    page = await journey.openPage(INDIA_DESKTOP, 20_000);
  }, 240_000);

  afterAll(async () => {
    await journey.tearDown();
    await ms?.close();
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
    await expect
      .poll(() =>
        page
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
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

  journey.step('comparing two runs on the leaderboard: p-value and the examples that differ most; wide and phone', async () => {
    const sources = [
      'बिल्ली सो रही है',
      'रात को कुत्ता भौंकता है',
      'छत पर बारिश गिरती है',
      'कुत्ता चावल खाता है',
      'बच्चे बगीचे में खेलते हैं',
      'चिड़िया गाती है',
    ];
    const folder = path.join(dir, 'bm');
    fs.mkdirSync(folder);
    const params = {
      name: 'Research hi-mr benchmark',
      taskType: { type: 'translation' },
      description: 'Six sentences',
      languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
      collectionSource: ['written for this test'],
      domain: ['general'],
      license: 'cc-by-4.0',
      submitter: { name: 'Pune Language Lab' },
    };
    fs.writeFileSync(path.join(folder, 'params.json'), JSON.stringify(params));
    fs.writeFileSync(
      path.join(folder, 'data.json'),
      JSON.stringify(sources.map((s, i) => ({ sourceText: s, targetText: i === 5 ? 'mr:छोटी चिड़िया गाती है' : `mr:${s}` }))),
    );
    await zipFolder(folder, path.join(dir, 'bm.zip'));
    const sub = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/benchmark/submit', {
      datasetName: 'Research hi-mr benchmark',
      url: fixtures.url('bm.zip'),
    });
    expect(sub.status).toBe(200);
    const benchmarkId = (sub.json.data as { benchmarkId: string }).benchmarkId;
    await expect
      .poll(
        async () =>
          ((await signedFetch(platform.baseUrl, keys, 'GET', '/ulca/apis/v0/benchmark/listByUserId')).json.data as { status: string }[])[0]
            ?.status,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('Completed');
    ms = await startTestModelServer();
    const db = createDb(platform.databaseUrl ?? embeddedDatabaseUrl(platform.dataDir), 2);
    const ctx = { db } as unknown as AppContext;
    const langs = [{ sourceLanguage: 'hi', targetLanguage: 'mr' }];
    const good = await insertTestModel(ctx, { userId, callbackUrl: ms.url('translation'), name: 'Sahyadri MT', languages: langs });
    const flaky = await insertTestModel(ctx, {
      userId,
      callbackUrl: ms.url(`fail-on/translation?word=${encodeURIComponent('कुत्ता')}`),
      name: 'Konkan MT',
      languages: langs,
    });
    // Answers as Sahyadri MT does: identical outputs, which the comparison calls "no difference".
    const twin = await insertTestModel(ctx, { userId, callbackUrl: ms.url('translation'), name: 'Western Ghats MT', languages: langs });
    await db.pool.end();
    for (const modelId of [good, flaky, twin]) {
      const run = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/benchmark/execute', {
        modelId,
        benchmarks: [{ benchmarkId, metric: 'bleu' }],
      });
      expect(run.status, JSON.stringify(run.json)).toBe(200);
      const id = (run.json as { benchmarkProcessIds: string[] }).benchmarkProcessIds[0];
      await expect
        .poll(
          async () =>
            (
              (await signedFetch(platform.baseUrl, keys, 'GET', `/ulca/apis/v0/benchmark/process/status?benchmarkProcessId=${id}`)).json
                .data as { status: string }[]
            )[0].status,
          { timeout: 120_000, interval: 500 },
        )
        .toBe('Completed');
    }
    // A contributed test set starts hidden (docs/api.md#who-sees-a-benchmarks-rows); its owner opens it so visitors see the examples.
    const opened = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/benchmark/visibility', {
      benchmarkId,
      visibility: 'open',
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    await page.goto(at(`/model/benchmark-details/${benchmarkId}`));
    const section = page.getByRole('region', { name: 'Compare runs' });
    await section.waitFor();
    await section.getByText('You must select at-least two results to compare').waitFor();
    await section.getByRole('checkbox', { name: /Sahyadri MT/ }).check();
    await section.getByRole('checkbox', { name: /Konkan MT/ }).check();
    await section.getByRole('button', { name: 'Compare' }).click();
    const pairs = page.getByRole('table', { name: 'Paired bootstrap tests' });
    await pairs.waitFor();
    await expect.poll(() => pairs.getByRole('row').count()).toBe(2);
    expect(await pairs.getByRole('row').nth(1).innerText()).toMatch(
      /Sahyadri MT v1\.0 vs Konkan MT v1\.0\s+[\d.]+ \/ [\d.]+\s+0\.\d{4} \((not )?significant\)/,
    );
    const examples = page.getByRole('table', { name: 'Examples where the runs differ most' });
    await expect.poll(() => examples.getByRole('row').count()).toBe(7);
    expect(await examples.getByRole('row').nth(1).innerText()).toContain('कुत्ता');
    await section.scrollIntoViewIfNeeded();
    await takeShot(page, 'compare-wide');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    await noSideScroll();
    await takeShot(page, 'compare-phone');
    await page.setViewportSize({ width: 1366, height: 900 });

    // Two runs with identical outputs: "no difference" (the server's answer), not sacrebleu's smallest
    // p-value; a line explains the test and another names the test's and the metric's versions.
    const bench = (lang: 'en' | 'hi', key: string) => catalogueMessage(lang, `benchmarks.compare.${key}`);
    for (const lang of ['en', 'hi'] as const) {
      if (lang === 'hi') {
        await page.evaluate(() => localStorage.setItem('ulca.language', 'hi'));
        await page.reload();
      }
      const region = page.getByRole('region', { name: bench(lang, 'title') });
      await region.waitFor();
      for (const name of [/Sahyadri MT/, /Western Ghats MT/]) await region.getByRole('checkbox', { name }).check();
      if (await region.getByRole('checkbox', { name: /Konkan MT/ }).isChecked())
        await region.getByRole('checkbox', { name: /Konkan MT/ }).uncheck();
      await region.getByRole('button', { name: bench(lang, 'compare') }).click();
      const tests = page.getByRole('table', { name: bench(lang, 'tests') });
      await tests.getByText(bench(lang, 'noDifferenceIdentical')).waitFor();
      expect(await tests.getByRole('row').nth(1).innerText()).toMatch(/Sahyadri MT v1\.0 .* Western Ghats MT v1\.0/);
      expect(await tests.getByText(bench(lang, 'significant'), { exact: true }).count()).toBe(0);
      await region.getByText(bench(lang, 'explain').split('{')[0]).waitFor();
      const versions = await region.getByText(bench(lang, 'versions').split('{')[0]).innerText();
      expect(versions).toContain('paired-bs|n:1000|seed:12345|sacrebleu:2.6.0');
      expect(versions).toMatch(/version:2\.6\.0\|metric:bleu\|ulca:\d+/);
      await tests.scrollIntoViewIfNeeded();
      await takeShot(page, `compare-identical-${lang}`);
    }
    await page.evaluate(() => localStorage.setItem('ulca.language', 'en'));
  });
});
