/**
 * Web delivery benchmark (issue 8 §2): what the public dashboard costs a first-time visitor.
 *
 *   1. builds the web app (`npm run build:web`; --skip-build reuses apps/web/dist);
 *   2. starts the platform as `npm start` does (e2e/support/server.ts: embedded PostgreSQL, fresh
 *      data folder, the demo datasets published on first start, the reference models on) and waits until the dashboard's
 *      chart has bars;
 *   3. for three pages — the dashboard, Explore Models and the page of a reference translation model
 *      (its id looked up through the public model/search API) — each from an English and a Hindi
 *      browser (the interface follows it), loads the page once in headless Debian Chromium (playwright-core, the flags of
 *      docs/architecture.md#tests, empty cache, 390×844 phone viewport) until its content shows, and sums the JavaScript responses:
 *      bytes on the wire as the browser received them (encoded body size: brotli here), and the
 *      same files' gzip sizes, fetched again with `Accept-Encoding: gzip` (the unit of the target
 *      and of the original client's figure);
 *   4. runs Lighthouse 12 (mobile defaults: simulated slow 4G and 4× CPU slowdown) --runs times
 *      (default 3) against the same URL in Chromium launched by chrome-launcher, and prints each
 *      run's performance, accessibility and best-practices scores with the median, the core
 *      metrics, and any audit that cost points in accessibility or best practices;
 *   5. ends with one summary table: page × language → files, brotli and gzip KB, the median scores,
 *      LCP and TBT (the medians of the runs), and the machine's load average at start and end.
 *
 * Baseline, printed beside ours: the original ULCA client (performance 55, accessibility 74, best
 * practices 96; 621 KB gzip first-load JavaScript, dashboard). Targets (docs/benchmarks.md#web):
 * performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms, ≤ 150 KB gzip, on each page in each language.
 * Options: --runs N, --skip-build. Needs /usr/bin/chromium (`node scripts/ensure-chromium.mjs`);
 * CHROMIUM_PATH overrides it. Scores vary with the machine's load: run it on a quiet machine.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';
import { REPO_ROOT, startPlatform, type RunningPlatform } from '../e2e/support/server.ts';
import { arg } from './cli.ts';

const ORIGINAL = { performance: 55, accessibility: 74, 'best-practices': 96, firstLoadGzipKB: 621 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Browser languages measured: English, and Hindi (its catalogue chunks fetched on first load). */
const LOCALES = ['en-IN', 'hi-IN'];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bytes of `url`'s body as sent with `Accept-Encoding: gzip` (not decoded). */
function gzipBytes(url: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (d: Buffer) => (bytes += d.length));
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Waits (up to 3 minutes) until the dashboard's default view has bars: the demo data is published. */
async function waitForChartData(baseUrl: string): Promise<number> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/ulca/data-metric/v0/store/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'parallel-corpus', criterions: [{ field: 'sourceLanguage', value: 'en' }], groupby: null }),
    }).catch(() => undefined);
    const body = res?.ok ? ((await res.json()) as { data?: unknown[] }) : undefined;
    if (body?.data?.length) return body.data.length;
    if (Date.now() > deadline) throw new Error('the demo datasets were not published within 3 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/**
 * First-load JavaScript of `url` in a fresh Chromium profile whose browser language is `locale`
 * (hi-IN opens the interface in Hindi, so its catalogue chunks count), loaded until `ready` resolves
 * (the page's content shows): each script's wire and gzip bytes.
 */
async function firstLoadScripts(
  url: string,
  locale: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<{ url: string; wire: number; gzip: number; encoding: string }[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale });
    const page = await context.newPage();
    const scripts: Promise<{ url: string; wire: number; encoding: string }>[] = [];
    page.on('requestfinished', (req) => {
      if (req.resourceType() !== 'script') return;
      scripts.push(
        (async () => {
          const [sizes, res] = await Promise.all([req.sizes(), req.response()]);
          return { url: req.url(), wire: sizes.responseBodySize, encoding: (await res?.headerValue('content-encoding')) ?? 'identity' };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    const loaded = await Promise.all(scripts);
    return Promise.all(loaded.map(async (s) => ({ ...s, gzip: (await gzipBytes(s.url)).bytes })));
  } finally {
    await browser.close();
  }
}

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  metrics: Record<string, string>;
  lost: string[];
}

/** One Lighthouse run (mobile defaults) of `url` in a new headless Chromium whose language is `locale`. */
async function lighthouseRun(url: string, locale: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...CHROMIUM_FLAGS, `--lang=${locale}`] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error('Lighthouse returned no result');
    const lhr = result.lhr;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as LighthouseRun['scores'];
    const metrics: Record<string, string> = {};
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ]) {
      metrics[id] = lhr.audits[id]?.displayValue ?? '?';
    }
    const lost: string[] = [];
    for (const c of ['accessibility', 'best-practices'] as const) {
      for (const ref of lhr.categories[c]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1) lost.push(`${c}: ${a.id} (${a.title})`);
      }
    }
    return { scores, metrics, lost };
  } finally {
    chrome.kill();
  }
}

