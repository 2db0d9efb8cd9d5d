/**
 * The browser side of the e2e journeys: headless Debian Chromium launched the same way for all,
 * desktop-sized contexts, numbered full-page screenshots in test-results/e2e/ named
 * `<prefix><nn>-<step>.png` (each journey has its own prefix, e.g. 'dataset-'), and the teardown
 * that keeps the server log beside them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { it, onTestFailed } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { PRERENDERED_ATTR } from '@ulca/contracts';
import type { FixtureServer } from '../../apps/server/src/test/fixture-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';
import { REPO_ROOT, type RunningPlatform } from './server.ts';

/** Where screenshots and server logs of every journey go. */
export const SHOTS_DIR = path.join(REPO_ROOT, 'test-results', 'e2e');

/**
 * Headless Chromium without sandbox, GPU or background traffic (the flags every journey used).
 * `fakeMicrophone`: a WAV file Chromium plays as the microphone, looped (its file-backed fake audio
 * capture, with the permission prompt accepted by itself), and media may play without a gesture.
 * `env` adds to Chromium's environment (e.g. FONTCONFIG_FILE, to hide the machine's fonts).
 */
export function launchChromium(opts: { fakeMicrophone?: string; env?: Record<string, string> } = {}): Promise<Browser> {
  const mic = opts.fakeMicrophone
    ? [
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${opts.fakeMicrophone}`,
        '--autoplay-policy=no-user-gesture-required',
      ]
    : [];
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [...CHROMIUM_FLAGS, ...mic],
    ...(opts.env ? { env: { ...process.env, ...opts.env } as Record<string, string> } : {}),
  });
}

/** A 1280×800 en-US context; `options` adds to or overrides that (e.g. acceptDownloads, timezoneId). */
export function newDesktopContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US', ...options });
}

/**
 * A new page of `context` whose actions and waits time out after `timeoutMs` (default 15 s). Its
 * `goto` and `reload` return once the app has taken over a prerendered page
 * (docs/architecture.md#prerendered-pages): before that its buttons do nothing and axe would check
 * a page about to be replaced. (A page with scripts off never is: open it with `context.newPage()`.)
 */
export async function newPageWithTimeout(context: BrowserContext, timeoutMs = 15_000): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(timeoutMs);
  // 'detached': also returns at once for a page without the app (the API docs, a download).
  const takenOver = () => page.locator(`#root[${PRERENDERED_ATTR}]`).waitFor({ state: 'detached' });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await takenOver();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await takenOver();
    return response;
  };
  return page;
}

/**
 * Opens `url` as a first visit in a new page of `context` (newPageWithTimeout, `timeoutMs`) and
 * resolves once the app has taken over the server's page, with what happened meanwhile: the
 * console errors and uncaught page errors (`problems`), and the URLs of requests containing
 * `watched` (`requests`: a page rendered with its data should make none for that data).
 */
export async function openTakenOver(
  context: BrowserContext,
  url: string,
  watched: string,
  timeoutMs = 60_000,
): Promise<{ page: Page; problems: string[]; requests: string[] }> {
  const page = await newPageWithTimeout(context, timeoutMs);
  const problems: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(String(e)));
  page.on('request', (r) => {
    if (r.url().includes(watched)) requests.push(r.url());
  });
  await page.goto(url);
  return { page, problems, requests };
}

/**
 * Creates SHOTS_DIR and removes this journey's screenshots (`<prefix><nn>-<step>.png`) and server log
 * (`<prefix>server.log`); other journeys keep theirs, also those whose prefix starts with this one
 * ('account-' and 'account-self-service-'), which may be running at the same time (files run in parallel).
 */
export function clearShots(prefix: string): void {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const ours = (f: string) => f.startsWith(prefix) && /^(\d{2}-.*\.png|server\.log)$/.test(f.slice(prefix.length));
  for (const f of fs.readdirSync(SHOTS_DIR)) if (ours(f)) fs.rmSync(path.join(SHOTS_DIR, f), { force: true });
}

/**
 * A screenshot function for one journey: each call saves a full-page picture of `page` as
 * SHOTS_DIR/<prefix><nn>-<step>.png, numbered from 01. The page is scrolled to the top first (a
 * full-page capture of a scrolled page draws the sticky header mid-page) and given 400 ms for toasts
 * and labels to finish their entry transitions, so the picture shows what a user sees.
 */
export function screenshotTaker(prefix: string): (page: Page, step: string) => Promise<void> {
  let shot = 0;
  return async (page, step) => {
    shot += 1;
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS_DIR, `${prefix}${String(shot).padStart(2, '0')}-${step}.png`), fullPage: true });
  };
}

/**
 * The afterAll of a journey: closes the browser and the fixture server, stops the platform, writes
 * its log to SHOTS_DIR/<prefix>server.log, then removes its data folder, unless the run `broken`
 * (it is kept for a look afterwards and its path printed), and removes `tempDirs`. Every part is
 * optional, since beforeAll may have failed half-way.
 */
export async function tearDownJourney({
  prefix,
  browser,
  fixtures,
  platform,
  broken,
  tempDirs = [],
}: {
  prefix: string;
  browser?: Browser;
  fixtures?: FixtureServer;
  platform?: RunningPlatform;
  broken: boolean;
  tempDirs?: (string | undefined)[];
}): Promise<void> {
  await browser?.close();
  await fixtures?.close();
  await platform?.stop().catch(() => undefined);
  if (platform) fs.writeFileSync(path.join(SHOTS_DIR, `${prefix}server.log`), platform.output());
  if (broken) console.error(`e2e: data folder kept at ${platform?.dataDir}`);
  else await platform?.cleanup();
  for (const d of tempDirs) if (d) fs.rmSync(d, { recursive: true, force: true });
}

/**
 * The steps of one journey, run in order: once a step fails the journey is `broken` and the later
 * steps (which build on it) are skipped instead of failing confusingly. On a failure `onFailure`
 * runs first (e.g. a FAILED screenshot); its own errors are ignored.
 */
export class Journey {
  broken = false;

  constructor(private readonly onFailure: () => Promise<unknown>) {}

  /** Registers one step as an `it` of the enclosing describe. */
  step = (name: string, fn: () => Promise<void>): void => {
    it(name, async (ctx) => {
      if (this.broken) ctx.skip();
      onTestFailed(async () => {
        this.broken = true;
        await this.onFailure().catch(() => undefined);
      });
      await fn();
    });
  };
}
