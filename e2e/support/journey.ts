/**
 * The frame most journeys repeated: clear the journey's screenshots, start the platform, launch
 * Chromium, open a context and its page; number the screenshots, picture a failure, and tear it all
 * down afterwards (e2e/support/browser.ts has the parts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startFixtureServer, type FixtureServer } from '../../apps/server/src/test/fixture-server.ts';
import { clearShots, Journey, launchChromium, newDesktopContext, newPageWithTimeout, screenshotTaker, tearDownJourney } from './browser.ts';
import { startPlatform, type RunningPlatform } from './server.ts';

/** The desktop most journeys browse in: 1366×900, en-US, India's time zone (dates shown as a user there sees them). */
export const INDIA_DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 }, locale: 'en-US', timezoneId: 'Asia/Kolkata' };

/** A phone-sized touch context (390×844), en-US unless `locale` says otherwise. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };

/**
 * One journey in Chromium against the platform: its steps (Journey: once one fails, the later ones
 * are skipped), its numbered screenshots `<prefix><nn>-<step>.png`, and what its beforeAll opened
 * through startPlatform, launch and openPage, which tearDown closes. A failure is pictured as
 * `FAILED` of the first page opened, unless `onFailure` says what to do instead.
 */
export class BrowserJourney {
  platform?: RunningPlatform;
  browser?: Browser;
  /** The first page openPage opened: the one `screenshot` and a failure picture by default. */
  page?: Page;
  /** Saves a full-page screenshot of `page` as `<prefix><nn>-<step>.png` (screenshotTaker of the prefix). */
  readonly takeShot: (page: Page, step: string) => Promise<void>;
  private readonly journey: Journey;
  private readonly tempDirs: string[] = [];
  private fixtures?: FixtureServer;

  constructor(
    readonly prefix: string,
    onFailure?: () => Promise<unknown>,
  ) {
    this.takeShot = screenshotTaker(prefix);
    this.journey = new Journey(onFailure ?? (() => this.screenshot('FAILED')));
  }

  /** True once a step has failed. */
  get broken(): boolean {
    return this.journey.broken;
  }

  /** Registers one step as an `it` of the enclosing describe (Journey.step). */
  step = (name: string, fn: () => Promise<void>): void => this.journey.step(name, fn);

  /** Saves a full-page screenshot of `page` (the journey's page by default) as `<prefix><nn>-<step>.png`. */
  screenshot = (step: string, page: Page | undefined = this.page): Promise<void> => {
    if (!page) throw new Error('no page opened yet');
    return this.takeShot(page, step);
  };

  /** `/ulca<p>` on the platform under test. */
  at = (p: string): string => {
    if (!this.platform) throw new Error('the platform has not started');
    return `${this.platform.baseUrl}/ulca${p}`;
  };

  /** A new temporary folder (`ulca-e2e-<name>-…`) that tearDown removes. */
  tempDir(name: string): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ulca-e2e-${name}-`));
    this.tempDirs.push(dir);
    return dir;
  }

  /** Serves the files of `dir` over HTTP (startFixtureServer) until tearDown. */
  async serveFiles(dir: string): Promise<FixtureServer> {
    this.fixtures = await startFixtureServer(dir);
    return this.fixtures;
  }

  /** Removes this journey's earlier screenshots and starts the platform (startPlatform's options). */
  async startPlatform(opts: Parameters<typeof startPlatform>[0] = {}): Promise<RunningPlatform> {
    clearShots(this.prefix);
    this.platform = await startPlatform(opts);
    return this.platform;
  }

  /** Launches Chromium (launchChromium's options); openPage launches it plainly when this was not called. */
  async launch(opts: Parameters<typeof launchChromium>[0] = {}): Promise<Browser> {
    this.browser = await launchChromium(opts);
    return this.browser;
  }

  /** A new context (newDesktopContext with `options`) and its first page, whose waits time out after `timeoutMs`. */
  async openPage(options: BrowserContextOptions = {}, timeoutMs?: number): Promise<Page> {
    return (await this.openContextPage(options, timeoutMs)).page;
  }

  /** openPage, also returning the page's context (for a second page, permissions or cookies). */
  async openContextPage(options: BrowserContextOptions = {}, timeoutMs?: number): Promise<{ context: BrowserContext; page: Page }> {
    const browser = this.browser ?? (await this.launch());
    const context = await newDesktopContext(browser, options);
    const page = await newPageWithTimeout(context, timeoutMs);
    this.page ??= page;
    return { context, page };
  }

  /**
   * A page with scripts off (1366×900, en-US, its own context; close it with `page.context().close()`), for
   * what the server renders by itself. Not newPageWithTimeout: with scripts off the app never takes over the page.
   */
  async openPageWithoutScripts(timeoutMs = 30_000): Promise<Page> {
    if (!this.browser) throw new Error('Chromium has not been launched');
    const context = await this.browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'en-US', javaScriptEnabled: false });
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    return page;
  }

  /**
   * The afterAll: tearDownJourney of what was opened, served (serveFiles or `extra.fixtures`) and made
   * (tempDir and `extra.tempDirs`).
   */
  tearDown(extra: { fixtures?: FixtureServer; tempDirs?: (string | undefined)[] } = {}): Promise<void> {
    return tearDownJourney({
      prefix: this.prefix,
      browser: this.browser,
      platform: this.platform,
      broken: this.broken,
      fixtures: extra.fixtures ?? this.fixtures,
      tempDirs: [...this.tempDirs, ...(extra.tempDirs ?? [])],
    });
  }
}

/** A model as model/search lists it (the fields the journeys read). */
export interface ListedModel {
  modelId: string;
  name: string;
  submitter: { name: string };
}

/** The models of `task` that the platform's public model/search lists, over any language, domain and submitter. */
export async function searchModels(platform: RunningPlatform, task: string): Promise<ListedModel[]> {
  const res = await fetch(`${platform.baseUrl}/ulca/apis/v0/model/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ task, sourceLanguage: 'All', targetLanguage: 'All', domain: 'All', submitter: 'All' }),
  });
  if (!res.ok) throw new Error(`model/search ${task} → ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: ListedModel[] }).data;
}
