/**
 * End-to-end, in headless Chromium against the real platform: sign up →
 * activation link from the outbox → log in → submit a parallel-corpus zip served by a local HTTP
 * server → My Contribution highlights the new row → the status detail reaches Completed with the
 * fixture's exact counts and a detail error log with the in-file duplicate; invalid datasets show
 * their error report; protected pages, unknown paths and logout; Ctrl-C stops the server cleanly.
 * A full-page screenshot of every step is written to test-results/e2e/dataset-<nn>-<step>.png.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { buildBadZip, FIXTURE_EXPECTATIONS, zipFixture, type ProcessedExpectation } from '../apps/server/src/test/fixtures.ts';
import { BrowserJourney } from './support/journey.ts';
import { waitForMailLink, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'Str0ng!pass';
const USER = { name: 'Meera Iyer', email: `meera.iyer+${Date.now()}@example.org` };
const VALID = FIXTURE_EXPECTATIONS['parallel-valid'] as ProcessedExpectation;
/** How long a submission may take to reach its final state (the fixtures are a few KB). */
const PIPELINE_TIMEOUT_MS = 60_000;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let page: Page;
let validSrn = '';

const journey = new BrowserJourney('dataset-');
const { screenshot, at } = journey;

/** The path of the current page, without the origin. */
const currentPath = () => new URL(page.url()).pathname;

/** Cell texts of each body row of `table` (header row left out), trimmed. */
async function bodyRows(table: Locator): Promise<string[][]> {
  const rows = table.locator('tbody tr');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push((await row.getByRole('cell').allInnerTexts()).map((t) => t.trim()));
  return out;
}

/** Fills and submits the Submit Dataset form; returns the service request number the thank-you page shows. */
async function submitDataset(name: string, url: string, step: string): Promise<string> {
  await page.goto(at('/dataset/upload'));
  await page.getByRole('heading', { name: 'Submit Dataset' }).waitFor();
  await page.getByLabel('Dataset name').fill(name);
  await page.getByLabel('Dataset URL').fill(url);
  await screenshot(`${step}-form`);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await page.getByRole('heading', { name: 'Thank you for your contribution!' }).waitFor();
  const srn = (await page.getByLabel('Service request number').innerText()).trim();
  expect(srn).not.toBe('');
  expect(decodeURIComponent(currentPath())).toBe(`/ulca/dataset/submission/${srn}`);
  await screenshot(`${step}-thank-you`);
  return srn;
}

/**
 * Waits (polling, clicking Refresh when the page offers it, as a user would) until the status
 * page's overall status chip reads `final`; returns the stage table rows.
 */
async function waitForFinalStatus(final: 'Completed' | 'Failed'): Promise<string[][]> {
  const stages = page.getByRole('table', { name: 'Processing stages' });
  await expect
    .poll(
      async () => {
        const refresh = page.getByRole('button', { name: 'Refresh' });
        if (await refresh.isEnabled().catch(() => false)) await refresh.click();
        const rows = await bodyRows(stages).catch(() => []);
        const statuses = rows.map((r) => r[1]);
        return statuses.length === 4 && !statuses.some((s) => s === 'Pending' || s === 'In-Progress')
          ? 'finished'
          : `still running: ${statuses.join(', ')}`;
      },
      { timeout: PIPELINE_TIMEOUT_MS, interval: 1000 },
    )
    .toBe('finished');
  // The page header carries the overall status of the submission.
  await expect.poll(() => page.locator('h1 + *').innerText(), { timeout: 10_000 }).toContain(final);
  return bodyRows(stages);
}

