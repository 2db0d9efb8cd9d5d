/**
 * Walks the original ULCA web client (ULCA-IN/ulca `frontend/main/webapp`, built from its public
 * source outside this repository) against this platform in headless Chromium, through the model
 * side's screens, as an admin and as a contributor, and prints the screen table of
 * docs/migration.md#walking-the-original-client (works / partly / not per screen, with the API
 * errors and page errors each screen met). Screenshots go to test-results/legacy-walk/.
 *
 * Not part of `npm test` or CI: the client's build needs the network (see docs/migration.md for
 * how to build it). Run:
 *
 *   npx tsx scripts/legacy-client-walk.ts [--client <build folder>] [--serve]
 *
 * `--client` is the client's `build/` folder (default /tmp/ulca-client/frontend/main/webapp/build),
 * built with REACT_APP_APIGW_BASE_URL=http://ulca-api.invalid: the static server here writes the
 * platform's address in its place as it serves the scripts, so both may run on free ports.
 * `--serve` starts everything, prints the addresses and accounts, and waits for Ctrl-C (to walk by
 * hand) instead of walking.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { silentWav, startTestModelServer, type TestModelServer } from '../apps/server/src/test/model-server.ts';
import { testDescriptor } from '../apps/server/src/test/model-descriptors.ts';
import { freePort, REPO_ROOT, startPlatform, waitForMailLink, type RunningPlatform } from '../e2e/support/server.ts';

/** The API base the client must be built with; replaced by the platform's address when served. */
export const CLIENT_API_PLACEHOLDER = 'http://ulca-api.invalid';

const OUT_DIR = path.join(REPO_ROOT, 'test-results', 'legacy-walk');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'Str0ng!pass';
const ADMIN_EMAIL = 'admin@ulca.local';
const STAMP = Date.now().toString(36);
/** The models the contributor submits through the client's Submit Model (ASR and OCR have no reference model). */
const SUBMITTED = ['translation', 'asr', 'ocr'] as const;
const MODEL_NAMES: Record<(typeof SUBMITTED)[number], string> = {
  translation: `Walk Hindi-Urdu ${STAMP}`,
  asr: `Walk Hindi speech ${STAMP}`,
  ocr: `Walk Hindi page reader ${STAMP}`,
};
const CONTRIBUTOR = { name: 'Kavya Menon', email: `kavya.menon+${STAMP}@example.org` };

/** How one screen behaved. */
export type Verdict = 'works' | 'partly' | 'not';