/** A measured page: its path under the platform and what shows once its content is in. */
interface PageSpec {
  name: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

/** The modelId and name of the first published reference translation model (model/search, public). */
async function referenceModel(baseUrl: string): Promise<{ modelId: string; name: string }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/ulca/apis/v0/model/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ task: 'translation', sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' }),
    }).catch(() => undefined);
    const body = res?.ok
      ? ((await res.json()) as { data?: { modelId: string; name: string; submitter?: { name?: string } }[] })
      : undefined;
    const found = body?.data?.find((m) => m.submitter?.name === 'ULCA reference models') ?? body?.data?.[0];
    if (found) return found;
    if (Date.now() > deadline) throw new Error('no published translation model within 2 minutes (REFERENCE_MODELS off?)');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface Row {
  page: string;
  locale: string;
  files: number;
  wire: number;
  gzip: number;
  scores: LighthouseRun['scores'];
  lcp: string;
  tbt: string;
}

const loadAverage = () => os.loadavg()[0]!.toFixed(2);
/** Median of display values such as '3.3 s' or '170 ms', by their number. */
const medianDisplay = (xs: string[]) =>
  [...xs].sort((a, b) => parseFloat(a.replace(/,/g, '')) - parseFloat(b.replace(/,/g, '')))[Math.floor(xs.length / 2)] ?? '?';

/** Measures `spec` from a `locale` browser: first-load scripts, then `runs` Lighthouse runs; prints both and returns the summary row. */
async function measure(baseUrl: string, spec: PageSpec, locale: string, runs: number): Promise<Row> {
  const url = `${baseUrl}${spec.path}`;
  console.log(`── ${spec.name} from a ${locale} browser: ${spec.path} ──`);
  const scripts = await firstLoadScripts(url, locale, spec.ready);
  const wire = scripts.reduce((n, s) => n + s.wire, 0);
  const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
  console.log(`first-load JavaScript: ${scripts.length} files`);
  for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(
      `  ${new URL(s.url).pathname.padEnd(52)} ${s.encoding.padEnd(8)} ${kb(s.wire).padStart(7)} KB wire  ${kb(s.gzip).padStart(7)} KB gzip`,
    );
  console.log(`  on the wire (${[...new Set(scripts.map((s) => s.encoding))].join('/')}): ${kb(wire)} KB`);
  console.log(`  as gzip:                  ${kb(gzip)} KB   (target ≤ 150 KB)\n`);

  const results: LighthouseRun[] = [];
  for (let i = 0; i < runs; i++) {
    // A loaded machine sometimes loses the trace (NO_NAVSTART): such a run is tried again, twice at most.
    const r = await lighthouseRun(url, locale)
      .catch(() => lighthouseRun(url, locale))
      .catch(() => lighthouseRun(url, locale));
    results.push(r);
    console.log(
      `lighthouse run ${i + 1}/${runs} (mobile): performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, best practices ${r.scores['best-practices']}` +
        `  [FCP ${r.metrics['first-contentful-paint']}, LCP ${r.metrics['largest-contentful-paint']}, TBT ${r.metrics['total-blocking-time']}, CLS ${r.metrics['cumulative-layout-shift']}, SI ${r.metrics['speed-index']}]`,
    );
  }
  const lost = [...new Set(results.flatMap((r) => r.lost))];
  if (lost.length) console.log(`audits that cost points:\n  ${lost.join('\n  ')}`);
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(results.map((r) => r.scores[c]))])) as LighthouseRun['scores'];
  const lcp = medianDisplay(results.map((r) => r.metrics['largest-contentful-paint'] ?? '?'));
  const tbt = medianDisplay(results.map((r) => r.metrics['total-blocking-time'] ?? '?'));
  console.log(
    `median of ${runs}: performance ${scores.performance} (target ≥ 95), accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, LCP ${lcp} (≤ 2.0 s), TBT ${tbt} (≤ 150 ms)\n`,
  );
  return { page: spec.name, locale, files: scripts.length, wire, gzip, scores, lcp, tbt };
}

