/**
 * End-to-end, in headless Chromium against the real platform (search and
 * download, My Searches): a signed-in user with no searches sees the empty My Searches; three
 * datasets (parallel en→hi and ASR hi fixtures, a generated en→mr dataset of 50,000 rows) are
 * published through the real pipeline; the search form waits for a target language, shows the
 * mandatory rule and clears on a type change; a search over the large dataset shows the in-progress
 * view with its service request number and turns into its result by itself; a parallel search with
 * filters shows info cards, the count and download links, and the downloaded files parse and hold
 * exactly the count shown. An ASR search shows hours and offers a zip with the audio; a data source
 * adds the language Mixed; a search matching nothing says so; My Searches lists all four (hours for
 * the speech search), highlights the added one and opens a result; unknown searches go back to the
 * form; a network failure shows the error state.
 * Screenshots: test-results/e2e/search-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { FIXTURE_EXPECTATIONS, makeParallelZip, zipFixture, type ProcessedExpectation } from '../apps/server/src/test/fixtures.ts';
import { signHeaders } from '../apps/web/src/lib/signing.ts';
import { BrowserJourney } from './support/journey.ts';
import type { RunningPlatform } from './support/server.ts';

const ADMIN_EMAIL = 'admin@ulca.local';
/** How long a submission or a search may take to finish (the datasets are a few KB). */
const JOB_TIMEOUT_MS = 90_000;
const PARALLEL = FIXTURE_EXPECTATIONS['parallel-valid'] as ProcessedExpectation;
const ASR = FIXTURE_EXPECTATIONS['asr-valid'] as ProcessedExpectation;
/** Rows of the generated English–Marathi dataset: enough that its search export is still running when the in-progress view first asks. */
const LARGE_ROWS = 50_000;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let downloadDir: string;
let page: Page;
/** Service request numbers of the searches made, by name. */
const searches: Record<'large' | 'parallel' | 'asr' | 'nothing', string> = { large: '', parallel: '', asr: '', nothing: '' };
let largeZip = '';

const journey = new BrowserJourney('search-');
const { screenshot, at } = journey;

const currentPath = () => decodeURIComponent(new URL(page.url()).pathname);

/** A signed API call with the browser's session (the same signing as the web app). */
async function signedApi<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<T> {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('ulca.session') ?? 'null'));
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = signHeaders(session.userKeys.publicKey, session.userKeys.privateKey, {
    method,
    url: pathAndQuery,
    body: text,
  });
  if (text) headers['content-type'] = 'application/json';
  const res = await fetch(`${platform.baseUrl}${pathAndQuery}`, { method, headers, body: text });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${pathAndQuery} → ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Submits a fixture zip as the signed-in user and waits until its publish stage is Completed. */
async function publishFixture(name: string, file: string): Promise<void> {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('ulca.session') ?? 'null'));
  const submitted = await signedApi<{ data: { serviceRequestNumber: string } }>('POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName: name,
    url: fixtures.url(file),
    userId: session.userDetails.userID,
  });
  const srn = submitted.data.serviceRequestNumber;
  const q = new URLSearchParams({ serviceRequestNumber: srn }).toString();
  await expect
    .poll(
      async () => {
        const status = await signedApi<{ data: { stage: string; status: string }[] }>(
          'GET',
          `/ulca/apis/v0/dataset/getByServiceRequestNumber?${q}`,
        );
        return status.data.map((s) => `${s.stage}:${s.status}`).join(' ');
      },
      { timeout: JOB_TIMEOUT_MS, interval: 1000 },
    )
    .toContain('publish:Completed');
}