/** One row of the screen table. */
export interface ScreenResult {
  screen: string;
  role: 'admin' | 'contributor' | 'signed out';
  verdict: Verdict;
  /** What was seen, and for partly/not the reason. */
  note: string;
  /** Calls to the platform answered 4xx/5xx while the screen was walked (`METHOD path → status`). */
  apiErrors: string[];
  /** Uncaught errors of the page (a blank app is usually one of these). */
  pageErrors: string[];
  shot: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the client's build folder under /ulca/ (its `homepage`), every unknown path answering
 * index.html (its routes live in the browser), with CLIENT_API_PLACEHOLDER replaced by `apiBase`
 * in the scripts. Resolves with the listening server.
 */
function serveClient(buildDir: string, port: number, apiBase: string): Promise<http.Server> {
  const root = path.resolve(buildDir);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let rel = decodeURIComponent(url.pathname);
    if (rel.startsWith('/ulca')) rel = rel.slice('/ulca'.length);
    let file = path.join(root, rel);
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    const ext = path.extname(file);
    let body: Buffer | string = fs.readFileSync(file);
    if (ext === '.js' || ext === '.html') body = body.toString('utf8').split(CLIENT_API_PLACEHOLDER).join(apiBase);
    res.writeHead(200, { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Signs a user up through the API and activates the account with the link of the outbox. */
async function signUpAndActivate(platform: RunningPlatform, user: { name: string; email: string }): Promise<void> {
  const res = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ users: [{ firstName: user.name, email: user.email, password: PASSWORD }] }),
  });
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  const link = await waitForMailLink(platform.outboxDir, user.email, `${platform.baseUrl}/ulca/activate/`);
  const [email, userID, token] = link.split('/ulca/activate/')[1].split('/').map(decodeURIComponent);
  const verify = await fetch(`${platform.baseUrl}/ulca/user-mgmt/v1/users/verify-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, userID, token }),
  });
  if (verify.status !== 200) throw new Error(`verify-user answered ${verify.status}: ${await verify.text()}`);
}

/** Everything a walk runs against. */
interface Rig {
  platform: RunningPlatform;
  client: http.Server;
  clientUrl: string;
  models: TestModelServer;
  descriptorDir: string;
}

/** Starts the static client server, the platform in legacy mode, the test model server and the contributor account. */
async function startRig(buildDir: string): Promise<Rig> {
  if (!fs.existsSync(path.join(buildDir, 'index.html')))
    throw new Error(`no client build at ${buildDir} (see docs/migration.md#walking-the-original-client for how to build it)`);
  const clientPort = await freePort();
  const clientUrl = `http://127.0.0.1:${clientPort}`;
  const platform = await startPlatform({
    env: {
      LEGACY_MD5_SIGNATURES: 'true',
      CORS_ORIGINS: clientUrl,
      REFERENCE_MODELS: 'true',
      DEMO_DATA: 'true',
      ULCA_ADMIN_PASSWORD: PASSWORD,
    },
    startTimeoutMs: 300_000,
  });
  const client = await serveClient(buildDir, clientPort, platform.baseUrl);
  const models = await startTestModelServer();
  await signUpAndActivate(platform, CONTRIBUTOR);
  const descriptorDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-walk-'));
  for (const task of SUBMITTED) {
    const d = testDescriptor(task, MODEL_NAMES[task], models.url(task), silentWav(0.1).toString('base64'));
    if (task === 'translation') {
      // Hindi → Urdu, so that Run Benchmark finds the bundled Hindi-Urdu benchmark (DEMO_DATA).
      d.languages = [{ sourceLanguage: 'hi', targetLanguage: 'ur' }];
      const schema = (d.inferenceEndPoint as { schema: { request: { input: unknown; config: Record<string, unknown> } } }).schema;
      schema.request = { input: [{ source: 'नमस्ते' }], config: { language: { sourceLanguage: 'hi', targetLanguage: 'ur' } } };
    }
    fs.writeFileSync(path.join(descriptorDir, `${task}.json`), JSON.stringify(d, null, 2));
  }
  return { platform, client, clientUrl, models, descriptorDir };
}

async function stopRig(rig: Rig): Promise<void> {
  rig.client.close();
  await rig.models.close();
  await rig.platform.stop().catch(() => undefined);
  fs.writeFileSync(path.join(OUT_DIR, 'server.log'), rig.platform.output());
  await rig.platform.cleanup();
  fs.rmSync(rig.descriptorDir, { recursive: true, force: true });
}

/** Where a walk runs: the served client, the platform, the contributor, the model descriptor to submit. */
export interface WalkTarget {
  clientUrl: string;
  apiUrl: string;
  contributorEmail: string;
  /** Holds `<task>.json` for each task of SUBMITTED. */
  descriptorDir: string;
  /** Walk only these steps (names as in walk()), to repeat some against a `--serve` rig. */
  only?: string[];
}

/** The walk's browser page, its screenshots and the screen results so far. */
class Walker {
  results: ScreenResult[] = [];
  private apiErrors: string[] = [];
  private pageErrors: string[] = [];
  private shot = 0;

  constructor(
    readonly page: Page,
    readonly target: WalkTarget,
  ) {
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => this.pageErrors.push(e.message.split('\n')[0]));
    page.on('response', (r) => {
      if (!r.url().startsWith(target.apiUrl) || r.status() < 400) return;
      const u = new URL(r.url());
      const sent = (r.request().postData() ?? '').slice(0, 200);
      void r.text().then(
        (answer) => this.apiErrors.push(`${r.request().method()} ${u.pathname}${u.search} ${sent} → ${r.status()} ${answer.slice(0, 200)}`),
        () => this.apiErrors.push(`${r.request().method()} ${u.pathname}${u.search} ${sent} → ${r.status()}`),
      );
    });
  }

  /** Opens a client path (`/model/explore-models`) and lets its calls settle. */
  async open(p: string): Promise<void> {
    await this.page.goto(`${this.target.clientUrl}/ulca${p}`);
    await this.settle();
  }

  async settle(ms = 2500): Promise<void> {
    await this.page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    await this.page.waitForTimeout(ms);
  }

  /** True when the client's root holds nothing visible (what an uncaught render error leaves). */
  async blank(): Promise<boolean> {
    return (
      (
        await this.page
          .locator('#root')
          .innerText()
          .catch(() => '')
      ).trim() === ''
    );
  }

  /**
   * Walks one screen: `fn` acts and returns what it saw; a throw, or a blank app, makes it "not";
   * API or page errors met make a "works" "partly". Takes the screenshot either way.
   */
  async screen(screen: string, role: ScreenResult['role'], fn: () => Promise<{ verdict: Verdict; note: string }>): Promise<void> {
    this.apiErrors = [];
    this.pageErrors = [];
    let verdict: Verdict;
    let note: string;
    try {
      ({ verdict, note } = await fn());
    } catch (err) {
      verdict = 'not';
      note = `step failed: ${(err as Error).message.split('\n')[0]}`;
    }
    if (verdict !== 'not' && (await this.blank())) {
      verdict = 'not';
      note = `the app went blank. ${note}`;
    }
    if (verdict === 'works' && (this.apiErrors.length || this.pageErrors.length)) verdict = 'partly';
    this.shot += 1;
    const shot = `${String(this.shot).padStart(2, '0')}-${screen.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.png`;
    await this.page.evaluate(() => window.scrollTo(0, 0)).catch(() => undefined);
    await this.page.screenshot({ path: path.join(OUT_DIR, shot), fullPage: true }).catch(() => undefined);
    const row = { screen, role, verdict, note, apiErrors: [...new Set(this.apiErrors)], pageErrors: [...new Set(this.pageErrors)], shot };
    this.results.push(row);
    console.log(`${verdict.padEnd(6)} ${role.padEnd(11)} ${screen}: ${note}`);
    for (const e of row.apiErrors) console.log(`         api  ${e}`);
    for (const e of row.pageErrors) console.log(`         page ${e}`);
  }

  /** Signs in through the client's own login page (after clearing what a previous user left). */
  async signIn(email: string): Promise<void> {
    await this.open('/user/login');
    await this.page.evaluate(() => window.localStorage.clear());
    await this.open('/user/login');
    await this.page.getByLabel('Email address').fill(email);
    await this.page.locator('input[type="password"]').fill(PASSWORD);
    // Its Sign In button is labelled "edit" for assistive technology; its text is what a user sees.
    await this.page.locator('button', { hasText: /^\s*Sign In\s*$/ }).click();
    await this.page.waitForFunction(() => window.localStorage.getItem('userInfo') !== null);
    this.role = email === ADMIN_EMAIL ? 'admin' : 'contributor';
    await this.settle();
  }

  /** The name of the submitted model of `task` (from its descriptor). */
  modelName(task: (typeof SUBMITTED)[number]): string {
    const d = JSON.parse(fs.readFileSync(path.join(this.target.descriptorDir, `${task}.json`), 'utf8')) as { name: string };
    return d.name;
  }

  /** The My Models row of the submitted model of `task` (the client title-cases names). */
  modelRow(task: (typeof SUBMITTED)[number]) {
    const name = this.modelName(task).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('row').filter({ hasText: new RegExp(name, 'i') });
  }

  /** Who is signed in, for the table. */
  role: ScreenResult['role'] = 'signed out';

  async signOut(): Promise<void> {
    this.role = 'signed out';
    await this.page.evaluate(() => window.localStorage.clear());
  }
}

/** The Explore tabs in the client's order (the first, an icon, is Status Check). */
const EXPLORE_TABS = ['Status Check', 'STS', 'Translation', 'ASR', 'TTS', 'OCR', 'NER', 'Transliteration', 'Language Detection'];

/** Explore: every task tab; a tab works when it renders its cards (or its form) without errors. */
async function exploreTabs(w: Walker): Promise<void> {
  for (const tab of EXPLORE_TABS) {
    await w.screen(`Explore ${tab}`, w.role, async () => {
      await exploreTab(w, tab);
      if (tab === 'Status Check') return { verdict: 'works', note: `${(await w.page.getByRole('row').count()) - 1} health rows` };
      if (tab === 'STS') return { verdict: 'works', note: 'the STS form (language and model pickers) renders' };
      const cards = await w.page.getByText('Submitter', { exact: true }).count();
      return { verdict: 'works', note: `${cards} model card(s)` };
    });
  }
}

/** Submit Model: the contributor uploads each descriptor through the client's Browse picker; it works when the thank-you page opens. */
async function submitModels(w: Walker): Promise<void> {
  await w.screen('Submit Model', 'contributor', async () => {
    const ids: string[] = [];
    for (const task of SUBMITTED) {
      await w.open('/model/upload');
      const [chooser] = await Promise.all([w.page.waitForEvent('filechooser'), w.page.getByText('Browse', { exact: true }).click()]);
      await chooser.setFiles(path.join(w.target.descriptorDir, `${task}.json`));
      await w.page.getByRole('button', { name: 'Submit', exact: true }).click();
      await w.page.waitForURL(/\/model\/submission\//, { timeout: 30_000 });
      ids.push(w.page.url().split('/').pop() ?? '');
      await w.settle(1000);
    }
    return { verdict: 'works', note: `uploaded ${SUBMITTED.join(', ')}; the thank-you page opened for each` };
  });
}

/** My Models (the model side's My Contribution): the submitted models listed. */
async function myModels(w: Walker): Promise<void> {
  await w.screen('My Models', 'contributor', async () => {
    await w.open('/model/my-contribution');
    const missing: string[] = [];
    for (const task of SUBMITTED) if ((await w.modelRow(task).count()) === 0) missing.push(task);
    if (missing.length) return { verdict: 'partly', note: `not listed: ${missing.join(', ')}` };
    return { verdict: 'works', note: 'the three submitted models are listed' };
  });
}

/**
 * Run Benchmark (My Models, unpublished translation model): the dialog lists the benchmarks of the
 * model's task and languages (getByTask, unsigned), one is selected and submitted (execute/allMetric);
 * it works when the row then shows a benchmark run.
 */
async function runBenchmark(w: Walker): Promise<void> {
  await w.screen('Run Benchmark', 'contributor', async () => {
    await w.open('/model/my-contribution');
    await w.modelRow('translation').getByRole('button', { name: 'Run Benchmark' }).click();
    await w.page.getByText('Select Benchmark Dataset and Metric').first().waitFor();
    await w.settle(1500);
    const dialog = w.page.locator('#benchmarkTable');
    const listed = await dialog.getByRole('button', { name: 'Select' }).count();
    if (listed === 0) return { verdict: 'not', note: 'the dialog lists no benchmark' };
    await dialog.getByRole('button', { name: 'Select' }).first().click();
    await w.settle(800);
    await w.page.screenshot({ path: path.join(OUT_DIR, 'run-benchmark-dialog.png'), fullPage: true });
    const submitted = w.page.waitForResponse((r) => r.url().includes('/benchmark/execute/allMetric'));
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    const res = await submitted;
    await w.settle();
    if (res.status() >= 400) return { verdict: 'not', note: `execute/allMetric answered ${res.status()}` };
    return { verdict: 'works', note: `${listed} benchmark(s) listed; the selected one was submitted (${res.status()})` };
  });
}

/** My Models publish: Publish → Yes on each submitted model; it works when the status reads published. */
async function publishModels(w: Walker): Promise<void> {
  await w.screen('My Models publish', 'contributor', async () => {
    // The client disables Publish while a benchmark run of the model is In-Progress: wait for Run Benchmark's runs.
    for (let i = 0; i < 40; i++) {
      await w.open('/model/my-contribution');
      if (await w.modelRow('translation').getByRole('button', { name: 'Publish', exact: true }).isEnabled()) break;
      await w.page.waitForTimeout(3000);
    }
    for (const task of SUBMITTED) {
      await w.modelRow(task).getByRole('button', { name: 'Publish', exact: true }).click();
      await w.page.getByRole('button', { name: 'Yes', exact: true }).click();
      await w.settle(1500);
    }
    await w.open('/model/my-contribution');
    const notPublished: string[] = [];
    for (const task of SUBMITTED)
      if (!/published/i.test(await w.modelRow(task).innerText()) || /unpublished/i.test(await w.modelRow(task).innerText()))
        notPublished.push(task);
    if (notPublished.length) return { verdict: 'not', note: `not published: ${notPublished.join(', ')}` };
    return { verdict: 'works', note: 'the three models read Published' };
  });
}

/** Opens Explore on `tab` (a name of EXPLORE_TABS). */
async function exploreTab(w: Walker, tab: string): Promise<void> {
  await w.open('/model/explore-models');
  const tabs = w.page.getByRole('tablist').filter({ has: w.page.getByRole('tab', { name: 'STS', exact: true }) });
  await tabs.getByRole('tab').nth(EXPLORE_TABS.indexOf(tab)).click();
  await w.settle();
}

/** Model detail: the submitted translation model's card on Explore opens its page (description, task, languages). */
async function modelDetail(w: Walker): Promise<void> {
  await w.screen('Model detail', w.role, async () => {
    await exploreTab(w, 'Translation');
    await w.page
      .getByText(new RegExp(w.modelName('translation'), 'i'))
      .first()
      .click();
    await w.page.waitForURL(/\/search-model\//);
    await w.settle();
    const text = await w.page.locator('#root').innerText();
    const seen = ['Try Model', 'Translation', 'Hindi', 'Urdu'].filter((t) => new RegExp(t, 'i').test(text));
    if (seen.length < 4)
      return {
        verdict: 'partly',
        note: `the page lacks ${['Try Model', 'Translation', 'Hindi', 'Urdu'].filter((t) => !seen.includes(t)).join(', ')}`,
      };
    return { verdict: 'works', note: 'name, task, languages and Try Model shown' };
  });
}

/**
 * Try + feedback: Try Model on the same page, a Hindi sentence typed into the client's
 * transliterating input (each word goes to model/compute as a transliteration), Translate, then
 * Feedback: four stars and Submit.
 */
async function tryAndFeedback(w: Walker): Promise<void> {
  await w.screen('Try model', w.role, async () => {
    await w.page.getByRole('button', { name: /try model/i }).click();
    await w.settle(1500);
    const input = w.page.getByPlaceholder('Enter text here...');
    await input.click();
    await input.pressSequentially('नमस्ते दुनिया ', { delay: 60 });
    await w.settle(1000);
    // The transliterating input sends each word to model/compute too; the translation call is the one without that task.
    const computed = w.page.waitForResponse(
      (r) => r.url().includes('/model/compute') && !(r.request().postData() ?? '').includes('transliteration'),
    );
    await w.page.getByRole('button', { name: /^translate$/i }).click();
    const res = await computed;
    await w.settle(1500);
    const answer = (await res.json().catch(() => ({}))) as { output?: { target?: string }[] };
    const output = answer.output?.[0]?.target ?? '';
    const shown = output !== '' && (await w.page.getByText(output, { exact: false }).count()) > 0;
    if (res.status() >= 400 || !shown)
      return { verdict: 'not', note: `model/compute answered ${res.status()}, output "${output}" shown: ${shown}` };
    return { verdict: 'works', note: `translated; output "${output.slice(0, 40)}" shown` };
  });
  await w.screen('Feedback', w.role, async () => {
    await w.page.getByRole('button', { name: /feedback/i }).click();
    await w.settle(1000);
    // The stars are visually hidden radio inputs under their icons: a native click on the fourth.
    await w.page.getByRole('radio', { name: '4 Stars' }).evaluate((el) => (el as HTMLInputElement).click());
    await w.settle(500);
    // Detailed Feedback lists the task's questions (feedbackQns in the original shape).
    await w.page.getByText('Detailed Feedback').click();
    await w.settle(800);
    await w.page.screenshot({ path: path.join(OUT_DIR, 'feedback-detailed.png'), fullPage: true });
    const sent = w.page.waitForResponse((r) => r.url().includes('/model/feedback/submit'));
    await w.page.getByRole('button', { name: /^submit$/i }).click();
    const res = await sent;
    await w.settle(1500);
    if (res.status() >= 400) return { verdict: 'not', note: `feedback/submit answered ${res.status()}` };
    const sentBody = res.request().postData() ?? '';
    return { verdict: 'works', note: `submitted (${res.status()}): ${sentBody.slice(0, 160)}` };
  });
}

/** Try TTS: the reference eSpeak model (batch) from Explore's TTS tab, a Hindi sentence, Convert; it works when the audio player gets the answer. */
async function tryTts(w: Walker): Promise<void> {
  await w.screen('Try TTS (reference eSpeak)', w.role, async () => {
    await exploreTab(w, 'TTS');
    await w.page
      .getByText(/^eSpeak NG TTS \(reference\)$/i)
      .first()
      .click();
    await w.page.waitForURL(/\/search-model\//);
    await w.settle();
    await w.page.getByRole('button', { name: /try model/i }).click();
    await w.settle(1500);
    const input = w.page.getByPlaceholder(/enter text/i).first();
    await input.click();
    await input.pressSequentially('नमस्ते दोस्तों ', { delay: 60 });
    await w.settle(1000);
    const computed = w.page.waitForResponse(
      (r) => r.url().includes('/model/compute') && !(r.request().postData() ?? '').includes('transliteration'),
      { timeout: 60_000 },
    );
    await w.page.getByRole('button', { name: /^convert$/i }).click();
    const res = await computed;
    await w.settle(2000);
    const sent = JSON.parse(res.request().postData() ?? '{}') as { task?: string };
    const audio = await w.page.locator('audio').count();
    if (res.status() >= 400 || audio === 0)
      return { verdict: 'not', note: `model/compute (task "${sent.task}") answered ${res.status()}; audio players: ${audio}` };
    return { verdict: 'works', note: `task "${sent.task}" sent; the audio player shows the answer` };
  });
}

/** Admin edit user: the contributor's row → Edit Details → a new full name → save; it works when the table shows it. */
async function adminEditUser(w: Walker): Promise<void> {
  await w.screen('Admin edit user', w.role, async () => {
    await w.open('/admin/view-user-details');
    const row = w.page.getByRole('row').filter({ hasText: w.target.contributorEmail });
    await row.getByRole('button').last().click();
    await w.page.getByText('Edit Profile Details').waitFor();
    // Its text fields have no id, so their labels name nothing: the field is found by its label's text.
    const fullName = w.page.locator('.MuiTextField-root', { hasText: 'Full Name' }).locator('input');
    await fullName.fill('Kavya Meera Menon');
    await w.page.screenshot({ path: path.join(OUT_DIR, 'admin-edit-dialog.png'), fullPage: true });
    const saved = w.page.waitForResponse((r) => r.url().includes('/user-mgmt/v1/users/update') && !r.url().includes('/active/status'));
    await w.page.getByRole('button', { name: 'Submit', exact: true }).click();
    const res = await saved;
    await w.settle();
    if (res.status() >= 400) return { verdict: 'not', note: `users/update answered ${res.status()}: ${(await res.text()).slice(0, 120)}` };
    const shown = await w.page.getByRole('row').filter({ hasText: 'Kavya Meera Menon' }).count();
    if (!shown) return { verdict: 'partly', note: 'saved, but the table does not show the new name' };
    return { verdict: 'works', note: 'users/update by e-mail saved; the table shows the new name' };
  });
}

/** Signed-out benchmark list: Benchmark Datasets with nobody signed in (benchmark/search with userId null), every task tab. */
async function signedOutBenchmarks(w: Walker): Promise<void> {
  await w.signOut();
  await w.screen('Benchmark list (signed out)', 'signed out', async () => {
    await w.open('/model/benchmark-datasets');
    const counts: string[] = [];
    const tabs = w.page
      .getByRole('tablist')
      .filter({ has: w.page.getByRole('tab', { name: 'OCR', exact: true }) })
      .getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await w.settle(1200);
      counts.push(`${await tabs.nth(i).innerText()} ${await w.page.getByText('Submitter', { exact: true }).count()}`);
    }
    await tabs.first().click();
    await w.settle(1200);
    if (!counts.some((c) => !c.endsWith(' 0'))) return { verdict: 'not', note: `no benchmark listed (${counts.join(', ')})` };
    return { verdict: 'works', note: `cards per tab: ${counts.join(', ')}` };
  });
}

async function walk(browser: Browser, target: WalkTarget): Promise<ScreenResult[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  const w = new Walker(await context.newPage(), target);
  const step = async (name: string, fn: (w: Walker) => Promise<void>) => {
    if (!target.only || target.only.includes(name)) await fn(w);
  };
  await w.signIn(target.contributorEmail);
  await step('submit', submitModels);
  await step('mymodels', myModels);
  await step('benchmark', runBenchmark);
  await step('publish', publishModels);
  await step('explore', exploreTabs);
  await step('detail', modelDetail);
  await step('try', tryAndFeedback);
  await w.signIn(ADMIN_EMAIL);
  await step('tts', tryTts);
  await step('admin', adminEditUser);
  await step('signedout', signedOutBenchmarks);
  await context.close();
  return w.results;
}

/** Prints the tally and writes screens.json and screens.md (the table of docs/migration.md) beside the screenshots. */
function printTable(results: ScreenResult[]): void {
  const works = results.filter((r) => r.verdict === 'works').length;
  const tally = `${works} of ${results.length} screens work fully`;
  console.log(`\n${tally}`);
  fs.writeFileSync(path.join(OUT_DIR, 'screens.json'), JSON.stringify(results, null, 2));
  const cell = (t: string) => t.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  const rows = results.map(
    (r) => `| ${cell(r.screen)} | ${r.role} | ${r.verdict} | ${cell([r.note, ...r.apiErrors, ...r.pageErrors].join('; '))} | ${r.shot} |`,
  );
  fs.writeFileSync(
    path.join(OUT_DIR, 'screens.md'),
    [`${tally}.`, '', '| screen | as | result | seen | screenshot |', '|---|---|---|---|---|', ...rows, ''].join('\n'),
  );
}

/** Headless Chromium with the flags of the e2e journeys (e2e/support/browser.ts). */
function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const attach = args.indexOf('--attach');
  if (attach >= 0) {
    // Walks a rig another `--serve` run started: --attach <clientUrl> <apiUrl> <contributor e-mail> <descriptor folder>.
    const [clientUrl, apiUrl, contributorEmail, descriptorDir] = args.slice(attach + 1, attach + 5);
    fs.mkdirSync(OUT_DIR, { recursive: true });
    const browser = await launch();
    try {
      const onlyAt = args.indexOf('--only');
      const only = onlyAt >= 0 ? args[onlyAt + 1].split(',') : undefined;
      printTable(await walk(browser, { clientUrl, apiUrl, contributorEmail, descriptorDir, only }));
    } finally {
      await browser.close();
    }
    return;
  }
  const at = args.indexOf('--client');
  const buildDir = at >= 0 ? args[at + 1] : '/tmp/ulca-client/frontend/main/webapp/build';
  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const f of fs.readdirSync(OUT_DIR)) fs.rmSync(path.join(OUT_DIR, f), { recursive: true, force: true });
  const rig = await startRig(buildDir);
  const stop = async () => {
    await stopRig(rig);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  console.log(`client   ${rig.clientUrl}/ulca/model/explore-models`);
  console.log(`platform ${rig.platform.baseUrl}`);
  console.log(`admin    ${ADMIN_EMAIL} / ${PASSWORD}`);
  console.log(`contrib. ${CONTRIBUTOR.email} / ${PASSWORD}`);
  console.log(`models   ${rig.descriptorDir}`);
  console.log(`attach   --attach ${rig.clientUrl} ${rig.platform.baseUrl} ${CONTRIBUTOR.email} ${rig.descriptorDir}`);
  if (args.includes('--serve')) return;
  const browser = await launch();
  try {
    const results = await walk(browser, {
      clientUrl: rig.clientUrl,
      apiUrl: rig.platform.baseUrl,
      contributorEmail: CONTRIBUTOR.email,
      descriptorDir: rig.descriptorDir,
    });
    printTable(results);
  } finally {
    await browser.close();
    await stop();
  }
}

void main();