export async function main(args: string[]): Promise<void> {
  const runs = arg(args, 'runs', 3);
  const loadAtStart = loadAverage();
  if (!args.includes('--skip-build')) {
    console.log('building the web app …');
    const b = spawnSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`npm run build:web failed:\n${b.stdout}\n${b.stderr}`);
  }
  console.log('starting the platform (first start publishes the demo datasets and the reference models) …');
  let platform: RunningPlatform | undefined;
  try {
    platform = await startPlatform({ env: { DEMO_DATA: 'true', REFERENCE_MODELS: 'true', LOG_LEVEL: 'warn' }, startTimeoutMs: 180_000 });
    const bars = await waitForChartData(platform.baseUrl);
    const model = await referenceModel(platform.baseUrl);
    console.log(`dashboard ready (${bars} bars in the default view); reference model: ${model.name} (${model.modelId})\n`);
    const pages: PageSpec[] = [
      {
        name: 'dashboard',
        path: '/ulca/dashboard',
        ready: (p) => p.locator('[data-testid="metrics-chart"] [data-bar]').first().waitFor({ timeout: 30_000 }),
      },
      {
        name: 'Explore Models',
        path: '/ulca/model/explore-models',
        ready: (p) => p.getByText(model.name).first().waitFor({ timeout: 30_000 }),
      },
      {
        name: 'model detail',
        path: `/ulca/search-model/${encodeURIComponent(model.modelId)}`,
        ready: (p) => p.getByRole('heading', { level: 1 }).filter({ hasText: model.name }).first().waitFor({ timeout: 30_000 }),
      },
    ];

    const rows: Row[] = [];
    for (const spec of pages) for (const locale of LOCALES) rows.push(await measure(platform.baseUrl, spec, locale, runs));

    console.log(`summary (median of ${runs} Lighthouse run(s); load average ${loadAtStart} at start, ${loadAverage()} at end):`);
    console.log('| page | browser | files | brotli KB | gzip KB | perf / a11y / bp | LCP | TBT |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(
        `| ${r.page} | ${r.locale} | ${r.files} | ${kb(r.wire)} | ${kb(r.gzip)} | ${r.scores.performance} / ${r.scores.accessibility} / ${r.scores['best-practices']} | ${r.lcp} | ${r.tbt} |`,
      );
    console.log(
      `targets: ≤ 150 KB gzip, performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 150 ms; the original ULCA client's dashboard: ${ORIGINAL.firstLoadGzipKB} KB gzip, performance ${ORIGINAL.performance}`,
    );
  } finally {
    await platform?.stop().catch((e: unknown) => console.error(String(e)));
    await platform?.cleanup();
  }
}
