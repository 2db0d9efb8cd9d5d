/**
 * The interface in Hindi and Tamil (docs/product.md#languages-of-the-interface), as page checks in
 * headless Chromium against one real platform (the demo data and the offline reference models on).
 * Everything the pages show is seeded once through the API (models, a feedback, a health round,
 * datasets, a benchmark dataset, a search, an API key with a call, a daily limit); the flows that
 * create them are the English journeys' (docs/architecture.md#tests). Then:
 * - first visit: the dashboard prerendered in the browser's language (scripts off), taken over
 *   without an error; the switcher moves it to Tamil, remembered across a reload and by the server;
 *   back in English the spec's texts are unchanged;
 * - each page of the models, benchmarks, search, dataset and admin features opened in Hindi and in
 *   Tamil at 1366×900, and at 390×844 in one of them (taking turns), with the states a journey
 *   reaches (dialogs, tabs, a filled form), plus the words, names and numbers each must show in
 *   that language.
 * Every page: `<html lang>`, no visible English catalogue text, no axe-core WCAG 2.1 AA violation
 * (checkPage of e2e/support/i18n.ts). Screenshots: test-results/e2e/i18n-<nn>-<step>.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BENCHMARK_API, MODEL_API, MODEL_HEALTH_CHECK_PATH, MODEL_UPTIME_PATH, PIPELINE_API, type ModelRecord } from '@ulca/contracts';
import { embeddedDatabaseUrl } from '../apps/server/src/test/server-process.ts';
import { silentWav, startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { insertTestModel } from '../apps/server/src/test/models.ts';
import { startFixtureServer, type FixtureServer } from '../apps/server/src/test/fixture-server.ts';
import { zipFixture, zipFolder } from '../apps/server/src/test/fixtures.ts';
import { createDb } from '../apps/server/src/db/pool.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { clearShots, Journey, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { axeViolations, catalogueMessage, checkPage, englishLeft, htmlLang, noSideScroll, type PageCheck } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'i18n-';
const STAMP = Date.now().toString(36);
const ADMIN_EMAIL = 'admin@ulca.local';
const SYSTEM_EMAIL = 'reference-models@ulca.invalid';
/** Signed up, made a benchmark-dataset contributor: owns the datasets; the admin pages manage them. */
const USER = { name: 'Kavya Raman', email: `kavya.raman+${STAMP}@example.org`, password: 'Str0ng!pass' };
/** The admin's published Hindi→Urdu model (the test model server's): feedback, uptime, a benchmark run. */
const MODEL = `Sindhu Hindi-Urdu MT ${STAMP}`;
/** Unpublished models of the admin's: one for the Run Benchmark dialog, one published from My Models in Hindi. */
const DRAFT = `Ravi Hindi-Urdu MT draft ${STAMP}`;
const PENDING = `Kaveri Hindi-Urdu MT ${STAMP}`;
const HI_UR = 'Demo benchmark: Hindi-Urdu translation';
/** HI_UR as the pages show it in `lang`: the platform's own benchmark, named from the catalogue by its contentKey. */
const hiUrName = (lang: Lang) => catalogueMessage(lang, 'platformContent.benchmark.translation-hi-ur.name');
/** The metrics translation offers (docs/benchmarks.md#benchmark-runs-and-leaderboards): one tab each. */
const TRANSLATION_METRICS = 8;
const INPUT = 'The river is calm today.';
const SUGGESTION = 'नदी आज शांत है।';
const COMMENT = 'Kept the English words.';
/** User data in the interface's scripts, so that no name reads as an English catalogue text. */
const FAILED_NAME = `गलत लिपि के वाक्य ${STAMP}`;
const BENCHMARK_NAME = `हिन्दी–मराठी वाक्य ${STAMP}`;
const APP = 'Sabha Notes';
const JOB_TIMEOUT_MS = 120_000;

type Lang = 'hi' | 'ta';
type Size = 'wide' | 'phone';
type Session = { userDetails: { userID: string }; userKeys: { publicKey: string; privateKey: string } };

let platform: RunningPlatform;
let ms: TestModelServer;
let fixtures: FixtureServer;
let dir: string;
let browser: Browser;
let admin: Session;
let user: Session;
const ids = { model: '', pending: '', benchmark: '', dataset: '', searchSrn: '', failedSrn: '', benchmarkSrn: '', key: '' };
let uptimeShown = '';
const contexts = new Map<string, BrowserContext>();
let page: Page | undefined;

const takeShot = screenshotTaker(SHOT_PREFIX);
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;
const journeys: Journey[] = [];
/** A step that is its own journey (page checks stand alone on the seeded data): one failing does not skip the others. */
function step(name: string, fn: () => Promise<void>): void {
  const j = new Journey(async () => {
    if (page) await takeShot(page, `FAILED-${journeys.indexOf(j)}`);
  });
  journeys.push(j);
  j.step(name, fn);
}

/** The checks of every page (checkPage of e2e/support/i18n.ts); toasts and transitions end first (axe would read them half transparent). */
const CHECK: PageCheck = {
  shoot: takeShot,
  settle: async (p) => {
    await p.locator('#notistack-snackbar').waitFor({ state: 'detached', timeout: 15_000 });
    await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  },
};
/** The admin pages: 'Admin' is the bootstrap admin's name (user data), the same word as the English role label. */
const ADMIN_CHECK: PageCheck = { ...CHECK, allowEnglish: ['Admin'] };
/** Pages that must not scroll sideways on a phone. */
const PHONE_CHECK: PageCheck = { ...CHECK, noSideScroll: true };

/**
 * A page of a browser of `size` in `lang` (the remembered choice, set before any script runs),
 * signed in as `who` or a visitor; one context per audience, size and language, reused.
 */
