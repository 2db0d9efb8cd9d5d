/**
 * End-to-end, in headless Chromium against the real platform: a
 * BENCHMARK-DATASET-CONTRIBUTOR (signed up, role given by the admin API) submits a Hindi→Marathi
 * benchmark zip served by a local HTTP server through Submit Dataset with the benchmark box ticked;
 * the pipeline completes and My Contribution's Benchmark Dataset tab lists it; its details page
 * offers the submitted URL as Download and an empty leaderboard. A contributor uploads a translation
 * model (endpoint: the test model server, apps/server/src/test/model-server.ts, which answers
 * `<target>:<source>` and fails on the rows containing "कुत्ता"), opens Run Benchmark on My Models,
 * picks the benchmark and BLEU, submits, and refreshes until the run is Completed; the leaderboard
 * shows the owner their (unpublished) model, marked and unranked, with the score the metric registry computes from the same outputs,
 * its 95% interval and coverage 5/6, and the model page's Benchmarkings shows the run. Screenshots
 * at 1366×900 and, at 390×844, the leaderboard and (the model published, an admin's health check
 * run) the models health grid, each checked not to scroll sideways:
 * test-results/e2e/benchmarks-<nn>-<step>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFolder } from '../apps/server/src/test/fixtures.ts';
import { startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { signedFetch } from '../apps/server/src/test/server-process.ts';
import { scoreMetric } from '../apps/server/src/modules/benchmarks/scoring/index.ts';
import { openTakenOver } from './support/browser.ts';
import { BrowserJourney, INDIA_DESKTOP } from './support/journey.ts';
import { waitForMailLink, type RunningPlatform } from './support/server.ts';

const PASSWORD = 'Str0ng!pass';
const STAMP = Date.now().toString(36);
const CURATOR = { name: 'Meera Kulkarni', email: `meera.kulkarni+${STAMP}@example.org` };
const OWNER = { name: 'Arjun Nair', email: `arjun.nair+${STAMP}@example.org` };
const BENCHMARK = `Hindi–Marathi everyday sentences ${STAMP}`;
const MODEL = `Sahyadri Hindi-Marathi ${STAMP}`;
/** The word on whose rows the model's endpoint fails (test model server `fail-on`). */
const FAIL_WORD = 'कुत्ता';

/** Hindi sources (Devanagari); one contains FAIL_WORD, so the model answers 5 of 6 rows. */
const SOURCES = ['बिल्ली सो रही है', 'रात को कुत्ता भौंकता है', 'छत पर बारिश गिरती है', 'बच्चे बगीचे में खेलते हैं', 'नदी शांत बहती है', 'चिड़िया गाती है'];
/** References: the test model's answer except for the last row (so the score is not 100); Devanagari, so they pass the Marathi script check. */
const REFS = SOURCES.map((s, i) => (i === SOURCES.length - 1 ? 'mr:छोटी चिड़िया ज़ोर से गाती है' : `mr:${s}`));
/** What the model answers row by row (a failed row is scored as an empty answer). */
const HYPS = SOURCES.map((s) => (s.includes(FAIL_WORD) ? '' : `mr:${s}`));

const benchmarkParams = {
  name: BENCHMARK,
  taskType: { type: 'translation' },
  description: 'Six everyday Hindi sentences with Marathi references, written for the end-to-end test.',
  languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
  collectionSource: ['written for this test'],
  domain: ['general'],
  license: 'cc-by-4.0',
  submitter: { name: 'Pune Language Lab' },
};

/** How long the dataset pipeline and the benchmark run may take on a loaded machine. */
const PIPELINE_TIMEOUT_MS = 120_000;

let platform: RunningPlatform;
let fixtures: FixtureServer;
let ms: TestModelServer;
let dir: string;
let context: BrowserContext;
let page: Page;
let benchmarkUrl: string;
let benchmarkId = '';
let modelId = '';

const journey = new BrowserJourney('benchmarks-');
const { screenshot, at } = journey;

const currentPath = () => decodeURIComponent(new URL(page.url()).pathname);
const cells = async (row: Locator) => (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());