describe('dataset contribution journey in Chromium', () => {
  beforeAll(async () => {
    // Other journeys keep their screenshots in the same folder: remove only this journey's.
    const zipDir = journey.tempDir('zips');
    await zipFixture('parallel-valid', zipDir);
    await zipFixture('parallel-all-invalid', zipDir);
    await buildBadZip('not-a-zip', zipDir);
    fixtures = await journey.serveFiles(zipDir);
    platform = await journey.startPlatform();
    page = await journey.openPage({ acceptDownloads: true });
  });

  // The server's log is kept beside the screenshots; a failed run keeps its data folder for a look afterwards.
  afterAll(() => journey.tearDown());

  const { step } = journey;

  step('a signed-out visitor of a protected page is sent to the login page', async () => {
    await page.goto(at('/dataset/my-contribution'));
    await page.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
    expect(currentPath()).toBe('/ulca/user/login');
    await expect.poll(() => page.getByText('Please sign in to continue.').isVisible()).toBe(true);
    await screenshot('protected-redirects-to-login');
  });

  step('an unknown path shows the dashboard', async () => {
    await page.goto(at('/no/such/page'));
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await screenshot('unknown-path-dashboard');
  });

  step('signs up and is told to check the e-mail', async () => {
    await page.goto(at('/user/register'));
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByLabel('Name').fill(USER.name);
    await page.getByLabel('Email address').fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await screenshot('register-form');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByText(USER.email).isVisible()).toBe(true);
    await screenshot('register-check-email');
  });

  step('signing in before activation is refused', async () => {
    await page.goto(at('/user/login'));
    await page.getByLabel('Email address').fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Account is not activated. Please check your e-mail.').waitFor();
    expect(currentPath()).toBe('/ulca/user/login');
    await screenshot('login-before-activation');
  });

  step('opens the activation link from the outbox and sees the success screen', async () => {
    const link = await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`);
    await page.goto(link);
    await page.getByText('Congratulations!').waitFor();
    await screenshot('activation-success');
    // The success screen offers the way to sign in (and goes there by itself after 4 s).
    await page.getByRole('link', { name: 'Proceed to login' }).click();
    await page.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
  });

  step('logs in', async () => {
    await page.getByLabel('Email address').fill(USER.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await screenshot('login-form');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Logged in successfully').waitFor();
    await expect.poll(currentPath).toBe('/ulca/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await screenshot('logged-in');
  });

  step('submits the parallel-valid zip and gets a service request number', async () => {
    validSrn = await submitDataset('Hindi–English everyday sentences (e2e)', fixtures.url('parallel-valid.zip'), 'submit-valid');
  });

  step('My Contribution shows and highlights the new row', async () => {
    await page.getByRole('link', { name: 'Go to my contribution' }).click();
    await page.getByRole('heading', { name: 'My Contribution' }).waitFor();
    const row = page.getByRole('table', { name: 'Submitted datasets' }).getByRole('row').filter({ hasText: validSrn });
    await row.waitFor();
    // The added row is tinted for 4 s; other rows have no background of their own.
    const background = () => row.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background, { timeout: 3000 }).not.toMatch(/^(transparent|rgba\(0, 0, 0, 0\))$/);
    // The type appears once ingest has read params.json; the table refreshes itself while the row is in progress.
    await expect
      .poll(async () => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim()).slice(0, 3), { timeout: 30_000, interval: 500 })
      .toEqual([validSrn, 'Hindi–English everyday sentences (e2e)', 'Parallel Dataset']);
  });

  step('the status detail reaches Completed with the exact counts', async () => {
    await page.getByRole('table', { name: 'Submitted datasets' }).getByRole('row').filter({ hasText: validSrn }).click();
    await page.getByRole('heading', { name: 'Hindi–English everyday sentences (e2e)' }).waitFor();
    expect(decodeURIComponent(currentPath())).toBe(`/ulca/dataset-status/${validSrn}`);
    const rows = await waitForFinalStatus('Completed');
    expect(rows).toEqual([
      ['Download', 'Completed', '1', '0'],
      ['Ingest', 'Completed', String(VALID.ingest.success), String(VALID.ingest.failed)],
      ['Validate', 'Completed', String(VALID.validate.success), String(VALID.validate.failed)],
      ['Publish', 'Completed', String(VALID.publish.success), String(VALID.publish.failed)],
    ]);
    await screenshot('status-completed');
  });

  step('the detail error log downloads as a CSV naming the duplicate', async () => {
    const detail = page.getByRole('link', { name: 'Detail Error Log' });
    await detail.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), detail.click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await fs.promises.readFile(await download.path(), 'utf8');
    expect(csv).toContain('DUPLICATE_RECORD');
    expect(csv.match(/DUPLICATE_RECORD/g)).toHaveLength(VALID.errors.DUPLICATE_RECORD);
    // The summary on the page says the same.
    // Records already published are listed apart from the errors (they were merged, not left out).
    const summary = await bodyRows(page.getByRole('table', { name: 'Records already on the platform' }));
    expect(summary.map((r) => [r[0], r[1], r[3]])).toEqual([['Publish', 'DUPLICATE_RECORD', '1']]);
    await screenshot('status-error-log');
  });

  step('a dataset whose records are all invalid shows Failed and its error summary', async () => {
    const srn = await submitDataset('Sentences in the wrong script (e2e)', fixtures.url('parallel-all-invalid.zip'), 'submit-all-invalid');
    await page.goto(at(`/dataset-status/${encodeURIComponent(srn)}`));
    const rows = await waitForFinalStatus('Failed');
    const exp = FIXTURE_EXPECTATIONS['parallel-all-invalid'] as ProcessedExpectation;
    expect(rows.slice(1, 3)).toEqual([
      ['Ingest', 'Completed', String(exp.ingest.success), String(exp.ingest.failed)],
      ['Validate', 'Failed', String(exp.validate.success), String(exp.validate.failed)],
    ]);
    const summary = page.getByRole('table', { name: 'Error summary' });
    await summary.waitFor();
    const errors = await bodyRows(summary);
    expect(errors).toHaveLength(1);
    expect(errors[0][1]).toBe('WRONG_SCRIPT');
    expect(errors[0][2]).toMatch(/not in the script of language 'hi'/);
    expect(errors[0][3]).toBe(String(exp.errors.WRONG_SCRIPT));
    await page.getByRole('link', { name: 'Error Summary' }).waitFor();
    await screenshot('status-all-invalid');
  });

  step('a file that is not a zip shows Failed with NOT_A_ZIP and its message', async () => {
    const srn = await submitDataset('Not really a zip (e2e)', fixtures.url('bad-not-a-zip.zip'), 'submit-not-a-zip');
    await page.goto(at(`/dataset-status/${encodeURIComponent(srn)}`));
    const rows = await waitForFinalStatus('Failed');
    expect(rows[0].slice(0, 2)).toEqual(['Download', 'Completed']);
    expect(rows[1].slice(0, 2)).toEqual(['Ingest', 'Failed']);
    // Validate and publish never ran: they say so, without counts.
    expect(rows.slice(2).map((r) => r.slice(0, 4))).toEqual([
      ['Validate', 'Not Run', '-', '-'],
      ['Publish', 'Not Run', '-', '-'],
    ]);
    const summary = page.getByRole('table', { name: 'Error summary' });
    await summary.waitFor();
    const errors = await bodyRows(summary);
    expect(errors.map((r) => r[1])).toEqual(['NOT_A_ZIP']);
    expect(errors[0][2]).toMatch(/not a readable zip archive/);
    await page.getByText('The dataset could not be processed for the reason below, and nothing was published.').waitFor();
    const link = page.getByRole('link', { name: 'Error Summary' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(await fs.promises.readFile(await download.path(), 'utf8')).toContain('NOT_A_ZIP');
    await screenshot('status-not-a-zip');
  });

  step('after Log out the protected page redirects to login again', async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.goto(at('/dataset/my-contribution'));
    await page.getByRole('heading', { name: 'Sign in to ULCA' }).waitFor();
    expect(currentPath()).toBe('/ulca/user/login');
    await screenshot('logged-out-redirects-to-login');
    // Signed out, the server sends the prerendered dashboard again.
    const served = await page.request.get(at('/dashboard'));
    expect(await served.text()).toMatch(/<div id="root" data-prerendered><.*Dashboard/s);
  });

  it('Ctrl-C (SIGINT) stops the server cleanly', async () => {
    const code = await platform.stop();
    expect(code, platform.output().slice(-3000)).toBe(0);
  });
});