async function pageOf(who: 'admin' | 'user' | 'visitor', size: Size, lang: Lang): Promise<Page> {
  const key = `${who}-${size}-${lang}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    ctx = await browser.newContext({
      viewport: size === 'wide' ? { width: 1366, height: 900 } : { width: 390, height: 844 },
      ...(size === 'phone' ? { isMobile: true, hasTouch: true } : {}),
      locale: lang === 'hi' ? 'hi-IN' : 'ta-IN',
      timezoneId: 'Asia/Kolkata',
      bypassCSP: true,
    });
    const session = who === 'admin' ? admin : who === 'user' ? user : null;
    await ctx.addInitScript(
      ([s, l]) => {
        localStorage.setItem('ulca.language', l as string);
        if (s) localStorage.setItem('ulca.session', s as string);
      },
      [session ? JSON.stringify(session) : null, lang] as const,
    );
    contexts.set(key, ctx);
  }
  const p = ctx.pages()[0] ?? (await newPageWithTimeout(ctx, 30_000));
  page = p;
  return p;
}

/** Opens `route` as `who` in `lang` at `size`; resolves once `<html lang>` is `lang`. */
async function open(who: 'admin' | 'user' | 'visitor', size: Size, lang: Lang, route: string): Promise<Page> {
  const p = await pageOf(who, size, lang);
  await p.goto(at(route));
  // <html lang> turns once the lazily loaded catalogue is in: more than poll's 1 s on a busy machine.
  await expect.poll(() => htmlLang(p), { timeout: 30_000 }).toBe(lang);
  return p;
}

/** Both languages wide, then the phone in `phoneLang` (the languages take turns page by page). */
function views(phoneLang: Lang): [Lang, Size][] {
  return [
    ['hi', 'wide'],
    ['ta', 'wide'],
    [phoneLang, 'phone'],
  ];
}

/** Resolves with `read()` once it is truthy; throws after `timeoutMs` naming `what`. */
async function until<T>(what: string, read: () => Promise<T | null | undefined>, timeoutMs = JOB_TIMEOUT_MS, everyMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time:\n${platform.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

const post = (route: string, body: unknown) =>
  fetch(at(route), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function login(email: string, password: string): Promise<Session> {
  const r = await post('/user-mgmt/v1/users/login', { authenticator: 'ULCA', data: { email, password } });
  if (!r.ok) throw new Error(`login of ${email}: ${r.status} ${await r.text()}`);
  return ((await r.json()) as { data: Session }).data;
}

const asAdmin = (method: 'GET' | 'POST', route: string, body?: unknown) =>
  signedFetch(platform.baseUrl, admin.userKeys, method, route, body);
const asUser = (method: 'GET' | 'POST', route: string, body?: unknown) => signedFetch(platform.baseUrl, user.userKeys, method, route, body);

/** The status of a dataset submission once the pipeline has finished with it. */
const datasetDone = (as: typeof asAdmin, srn: string) =>
  until(`dataset ${srn}`, async () => {
    const s = await as('GET', `/ulca/apis/v0/dataset/getByServiceRequestNumber?serviceRequestNumber=${srn}`);
    const status = s.json.status as string;
    return status === 'Completed' || status === 'Failed' ? status : null;
  });

/** The seeded users: USER signed up, activated and made a benchmark-dataset contributor. */
async function seedUsers(): Promise<void> {
  admin = await login(ADMIN_EMAIL, platform.adminPassword);
  const res = await post('/user-mgmt/v1/users/signup', { users: [{ firstName: USER.name, email: USER.email, password: USER.password }] });
  expect(res.status).toBe(200);
  const link = await waitForMailLink(platform.outboxDir, USER.email, `${platform.baseUrl}/ulca/activate/`);
  const [, , userId, token] = /\/activate\/([^/]+)\/([^/]+)\/([^/?#]+)$/.exec(new URL(link).pathname) ?? [];
  const verify = await post('/user-mgmt/v1/users/verify-user', { email: USER.email, userID: userId, token });
  expect(verify.status, await verify.clone().text()).toBe(200);
  const update = await asAdmin('POST', '/ulca/user-mgmt/v1/users/update', {
    users: [{ userID: userId, email: USER.email, firstName: USER.name, roles: ['BENCHMARK-DATASET-CONTRIBUTOR'], orgID: 'UNDEFINED' }],
  });
  expect(update.status, JSON.stringify(update.json)).toBe(200);
  user = await login(USER.email, USER.password);
}

/** The admin's models, a visitor's feedback, a health round (for the uptime) and a BLEU run on the Hindi→Urdu benchmark. */
async function seedModels(): Promise<void> {
  const db = createDb(platform.databaseUrl ?? embeddedDatabaseUrl(platform.dataDir), 2);
  const model = (name: string, status?: 'unpublished') =>
    insertTestModel({ db } as unknown as AppContext, {
      userId: admin.userDetails.userID,
      callbackUrl: ms.url('translation'),
      name,
      ...(status ? { status } : {}),
      languages: [{ sourceLanguage: 'hi', targetLanguage: 'ur' }],
    });
  try {
    [ids.model, , ids.pending] = await Promise.all([model(MODEL), model(DRAFT, 'unpublished'), model(PENDING, 'unpublished')]);
  } finally {
    await db.pool.end();
  }
  const feedback = await post(MODEL_API.feedbackSubmit.replace(/^\/ulca/, ''), {
    taskType: 'translation',
    modelId: ids.model,
    input: INPUT,
    output: `hi:${INPUT}`,
    feedback: [
      { feedbackQuestion: 'How well does the translation keep the meaning of the original?', feedbackQuestionResponse: 2 },
      { feedbackQuestion: 'Anything else you would like to tell us?', feedbackQuestionResponse: COMMENT },
    ],
    suggestedOutput: SUGGESTION,
  });
  expect(feedback.status, await feedback.clone().text()).toBe(200);
  // One health round per 10 s slot: ask again while the answer is "already in this slot" (a null jobId).
  await until(
    'a health round',
    async () => ((await asAdmin('POST', MODEL_HEALTH_CHECK_PATH)).json.data as { jobId: string | null } | undefined)?.jobId,
    30_000,
    1000,
  );
  const share = await until('the uptime', async () => {
    const list = (
      (await (await fetch(`${platform.baseUrl}${MODEL_UPTIME_PATH}`)).json()) as { data: { modelId: string; uptime7d: number | null }[] }
    ).data;
    return list.find((u) => u.modelId === ids.model)?.uptime7d?.toString();
  });
  uptimeShown = `${(Number(share) * 100).toFixed(1)} %`;
  // The bundled Hindi→Urdu benchmark (scored on every metric by the reference model) and a BLEU run of MODEL, for the comparison.
  const board = async () => {
    const found = (
      (await (await post('/apis/v0/benchmark/search', { task: 'translation' })).json()) as {
        data?: { benchmarkId: string; name: string }[];
      }
    ).data?.find((b) => b.name === HI_UR);
    if (!found) return null;
    ids.benchmark = found.benchmarkId;
    return (await (await fetch(at(`/apis/v0/benchmark/getBenchmark?benchmarkId=${ids.benchmark}`))).json()) as {
      benchmarkPerformance: { metric: string }[];
    };
  };
  await until(
    'the reference runs',
    async () => new Set((await board())?.benchmarkPerformance.map((e) => e.metric)).size === TRANSLATION_METRICS,
  );
  const run = await asAdmin('POST', '/ulca/apis/v0/benchmark/execute', {
    modelId: ids.model,
    benchmarks: [{ benchmarkId: ids.benchmark, metric: 'bleu' }],
  });
  expect(run.status, JSON.stringify(run.json)).toBe(200);
  await until('the BLEU run', async () => (await board())?.benchmarkPerformance.filter((e) => e.metric === 'bleu').length === 2);
}

/** The user's failed dataset and benchmark dataset; the admin's published dataset and a search over it. */
async function seedDatasets(): Promise<void> {
  const failed = await asUser('POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName: FAILED_NAME,
    url: fixtures.url('parallel-all-invalid.zip'),
    userId: user.userDetails.userID,
  });
  expect(failed.status, JSON.stringify(failed.json)).toBe(200);
  ids.failedSrn = (failed.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
  const bench = await asUser('POST', BENCHMARK_API.submit, { datasetName: BENCHMARK_NAME, url: fixtures.url('hi-mr-benchmark.zip') });
  expect(bench.status, JSON.stringify(bench.json)).toBe(200);
  ids.benchmarkSrn = (bench.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
  const submitted = await asAdmin('POST', '/ulca/apis/v0/dataset/corpus/submit', {
    datasetName: 'Everyday sentences (i18n e2e)',
    url: fixtures.url('parallel-valid.zip'),
    userId: admin.userDetails.userID,
  });
  expect(submitted.status, JSON.stringify(submitted.json)).toBe(200);
  const sub = submitted.json.data as { serviceRequestNumber: string; datasetId: string };
  ids.dataset = sub.datasetId;
  const [published, failedStatus] = await Promise.all([datasetDone(asAdmin, sub.serviceRequestNumber), datasetDone(asUser, ids.failedSrn)]);
  expect([published, failedStatus]).toEqual(['Completed', 'Failed']);
  const search = await asAdmin('POST', '/ulca/apis/v0/dataset/corpus/search', {
    userId: admin.userDetails.userID,
    datasetType: 'parallel-corpus',
    criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
  });
  expect(search.status, JSON.stringify(search.json)).toBe(200);
  ids.searchSrn = (search.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
  await until('the search', async () => {
    const s = await asAdmin('GET', `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${ids.searchSrn}`);
    const status = (s.json.data as { status: { status: string }[] }).status.map((x) => x.status);
    if (status.includes('Failed')) throw new Error(`the search failed: ${JSON.stringify(s.json)}`);
    return status.includes('Completed');
  });
}

/** The admin's API key for an app, one translation call with it (for the usage pages), and a daily limit for every key. */
async function seedUsage(): Promise<void> {
  const generated = await asAdmin('POST', '/ulca/user-mgmt/v1/users/generateApiKey', { userID: admin.userDetails.userID, appName: APP });
  expect(generated.status).toBe(200);
  const fullKey = (generated.json.data as { ulcaApiKey: string }).ulcaApiKey;
  const keyCall = async (route: string, body: unknown) => {
    const r = await fetch(`${platform.baseUrl}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ulcaApiKey: fullKey },
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as Record<string, unknown>;
  };
  const config = await keyCall(PIPELINE_API.config, {
    pipelineTasks: [{ taskType: 'translation', config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } }],
  });
  const mt = (config.pipelineResponseConfig as { config: { serviceId: string }[] }[])[0].config[0].serviceId;
  await keyCall(MODEL_API.compute, { modelId: mt, input: [{ source: 'नमस्ते दुनिया' }], sourceLanguage: 'hi', targetLanguage: 'ur' });
  const keys = await asAdmin('POST', '/ulca/user-mgmt/v1/users/getApiKeysForProfile', { userID: admin.userDetails.userID });
  ids.key = (keys.json.data as { appName: string; ulcaApiKey: string }[]).find((k) => k.appName === APP)!.ulcaApiKey;
  const quota = await asAdmin('POST', '/ulca/apis/v0/usage/quota', { ulcaApiKey: '*', unit: 'characters', dailyLimit: 100000 });
  expect(quota.status).toBe(200);
}

