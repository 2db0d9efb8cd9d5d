/**
 * End-to-end, in headless Chromium against the real platform: datasets are
 * submitted through the real pipeline (over HTTP, signed as the admin), then a visitor who is not
 * signed in opens the dashboard, drills down to level 2 by clicking bars, resets, switches to a
 * speech type (hours), and opens Dataset Metrics, hides a column and downloads the CSV, whose rows
 * and sums are checked against the API. Screenshots: test-results/e2e/dashboard-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'csv-parse/sync';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { FIXTURES_DIR, writeGeneratedParallelZip, zipFixture } from '../apps/server/src/test/fixtures.ts';
import { signedHeaders } from '../apps/server/src/security/signing.ts';
import { openTakenOver } from './support/browser.ts';
import { BrowserJourney } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';

const PIPELINE_TIMEOUT_MS = 90_000;

/** Generated parallel datasets: several languages paired with English, domains, methods and submitters. */
const GENERATED = [
  { name: 'en-hi-news', src: 'en', tgt: 'hi', rows: 40, domain: 'news', method: 'machine-translated', submitter: 'Lab A' },
  { name: 'hi-en-legal', src: 'hi', tgt: 'en', rows: 25, domain: 'legal', method: 'manual-translated', submitter: 'Lab B' },
  { name: 'en-hi-general', src: 'en', tgt: 'hi', rows: 20, domain: 'general', method: 'manual-translated', submitter: 'Lab C' },
  { name: 'en-ta-news', src: 'en', tgt: 'ta', rows: 30, domain: 'news', method: 'machine-translated', submitter: 'Lab A' },
  {
    name: 'en-bn-government',
    src: 'en',
    tgt: 'bn',
    rows: 18,
    domain: 'government-press-release',
    method: 'manual-translated',
    submitter: 'Lab B',
  },
  { name: 'en-mr-news', src: 'en', tgt: 'mr', rows: 12, domain: 'news', method: 'machine-translated', submitter: 'Lab C' },
] as const;
const FIXTURES = ['parallel-valid', 'monolingual-valid', 'asr-valid', 'asr-unlabeled-valid', 'tts-valid', 'ocr-valid'] as const;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let zipDir: string;
let page: Page;
let keys: { publicKey: string; privateKey: string };

/** Once a step fails, the later ones are skipped; the failure is pictured as <prefix><nn>-FAILED.png. */
const journey = new BrowserJourney('dashboard-', () => screenshot('FAILED'));
const { takeShot, at } = journey;
async function screenshot(step: string): Promise<void> {
  // Away from the chart, so no hover tooltip covers the bars.
  await page.mouse.move(1, 1);
  await takeShot(page, step);
}

