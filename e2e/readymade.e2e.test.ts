/**
 * End-to-end, in headless Chromium against the real platform (ready-made datasets):
 * the platform starts with its demo datasets; the ADMIN signs in, submits one more parallel
 * dataset, and marks it and two demo datasets ready-made from their status pages; a signed-out
 * visitor then finds the cards under the right task tabs, filters and searches them, and downloads
 * a whole dataset (JSON, JSONL and CSV) holding exactly the records the card counts. Taking a
 * dataset off the list removes its card and its download. The signed-in route /readymade-dataset
 * needs a session. Screenshots: test-results/e2e/readymade-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture } from '../apps/server/src/test/fixtures.ts';
import { newDesktopContext } from './support/browser.ts';
import { BrowserJourney } from './support/journey.ts';
import { REPO_ROOT, type RunningPlatform } from './support/server.ts';

const ADMIN_EMAIL = 'admin@ulca.local';
const DEMO_PARALLEL = 'Demo: parallel-en-hi';
const DEMO_MONOLINGUAL = 'Demo: monolingual-ta';
const FIXTURE_NAME = 'Everyday sentences (ready-made e2e)';
/** How long a submission may take to reach its final state (the datasets are a few KB). */
const PIPELINE_TIMEOUT_MS = 90_000;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let adminContext: BrowserContext;
let visitorContext: BrowserContext;
let page: Page;
let downloadDir: string;

const journey = new BrowserJourney('readymade-');
const { screenshot, at } = journey;

const currentPath = (p: Page = page) => new URL(p.url()).pathname;

/** The card of the dataset named `name` on the ready-made page. */
const card = (p: Page, name: string): Locator => p.getByRole('article', { name });

/** The value of `field` (e.g. 'Source') on a card. */
const cardField = (c: Locator, field: string) => c.locator(`dd[data-field="${field}"]`).innerText();

/** Names of the cards shown now, in order. */
async function cardNames(p: Page): Promise<string[]> {
  return (await p.getByRole('article').getByRole('heading', { level: 2 }).allInnerTexts()).map((t) => t.trim());
}

/** Opens the status page of the admin's submission named `name` from My Contribution and waits for Completed. */
async function openCompletedStatus(name: string): Promise<void> {
  await page.goto(at('/dataset/my-contribution'));
  const row = page.getByRole('table', { name: 'Submitted datasets' }).getByRole('row').filter({ hasText: name });
  await row.waitFor({ timeout: 30_000 });
  await row.click();
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  await expect
    .poll(
      async () => {
        const refresh = page.getByRole('button', { name: 'Refresh' });
        if (await refresh.isEnabled().catch(() => false)) await refresh.click();
        return page.locator('h1 + *').innerText();
      },
      { timeout: PIPELINE_TIMEOUT_MS, interval: 1000 },
    )
    .toContain('Completed');
}

/** Marks the dataset whose status page is open as ready-made, and waits until the page says so. */
async function markOpenDataset(): Promise<void> {
  await page.getByRole('button', { name: 'Mark as ready-made' }).click();
  await page.getByText('The dataset is now listed as a ready-made dataset.').waitFor();
  await page.getByRole('button', { name: 'Remove from ready-made' }).waitFor();
}