/** Words of the leaderboard's model names drawn on more than one line (a name cut mid-word). */
function wordsCutInTwo(target: Page): Promise<string[]> {
  return target.evaluate(() => {
    const cut: string[] = [];
    for (const cell of document.querySelectorAll('[data-testid="leaderboard-model"] a')) {
      const node = cell.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) cut.push(m[0]);
      }
    }
    return cut;
  });
}

/** The right edge of the (visible) element is inside a 390 px wide screen. */
async function onPhoneScreen(what: string, box: Promise<{ x: number; width: number } | null>): Promise<void> {
  const b = await box;
  expect(b, what).not.toBeNull();
  expect(b!.x + b!.width, what).toBeLessThanOrEqual(390);
}

const bench = (lang: Lang, key: string) => catalogueMessage(lang, `benchmarks.${key}`);

describe('the interface in Hindi and Tamil', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ulca-e2e-i18n-'));
    await zipFixture('parallel-valid', dir);
    await zipFixture('parallel-all-invalid', dir);
    const folder = path.join(dir, 'benchmark');
    fs.mkdirSync(folder);
    fs.writeFileSync(
      path.join(folder, 'params.json'),
      JSON.stringify({
        name: BENCHMARK_NAME,
        taskType: { type: 'translation' },
        description: 'Three Hindi sentences with Marathi references, written for the language test.',
        languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
        collectionSource: ['written for this test'],
        domain: ['general'],
        license: 'cc-by-4.0',
        submitter: { name: 'Pune Language Lab' },
      }),
    );
    const pairs = [
      ['बिल्ली सो रही है', 'मांजर झोपली आहे'],
      ['नदी शांत बहती है', 'नदी शांत वाहते'],
      ['चिड़िया गाती है', 'पक्षी गातो'],
    ];
    fs.writeFileSync(path.join(folder, 'data.json'), JSON.stringify(pairs.map(([sourceText, targetText]) => ({ sourceText, targetText }))));
    await zipFolder(folder, path.join(dir, 'hi-mr-benchmark.zip'));
    [fixtures, ms, platform] = await Promise.all([
      startFixtureServer(dir),
      startTestModelServer(),
      startPlatform({ env: { DEMO_DATA: 'true', REFERENCE_MODELS: 'true', MODEL_HEALTH_INTERVAL_MINUTES: '0' }, startTimeoutMs: 180_000 }),
    ]);
    await seedUsers();
    await Promise.all([seedModels(), seedDatasets(), seedUsage(), launchChromium().then((b) => (browser = b))]);
  }, 420_000);

  afterAll(async () => {
    for (const c of contexts.values()) await c.close().catch(() => undefined);
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, fixtures, platform, broken: journeys.some((j) => j.broken), tempDirs: [dir] });
    await ms?.close();
  });

  describe('first visit and the language switcher', () => {
    // One journey: each step goes on from the page the step before left.
    const visit = new Journey(async () => {
      if (page) await takeShot(page, 'FAILED-first-visit');
    });
    journeys.push(visit);
    const step = visit.step;
    let first: Page;

    step('the server answers the dashboard prerendered in the browser’s language: readable before any script runs', async () => {
      const noScript = await browser.newContext({
        viewport: { width: 412, height: 860 },
        locale: 'hi-IN',
        javaScriptEnabled: false,
        userAgent:
          'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      });
      // Not newPageWithTimeout: with scripts off the app never takes over the page.
      const bare = await noScript.newPage();
      bare.setDefaultTimeout(30_000);
      await bare.goto(at('/dashboard'));
      await bare.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
      await bare.getByText(/ULCA पर हर भाषा के लिए प्रकाशित डेटासेट/).waitFor();
      expect(await bare.title()).toBe('डैशबोर्ड | ULCA');
      expect(await bare.locator('html').getAttribute('lang')).toBe('hi');
      await takeShot(bare, 'dashboard-hi-prerendered-phone');
      await bare.goto(at('/model/explore-models'));
      await bare.getByRole('heading', { level: 1, name: 'मॉडल देखें' }).waitFor();
      await noScript.close();
    });

    step('a first visit from a Hindi browser opens the dashboard in Hindi, taken over without an error', async () => {
      const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'hi-IN', bypassCSP: true });
      contexts.set('first-visit', ctx);
      first = page = await newPageWithTimeout(ctx, 30_000);
      const problems: string[] = [];
      first.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text());
      });
      first.on('pageerror', (e) => problems.push(String(e)));
      await first.goto(at('/dashboard'));
      await expect.poll(() => htmlLang(first), { timeout: 30_000 }).toBe('hi');
      await first.getByRole('heading', { level: 1, name: 'डैशबोर्ड' }).waitFor();
      await first
        .getByText(/प्रति भाषा वाक्य/)
        .first()
        .waitFor();
      await expect.poll(() => first.getByTestId('language-switcher').innerText()).toBe('हिन्दी');
      await checkPage(first, 'hi', 'dashboard-hi', CHECK);
      // The app replaced the prerendered page (not added a second one beside it), without an error.
      expect(await first.locator('h1').count()).toBe(1);
      expect(await first.locator('main').count()).toBe(1);
      expect(problems).toEqual([]);
      first.removeAllListeners('console');
      first.removeAllListeners('pageerror');
    });

    step('the switcher lists each language in its own script and moves the page to Tamil, remembered', async () => {
      page = first;
      await first.getByTestId('language-switcher').click();
      const options = first.getByRole('menuitem');
      // The menu's code loads on first open (components/LanguageMenu.tsx).
      await options.first().waitFor();
      expect(await options.allInnerTexts()).toEqual(['English', 'हिन्दी', 'தமிழ்']);
      expect(await options.evaluateAll((els) => els.map((e) => e.getAttribute('lang')))).toEqual(['en', 'hi', 'ta']);
      await first.getByRole('menuitem', { name: 'தமிழ்' }).click();
      await expect.poll(() => htmlLang(first)).toBe('ta');
      await first.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' }).waitFor();
      expect(await first.evaluate(() => localStorage.getItem('ulca.language'))).toBe('ta');
      // The choice reaches the server too (a cookie): the next prerendered page is Tamil before any script.
      const served = await first.request.get(at('/dashboard'));
      expect(await served.text()).toMatch(/<html lang="ta">[\s\S]*டாஷ்போர்டு/);
      await first.reload();
      await first.getByRole('heading', { level: 1, name: 'டாஷ்போர்டு' }).waitFor();
      await first.getByRole('navigation', { name: 'முதன்மை' }).waitFor();
      await checkPage(first, 'ta', 'dashboard-ta', CHECK);
    });

    step('a public model page in Tamil, then in Hindi from the switcher', async () => {
      page = first;
      await first.goto(at(`/search-model/${encodeURIComponent(ids.model)}/model`));
      await first.getByRole('heading', { level: 1, name: `${MODEL} v1.0` }).waitFor({ timeout: 60_000 });
      expect(await htmlLang(first)).toBe('ta');
      await first.getByRole('link', { name: 'ULCA பற்றி' }).waitFor();
      expect(await axeViolations(first)).toEqual([]);
      await first.getByTestId('language-switcher').click();
      await first.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => htmlLang(first)).toBe('hi');
      await first.getByRole('link', { name: 'ULCA के बारे में' }).waitFor();
      expect(await axeViolations(first)).toEqual([]);
      await takeShot(first, 'model-hi');
    });

    step('back in English the spec texts are unchanged and <html lang> is en', async () => {
      page = first;
      await first.goto(at('/dashboard'));
      await first.getByTestId('language-switcher').click();
      await first.getByRole('menuitem', { name: 'English' }).click();
      await expect.poll(() => htmlLang(first)).toBe('en');
      await first.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await first
        .getByText(/Sentences per language/)
        .first()
        .waitFor();
      await first.getByRole('link', { name: 'About ULCA' }).waitFor();
      expect(await axeViolations(first)).toEqual([]);
      // The check of the Hindi pages can fail: the English page is full of English catalogue text.
      expect(await englishLeft(first, 'hi')).toContain('Dashboard');
      await takeShot(first, 'dashboard-en');
    });
  });

  describe('models: Explore, the model page, its feedback, Submit Model, My Models', () => {
    const T = {
      hi: { explore: 'मॉडल देखें', my: 'मेरे मॉडल', submit: 'मॉडल जमा करें', feedback: 'उपयोगकर्ताओं का फ़ीडबैक' },
      ta: { explore: 'மாதிரிகளை ஆராய்க', my: 'என் மாதிரிகள்', submit: 'மாதிரியைச் சமர்ப்பி', feedback: 'பயனர்களின் கருத்துகள்' },
    } as const;

    for (const [task, phoneLang] of [
      ['translation', 'ta'],
      ['asr', 'hi'],
      ['audio-gender-detection', 'ta'],
      ['status-check', 'hi'],
    ] as const)
      step(`Explore, the ${task} tab`, async () => {
        for (const [lang, size] of views(phoneLang)) {
          const p = await open('visitor', size, lang, `/model/explore-models?task=${task}`);
          await p.getByRole('heading', { level: 1, name: T[lang].explore }).waitFor();
          if (task === 'translation' || task === 'status-check') await p.getByText(MODEL).first().waitFor({ timeout: 30_000 });
          else {
            // Loaded (its loading state is a status too), then the results or the empty state.
            await p.getByText(catalogueMessage(lang, 'models.explore.loading')).waitFor({ state: 'detached', timeout: 30_000 });
            await p.getByRole('status').or(p.getByRole('table')).or(p.locator('main h3')).first().waitFor();
          }
          await checkPage(p, lang, `explore-${task}-${lang}-${size}`, CHECK);
        }
      });

    step('Explore in Hindi: the model’s row shows its 7-day uptime', async () => {
      const p = await open('visitor', 'wide', 'hi', '/model/explore-models');
      const row = p.getByRole('row').filter({ hasText: MODEL });
      await expect.poll(async () => (await row.getByRole('cell').allInnerTexts()).at(-1)?.trim(), { timeout: 15_000 }).toBe(uptimeShown);
    });

    step('the model page (its cards, the uptime card in Hindi) and its owner’s feedback view', async () => {
      for (const [lang, size] of views('hi')) {
        const p = await open('admin', size, lang, `/search-model/${encodeURIComponent(ids.model)}`);
        await p.getByRole('heading', { level: 1, name: `${MODEL} v1.0` }).waitFor();
        await p.getByTestId('open-feedback').waitFor();
        if (lang === 'hi') {
          await expect.poll(() => p.getByTestId('open-feedback').innerText()).toBe('फ़ीडबैक (1)');
          const card = p.getByRole('heading', { level: 3, name: 'उपलब्धता (7 दिन)' }).locator('..');
          await expect.poll(() => card.innerText(), { timeout: 15_000 }).toContain(uptimeShown);
        }
        await checkPage(p, lang, `model-${lang}-${size}`, CHECK);
        await p.getByTestId('open-feedback').click();
        await p.getByRole('heading', { level: 2, name: T[lang].feedback }).waitFor();
        await p.getByText(SUGGESTION).first().waitFor();
        await checkPage(p, lang, `feedback-${lang}-${size}`, CHECK);
      }
    });

    step(
      "a reference model's page in Hindi: its engine card (engine line, limits) and description in Hindi, not the server's English",
      async () => {
        const search = await post('/apis/v0/model/search', {
          task: 'translation',
          sourceLanguage: 'All',
          targetLanguage: 'All',
          domain: 'All',
          submitter: 'All',
        });
        const apertium = ((await search.json()) as { data: ModelRecord[] }).data.find(
          (m) => m.engineCard?.contentKey === 'translation-apertium',
        );
        const card = apertium?.engineCard;
        if (!apertium || !card) throw new Error('the Apertium reference model is not listed with its engine card');
        const own = (field: string) => catalogueMessage('hi', `platformContent.referenceModel.translation-apertium.${field}`);
        const p = await open('visitor', 'wide', 'hi', `/search-model/${encodeURIComponent(apertium.modelId)}`);
        const shown = p.getByTestId('engine-card');
        await shown.waitFor({ timeout: 30_000 });
        const text = await shown.innerText();
        expect(text).toContain(own('engine'));
        expect(text).not.toContain(card.engine);
        expect((await shown.locator('li').allInnerTexts()).map((l) => l.trim())).toEqual(card.limits.map((_, i) => own(`limits.${i}`)));
        for (const limit of card.limits) expect(text).not.toContain(limit);
        await p.getByText(own('description')).waitFor();
        await takeShot(p, 'reference-model-hi');
      },
    );

    step('the feedback view in Hindi: the row, its quick search and the CSV from the Hindi export menu', async () => {
      const p = await open('admin', 'wide', 'hi', `/search-model/${encodeURIComponent(ids.model)}`);
      await p.getByTestId('open-feedback').click();
      const grid = p.getByRole('grid');
      await grid.waitFor();
      const row = grid.getByRole('row').filter({ hasText: SUGGESTION });
      const texts = (await row.getByRole('gridcell').allInnerTexts()).map((t) => t.trim());
      // The platform's question (stored in English) in Hindi; the answer as written.
      const comments = catalogueMessage('hi', 'modelDetail.feedback.q.comments');
      expect(texts.slice(1)).toEqual([INPUT, `hi:${INPUT}`, '2', `${comments}: ${COMMENT}`, SUGGESTION]);
      const search = p.getByRole('searchbox').first();
      await search.fill('no such words');
      await expect.poll(() => grid.getByRole('row').filter({ hasText: SUGGESTION }).count()).toBe(0);
      await search.fill('calm');
      await row.waitFor();
      await p.getByRole('button', { name: /^निर्यात/ }).click();
      const [download] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('menuitem', { name: 'CSV के रूप में डाउनलोड करें' }).click(),
      ]);
      await checkPage(p, 'hi', 'feedback-export-hi', CHECK);
      expect(download.suggestedFilename()).toMatch(/^feedback-.*\.csv$/);
      const csv = fs.readFileSync((await download.path()) as string, 'utf8');
      for (const t of [SUGGESTION, INPUT, COMMENT]) expect(csv).toContain(t);
    });

    step('Submit Model (in Hindi its guidance asks for no name field; a chosen file), and its thank-you page in Hindi', async () => {
      for (const [lang, size] of views('ta')) {
        const p = await open('admin', size, lang, '/model/upload');
        await p.getByRole('heading', { level: 1, name: T[lang].submit }).waitFor();
        await checkPage(p, lang, `submit-${lang}-${size}`, CHECK);
      }
      const p = await open('admin', 'wide', 'hi', '/model/upload');
      await p.getByText('"name"', { exact: false }).first().waitFor();
      const file = path.join(dir, 'translation-model.json');
      fs.writeFileSync(
        file,
        JSON.stringify(testDescriptor('translation', PENDING, ms.url('translation'), silentWav(0.1).toString('base64'))),
      );
      const [chooser] = await Promise.all([p.waitForEvent('filechooser'), p.getByRole('button', { name: 'फ़ाइल चुनें' }).click()]);
      await chooser.setFiles(file);
      await checkPage(p, 'hi', 'submit-chosen-hi', CHECK);
      await open('admin', 'wide', 'hi', `/model/submission/${encodeURIComponent(ids.pending)}`);
      await p.getByRole('heading', { name: 'आपके योगदान के लिए धन्यवाद!' }).waitFor();
      expect((await p.getByLabel('मॉडल संदर्भ संख्या').innerText()).trim()).toBe(ids.pending);
      await checkPage(p, 'hi', 'submitted-hi', CHECK);
    });

    step('My Models; in Hindi a model is published after the Hindi confirm dialog, with a Hindi toast', async () => {
      for (const [lang, size] of views('hi')) {
        const p = await open('admin', size, lang, '/model/my-contribution');
        await p.getByRole('heading', { level: 1, name: T[lang].my }).waitFor();
        await p.getByText(MODEL).first().waitFor();
        await checkPage(p, lang, `my-models-${lang}-${size}`, CHECK);
      }
      const p = await open('admin', 'wide', 'hi', '/model/my-contribution');
      const row = p.getByRole('row').filter({ hasText: PENDING });
      await row.getByRole('button', { name: 'प्रकाशित करें', exact: true }).click();
      const dialog = p.getByRole('dialog', { name: 'मॉडल प्रकाशित करें' });
      await dialog.getByText('क्या आप सचमुच इस मॉडल को प्रकाशित करना चाहते हैं?', { exact: false }).waitFor();
      await checkPage(p, 'hi', 'publish-dialog-hi', CHECK);
      await dialog.getByRole('button', { name: 'हाँ' }).click();
      await p.getByText('मॉडल सफलतापूर्वक प्रकाशित हो गया।').waitFor();
      await expect.poll(() => row.getByText('प्रकाशित', { exact: true }).count()).toBe(1);
    });
  });

  describe('benchmarks: the list, a benchmark with its leaderboards and comparison, a missing one, Run Benchmark', () => {
    step('the benchmark list', async () => {
      for (const [lang, size] of views('ta')) {
        const p = await open('visitor', size, lang, '/model/benchmark-datasets');
        await p.getByRole('heading', { level: 1, name: bench(lang, 'list.title') }).waitFor();
        await p.getByText(hiUrName(lang)).first().waitFor({ timeout: 30_000 });
        expect(await p.getByText(HI_UR).count()).toBe(0);
        await p.getByRole('tab', { name: bench(lang, 'task.translation') }).waitFor();
        await p.getByRole('heading', { name: bench(lang, 'glossary.title') }).waitFor();
        await checkPage(p, lang, `benchmarks-${lang}-${size}`, size === 'phone' ? PHONE_CHECK : CHECK);
      }
    });

    step('the Hindi→Urdu benchmark: its domain named, its zip, a leaderboard on every metric tab, the run comparison', async () => {
      for (const [lang, size] of views('hi')) {
        const p = await open('visitor', size, lang, `/model/benchmark-details/${encodeURIComponent(ids.benchmark)}`);
        await p.getByRole('heading', { level: 1, name: hiUrName(lang) }).waitFor({ timeout: 30_000 });
        expect(await p.getByText(HI_UR).count()).toBe(0);
        // Its domain is named in the page's language, not shown as its code.
        await p.getByText(catalogueMessage(lang, 'search.domain.general'), { exact: true }).first().waitFor();
        expect(await p.getByText('general', { exact: true }).count()).toBe(0);
        // Bundled: Download is a link to its zip, which answers one.
        const href = (await p.getByRole('link', { name: bench(lang, 'details.download') }).getAttribute('href')) ?? '';
        expect(href).toContain(`/ulca/apis/v0/benchmark/download?benchmarkId=${ids.benchmark}`);
        const zip = await p.request.get(href);
        expect(zip.status()).toBe(200);
        expect(zip.headers()['content-type']).toBe('application/zip');
        const tabs = p.getByRole('tablist', { name: bench(lang, 'leaderboard.metrics') }).getByRole('tab');
        expect(await tabs.count()).toBe(TRANSLATION_METRICS);
        const board = p.getByRole('region', { name: bench(lang, 'leaderboard.title') });
        for (let i = 0; i < TRANSLATION_METRICS; i++) {
          await tabs.nth(i).click();
          await expect.poll(() => board.getByRole('table').getByRole('row').count()).toBeGreaterThan(1);
          expect(await board.getByText(bench(lang, 'leaderboard.noRecords')).count()).toBe(0);
          if (i === 0 || i === TRANSLATION_METRICS - 1) await checkPage(p, lang, `leaderboard-${i + 1}-${lang}-${size}`, CHECK);
        }
        if (size === 'phone') {
          await noSideScroll(p);
          // Model names wrap between words only, and the leaderboard does not scroll inside its own box.
          expect(await wordsCutInTwo(p)).toEqual([]);
          expect(
            await board.getByRole('table').evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth),
          ).toBeLessThanOrEqual(0);
        }
        // The runs of BLEU: the reference model's and MODEL's.
        const section = p.getByRole('region', { name: bench(lang, 'compare.title') });
        await section.getByRole('combobox', { name: bench(lang, 'compare.metric') }).click();
        await p.getByRole('option', { name: 'BLEU', exact: true }).click();
        await section.getByText(bench(lang, 'compare.selectTwo')).waitFor();
        await section.getByRole('checkbox', { name: /Apertium/ }).check();
        await section.getByRole('checkbox', { name: new RegExp(MODEL) }).check();
        await section.getByRole('button', { name: bench(lang, 'compare.compare') }).click();
        await p.getByRole('table', { name: bench(lang, 'compare.tests') }).waitFor({ timeout: 30_000 });
        await p.getByRole('table', { name: bench(lang, 'compare.examplesTable') }).scrollIntoViewIfNeeded();
        await checkPage(p, lang, `compare-${lang}-${size}`, CHECK);
      }
    });

    step('a benchmark that does not exist says so, with a way back and no "Try again"', async () => {
      for (const [lang, size] of views('ta')) {
        const p = await open('visitor', size, lang, `/model/benchmark-details/${crypto.randomUUID()}`);
        await p.getByText(bench(lang, 'details.notFound')).waitFor({ timeout: 30_000 });
        expect(await p.getByRole('button', { name: /Try again|फिर से कोशिश करें|மீண்டும் முயலவும்/ }).count()).toBe(0);
        const back = p.getByRole('link', { name: bench(lang, 'back.benchmark-datasets') });
        expect(await back.count()).toBeGreaterThan(0);
        await checkPage(p, lang, `benchmark-missing-${lang}-${size}`, CHECK);
        await back.last().click();
        await p.getByRole('heading', { level: 1, name: bench(lang, 'list.title') }).waitFor();
      }
    });

    step('the Run Benchmark dialog on My Models, in Hindi wide and in Tamil on a phone (fits without sideways scroll)', async () => {
      for (const [lang, size] of [
        ['hi', 'wide'],
        ['ta', 'phone'],
      ] as const) {
        const p = await open('admin', size, lang, '/model/my-contribution');
        // Run Benchmark is the outlined button of the model's row (a card on a phone); its text is the models feature's.
        await p
          .getByText(DRAFT, { exact: true })
          .locator('xpath=ancestor::*[.//button[contains(@class, "MuiButton-outlined")]][1]')
          .locator('button.MuiButton-outlined')
          .first()
          .click({ timeout: 30_000 });
        const dialog = p.getByRole('dialog', { name: new RegExp(bench(lang, 'run.title')) });
        const table = dialog.getByRole('table', { name: bench(lang, 'run.table') });
        await table
          .getByRole('row')
          .filter({ hasText: hiUrName(lang) })
          .waitFor();
        await dialog.getByRole('switch', { name: bench(lang, 'run.selectOne').replace('{name}', hiUrName(lang)) }).check();
        await dialog.getByRole('group', { name: bench(lang, 'run.metricsOf').replace('{name}', hiUrName(lang)) }).waitFor();
        expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
        expect(await dialog.locator('.MuiDialogContent-root').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
        const inDialog = await dialog.innerText();
        expect((await englishLeft(p, lang)).filter((t) => inDialog.includes(t))).toEqual([]);
        await axeViolations(p); // loads axe-core
        const violations = await p.evaluate(async () => {
          const axe = (window as unknown as { axe: { run: (c: Element, o: unknown) => Promise<{ violations: { id: string }[] }> } }).axe;
          const r = await axe.run(document.querySelector('[role="dialog"]')!, {
            runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          });
          return r.violations.map((v) => v.id);
        });
        expect(violations).toEqual([]);
        await takeShot(p, `run-dialog-${lang}-${size}`);
        await dialog.getByRole('button', { name: bench(lang, 'run.close') }).click();
      }
    });
  });

  describe('search and download, My Searches, the dataset viewer', () => {
    const W = {
      hi: {
        searchTitle: 'रिकॉर्ड खोजें और डाउनलोड करें',
        targets: 'लक्ष्य भाषाएँ',
        mySearches: 'मेरी खोजें',
        result: 'खोज का परिणाम',
        searchRecords: 'खोज {srn} के रिकॉर्ड',
        versions: 'संस्करण',
        hindi: 'हिन्दी',
        advanced: 'उन्नत फ़िल्टर',
        submit: 'जमा करें',
        mandatory: 'यह फ़ील्ड अनिवार्य है',
        cite: 'संस्करण 1 उद्धृत करें',
        close: 'बंद करें',
      },
      ta: {
        searchTitle: 'பதிவுகளைத் தேடிப் பதிவிறக்கு',
        targets: 'இலக்கு மொழிகள்',
        mySearches: 'என் தேடல்கள்',
        result: 'தேடல் முடிவு',
        searchRecords: 'தேடல் {srn} இன் பதிவுகள்',
        versions: 'பதிப்புகள்',
        hindi: 'இந்தி (हिन्दी)',
        advanced: 'மேம்பட்ட வடிகட்டிகள்',
        submit: 'சமர்ப்பி',
        mandatory: 'இந்தப் புலம் கட்டாயம்',
        cite: 'பதிப்பு 1 ஐ மேற்கோள் காட்டு',
        close: 'மூடு',
      },
    } as const;
    // These pages never scroll sideways, wide or on a phone.
    const SEARCH_CHECK: PageCheck = { ...CHECK, noSideScroll: true };

    step('the search form, then with a target language (named in the interface language) and Submit without a source', async () => {
      for (const [lang, size] of views('hi')) {
        const w = W[lang];
        const p = await open('admin', size, lang, '/search-and-download-rec/initiate/-1');
        await p.getByRole('heading', { level: 1, name: w.searchTitle }).waitFor();
        const targets = p.getByRole('combobox', { name: w.targets });
        await targets.waitFor();
        await checkPage(p, lang, `search-form-${lang}-${size}`, SEARCH_CHECK);
        await targets.click();
        await targets.fill(w.hindi);
        await p.getByRole('option', { name: w.hindi, exact: true }).click();
        await p.keyboard.press('Escape');
        await p.getByRole('switch', { name: w.advanced }).check();
        await p.getByRole('button', { name: w.submit, exact: true }).click();
        await p.getByText(w.mandatory).first().waitFor();
        await checkPage(p, lang, `search-form-filled-${lang}-${size}`, SEARCH_CHECK);
      }
    });

    step('My Searches, its link to the search’s records, and the search’s result', async () => {
      for (const [lang, size] of views('ta')) {
        const w = W[lang];
        const p = await open('admin', size, lang, '/my-searches');
        await p.getByRole('heading', { level: 1, name: w.mySearches }).waitFor();
        const row = p.getByRole('table', { name: w.mySearches }).getByRole('row').filter({ hasText: ids.searchSrn });
        await row.waitFor();
        // The searched-on time in the language's one date style: its month name, the 24-hour clock, no Latin am/pm.
        if (size === 'wide') {
          const rowText = await row.innerText();
          const when = /\d{1,2} \S+ \d{4}, \d{2}:\d{2}:\d{2}/.exec(rowText)?.[0];
          expect(when, rowText).toBeDefined();
          expect(when).not.toMatch(/[A-Za-z/]/);
        }
        await checkPage(p, lang, `my-searches-${lang}-${size}`, SEARCH_CHECK);
        // The link to the search's records (a cell from sm up, folded into the first cell on a phone).
        await row.getByRole('link', { name: ids.searchSrn }).filter({ visible: true }).click();
        await p.getByRole('heading', { level: 1, name: w.searchRecords.replace('{srn}', ids.searchSrn) }).waitFor();
        await expect.poll(() => p.getByTestId('viewer-record').count(), { timeout: 30_000 }).toBeGreaterThan(0);
        await checkPage(p, lang, `search-records-${lang}-${size}`, SEARCH_CHECK);
        await p.goto(at(`/search-and-download-rec/completed/${ids.searchSrn}`));
        await p.getByRole('heading', { level: 1, name: w.result }).waitFor();
        await checkPage(p, lang, `search-result-${lang}-${size}`, SEARCH_CHECK);
      }
    });

    step('the dataset viewer and its citation dialog', async () => {
      for (const [lang, size] of views('hi')) {
        const w = W[lang];
        const p = await open('admin', size, lang, `/datasets/${ids.dataset}`);
        await expect.poll(() => p.getByTestId('viewer-record').count(), { timeout: 30_000 }).toBe(5);
        await p.getByRole('table', { name: w.versions }).waitFor();
        await checkPage(p, lang, `dataset-${lang}-${size}`, SEARCH_CHECK);
        await p.getByRole('button', { name: w.cite }).filter({ visible: true }).click();
        await expect.poll(() => p.getByTestId('citation').innerText(), { timeout: 30_000 }).toContain('@misc');
        await checkPage(p, lang, `cite-${lang}-${size}`, SEARCH_CHECK);
        await p.getByRole('button', { name: w.close }).click();
      }
    });
  });

  describe('datasets: Submit Dataset, My Contribution, a failed dataset’s status, a benchmark dataset', () => {
    const D = {
      hi: {
        submit: 'डेटासेट जमा करें',
        my: 'मेरा योगदान',
        submittedTab: 'जमा किए गए डेटासेट',
        benchmarkTab: 'बेंचमार्क डेटासेट',
        benchmarkTable: 'बेंचमार्क डेटासेट',
        stages: 'संसाधन के चरण',
        status: 'स्थिति',
        failed: 'विफल संख्या',
      },
      ta: {
        submit: 'தரவுத்தொகுப்பைச் சமர்ப்பி',
        my: 'என் பங்களிப்பு',
        submittedTab: 'சமர்ப்பித்த தரவுத்தொகுப்பு',
        benchmarkTab: 'பெஞ்ச்மார்க் தரவுத்தொகுப்பு',
        benchmarkTable: 'பெஞ்ச்மார்க் தரவுத்தொகுப்புகள்',
        stages: 'செயலாக்கக் கட்டங்கள்',
        status: 'நிலை',
        failed: 'தோல்வி எண்ணிக்கை',
      },
    } as const;

    step('Submit Dataset with the sample datasets to download; in Hindi a validation message of the spec', async () => {
      for (const [lang, size] of views('ta')) {
        const p = await open('user', size, lang, '/dataset/upload');
        await p.getByRole('heading', { level: 1, name: D[lang].submit }).waitFor();
        const sample = p.getByRole('link', { name: 'parallel-en-hi (zip)' });
        await sample.waitFor();
        if (lang === 'hi' && size === 'wide') {
          const zip = await fetch(new URL((await sample.getAttribute('href')) ?? '', platform.baseUrl));
          expect(zip.headers.get('content-type')).toBe('application/zip');
          await p.getByLabel('डेटासेट URL').fill('ftp://example.org/d.zip');
          await p.getByLabel('डेटासेट का नाम').click();
          await p.getByText('ftp लिंक समर्थित नहीं हैं: zip फ़ाइल http या https से साझा करें').waitFor();
        }
        await checkPage(p, lang, `dataset-submit-${lang}-${size}`, CHECK);
      }
    });

    step(
      'the thank-you pages in Hindi lead to My Contribution with the row highlighted, on the Benchmark Dataset tab for a benchmark',
      async () => {
        for (const [srn, kind, name] of [
          [ids.failedSrn, '', ids.failedSrn],
          [ids.benchmarkSrn, '?kind=benchmark', BENCHMARK_NAME],
        ] as const) {
          const p = await open('user', 'wide', 'hi', `/dataset/submission/${encodeURIComponent(srn)}${kind}`);
          await p.getByRole('heading', { name: 'आपके योगदान के लिए धन्यवाद!' }).waitFor();
          if (kind) await p.getByText('आपका बेंचमार्क डेटासेट जमा हो गया है।', { exact: false }).waitFor();
          await checkPage(p, 'hi', `thanks${kind ? '-benchmark' : ''}-hi`, CHECK);
          await p.getByRole('link', { name: 'मेरे योगदान पर जाएँ' }).click();
          const tab = kind ? 'बेंचमार्क डेटासेट' : 'जमा किए गए डेटासेट';
          await expect.poll(() => p.getByRole('tab', { name: tab }).getAttribute('aria-selected')).toBe('true');
          const row = p.getByRole('table', { name: tab }).locator('tbody tr').filter({ hasText: name });
          await expect.poll(() => row.getAttribute('data-highlighted'), { timeout: 15_000 }).toBe('true');
        }
      },
    );

    step(
      'My Contribution: the submitted datasets, the benchmark datasets (task named in Hindi); on a phone Status and Failed Count stay on screen',
      async () => {
        for (const [lang, size] of [...views('ta'), ['hi', 'phone']] as [Lang, Size][]) {
          const d = D[lang];
          const p = await open('user', size, lang, '/dataset/my-contribution');
          await p.getByRole('heading', { level: 1, name: d.my }).waitFor();
          await (size === 'wide' ? p.locator('tbody tr').filter({ hasText: ids.failedSrn }) : p.locator('tbody tr')).first().waitFor();
          if (size === 'phone') {
            await onPhoneScreen(`column ${d.status}`, p.getByRole('columnheader', { name: d.status, exact: true }).first().boundingBox());
            await checkPage(p, lang, `my-contribution-${lang}-${size}`, CHECK);
            continue;
          }
          expect(await p.getByRole('tab', { name: d.submittedTab }).getAttribute('aria-selected')).toBe('true');
          await checkPage(p, lang, `my-contribution-${lang}-${size}`, CHECK);
          await p.getByRole('tab', { name: d.benchmarkTab }).click();
          const row = p.getByRole('table', { name: d.benchmarkTable }).locator('tbody tr').filter({ hasText: BENCHMARK_NAME });
          if (lang === 'hi') await expect.poll(() => row.locator('td').nth(1).innerText(), { timeout: JOB_TIMEOUT_MS }).toBe('अनुवाद');
          else await row.waitFor();
          await checkPage(p, lang, `my-contribution-benchmark-${lang}-${size}`, CHECK);
        }
      },
    );

    step(
      'the failed dataset’s status page: its stages, statuses and error summary; on a phone the chips and Failed Count fit',
      async () => {
        for (const [lang, size] of [...views('ta'), ['hi', 'phone']] as [Lang, Size][]) {
          const d = D[lang];
          const p = await open('user', size, lang, `/dataset-status/${encodeURIComponent(ids.failedSrn)}`);
          const stages = p.getByRole('table', { name: d.stages });
          await expect.poll(() => stages.locator('tbody tr').count(), { timeout: 30_000 }).toBe(4);
          if (lang === 'hi' && size === 'wide') {
            await expect.poll(() => stages.locator('tbody tr').nth(2).innerText()).toMatch(/सत्यापन\s+विफल/);
            await p.getByRole('table', { name: 'त्रुटि सारांश' }).getByText('कोई टेक्स्ट अपनी भाषा की लिपि में नहीं लिखा है।').waitFor();
          }
          if (size === 'phone') {
            // On a phone each stage's status chip sits under its name; the counts keep their columns.
            await onPhoneScreen('status chip', stages.locator('tbody tr .MuiChip-root').first().boundingBox());
            await onPhoneScreen(`column ${d.failed}`, p.getByRole('columnheader', { name: d.failed, exact: true }).first().boundingBox());
          }
          await checkPage(p, lang, `dataset-status-${lang}-${size}`, CHECK);
        }
      },
    );
  });

  describe('admin: User Details, its dialogs and audit log, Usage and quotas, a key’s usage page', () => {
    const A = {
      hi: {
        title: 'उपयोगकर्ता विवरण',
        users: 'उपयोगकर्ता',
        audit: 'ऑडिट लॉग',
        usageTab: 'उपयोग और कोटा',
        usage: `${APP} का उपयोग`,
        pages: /^\d+ में से 1–\d+$/,
        refused: 'सिस्टम खाते में बदलाव अस्वीकृत',
      },
      ta: {
        title: 'பயனர் விவரங்கள்',
        users: 'பயனர்கள்',
        audit: 'தணிக்கைப் பதிவு',
        usageTab: 'பயன்பாடும் ஒதுக்கீடும்',
        usage: `${APP} பயன்பாடு`,
        pages: /^\d+ இல் 1–\d+$/,
        refused: 'அமைப்புக் கணக்கை மாற்றுவது மறுக்கப்பட்டது',
      },
    } as const;

    step('a change of the system account is refused by the server, whatever the route (403 SYSTEM_ACCOUNT)', async () => {
      const status = await asAdmin('POST', '/ulca/user-mgmt/v1/users/update/active/status', { email: SYSTEM_EMAIL, is_active: true });
      expect(status).toMatchObject({ status: 403, json: { code: 'SYSTEM_ACCOUNT' } });
      const edit = await asAdmin('POST', '/ulca/user-mgmt/v1/users/update', {
        users: [{ email: SYSTEM_EMAIL, firstName: 'Mine now', roles: ['ADMIN'], password: 'Tak3n!over' }],
      });
      expect(edit).toMatchObject({ status: 403, json: { code: 'SYSTEM_ACCOUNT' } });
    });

    step('User Details in Hindi: the system account marked, with no switch; the deactivate and activate dialogs and toasts', async () => {
      const p = await open('admin', 'wide', 'hi', '/admin/view-user-details');
      await p.getByRole('heading', { level: 1, name: A.hi.title }).waitFor();
      const table = p.getByRole('table', { name: A.hi.users });
      await table.getByText(USER.email).waitFor();
      const system = table.getByRole('row').filter({ hasText: SYSTEM_EMAIL });
      await system.getByText('सिस्टम खाता', { exact: true }).waitFor();
      expect(await system.getByRole('switch').count()).toBe(0);
      expect(await system.getByRole('button').count()).toBe(0);
      // MUI's own pagination texts are Hindi too.
      await p.getByText(A.hi.pages).waitFor();
      await checkPage(p, 'hi', 'users-hi-wide', ADMIN_CHECK);
      await table.getByRole('switch', { name: `${USER.email} को निष्क्रिय करें` }).click();
      const confirm = p.getByRole('dialog', { name: `${USER.email} को निष्क्रिय करें?` });
      await confirm.getByText('कुछ भी हटाया नहीं जाता', { exact: false }).waitFor();
      await checkPage(p, 'hi', 'deactivate-confirm-hi', ADMIN_CHECK);
      await confirm.getByRole('button', { name: 'निष्क्रिय करें' }).click();
      await p.getByText('उपयोगकर्ता सफलतापूर्वक निष्क्रिय किया गया।').waitFor();
      await table.getByRole('switch', { name: `${USER.email} को सक्रिय करें` }).click();
      await p
        .getByRole('dialog', { name: `${USER.email} को सक्रिय करें?` })
        .getByRole('button', { name: 'सक्रिय करें' })
        .click();
      await p.getByText('उपयोगकर्ता सफलतापूर्वक सक्रिय किया गया।').waitFor();
    });

    step('the edit dialog in Hindi names the organisation instead of UNDEFINED and checks in Hindi', async () => {
      const p = await open('admin', 'wide', 'hi', '/admin/view-user-details');
      const table = p.getByRole('table', { name: A.hi.users });
      await table.getByRole('button', { name: `${USER.email} संपादित करें` }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('tab', { name: 'प्रोफ़ाइल' }).waitFor();
      await dialog.getByText('कोई संगठन नहीं').waitFor();
      expect(await dialog.getByText('UNDEFINED').count()).toBe(0);
      await dialog.getByLabel('पूरा नाम').fill(' ');
      await dialog.getByRole('button', { name: 'सहेजें' }).click();
      await dialog.getByText('प्रोफ़ाइल का विवरण भरना अनिवार्य है').waitFor();
      await checkPage(p, 'hi', 'edit-hi', ADMIN_CHECK);
      await dialog.getByRole('button', { name: 'रद्द करें' }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    step('the audit log names the users by name and e-mail and says the system account was refused; User Details in Tamil', async () => {
      for (const [lang, size] of views('ta')) {
        const a = A[lang];
        const p = await open('admin', size, lang, '/admin/view-user-details');
        await p.getByRole('heading', { level: 1, name: a.title }).waitFor();
        if (lang === 'ta') {
          await p.getByRole('table', { name: a.users }).getByText(USER.email).waitFor();
          if (size === 'wide') await p.getByText(a.pages).waitFor();
          else {
            // Active and Edit stay on screen.
            const row = p.getByRole('table', { name: a.users }).getByRole('row').filter({ hasText: USER.email });
            await onPhoneScreen('Active', row.getByRole('switch', { name: `${USER.email} கணக்கை முடக்கு` }).boundingBox());
            await onPhoneScreen('Edit', row.getByRole('button', { name: `${USER.email} கணக்கைத் திருத்து` }).boundingBox());
          }
          await checkPage(p, lang, `users-${lang}-${size}`, size === 'phone' ? { ...ADMIN_CHECK, noSideScroll: true } : ADMIN_CHECK);
        }
        await p.getByRole('tab', { name: a.audit }).click();
        const log = p.getByRole('table', { name: a.audit });
        await log.getByText(a.refused).first().waitFor();
        if (lang === 'hi') {
          await log.getByText('उपयोगकर्ता सक्रिय या निष्क्रिय किया गया').first().waitFor();
          await log.getByRole('row').filter({ hasText: a.refused }).first().getByText('ULCA reference models').waitFor();
          const status = log.getByRole('row').filter({ hasText: 'उपयोगकर्ता सक्रिय या निष्क्रिय किया गया' }).first();
          await status.getByText(USER.name).waitFor();
          await status.getByText(USER.email).waitFor();
        }
        await checkPage(p, lang, `audit-${lang}-${size}`, ADMIN_CHECK);
      }
    });

    step('Usage and quotas: the key with its application and owner, the daily limits (Indian grouping in Tamil)', async () => {
      for (const [lang, size] of [...views('ta'), ['hi', 'phone']] as [Lang, Size][]) {
        const p = await open('admin', size, lang, '/admin/view-user-details');
        await p.getByRole('tab', { name: A[lang].usageTab }).click();
        const row = p.getByTestId('key-usage-row').filter({ hasText: APP });
        await row.first().waitFor();
        if (lang === 'ta' && size === 'wide') {
          await row.getByText(ADMIN_EMAIL).waitFor();
          const limits = p.getByRole('table', { name: 'தினசரி வரம்புகள்' });
          await limits.getByText('எல்லாச் சாவிகளும் (இயல்புநிலை)').waitFor();
          // Indian grouping of the limit: 1,00,000.
          await limits.getByText('1,00,000').waitFor();
        }
        await checkPage(p, lang, `usage-tab-${lang}-${size}`, ADMIN_CHECK);
      }
    });

    step('a key’s usage page: its table by day, model and task, and its chart', async () => {
      for (const [lang, size] of views('ta')) {
        const p = await open('admin', size, lang, `/usage?key=${encodeURIComponent(ids.key)}`);
        await p.getByRole('heading', { level: 1, name: A[lang].usage }).waitFor();
        if (lang === 'ta' && size === 'wide') {
          await p.getByRole('table', { name: 'நாள், மாதிரி, பணி வாரியான பயன்பாடு' }).locator('tbody tr').first().waitFor();
          await p.getByTestId('usage-chart').getByRole('group', { name: 'நாள்தோறும் அழைப்புகள், கடந்த 30 நாட்கள்' }).waitFor();
        }
        await checkPage(p, lang, `usage-${lang}-${size}`, ADMIN_CHECK);
      }
    });
  });
});