/** A signed API call as the admin (docs/api.md#request-signatures). */
async function api<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const res = await fetch(`${platform.baseUrl}${url}`, {
    method,
    headers: { ...signedHeaders(keys, { method, url, body: raw }), ...(raw ? { 'content-type': 'application/json' } : {}) },
    body: raw,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Writes a parallel dataset zip of `g` into the served folder (fixtures.ts writeGeneratedParallelZip). */
const writeParallelZip = (g: (typeof GENERATED)[number]) =>
  writeGeneratedParallelZip(g, { zipDir, seed: `e2e-${g.name}`, source: 'Generated for the dashboard journey' });

type ReportRow = {
  datasetType: string;
  sourceLanguage: string;
  targetLanguage: string;
  domains: string;
  primarySubmitterName: string;
  count: number;
  total: number;
};

describe('dashboard and Dataset Metrics in Chromium', () => {
  beforeAll(async () => {
    zipDir = journey.tempDir('dash-zips');
    const files: string[] = [];
    for (const name of FIXTURES) {
      if (!fs.existsSync(path.join(FIXTURES_DIR, name))) throw new Error(`missing fixture ${name}`);
      files.push(path.basename(await zipFixture(name, zipDir)));
    }
    for (const g of GENERATED) files.push(await writeParallelZip(g));
    fixtures = await journey.serveFiles(zipDir);
    platform = await journey.startPlatform();

    // Datasets go through the real pipeline, submitted by the admin account over HTTP.
    const login = await fetch(at('/user-mgmt/v1/users/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticator: 'ULCA', data: { email: 'admin@ulca.local', password: platform.adminPassword } }),
    });
    expect(login.status).toBe(200);
    const session = (await login.json()).data as { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } };
    keys = session.userKeys;
    const srns: string[] = [];
    for (const [i, f] of files.entries()) {
      const r = await api<{ data: { serviceRequestNumber: string } }>('POST', '/ulca/apis/v0/dataset/corpus/submit', {
        datasetName: `Dashboard journey ${i + 1} ${f}`,
        url: fixtures.url(f),
        userId: session.userDetails.userID,
      });
      srns.push(r.data.serviceRequestNumber);
    }
    const deadline = Date.now() + PIPELINE_TIMEOUT_MS;
    for (const srn of srns) {
      for (;;) {
        const s = await api<{ status: string }>('GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`);
        if (s.status === 'Completed') break;
        if (s.status === 'Failed') throw new Error(`submission ${srn} failed:\n${platform.output().slice(-3000)}`);
        if (Date.now() > deadline) throw new Error(`submission ${srn} still ${s.status}`);
        await new Promise((r) => setTimeout(r, 500));
      }
    }

    page = await journey.openPage({ acceptDownloads: true }, 30_000);
  });

  afterAll(() => journey.tearDown());

  const { step } = journey;

  const crumbs = () => page.getByRole('navigation', { name: 'Dashboard level' }).locator('li.MuiBreadcrumbs-li').allInnerTexts();
  const total = () => page.getByTestId('dashboard-total').innerText();
  const bars = () => page.locator('[data-testid="metrics-chart"] [data-bar]');
  const xLabels = () => page.locator('[data-testid="metrics-chart"] [data-x-label]').allTextContents();

  step('signed out, the dashboard arrives drawn with its bars: readable with scripts off, taken over without asking again', async () => {
    const bare = await journey.openPageWithoutScripts();
    await bare.goto(at('/dashboard'));
    await bare.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await bare.getByTestId('dashboard-total').innerText()).toBe('Total: 150 sentences');
    // The chart is drawn by the server (scaled to its box until a script measures it).
    expect(await bare.locator('[data-testid="metrics-chart"] [data-x-label]').allTextContents()).toEqual([
      'Hindi',
      'Tamil',
      'Bengali',
      'Marathi',
    ]);
    expect(await bare.locator('[data-testid="metrics-chart"] [data-bar]').count()).toBe(4);
    await takeShot(bare, 'rendered-by-server');
    await bare.context().close();

    const { page: fresh, problems, requests: searches } = await openTakenOver(page.context(), at('/dashboard'), '/store/search', 30_000);
    expect(await fresh.locator('[data-testid="metrics-chart"] [data-bar]').count()).toBe(4);
    expect(await fresh.locator('h1').count()).toBe(1);
    // The bars came with the page: the app did not ask for them again.
    expect(searches).toEqual([]);
    expect(problems).toEqual([]);
    await fresh.close();
  });

  step('level 0: parallel sentences per language paired with English, largest first', async () => {
    await page.goto(at('/dashboard'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await bars().first().waitFor();
    // en–hi: parallel-valid 5 + 40 + 20, and hi→en 25 is found from the Hindi side too.
    expect(await xLabels()).toEqual(['Hindi', 'Tamil', 'Bengali', 'Marathi']);
    expect(await total()).toBe('Total: 150 sentences');
    expect(await crumbs()).toEqual(['Parallel Dataset (English)']);
    expect(await page.getByRole('button', { name: 'Reset' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Dataset Type' }).getAttribute('aria-disabled')).toBeNull();
    await screenshot('level-0');
  });

  step(
    'level 1: the Hindi bar (a button, here pressed with Enter) shows English–Hindi by domain; the type picker is disabled',
    async () => {
      await page.getByRole('button', { name: 'Hindi: 90 sentences', exact: true }).press('Enter');
      await expect.poll(crumbs).toEqual(['Parallel Dataset (English)', 'English – Hindi']);
      await expect.poll(xLabels).toEqual(['News', 'General', 'Legal']);
      expect(await total()).toBe('Total: 90 sentences (of 150 sentences in Parallel Dataset)');
      expect(await page.getByRole('combobox', { name: 'Dataset Type' }).getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByRole('group', { name: 'Group by' }).getByRole('button').allInnerTexts()).toEqual([
        'Domain',
        'Collection Method',
        'Submitter',
      ]);
      await screenshot('level-1-by-domain');
      await page.getByRole('button', { name: 'Submitter' }).click();
      await expect.poll(xLabels).toEqual(['Lab A', 'Lab B', 'Lab C', 'ULCA Test Fixt…']);
      await screenshot('level-1-by-submitter');
    },
  );

  step('level 2: clicking Lab C shows its sentences by domain, and offers the two other groupings', async () => {
    await bars().nth(2).click();
    await expect.poll(crumbs).toEqual(['Parallel Dataset (English)', 'English – Hindi', 'Submitter: Lab C']);
    await expect.poll(xLabels).toEqual(['General']);
    expect(await total()).toBe('Total: 20 sentences (of 150 sentences in Parallel Dataset)');
    expect(await page.getByRole('group', { name: 'Group by' }).getByRole('button').allInnerTexts()).toEqual([
      'Domain',
      'Collection Method',
    ]);
    await page.getByRole('button', { name: 'Collection Method' }).click();
    await expect.poll(xLabels).toEqual(['Manually Trans…']);
    await page.getByRole('button', { name: 'Show values as a table' }).click();
    await page.getByRole('table', { name: 'Chart values' }).getByText('Manually Translated').waitFor();
    await screenshot('level-2');
  });

  step('Reset returns to level 0', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(crumbs).toEqual(['Parallel Dataset (English)']);
    await expect.poll(xLabels).toEqual(['Hindi', 'Tamil', 'Bengali', 'Marathi']);
    expect(await page.getByRole('combobox', { name: 'Dataset Type' }).getAttribute('aria-disabled')).toBeNull();
    await screenshot('reset');
  });

  step('a speech type counts hours with 3 decimals and has no source language picker', async () => {
    await page.getByRole('combobox', { name: 'Dataset Type' }).click();
    await page.getByRole('option', { name: 'ASR Dataset', exact: true }).click();
    await expect.poll(xLabels).toEqual(['Hindi']);
    expect(await total()).toMatch(/^Total: \d+\.\d{3} hrs$/);
    expect(await page.getByRole('combobox', { name: 'Source Language' }).count()).toBe(0);
    await screenshot('asr-hours');
    // A type with nothing published says so.
    await page.getByRole('combobox', { name: 'Dataset Type' }).click();
    await page.getByRole('option', { name: 'NER Dataset', exact: true }).click();
    await page.getByText('No records found.').waitFor();
    await screenshot('empty-type');
  });

  step('on a phone the dashboard fits the screen width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('/dashboard'));
    await bars().first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot('phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  step('Dataset Metrics: hiding Submitter sums rows, and the CSV download holds the visible rows and sums', async () => {
    await page.goto(at('/dataset/reports'));
    await page.getByRole('heading', { name: 'Dataset Metrics' }).waitFor();
    const grid = page.getByRole('grid');
    await grid.getByRole('row').nth(1).waitFor();
    const api = (await (
      await fetch(at('/data-metric/v0/store/reports'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    ).json()) as { data: ReportRow[] };
    const totalRecords = api.data.reduce((n, r) => n + r.count, 0);
    // Default sort: dataset type ascending; the monolingual row shows '-' as target language.
    const firstType = await grid.locator('[role="row"][data-rowindex="0"] [data-field="datasetType"]').innerText();
    expect(firstType).toBe('ASR Dataset');
    await grid.getByRole('gridcell', { name: 'Monolingual Dataset' }).waitFor();
    const monoRow = grid.getByRole('row').filter({ has: page.getByRole('gridcell', { name: 'Monolingual Dataset' }) });
    expect(await monoRow.locator('[data-field="targetLanguage"]').innerText()).toBe('-');
    await screenshot('metrics-all-columns');

    // Quick-filter search: only Lab A's rows remain.
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('searchbox').fill('Lab A');
    await expect.poll(() => grid.locator('[role="row"][data-rowindex]').count()).toBe(2);
    expect(await grid.locator('[data-field="primarySubmitterName"][role="gridcell"]').allInnerTexts()).toEqual(['Lab A', 'Lab A']);
    await screenshot('metrics-search');
    await page.getByRole('searchbox').fill('');
    await expect.poll(() => grid.locator('[role="row"][data-rowindex]').count()).toBe(api.data.length);

    // Column chooser: hide Submitter.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Submitter' }).uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => grid.getByRole('columnheader', { name: 'Submitter' }).count()).toBe(0);
    await screenshot('metrics-without-submitter');

    // Export → Download as CSV.
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Download as CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('dataset-metrics.csv');
    const file = path.join(zipDir, 'metrics.csv');
    await download.saveAs(file);
    const rows = parse(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0])).toEqual([
      'Dataset Type',
      'Source Language',
      'Target Language',
      'Domain',
      'Collection Method',
      'Unit',
      'Records',
      'Total',
    ]);
    // Rows whose visible dimensions are equal were summed: one row per combination without the submitter.
    const combos = new Set(
      api.data.map((r) =>
        JSON.stringify([
          r.datasetType,
          r.sourceLanguage,
          r.targetLanguage,
          r.domains,
          (r as Record<string, unknown>).collectionMethod_collectionDescriptions,
        ]),
      ),
    );
    expect(rows.length).toBe(combos.size);
    expect(rows.length).toBeLessThan(api.data.length);
    expect(rows.reduce((n, r) => n + Number(r.Records), 0)).toBe(totalRecords);
    // en→hi 'news' (Lab A) and 'general' (Lab C + the fixture's submitter) are distinct rows; the general ones were summed.
    const general = rows.find(
      (r) =>
        r['Dataset Type'] === 'Parallel Dataset' &&
        r['Source Language'] === 'English' &&
        r['Target Language'] === 'Hindi' &&
        r.Domain === 'General' &&
        r['Collection Method'] === 'Manually Translated',
    );
    expect(general?.Records).toBe('25');
    // The blank target shown as '-' is exported empty (a lone '-' would be quoted as a formula guard).
    expect(rows.find((r) => r['Dataset Type'] === 'Monolingual Dataset')?.['Target Language']).toBe('');
    expect(rows.every((r) => r['Dataset Type'] !== '')).toBe(true);
  });
});
