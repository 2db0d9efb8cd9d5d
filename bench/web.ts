/**
 * Web delivery benchmark (issue 8 §2): what the public dashboard costs a first-time visitor.
 *
 *   1. builds the web app (`npm run build:web`; --skip-build reuses apps/web/dist);
 *   2. starts the platform as `npm start` does (e2e/support/server.ts: embedded PostgreSQL, fresh
 *      data folder, the demo datasets published on first start) and waits until the dashboard's
 *      chart has bars;
 *   3. for an English and a Hindi browser (the interface follows it), loads /ulca/dashboard once in headless Debian Chromium (playwright-core, the flags of
 *      docs/architecture.md#tests, empty cache, 390×844 phone viewport) and sums the JavaScript responses:
 *      bytes on the wire as the browser received them (encoded body size: brotli here), and the
 *      same files' gzip sizes, fetched again with `Accept-Encoding: gzip` (the unit of the target
 *      and of the original client's figure);
 *   4. runs Lighthouse 12 (mobile defaults: simulated slow 4G and 4× CPU slowdown) --runs times
 *      (default 3) against the same URL in Chromium launched by chrome-launcher, and prints each
 *      run's performance, accessibility and best-practices scores with the median, the core
 *      metrics, and any audit that cost points in accessibility or best practices.
 *
 * Baseline, printed beside ours: the original ULCA client (performance 55, accessibility 74, best
 * practices 96; 621 KB gzip first-load JavaScript). Targets: ≥ 90 / 100 / 100, ≤ 200 KB gzip.
 * Options: --runs N, --skip-build. Needs /usr/bin/chromium (`node scripts/ensure-chromium.mjs`);
 * CHROMIUM_PATH overrides it. Scores vary with the machine's load: run it on a quiet machine.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { chromium } from 'playwright-core';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT, startPlatform, type RunningPlatform } from '../e2e/support/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** docs/architecture.md#tests: as root the sandbox must be off; without the networking flags Chromium dials out. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ORIGINAL = { performance: 55, accessibility: 74, 'best-practices': 96, firstLoadGzipKB: 621 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
/** Browser languages measured: English, and Hindi (the catalogue chunk fetched on first load). */
const LOCALES = ['en-IN', 'hi-IN'];

function numArg(args: string[], name: string, dflt: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
}

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
 * (hi-IN opens the interface in Hindi, so its catalogue chunks count): each script's wire and gzip bytes.
 */
async function firstLoadScripts(url: string, locale: string): Promise<{ url: string; wire: number; gzip: number; encoding: string }[]> {
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
    await page.locator('[data-testid="metrics-chart"] [data-bar]').first().waitFor({ timeout: 30_000 });
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

export async function main(args: string[]): Promise<void> {
  const runs = numArg(args, 'runs', 3);
  if (!args.includes('--skip-build')) {
    console.log('building the web app …');
    const b = spawnSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, encoding: 'utf8' });
    if (b.status !== 0) throw new Error(`npm run build:web failed:\n${b.stdout}\n${b.stderr}`);
  }
  console.log('starting the platform (first start publishes the demo datasets) …');
  let platform: RunningPlatform | undefined;
  try {
    platform = await startPlatform({ env: { DEMO_DATA: 'true', LOG_LEVEL: 'warn' }, startTimeoutMs: 180_000 });
    const bars = await waitForChartData(platform.baseUrl);
    const url = `${platform.baseUrl}/ulca/dashboard`;
    console.log(`dashboard ready (${bars} bars in the default view): ${url}\n`);

    for (const locale of LOCALES) {
      console.log(`── interface language from a ${locale} browser ──`);
      const scripts = await firstLoadScripts(url, locale);
      const wire = scripts.reduce((n, s) => n + s.wire, 0);
      const gzip = scripts.reduce((n, s) => n + s.gzip, 0);
      console.log(`first-load JavaScript of /ulca/dashboard: ${scripts.length} files`);
      for (const s of scripts.sort((a, b) => b.gzip - a.gzip))
        console.log(
          `  ${new URL(s.url).pathname.padEnd(52)} ${s.encoding.padEnd(8)} ${kb(s.wire).padStart(7)} KB wire  ${kb(s.gzip).padStart(7)} KB gzip`,
        );
      console.log(`  on the wire (${[...new Set(scripts.map((s) => s.encoding))].join('/')}): ${kb(wire)} KB`);
      console.log(`  as gzip:                  ${kb(gzip)} KB   (original ULCA client: ${ORIGINAL.firstLoadGzipKB} KB; target ≤ 200 KB)\n`);

      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const r = await lighthouseRun(url, locale);
        results.push(r);
        console.log(
          `lighthouse run ${i + 1}/${runs} (mobile): performance ${r.scores.performance}, accessibility ${r.scores.accessibility}, best practices ${r.scores['best-practices']}` +
            `  [FCP ${r.metrics['first-contentful-paint']}, LCP ${r.metrics['largest-contentful-paint']}, TBT ${r.metrics['total-blocking-time']}, CLS ${r.metrics['cumulative-layout-shift']}, SI ${r.metrics['speed-index']}]`,
        );
      }
      const lost = [...new Set(results.flatMap((r) => r.lost))];
      if (lost.length) console.log(`audits that cost points:\n  ${lost.join('\n  ')}`);
      console.log('\n                      ours (median)   original ULCA client   target');
      for (const c of CATEGORIES) {
        console.log(
          `  ${c.padEnd(18)}  ${String(median(results.map((r) => r.scores[c]))).padStart(13)}   ${String(ORIGINAL[c]).padStart(19)}   ${c === 'performance' ? '≥ 90' : '100'}`,
        );
      }
      console.log(
        `  ${'first-load JS gzip'.padEnd(18)}  ${`${kb(gzip)} KB`.padStart(13)}   ${`${ORIGINAL.firstLoadGzipKB} KB`.padStart(19)}   ≤ 200 KB`,
      );
    }
  } finally {
    await platform?.stop().catch((e: unknown) => console.error(String(e)));
    await platform?.cleanup();
  }
}
