/**
 * Every route of the web app in English, Hindi and Tamil (docs/product.md#languages-of-the-interface,
 * docs/product.md#screens), in headless Chromium against one real platform with the demo data and the
 * offline reference models on: public routes as a visitor, signed-in routes as the ADMIN. Each route
 * at 1366×900 in the three languages, and at 390×844 in one language (taking turns), must have no
 * axe-core WCAG 2.1 AA violation and, in Hindi and Tamil, no visible English catalogue text. Then the sign-up →
 * activation → sign-in journey through the Hindi forms. Screenshots (failures and the journey):
 * test-results/e2e/routes-a11y-<nn>-<step>.png.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFailed, type ExpectStatic } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { clearShots, launchChromium, newPageWithTimeout, screenshotTaker, tearDownJourney } from './support/browser.ts';
import { signedFetch } from './support/accounts.ts';
import { axeViolations, catalogueMessage, englishLeft, htmlLang } from './support/i18n.ts';
import { startPlatform, waitForMailLink, type RunningPlatform } from './support/server.ts';

const SHOT_PREFIX = 'routes-a11y-';
const ADMIN_EMAIL = 'admin@ulca.local';
const LANGS = ['en', 'hi', 'ta'] as const;
type Lang = (typeof LANGS)[number];
const STAMP = Date.now().toString(36);
const HINDI_USER = { name: 'सुनीता वर्मा', email: `sunita.verma+${STAMP}@example.org`, password: 'Str0ng!pass' };

/** A route to sweep: its path (ids filled in once the platform runs), who opens it, and its feature. */
interface Route {
  path: () => string;
  signedIn: boolean;
  feature: string;
}

let platform: RunningPlatform;
let browser: Browser;
let session: { userDetails: { userID: string }; userKeys: { publicKey: string; privateKey: string } };
const ids = { model: '', benchmark: '', dataset: '', datasetSrn: '', benchmarkSrn: '', searchSrn: '' };
/** One page per audience and size, reused from route to route. */
const pages: Partial<Record<'visitor-wide' | 'admin-wide' | 'visitor-phone' | 'admin-phone', Page>> = {};
let checked = 0;

const takeShot = screenshotTaker(SHOT_PREFIX);
/** Whether a check failed (the data folder is then kept). */
let broken = false;
const at = (p: string) => `${platform.baseUrl}/ulca${p}`;

/**
 * Every route of apps/web/src/app/router.tsx and the features' routes.tsx, with real ids for the
 * parameterised ones. '/' only redirects to /dashboard and is not listed.
 */