/** Clicks `trigger` and saves the download; returns the file name the server proposed and the text. */
async function downloadVia(p: Page, trigger: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([p.waitForEvent('download'), trigger()]);
  const file = path.join(downloadDir, download.suggestedFilename());
  await download.saveAs(file);
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

describe('ready-made datasets in Chromium', () => {
  beforeAll(async () => {
    const zipDir = journey.tempDir('rm-zips');
    downloadDir = journey.tempDir('rm-downloads');
    await zipFixture('parallel-valid', zipDir);
    fixtures = await journey.serveFiles(zipDir);
    platform = await journey.startPlatform({ env: { DEMO_DATA: 'true' } });
    ({ context: adminContext, page } = await journey.openContextPage({ acceptDownloads: true, timezoneId: 'Asia/Kolkata' }));
    visitorContext = await newDesktopContext(journey.browser!, { acceptDownloads: true, timezoneId: 'Asia/Kolkata' });
  });

  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('on a fresh install the default Parallel tab already lists the demo parallel dataset, and only it', async () => {
    const visitor = await visitorContext.newPage();
    visitor.setDefaultTimeout(PIPELINE_TIMEOUT_MS);
    await visitor.goto(at('/dataset/readymade-datasets'));
    await visitor.getByRole('heading', { name: 'Ready-made Datasets', level: 1 }).waitFor();
    // The demo pipeline may still be running when the page first loads: reload until its card is listed.
    const deadline = Date.now() + PIPELINE_TIMEOUT_MS;
    while ((await card(visitor, DEMO_PARALLEL).count()) === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1000));
      await visitor.reload();
      await visitor.getByRole('heading', { name: 'Ready-made Datasets', level: 1 }).waitFor();
    }
    await card(visitor, DEMO_PARALLEL).waitFor();
    expect(await cardNames(visitor)).toEqual([DEMO_PARALLEL]);
    expect(await visitor.getByRole('tab', { selected: true }).innerText()).toBe('Parallel Dataset (1)');
    await screenshot('fresh-public-page', visitor);
    await visitor.close();
  });

  step('the signed-in route /readymade-dataset sends a visitor to the login page', async () => {
    const visitor = await visitorContext.newPage();
    await visitor.goto(at('/readymade-dataset'));
    await visitor.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
    expect(currentPath(visitor)).toBe('/ulca/user/login');
    await visitor.close();
  });

  step('the admin signs in and submits one more parallel dataset', async () => {
    await page.goto(at('/user/login'));
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(platform.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto(at('/dataset/upload'));
    await page.getByLabel('Dataset name').fill(FIXTURE_NAME);
    await page.getByLabel('Dataset URL').fill(fixtures.url('parallel-valid.zip'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank you for your contribution!' }).waitFor();
  });

  step('the admin marks the demo monolingual dataset ready-made from its status page', async () => {
    await openCompletedStatus(DEMO_MONOLINGUAL);
    await screenshot('status-page-before-marking');
    await markOpenDataset();
    await screenshot('status-page-marked');
  });

  step('the admin marks the new parallel dataset too', async () => {
    await openCompletedStatus(FIXTURE_NAME);
    await markOpenDataset();
  });

  step('the signed-in route shows the same page to the admin', async () => {
    await page.goto(at('/readymade-dataset'));
    await page.getByRole('heading', { name: 'Ready-made Datasets', level: 1 }).waitFor();
    await card(page, DEMO_PARALLEL).waitFor();
  });

  step('signed out, the Parallel tab shows both parallel cards with their details', async () => {
    page = await visitorContext.newPage();
    page.setDefaultTimeout(15_000);
    await page.goto(at('/dataset/readymade-datasets'));
    const demo = card(page, DEMO_PARALLEL);
    await demo.waitFor();
    expect(await page.getByRole('tab', { selected: true }).innerText()).toBe('Parallel Dataset (2)');
    expect((await cardNames(page)).sort()).toEqual([DEMO_PARALLEL, FIXTURE_NAME].sort());
    // The monolingual dataset is not under Parallel.
    expect(await card(page, DEMO_MONOLINGUAL).count()).toBe(0);
    expect(await demo.getByText('Parallel Dataset', { exact: true }).isVisible()).toBe(true);
    expect(await cardField(demo, 'Source')).toBe('English');
    expect(await cardField(demo, 'Target')).toBe('Hindi');
    expect(await cardField(demo, 'Type')).toBe('Text');
    expect(await cardField(demo, 'License')).toBe('CC-BY-4.0');
    expect(await cardField(demo, 'Domain')).toBe('Tourism');
    expect(await cardField(demo, 'Submitter')).toBe('ULCA Demo Team');
    expect(await cardField(demo, 'Published On')).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/);
    expect(await cardField(demo, 'Records')).toMatch(/^\d+ records$/);
    const fixture = card(page, FIXTURE_NAME);
    expect(await cardField(fixture, 'Submitter')).toBe('ULCA Test Fixtures');
    expect(await cardField(fixture, 'Domain')).toBe('General');
    // parallel-valid has 6 rows, one repeated: 5 records.
    expect(await cardField(fixture, 'Records')).toBe('5 records');
    await screenshot('public-parallel-tab');
  });

  step('the Monolingual tab shows the Tamil demo dataset only', async () => {
    await page.getByRole('tab', { name: /^Monolingual Dataset/ }).click();
    await card(page, DEMO_MONOLINGUAL).waitFor();
    expect(await cardNames(page)).toEqual([DEMO_MONOLINGUAL]);
    expect(new URL(page.url()).searchParams.get('type')).toBe('monolingual-corpus');
    expect(await cardField(card(page, DEMO_MONOLINGUAL), 'Source')).toBe('Tamil');
    expect(await cardField(card(page, DEMO_MONOLINGUAL), 'Target')).toBe('-');
    await screenshot('public-monolingual-tab');
    await page.getByRole('tab', { name: /^ASR Dataset/ }).click();
    await page.getByText('No records found.').waitFor();
    await page.getByRole('tab', { name: /^Parallel Dataset/ }).click();
    await card(page, DEMO_PARALLEL).waitFor();
  });

  step('the filter narrows the cards by domain and submitter; Apply needs a choice; Clear All resets', async () => {
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Filter ready-made datasets' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Clear All' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Tourism' }).check();
    expect(await dialog.getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    await screenshot('filter-open');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => cardNames(page)).toEqual([DEMO_PARALLEL]);
    await screenshot('filtered-by-domain');

    // Domain Tourism AND submitter ULCA Test Fixtures: nothing.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'ULCA Test Fixtures' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No records found.').waitFor();
    expect(await cardNames(page)).toEqual([]);

    // Language Hindi covers both (target side); Clear All brings both back.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByRole('button', { name: 'Clear All' }).click();
    await expect.poll(() => cardNames(page).then((n) => n.sort())).toEqual([DEMO_PARALLEL, FIXTURE_NAME].sort());
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByRole('checkbox', { name: 'Hindi' }).check();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => cardNames(page).then((n) => n.sort())).toEqual([DEMO_PARALLEL, FIXTURE_NAME].sort());
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await dialog.getByRole('button', { name: 'Clear All' }).click();
  });

  step('the search box matches names and submitters, ignoring case', async () => {
    const search = page.getByLabel('Search ready-made datasets');
    await search.fill('EVERYDAY');
    await expect.poll(() => cardNames(page)).toEqual([FIXTURE_NAME]);
    await search.fill('demo team');
    await expect.poll(() => cardNames(page)).toEqual([DEMO_PARALLEL]);
    await screenshot('searched');
    await search.fill('no such dataset');
    await page.getByText('No records found.').waitFor();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect.poll(() => cardNames(page).then((n) => n.length)).toBe(2);
  });

  step('on a phone the cards stack in one column and keep every field', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const demo = card(page, DEMO_PARALLEL);
      await demo.waitFor();
      const boxes = await Promise.all([demo, card(page, FIXTURE_NAME)].map((c) => c.boundingBox()));
      // One column: the cards share their left edge and fit the screen.
      expect(boxes[0]!.x).toBeCloseTo(boxes[1]!.x, 0);
      expect(boxes[0]!.x + boxes[0]!.width).toBeLessThanOrEqual(390);
      expect(await cardField(demo, 'Submitter')).toBe('ULCA Demo Team');
      await screenshot('phone');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  step('Download gives the whole dataset: JSON, JSONL and CSV with the record count of the card', async () => {
    const demo = card(page, DEMO_PARALLEL);
    const expected = Number((await cardField(demo, 'Records')).replace(/\D/g, ''));
    // The demo's data.json, de-duplicated as the platform does: the count the card must show.
    const demoRows = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/server/demo/parallel-en-hi/data.json'), 'utf8')) as {
      sourceText: string;
      targetText: string;
    }[];
    const distinct = new Set(demoRows.map((r) => `${r.sourceText}\u0000${r.targetText}`));
    expect(expected).toBe(distinct.size);

    const json = await downloadVia(page, () => demo.getByRole('link', { name: `Download ${DEMO_PARALLEL} as JSON` }).click());
    expect(json.name).toMatch(/\.json$/);
    const records = JSON.parse(json.text) as { sourceText: string; targetText: string }[];
    expect(records).toHaveLength(expected);
    expect(new Set(records.map((r) => `${r.sourceText}\u0000${r.targetText}`))).toEqual(distinct);

    await demo.getByRole('button', { name: `Other formats for ${DEMO_PARALLEL}` }).click();
    await page.getByRole('menuitem', { name: 'JSONL' }).waitFor();
    await screenshot('download-formats-menu');
    const jsonl = await downloadVia(page, () => page.getByRole('menuitem', { name: 'JSONL' }).click());
    expect(jsonl.name).toMatch(/\.jsonl$/);
    expect(jsonl.text.split('\n').filter((l) => l.trim() !== '')).toHaveLength(expected);

    await demo.getByRole('button', { name: `Other formats for ${DEMO_PARALLEL}` }).click();
    const csv = await downloadVia(page, () => page.getByRole('menuitem', { name: 'CSV' }).click());
    expect(csv.name).toMatch(/\.csv$/);
    expect(parseCsv(csv.text, { columns: true, bom: true, skip_empty_lines: true })).toHaveLength(expected);
  });

  step('once the admin removes a dataset from ready-made, its card and its download are gone', async () => {
    const listed = card(page, FIXTURE_NAME);
    const href = await listed.getByRole('link', { name: `Download ${FIXTURE_NAME} as JSON` }).getAttribute('href');
    expect(href).toBeTruthy();
    const admin = await adminContext.newPage();
    const previous = page;
    page = admin;
    await openCompletedStatus(FIXTURE_NAME);
    await page.getByRole('button', { name: 'Remove from ready-made' }).click();
    await page.getByText('The dataset is no longer listed as a ready-made dataset.').waitFor();
    await page.getByRole('button', { name: 'Mark as ready-made' }).waitFor();
    await screenshot('status-page-unmarked');
    page = previous;
    await page.reload();
    await card(page, DEMO_PARALLEL).waitFor();
    expect(await cardNames(page)).toEqual([DEMO_PARALLEL]);
    const gone = await fetch(`${platform.baseUrl}${href}`);
    expect(gone.status).toBe(404);
  });
});