/** Picks `option` in the MUI select labelled `label`. */
async function choose(label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Adds `options` in the multi-select (autocomplete) labelled `label`. */
async function chooseMany(label: string, options: string[]): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  for (const option of options) {
    await box.click();
    await box.fill(option);
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** Submits the form and returns the service request number of the in-progress view (or the completed view it became). */
async function submitSearch(): Promise<string> {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect.poll(currentPath, { timeout: 15_000 }).toMatch(/^\/ulca\/search-and-download-rec\/(inprogress|completed)\/[^/]+$/);
  // The 'Please wait' toast shows only while the request is sent: it is gone once the search has its number.
  await expect.poll(() => page.getByText('Please wait while we process your request.').count()).toBe(0);
  return currentPath().split('/').pop()!;
}

/** Waits for the completed view of the search now open. */
async function waitForCompleted(): Promise<void> {
  await page.getByRole('heading', { name: 'Search result', level: 1 }).waitFor({ timeout: JOB_TIMEOUT_MS });
}

/** Clicks the link named `name` and returns the downloaded file's proposed name and its path. */
async function download(name: string): Promise<{ name: string; file: string }> {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const file = path.join(downloadDir, `${Date.now()}-${d.suggestedFilename()}`);
  await d.saveAs(file);
  return { name: d.suggestedFilename(), file };
}

/** The entry names of a zip file. */
function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => {
        names.push(e.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Cell texts of each body row of `table`. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const out: string[][] = [];
  for (const row of await table.locator('tbody tr').all()) out.push((await row.getByRole('cell').allInnerTexts()).map((t) => t.trim()));
  return out;
}

/** The My Searches row of `srn`. */
const searchRow = (srn: string) => page.getByRole('table', { name: 'My searches' }).getByRole('row').filter({ hasText: srn });

describe('search and download journey in Chromium', () => {
  beforeAll(async () => {
    const zipDir = journey.tempDir('search-zips');
    downloadDir = journey.tempDir('search-downloads');
    await zipFixture('parallel-valid', zipDir);
    await zipFixture('asr-valid', zipDir);
    largeZip = path.basename(
      await makeParallelZip({ rows: LARGE_ROWS, destDir: zipDir, seed: 'search-e2e', sourceLanguage: 'en', targetLanguage: 'mr' }),
    );
    fixtures = await journey.serveFiles(zipDir);
    platform = await journey.startPlatform();
    page = await journey.openPage({ acceptDownloads: true, timezoneId: 'Asia/Kolkata' });
  });

  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('a signed-out visitor of the search form is sent to the login page', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await page.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
    expect(currentPath()).toBe('/ulca/user/login');
  });

  step('signs in; My Searches is empty and says so', async () => {
    await page.getByLabel('Email address').fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(platform.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.goto(at('/my-searches'));
    await page.getByRole('heading', { name: 'My Searches', level: 1 }).waitFor();
    await page.getByText('No records found.').waitFor();
    await screenshot('my-searches-empty');
  });

  step('publishes a parallel and an ASR fixture and a large English–Marathi dataset through the pipeline', async () => {
    await publishFixture('Everyday sentences (search e2e)', 'parallel-valid.zip');
    await publishFixture('Hindi clips (search e2e)', 'asr-valid.zip');
    await publishFixture('Generated tickets and parcels (search e2e)', largeZip);
  });

  step('the form waits for a target language, then asks for the source language', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await page.getByRole('heading', { name: 'Search & Download Records', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Target languages' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Dataset type' }).innerText()).toBe('Parallel Dataset');
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Advanced filters' }).isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Domain' }).isDisabled()).toBe(true);
    await screenshot('form-blank');
    await chooseMany('Target languages', ['Hindi']);
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('This field is mandatory').waitFor();
    await screenshot('form-source-mandatory');
    expect(currentPath()).toBe('/ulca/search-and-download-rec/initiate/-1');
  });

  step('changing the dataset type clears the form', async () => {
    await choose('Dataset type', 'Monolingual Dataset');
    await page.getByRole('combobox', { name: 'Languages' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Source language' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hindi' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
    await choose('Dataset type', 'Parallel Dataset');
  });

  step('a search over the large dataset shows the in-progress view with the request number, then its result', async () => {
    await choose('Source language', 'English');
    await chooseMany('Target languages', ['Marathi']);
    searches.large = await submitSearch();
    const inProgress = page.getByText('Your search query has been submitted');
    await inProgress
      .or(page.getByRole('heading', { name: 'Search result', level: 1 }))
      .first()
      .waitFor();
    expect(await inProgress.isVisible(), 'the export of 50,000 records finished before the in-progress view asked').toBe(true);
    expect(await page.getByLabel('Service request number').innerText()).toBe(searches.large);
    expect(await page.getByText('The result will be displayed once it is ready.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to My Searches' }).getAttribute('href')).toBe(`/ulca/my-searches/${searches.large}`);
    await screenshot('inprogress');
    // The view turns into the result by itself.
    await waitForCompleted();
    expect(currentPath()).toBe(`/ulca/search-and-download-rec/completed/${searches.large}`);
    expect(Number(await page.getByLabel('Records found').getAttribute('data-count'))).toBe(LARGE_ROWS);
    expect(await page.getByLabel('Records found').innerText()).toBe(LARGE_ROWS.toLocaleString('en-IN'));
  });

  step('submits a parallel search with filters', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await choose('Source language', 'English');
    await chooseMany('Target languages', ['Hindi']);
    await chooseMany('Domain', ['General']);
    await chooseMany('Collection Method', ['Manually Translated']);
    await page.getByRole('switch', { name: 'Advanced filters' }).check();
    // No advanced filter belongs to manually translated data; the form says which methods bring which.
    const advanced = page.getByRole('group', { name: 'Advanced filters' });
    await advanced.getByText('No advanced filter applies to the collection methods chosen.').waitFor();
    expect(await advanced.getByRole('listitem').filter({ hasText: 'Auto Aligned' }).innerText()).toContain('Alignment Tool');
    await screenshot('form-filled');
    searches.parallel = await submitSearch();
  });

  step('the completed view shows the saved search, the count and the download links', async () => {
    await waitForCompleted();
    expect(currentPath()).toBe(`/ulca/search-and-download-rec/completed/${searches.parallel}`);
    const card = (label: string) => page.getByRole('group', { name: label }).innerText();
    expect(await card('Dataset type')).toContain('Parallel Dataset');
    expect(await card('Source Language')).toContain('English');
    expect(await card('Target Language')).toContain('Hindi');
    expect(await card('Domain')).toContain('General');
    expect(await card('Collection Method')).toContain('Manually Translated');
    expect(await page.getByLabel('Records found').innerText()).toBe(String(PARALLEL.publish.success));
    for (const group of ['Download Sample', 'Download All']) {
      for (const format of ['JSON (ULCA)', 'JSONL', 'CSV']) await page.getByRole('link', { name: `${group}: ${format}` }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Download All: ZIP with media' }).count()).toBe(0);
    await screenshot('completed');
  });

  step('the downloaded files parse and hold exactly the count shown', async () => {
    const count = Number(await page.getByLabel('Records found').getAttribute('data-count'));
    expect(count).toBe(PARALLEL.publish.success);
    const json = await download('Download All: JSON (ULCA)');
    const records = JSON.parse(fs.readFileSync(json.file, 'utf8'));
    expect(Array.isArray(records)).toBe(true);
    expect(records).toHaveLength(count);
    for (const r of records) {
      expect(typeof r.sourceText).toBe('string');
      expect(typeof r.targetText).toBe('string');
    }
    const jsonl = await download('Download All: JSONL');
    const lines = fs
      .readFileSync(jsonl.file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '');
    expect(lines.map((l) => JSON.parse(l))).toHaveLength(count);
    const csv = await download('Download All: CSV');
    expect(parseCsv(fs.readFileSync(csv.file, 'utf8'), { columns: true, bom: true, skip_empty_lines: true })).toHaveLength(count);
    const sample = await download('Download Sample: JSON (ULCA)');
    expect(JSON.parse(fs.readFileSync(sample.file, 'utf8'))).toHaveLength(Math.min(100, count));
  });

  step('an ASR search shows hours and offers a zip with the audio', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await choose('Dataset type', 'ASR Dataset');
    await page.getByRole('combobox', { name: 'Data source' }).waitFor();
    await chooseMany('Languages', ['Hindi']);
    searches.asr = await submitSearch();
    await waitForCompleted();
    const hours = `${(ASR.publishedAudioSeconds! / 3600).toFixed(3)} hrs`;
    expect(await page.getByLabel('Records found').innerText()).toBe(hours);
    expect(Number(await page.getByLabel('Records found').getAttribute('data-count'))).toBe(ASR.publish.success);
    await screenshot('completed-asr');
    const zip = await download('Download All: ZIP with media');
    const names = await zipEntries(zip.file);
    expect(names).toContain('data.json');
    expect(names.filter((n) => n.endsWith('.wav'))).toHaveLength(ASR.publish.success);
  });

  step('choosing a data source adds the language Mixed', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await choose('Dataset type', 'ASR Dataset');
    await choose('Data source', 'Vaani');
    await page.getByRole('button', { name: 'Mixed' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Assert language' }).isDisabled()).toBe(false);
    await screenshot('form-asr-data-source');
  });

  step('a search that matches nothing completes with 0 and says so', async () => {
    await page.goto(at('/search-and-download-rec/initiate/-1'));
    await choose('Source language', 'English');
    await chooseMany('Target languages', ['Tamil']);
    searches.nothing = await submitSearch();
    await waitForCompleted();
    await page.getByText('No records match this search.').waitFor();
    expect(await page.getByRole('link', { name: /^Download/ }).count()).toBe(0);
    await screenshot('completed-nothing');
  });

  step('My Searches lists the four searches, hours for the speech one, and opens a result', async () => {
    await page.goto(at(`/my-searches/${searches.parallel}`));
    await page.getByRole('heading', { name: 'My Searches', level: 1 }).waitFor();
    const row = searchRow(searches.parallel);
    await row.waitFor();
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    const rows = await bodyRows(page.getByRole('table', { name: 'My searches' }));
    expect(rows).toHaveLength(4);
    const bySrn = (srn: string) => rows.find((r) => r[0].includes(srn))!;
    expect(bySrn(searches.parallel)[0]).toContain('Parallel Dataset | English | Hindi | General | Manually Translated');
    expect(bySrn(searches.parallel).slice(2)).toEqual([String(PARALLEL.publish.success), 'Completed', 'View']);
    expect(bySrn(searches.asr)[0]).toContain('ASR Dataset | Hindi');
    expect(bySrn(searches.asr)[2]).toBe(`${(ASR.publishedAudioSeconds! / 3600).toFixed(3)} hrs`);
    expect(bySrn(searches.nothing).slice(2)).toEqual(['0', 'Completed', '']);
    expect(bySrn(searches.large)[0]).toContain('Parallel Dataset | English | Marathi');
    expect(bySrn(searches.large).slice(2)).toEqual([LARGE_ROWS.toLocaleString('en-IN'), 'Completed', 'View']);
    // Searched On: the month named, 12-hour.
    expect(bySrn(searches.parallel)[1]).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/);
    // Let the smooth scroll to the highlighted row end, so the picture is not taken mid-scroll.
    await page.waitForTimeout(800);
    await screenshot('my-searches');
    await page.getByLabel('Search my searches').fill('tamil');
    await expect
      .poll(async () => (await bodyRows(page.getByRole('table', { name: 'My searches' }))).map((r) => r[0]))
      .toEqual([expect.stringContaining(searches.nothing)]);
    await page.getByLabel('Search my searches').fill('');
    await searchRow(searches.parallel).click();
    await waitForCompleted();
    expect(currentPath()).toBe(`/ulca/search-and-download-rec/completed/${searches.parallel}`);
  });

  step('on a phone the result and My Searches fit the screen width', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.goto(at(`/search-and-download-rec/completed/${searches.parallel}`));
      await waitForCompleted();
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot('phone-completed');
      await page.goto(at('/my-searches'));
      await searchRow(searches.parallel).waitFor();
      // The table scrolls inside its own box; the page does not.
      expect(await overflow()).toBeLessThanOrEqual(0);
      await screenshot('phone-my-searches');
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  step('an unknown search goes back to the form', async () => {
    await page.goto(at('/search-and-download-rec/completed/SRN-DOES-NOT-EXIST'));
    await expect.poll(currentPath).toBe('/ulca/search-and-download-rec/initiate/-1');
    await page.getByRole('heading', { name: 'Search & Download Records', level: 1 }).waitFor();
    await page.goto(at('/search-and-download-rec/inprogress/SRN-DOES-NOT-EXIST'));
    await expect.poll(currentPath).toBe('/ulca/search-and-download-rec/initiate/-1');
  });

  step('when the server cannot be reached, My Searches shows the error state', async () => {
    await page.route('**/search/listByUserId**', (route) => route.abort('connectionrefused'));
    await page.goto(at('/my-searches'));
    await page.getByText('Could not load your searches').waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    await screenshot('my-searches-error');
    await page.unroute('**/search/listByUserId**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await searchRow(searches.parallel).waitFor();
  });
});