const ROUTES: Route[] = [
  // intro: the about page and the two legal pages
  { path: () => '/intro', signedIn: false, feature: 'intro' },
  { path: () => '/privacy-policy', signedIn: false, feature: 'intro' },
  { path: () => '/terms-of-use', signedIn: false, feature: 'intro' },
  // dashboard: the charts and the dataset metrics report
  { path: () => '/dashboard', signedIn: false, feature: 'dashboard' },
  { path: () => '/dataset/reports', signedIn: false, feature: 'dashboard' },
  // dashboard: any unknown path shows the dashboard
  { path: () => '/no-such-page', signedIn: false, feature: 'dashboard' },
  // auth: sign in, sign up, forgot password, reset password (a stale link), activated
  { path: () => '/user/login', signedIn: false, feature: 'auth' },
  { path: () => '/user/register', signedIn: false, feature: 'auth' },
  { path: () => '/user/forgot-password', signedIn: false, feature: 'auth' },
  { path: () => `/user/reset-password/${encodeURIComponent('someone@example.org')}/stale-token`, signedIn: false, feature: 'auth' },
  { path: () => '/active-user', signedIn: false, feature: 'auth' },
  // auth: an activation link that is not valid (a real one is opened in the Hindi journey below)
  { path: () => `/activate/${encodeURIComponent('someone@example.org')}/no-such-user/stale`, signedIn: false, feature: 'auth' },
  // readymade: the public list
  { path: () => '/dataset/readymade-datasets', signedIn: false, feature: 'readymade' },
  // model-detail: a published reference model
  { path: () => `/search-model/${encodeURIComponent(ids.model)}/model`, signedIn: false, feature: 'model-detail' },
  // usage: the public service status
  { path: () => '/status', signedIn: false, feature: 'usage' },
  // models: explore
  { path: () => '/model/explore-models', signedIn: false, feature: 'models' },
  // benchmarks: the list and a bundled benchmark
  { path: () => '/model/benchmark-datasets', signedIn: false, feature: 'benchmarks' },
  { path: () => `/model/benchmark-details/${ids.benchmark}`, signedIn: false, feature: 'benchmarks' },
  // dataset-viewer: a demo dataset and its first version
  { path: () => `/datasets/${ids.dataset}`, signedIn: false, feature: 'dataset-viewer' },
  { path: () => `/datasets/${ids.dataset}/versions/1`, signedIn: false, feature: 'dataset-viewer' },
  // datasets: submit, My Contribution, the thanks pages (dataset and benchmark) and a submission's status
  { path: () => '/dataset/upload', signedIn: true, feature: 'datasets' },
  { path: () => '/dataset/my-contribution', signedIn: true, feature: 'datasets' },
  { path: () => `/dataset/submission/${ids.datasetSrn}`, signedIn: true, feature: 'datasets' },
  { path: () => `/benchmark/submission/${ids.benchmarkSrn}`, signedIn: true, feature: 'datasets' },
  { path: () => `/dataset-status/${ids.datasetSrn}`, signedIn: true, feature: 'datasets' },
  // search: the form, a finished search's result, My Searches
  { path: () => '/search-and-download-rec/initiate/-1', signedIn: true, feature: 'search' },
  { path: () => `/search-and-download-rec/completed/${ids.searchSrn}`, signedIn: true, feature: 'search' },
  { path: () => '/my-searches', signedIn: true, feature: 'search' },
  // dataset-viewer: a search's records
  { path: () => `/search-records/${ids.searchSrn}`, signedIn: true, feature: 'dataset-viewer' },
  // profile, glossary, usage (the user's keys), speaker recognition, admin users
  { path: () => '/profile', signedIn: true, feature: 'profile' },
  { path: () => '/glossary', signedIn: true, feature: 'glossary' },
  { path: () => '/usage', signedIn: true, feature: 'usage' },
  { path: () => '/speaker-recognition', signedIn: true, feature: 'speakers' },
  { path: () => '/admin/view-user-details', signedIn: true, feature: 'admin' },
  // readymade: the signed-in list (with the ready-made switches)
  { path: () => '/readymade-dataset', signedIn: true, feature: 'readymade' },
  // models: submit, the thanks page, My Models
  { path: () => '/model/upload', signedIn: true, feature: 'models' },
  { path: () => `/model/submission/${encodeURIComponent(ids.model)}`, signedIn: true, feature: 'models' },
  { path: () => '/model/my-contribution', signedIn: true, feature: 'models' },
];