/** Signs `user` up through the API and opens the activation link of the outbox in the browser. */
async function signUpAndActivate(user: { name: string; email: string }): Promise<void> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: [{ firstName: user.name, email: user.email, password: PASSWORD }] }),
  });
  expect(res.status).toBe(200);
  await page.goto(await waitForMailLink(platform.outboxDir, user.email, `${platform.baseUrl}/ulca/activate/`));
  await page.getByText('Congratulations!').waitFor();
}

/** Logs in through the API; returns the user's keys and id. */
async function apiLogin(email: string, password: string): Promise<{ keys: { publicKey: string; privateKey: string }; userID: string }> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ authenticator: 'ULCA', data: { email, password } }),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { userKeys: { publicKey: string; privateKey: string }; userDetails: { userID: string } } };
  return { keys: body.data.userKeys, userID: body.data.userDetails.userID };
}

/** Signs in through the login page (after signing out whoever was signed in). */
async function signIn(email: string): Promise<void> {
  await context.clearCookies();
  await page.goto(at('/user/login'));
  // A signed-in visitor is sent on from the login page at once: forget the session, then open it again.
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(at('/user/login'));
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** The My Models row of MODEL. */
const modelRow = (): Locator => page.getByRole('table', { name: 'My models' }).getByRole('row').filter({ hasText: MODEL });

describe('benchmark journey in Chromium', () => {
  beforeAll(async () => {
    dir = journey.tempDir('bench');
    const folder = path.join(dir, 'benchmark');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'params.json'), JSON.stringify(benchmarkParams, null, 2));
    fs.writeFileSync(
      path.join(folder, 'data.json'),
      JSON.stringify(
        SOURCES.map((s, i) => ({ sourceText: s, targetText: REFS[i] })),
        null,
        2,
      ),
    );
    fs.mkdirSync(path.join(dir, 'zips'));
    await zipFolder(folder, path.join(dir, 'zips', 'hi-mr-benchmark.zip'));
    fixtures = await journey.serveFiles(dir);
    benchmarkUrl = fixtures.url('zips/hi-mr-benchmark.zip');
    ms = await startTestModelServer();
    platform = await journey.startPlatform();
    ({ context, page } = await journey.openContextPage(INDIA_DESKTOP, 20_000));
  }, 180_000);

  afterAll(async () => {
    await journey.tearDown();
    await ms?.close();
  });

  const { step } = journey;

  step('the admin makes a new account a BENCHMARK-DATASET-CONTRIBUTOR, who signs in', async () => {
    await signUpAndActivate(CURATOR);
    const curator = await apiLogin(CURATOR.email, PASSWORD);
    const admin = await apiLogin('admin@ulca.local', platform.adminPassword);
    const res = await signedFetch(platform.baseUrl, admin.keys, 'POST', '/ulca/user-mgmt/v1/users/update', {
      users: [
        {
          userID: curator.userID,
          email: CURATOR.email,
          firstName: CURATOR.name,
          roles: ['BENCHMARK-DATASET-CONTRIBUTOR'],
          orgID: 'UNDEFINED',
        },
      ],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    await signIn(CURATOR.email);
  });

  step('submits the benchmark zip through Submit Dataset with the benchmark box ticked', async () => {
    await page.goto(at('/dataset/upload'));
    await page.getByRole('heading', { name: 'Submit Dataset' }).waitFor();
    await page.getByLabel('Dataset name').fill(BENCHMARK);
    await page.getByLabel('Dataset URL').fill(benchmarkUrl);
    await page.getByRole('checkbox', { name: 'This is a benchmark dataset' }).check();
    await screenshot('submit-benchmark-form');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank you for your contribution!' }).waitFor({ timeout: 30_000 });
    const srn = (await page.getByLabel('Service request number').innerText()).trim();
    expect(currentPath()).toBe(`/ulca/dataset/submission/${srn}`);
    // The fixture server was asked for the zip (the pipeline's download stage), sooner or later.
    await expect.poll(() => fixtures.hits('zips/hi-mr-benchmark.zip'), { timeout: 30_000 }).toBeGreaterThan(0);
    await screenshot('submit-benchmark-thank-you');
  });

  step("it completes: My Contribution's Benchmark Dataset tab lists it as Completed", async () => {
    await page.goto(at('/dataset/my-contribution'));
    await page.getByRole('tab', { name: 'Benchmark Dataset' }).click();
    const row = page.getByRole('table', { name: 'Benchmark datasets' }).getByRole('row').filter({ hasText: BENCHMARK });
    await expect
      .poll(
        async () => {
          const refresh = page.getByRole('button', { name: 'Refresh' });
          if (await refresh.isEnabled().catch(() => false)) await refresh.click();
          return (await row.count()) ? (await cells(row))[3] : 'not listed';
        },
        { timeout: PIPELINE_TIMEOUT_MS, interval: 2000 },
      )
      .toBe('Completed');
    expect((await cells(row)).slice(0, 2)).toEqual([BENCHMARK, 'Translation']);
    await screenshot('my-contribution-benchmark-tab');
  });

  step('its details page offers the submitted URL as Download and no leaderboard entries yet', async () => {
    await page.getByRole('table', { name: 'Benchmark datasets' }).getByRole('row').filter({ hasText: BENCHMARK }).click();
    await page.getByRole('heading', { name: BENCHMARK, level: 1 }).waitFor();
    benchmarkId = currentPath().split('/').at(-1) ?? '';
    expect(currentPath()).toBe(`/ulca/model/benchmark-details/${benchmarkId}`);
    await page.getByRole('link', { name: 'Back to My Contribution' }).waitFor();
    const download = page.getByRole('link', { name: 'Download' });
    expect(await download.getAttribute('href')).toBe(benchmarkUrl);
    await page.getByText('Pune Language Lab').waitFor();
    await page.getByText('No records available').waitFor();
    await screenshot('benchmark-details-empty');
  });

  step('signed out, the benchmark list and its details arrive rendered with their data: readable with scripts off', async () => {
    const bare = await journey.openPageWithoutScripts();
    await bare.goto(at('/model/benchmark-datasets'));
    await bare.getByText(BENCHMARK).first().waitFor();
    await bare.goto(at(`/model/benchmark-details/${benchmarkId}`));
    await bare.getByRole('heading', { name: BENCHMARK, level: 1 }).waitFor();
    await bare.getByText('Pune Language Lab').waitFor();
    expect(await bare.title()).toBe(`${BENCHMARK} | ULCA`);
    await screenshot('benchmark-details-rendered-by-server', bare);
    // An unknown benchmark gets the plain app.
    const unknown = await bare.goto(at('/model/benchmark-details/no-such-benchmark'));
    expect(await unknown!.text()).not.toContain('ulca-page-data');
    await bare.context().close();

    const signedOut = await journey.browser!.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
    const { page: fresh, problems } = await openTakenOver(signedOut, at('/model/benchmark-datasets'), '/benchmark/search');
    expect(await fresh.getByText(BENCHMARK).count()).toBeGreaterThan(0);
    expect(await fresh.locator('h1').count()).toBe(1);
    expect(problems).toEqual([]);
    await signedOut.close();
  });

  step('a contributor uploads a Hindi→Marathi translation model served by the test model server', async () => {
    await signUpAndActivate(OWNER);
    await signIn(OWNER.email);
    const descriptor = testDescriptor('translation', MODEL, ms.url(`fail-on/translation?word=${encodeURIComponent(FAIL_WORD)}`), '');
    const languages = [{ sourceLanguage: 'hi', targetLanguage: 'mr' }];
    const endpoint = descriptor.inferenceEndPoint as { schema: { request: { input: unknown; config: Record<string, unknown> } } };
    endpoint.schema.request = { input: [{ source: 'सुप्रभात' }], config: { language: languages[0] } };
    const file = path.join(dir, 'hi-mr-model.json');
    fs.writeFileSync(file, JSON.stringify({ ...descriptor, languages }, null, 2));
    await page.goto(at('/model/upload'));
    await page.getByRole('heading', { name: 'Submit Model', level: 1 }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Browse' }).click()]);
    await chooser.setFiles(file);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByRole('heading', { name: 'Thank you for your contribution!' }).waitFor({ timeout: 30_000 });
    modelId = (await page.getByLabel('Model reference number').innerText()).trim();
    expect(modelId).not.toBe('');
  });

  step('Run Benchmark on My Models: selects the benchmark and BLEU and submits', async () => {
    await page.goto(at('/model/my-contribution'));
    await page.getByRole('heading', { name: 'My Models', level: 1 }).waitFor();
    await modelRow().getByRole('button', { name: 'Run Benchmark' }).click();
    const dialog = page.getByRole('dialog', { name: /Select Benchmark Dataset and Metric/ });
    await dialog.getByRole('table', { name: 'Benchmark datasets' }).getByRole('row').filter({ hasText: BENCHMARK }).waitFor();
    // Submit waits for a selection.
    expect(await dialog.getByRole('button', { name: 'Submit', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('switch', { name: `Select ${BENCHMARK}` }).check();
    const metrics = dialog.getByRole('group', { name: `Metrics of ${BENCHMARK}` });
    await metrics.getByRole('checkbox', { name: /^BLEU Definition of BLEU$/ }).check();
    // BERTScore is not offered (no such model on these machines); what is offered here is computable.
    expect(await metrics.getByRole('checkbox', { name: /^BERTScore/ }).count()).toBe(0);
    await screenshot('run-benchmark-modal');
    const calls = ms.calls.length;
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    // The run sends the benchmark's rows to the model's endpoint (batches through the inference proxy).
    await expect
      .poll(() => ms.calls.slice(calls).some((c) => c.path.startsWith('/fail-on/translation')), { timeout: PIPELINE_TIMEOUT_MS })
      .toBe(true);
  });

  step('refreshing My Models until the run is Completed, with its score', async () => {
    const runs = page.getByRole('table', { name: `Benchmark runs of ${MODEL}` });
    await expect
      .poll(
        async () => {
          const refresh = page.getByRole('button', { name: 'Refresh' });
          if (await refresh.isEnabled().catch(() => false)) await refresh.click();
          const toggle = modelRow().getByRole('button', { name: `Benchmark runs of ${MODEL}` });
          if ((await toggle.isEnabled().catch(() => false)) && (await toggle.getAttribute('aria-expanded')) !== 'true')
            await toggle.click();
          const row = runs.getByRole('row').filter({ hasText: BENCHMARK });
          return (await row.count()) ? (await cells(row))[4] : 'no run listed';
        },
        { timeout: PIPELINE_TIMEOUT_MS, interval: 2000 },
      )
      .toBe('Completed');
    const expected = scoreMetric('bleu', HYPS, [REFS]).score;
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(100);
    expect((await cells(runs.getByRole('row').filter({ hasText: BENCHMARK }))).slice(0, 3)).toEqual([
      BENCHMARK,
      'BLEU',
      expected.toFixed(2),
    ]);
    await screenshot('my-models-run-completed');
  });

  step(
    'the leaderboard shows the owner their unpublished model, marked and unranked, with its score, 95% interval and coverage 5/6',
    async () => {
      await page.goto(at(`/model/benchmark-details/${benchmarkId}`));
      await page.getByRole('heading', { name: BENCHMARK, level: 1 }).waitFor();
      await page.getByRole('tab', { name: /BLEU/ }).first().click();
      const board = page.getByRole('table', { name: 'Leaderboard, BLEU' });
      const row = board.getByRole('row').filter({ hasText: MODEL });
      await row.waitFor();
      const expected = scoreMetric('bleu', HYPS, [REFS]).score;
      const [rank, model, score, interval, coverage] = await cells(row);
      // The model is not published yet: its owner sees the run, marked, without a rank (nobody else sees it).
      expect([rank, model, score, coverage]).toEqual([
        '–',
        `${MODEL} v1.0\nUnpublished: only you see this run; it is not ranked.`,
        expected.toFixed(2),
        '5/6 rows (83%)',
      ]);
      // The 95% bootstrap interval brackets the score.
      const m = interval.match(/^(\d+\.\d\d) – (\d+\.\d\d)$/);
      expect(m, interval).not.toBeNull();
      expect(Number(m![1])).toBeLessThanOrEqual(Number(score));
      expect(Number(m![2])).toBeGreaterThanOrEqual(Number(score));
      // The scoring details give the signature the number can be reproduced with.
      await row.getByRole('button', { name: `Scoring details of ${MODEL}` }).click();
      await page.getByText(/^nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:2\.6\.0\|metric:bleu\|/).waitFor();
      await screenshot('leaderboard');
    },
  );

  step("the model page's Benchmarkings shows the run and links back to the benchmark", async () => {
    await page.getByRole('link', { name: MODEL }).click();
    await page.getByRole('heading', { name: `${MODEL} v1.0`, level: 1 }).waitFor();
    expect(currentPath()).toBe(`/ulca/search-model/${modelId}`);
    const section = page.getByRole('region', { name: 'Benchmarkings' });
    await section.getByRole('tab', { name: 'BLEU', exact: true }).click();
    const table = section.getByRole('table', { name: 'Benchmark runs, bleu' });
    const row = table.getByRole('row').filter({ hasText: BENCHMARK });
    await row.waitFor();
    const expected = scoreMetric('bleu', HYPS, [REFS]).score;
    expect((await cells(row)).slice(0, 3)).toEqual([BENCHMARK, 'BLEU', expected.toFixed(2)]);
    await screenshot('model-benchmarkings');
    await row.getByRole('link', { name: BENCHMARK }).click();
    await page.getByRole('heading', { name: BENCHMARK, level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Back to Model Description' }).waitFor();
    expect(currentPath()).toBe(`/ulca/model/benchmark-details/${benchmarkId}`);
  });

  step('phone size: the benchmark details and its leaderboard fit 390 px (interval and coverage under the score)', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at(`/model/benchmark-details/${benchmarkId}`));
    await page.getByRole('heading', { name: BENCHMARK, level: 1 }).waitFor();
    const board = page.getByRole('table', { name: 'Leaderboard, BLEU' });
    const row = board.getByRole('row').filter({ hasText: MODEL });
    await row.waitFor();
    await screenshot('phone-leaderboard');
    // Nothing scrolls sideways: neither the page nor the table inside its container.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const [tableWidth, containerWidth] = await board.evaluate((t) => [t.scrollWidth, t.parentElement?.clientWidth ?? 0]);
    expect(tableWidth).toBeLessThanOrEqual(containerWidth);
    expect(await row.getByRole('cell').nth(2).innerText()).toContain('5/6');
  });

  step('phone size: the models health grid fits 390 px (task and status under the model name)', async () => {
    // The model is published and an admin's check round gives it a health row.
    const owner = await apiLogin(OWNER.email, PASSWORD);
    expect(
      (await signedFetch(platform.baseUrl, owner.keys, 'POST', '/ulca/apis/v0/model/status/change', { modelId, status: 'published' }))
        .status,
    ).toBe(200);
    const admin = await apiLogin('admin@ulca.local', platform.adminPassword);
    await expect
      .poll(
        async () =>
          (
            (await signedFetch(platform.baseUrl, admin.keys, 'POST', '/ulca/apis/v0/model/health/check', {})).json.data as
              { jobId?: string | null } | undefined
          )?.jobId,
        {
          timeout: 75_000,
          interval: 5000,
        },
      )
      .toBeTruthy();
    await expect
      // Listed as soon as it is published ('unknown'); the page is opened once the round has judged it.
      .poll(
        async () =>
          (
            (await (await fetch(`${platform.baseUrl}/ulca/apis/v0/model/getModelHealthStatus`)).json()) as {
              modelHealthStatusList: { modelId: string; status: string }[];
            }
          ).modelHealthStatusList.some((r) => r.modelId === modelId && r.status === 'available'),
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(true);
    await page.goto(at('/model/explore-models?task=status-check'));
    const gridRow = page.getByRole('grid').getByRole('row').filter({ hasText: MODEL });
    await gridRow.waitFor();
    await expect.poll(async () => (await gridRow.innerText()).includes('Translation · available')).toBe(true);
    await screenshot('phone-health-grid');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The grid itself does not scroll sideways either (the column menu button and the column
    // separator used to hang 23 px past its one column).
    expect(await page.locator('.MuiDataGrid-virtualScroller').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // The row's text (model, task, status) lies inside the screen.
    const box = await gridRow.getByText('available').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    const name = await gridRow.getByText(MODEL).boundingBox();
    expect(name!.x + name!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