/** Resolves with `get()` once it is not null; throws after `timeoutMs`. */
async function until<T>(what: string, get: () => Promise<T | null>, timeoutMs = 240_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await get();
    if (v !== null) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${platform.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const postJson = async (p: string, body: unknown) =>
  (await fetch(at(p), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<
    Record<string, unknown>
  >;

/** A page of `context` on the app's origin. */
async function pageOf(context: BrowserContext): Promise<Page> {
  const p = await newPageWithTimeout(context, 30_000);
  await p.goto(at('/intro'));
  return p;
}

/** The page has settled: a heading shows, no progress indicator is left (up to 20 s), transitions ended. */
async function settle(p: Page): Promise<void> {
  await p.locator('h1').first().waitFor({ timeout: 30_000 });
  await p
    .waitForFunction(() => !document.querySelector('[role="progressbar"]:not([aria-hidden="true"])'), undefined, { timeout: 20_000 })
    .catch(() => undefined);
  await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** The problems of the page as it is now in `lang`: axe-core violations and, in Hindi and Tamil, English left. */
async function problems(p: Page, lang: Lang): Promise<string[]> {
  let axe = await axeViolations(p);
  if (axe.length > 0) {
    // A colour transition that started after settle() (a button enabled once its data came) reads as low contrast: look again.
    await p.waitForTimeout(1000);
    await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    axe = await axeViolations(p);
  }
  const out = axe.map((v) => `axe ${v}`);
  // 'Admin' is the bootstrap admin's name (user data), the same word as the English role label.
  if (lang !== 'en') out.push(...(await englishLeft(p, lang)).filter((t) => t !== 'Admin').map((t) => `English left: ${t}`));
  return out;
}

/**
 * Opens `route` in `p` in `lang` and checks it; returns its problems as 'path lang size: problem'.
 * `ex` is the running test's expect (the sweeps run concurrently).
 */
async function sweepOne(ex: ExpectStatic, p: Page, route: Route, lang: Lang, size: 'wide' | 'phone'): Promise<string[]> {
  const path = route.path();
  await p.evaluate((l) => localStorage.setItem('ulca.language', l), lang);
  await p.goto(at(path));
  await ex.poll(() => htmlLang(p)).toBe(lang);
  let found: string[];
  try {
    await settle(p);
    found = await problems(p, lang);
  } catch (err) {
    found = [`did not load: ${(err as Error).message.split('\n')[0]}`];
  }
  checked += 1;
  if (found.length > 0) await takeShot(p, `${route.feature}-${lang}-${size}`).catch(() => undefined);
  return found.map((f) => `${path} ${lang} ${size}: ${f}`);
}

/**
 * The routes of one audience at one size: wide in every language, phone in one language per route
 * (taking turns), in that audience and size's own page; `ex` is the running test's expect.
 */
async function sweep(ex: ExpectStatic, signedIn: boolean, size: 'wide' | 'phone'): Promise<void> {
  const p = pages[`${signedIn ? 'admin' : 'visitor'}-${size}`]!;
  const routes = ROUTES.filter((r) => r.signedIn === signedIn);
  const failures: string[] = [];
  for (const [i, route] of routes.entries()) {
    const langs = size === 'wide' ? LANGS : [LANGS[i % LANGS.length]];
    for (const lang of langs) failures.push(...(await sweepOne(ex, p, route, lang, size)));
  }
  ex(failures).toEqual([]);
}

describe('every route in English, Hindi and Tamil, wide and on a phone: no WCAG 2.1 AA violation, no English left', () => {
  beforeAll(async () => {
    clearShots(SHOT_PREFIX);
    platform = await startPlatform({ env: { DEMO_DATA: 'true', REFERENCE_MODELS: 'true' }, startTimeoutMs: 180_000 });
    const login = await postJson('/user-mgmt/v1/users/login', {
      authenticator: 'ULCA',
      data: { email: ADMIN_EMAIL, password: platform.adminPassword },
    });
    session = login.data as typeof session;
    const keys = session.userKeys;
    const userId = session.userDetails.userID;

    // A published reference model.
    ids.model = await until('a published model', async () => {
      const found = (await postJson('/apis/v0/model/search', { task: 'translation', sourceLanguage: 'All', targetLanguage: 'All' }))
        .data as { modelId: string }[] | undefined;
      return found?.[0]?.modelId ?? null;
    });
    // The demo parallel dataset, published, and a bundled benchmark's submission (the admin submitted both).
    const contributions = await until('the demo parallel dataset', async () => {
      const list = await signedFetch(platform.baseUrl, keys, 'GET', `/ulca/apis/v0/dataset/listByUserId?userId=${userId}`);
      const rows = (list.json.data ?? []) as { serviceRequestNumber: string; datasetId: string; datasetName: string; status: string }[];
      const parallel = rows.find((r) => r.datasetName === 'Demo: parallel-en-hi');
      if (parallel?.status === 'Failed') throw new Error(`the demo dataset failed: ${JSON.stringify(parallel)}`);
      return parallel?.status === 'Completed' ? rows : null;
    });
    const parallel = contributions.find((r) => r.datasetName === 'Demo: parallel-en-hi')!;
    ids.dataset = parallel.datasetId;
    ids.datasetSrn = parallel.serviceRequestNumber;
    ids.benchmarkSrn =
      contributions.find((r) => r.datasetName !== parallel.datasetName && !r.datasetName.startsWith('Demo: '))?.serviceRequestNumber ??
      ids.datasetSrn;
    // A bundled benchmark, published.
    ids.benchmark = await until('a published benchmark', async () => {
      const found = (await postJson('/apis/v0/benchmark/search', { task: 'translation' })).data as { benchmarkId: string }[] | undefined;
      return found?.[0]?.benchmarkId ?? null;
    });
    // A finished search of the demo parallel dataset.
    const search = await signedFetch(platform.baseUrl, keys, 'POST', '/ulca/apis/v0/dataset/corpus/search', {
      userId,
      datasetType: 'parallel-corpus',
      criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'] },
    });
    expect(search.status, JSON.stringify(search.json)).toBe(200);
    ids.searchSrn = (search.json.data as { serviceRequestNumber: string }).serviceRequestNumber;
    await until('the search', async () => {
      const s = await signedFetch(
        platform.baseUrl,
        keys,
        'GET',
        `/ulca/apis/v0/dataset/corpus/search/status?serviceRequestNumber=${ids.searchSrn}`,
      );
      const status = (s.json.data as { status: { status: string }[] }).status.map((x) => x.status);
      if (status.includes('Failed')) throw new Error(`the search failed: ${JSON.stringify(s.json)}`);
      return status.includes('Completed') ? true : null;
    });

    browser = await launchChromium();
    const wide = { viewport: { width: 1366, height: 900 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata', bypassCSP: true };
    const phone = { ...wide, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
    const signedIn = {
      cookies: [],
      origins: [{ origin: platform.baseUrl, localStorage: [{ name: 'ulca.session', value: JSON.stringify(session) }] }],
    };
    pages['visitor-wide'] = await pageOf(await browser.newContext(wide));
    pages['admin-wide'] = await pageOf(await browser.newContext({ ...wide, storageState: signedIn }));
    pages['visitor-phone'] = await pageOf(await browser.newContext(phone));
    pages['admin-phone'] = await pageOf(await browser.newContext({ ...phone, storageState: signedIn }));
  }, 420_000);

  afterAll(async () => {
    console.info(`routes-a11y: ${ROUTES.length} routes, ${checked} pages checked`);
    await tearDownJourney({ prefix: SHOT_PREFIX, browser, platform, broken });
  });

  /** One check; every one runs even when an earlier one failed (each reports its own routes). */
  const step = (name: string, fn: () => Promise<void>) =>
    it(name, async () => {
      onTestFailed(() => {
        broken = true;
      });
      await fn();
    });
  /**
   * A sweep: the four run at the same time, each in its own page and browser context (the pages wait
   * on the server and on each other's renderer more than they compute), and each reports its own routes.
   */
  const sweepStep = (name: string, signedIn: boolean, size: 'wide' | 'phone') =>
    it.concurrent(
      name,
      async (ctx) => {
        ctx.onTestFailed(() => {
          broken = true;
        });
        await sweep(ctx.expect, signedIn, size);
      },
      // The four share the cores, each taking about as long as the slowest would alone.
      600_000,
    );

  sweepStep('public routes as a visitor, 1366×900, in English, Hindi and Tamil', false, 'wide');
  sweepStep('signed-in routes as the admin, 1366×900, in English, Hindi and Tamil', true, 'wide');
  sweepStep('public routes as a visitor, 390×844, one language per route', false, 'phone');
  sweepStep('signed-in routes as the admin, 390×844, one language per route', true, 'phone');

  step('sign-up → activation → sign-in through the Hindi forms', async () => {
    const p = pages['visitor-wide']!;
    const m = (key: string) => catalogueMessage('hi', key);
    await p.evaluate(() => localStorage.setItem('ulca.language', 'hi'));
    await p.goto(at('/user/register'));
    await expect.poll(() => htmlLang(p)).toBe('hi');
    await p.getByLabel(m('auth.name')).fill(HINDI_USER.name);
    await p.getByLabel(m('auth.email')).fill(HINDI_USER.email);
    await p.getByLabel(m('auth.password'), { exact: true }).fill(HINDI_USER.password);
    await p.getByLabel(m('auth.confirmPassword'), { exact: true }).fill(HINDI_USER.password);
    await p.getByRole('checkbox').check();
    await p.getByRole('button', { name: m('auth.createAccountButton') }).click();
    await p
      .getByRole('button', { name: m('auth.goToSignIn') })
      .or(p.getByRole('link', { name: m('auth.goToSignIn') }))
      .waitFor();
    await settle(p);
    expect(await problems(p, 'hi')).toEqual([]);
    await takeShot(p, 'signed-up-hi');

    await p.goto(await waitForMailLink(platform.outboxDir, HINDI_USER.email, `${platform.baseUrl}/ulca/activate/`));
    await p.getByText(m('auth.congratulations')).waitFor();
    expect(await htmlLang(p)).toBe('hi');
    await settle(p);
    expect(await problems(p, 'hi')).toEqual([]);
    await takeShot(p, 'activated-hi');

    await p.goto(at('/user/login'));
    await p.getByLabel(m('auth.email')).fill(HINDI_USER.email);
    await p.getByLabel(m('auth.password'), { exact: true }).fill(HINDI_USER.password);
    await p.getByRole('button', { name: m('auth.signIn'), exact: true }).click();
    await p.getByRole('button', { name: m('shell.accountMenu') }).waitFor();
    await settle(p);
    expect(await problems(p, 'hi')).toEqual([]);
    await takeShot(p, 'signed-in-hi');
  });
});
