import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { PageData, PageRenderer, PrerenderLanguage, RenderTransport, ScreenClass } from '@ulca/contracts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Which copy of a page a visitor gets (prerenderVariant). */
export interface PageVariant {
  lang: PrerenderLanguage;
  screen: ScreenClass;
}

/**
 * Public pages rendered per request with their data (docs/architecture.md#prerendered-pages),
 * through the web build's server-side entry. Built once per app by registerWebApp; holds no timer
 * or connection, so it has nothing to close.
 */
export interface LivePages {
  /**
   * The whole HTML of `pathname` for `variant`, rendered with the data the page's routes load (the
   * same answers the browser would get from the API, asked of this app in-process), or null when
   * the page is not rendered this way: no server-side entry in the build, a path that is not the
   * canonical path of a page with data (PageRenderer.hasPageData: made-up paths load nothing and
   * keep nothing), data that all failed to load, a render that threw (logged), or the render
   * budget spent: a data load or render needed while MAX_WAITING others wait already, or one not
   * started within MAX_WAIT_MS (a burst of cache misses). The caller then sends the
   * prerendered file. The page is kept per page and variant until the data changes, so a render
   * runs only when a model is published or unpublished (or its uptime changes), not per visit;
   * the data is loaded again when a visit comes more than DATA_TTL_MS after the last load, to
   * tell. At most KEPT_BYTES of pages are kept, least used dropped.
   */
  page(pathname: string, variant: PageVariant): Promise<LivePage | null>;
}

/**
 * A page rendered with its data: the HTML (UTF-8), and its brotli (quality 11) and gzip (level 9)
 * copies, made once per render off the event loop, like the build's precompressed files.
 */
export interface LivePage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** One page in one variant, and the data (the renderer's dataVersion) it was rendered from. */
interface Kept {
  data: string;
  page: LivePage;
}

/** How long a page's loaded data is used for further visits (ms): a model published or unpublished shows within it. */
const DATA_TTL_MS = 1000;

/**
 * Data loads and renders that may wait for the one under way (they share one budget); past that a
 * visitor gets the page without data at once.
 */
const MAX_WAITING = 4;

/** How long a data load or render may wait for its turn (ms); past that the visitor gets the page without data. */
const MAX_WAIT_MS = 1000;

/** At most this many bytes of rendered pages are kept (HTML, its compressed copies and their data). */
const KEPT_BYTES = 64 * 1024 * 1024;

/** The server-side entry, loaded, and the build's index.html its pages go in. */
interface Loaded {
  r: PageRenderer;
  template: string;
}

/**
 * A transport for the renderer's API calls into `app`'s own routes (Fastify's inject: the whole
 * request pipeline, access rules included, without a socket). Unsigned: the render is a
 * signed-out visitor's, so only public routes answer it.
 */
function injectTransport(app: FastifyInstance): RenderTransport {
  return async (url, init) => {
    const res = await app.inject({
      method: init.method as 'GET' | 'POST',
      url,
      headers: init.headers,
      payload: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(init.body),
    });
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * LivePages for the web build in `dist` (its index.html) with the server-side entry at `entry`
 * (apps/web/dist-ssr/prerender.js, a PageRenderer). The entry is imported on the first request of
 * a prerendered page, not at start; when it is missing or fails to load, every page() answers null.
 */
export function createLivePages(app: FastifyInstance, dist: string, entry: string, log: FastifyBaseLogger): LivePages {
  let renderer: Promise<Loaded | null> | undefined;
  const load = () =>
    (renderer ??= (async () => {
      if (!fs.existsSync(entry)) return null;
      try {
        const r = (await import(pathToFileURL(entry).href)) as PageRenderer;
        r.setTransport(injectTransport(app));
        return { r, template: await fs.promises.readFile(path.join(dist, 'index.html'), 'utf8') };
      } catch (err) {
        log.warn({ err, entry }, 'the web server-side entry did not load: prerendered pages are sent without data');
        return null;
      }
    })());
  // One entry per page and variant (a model page each): bounded by bytes, the least used dropped first.
  const kept = new LRUCache<string, Kept>({
    maxSize: KEPT_BYTES,
    sizeCalculation: (k) => k.data.length + k.page.html.length + k.page.br.length + k.page.gzip.length,
  });
  // One render or data load at a time: the renderer's interface language and query client are
  // process-wide, and a load runs the API's routes on this event loop too (loads of distinct
  // paths outside the render's limit once stalled the health probe for seconds).
  const budget = pLimit(1);
  /** `job`'s answer, or undefined at once when MAX_WAITING jobs wait already or when it has not started within MAX_WAIT_MS. */
  const inBudget = <T>(job: () => Promise<T>): Promise<T | undefined> => {
    if (budget.pendingCount >= MAX_WAITING) return Promise.resolve(undefined);
    return new Promise<T | undefined>((resolve, reject) => {
      let late = false;
      const timer = setTimeout(() => {
        late = true;
        resolve(undefined);
      }, MAX_WAIT_MS);
      timer.unref();
      void budget(async () => {
        clearTimeout(timer);
        if (late) return;
        await job().then(resolve, reject);
      });
    });
  };
  // A page's data, loaded at most once a second per page (visitors in that second share it, and
  // concurrent loads of one page are one load), as the model cache does for compute calls. Only
  // data is kept (fetchMethod's undefined keeps nothing): an unknown id makes no entry.
  const pageData = new LRUCache<string, { data: PageData; json: string }>({
    max: 1000,
    ttl: DATA_TTL_MS,
    fetchMethod: async (pathname) => {
      const loadedRenderer = await load();
      if (!loadedRenderer) return undefined;
      const data = await inBudget(() => loadedRenderer.r.loadPageData(pathname));
      // No query answered (an unknown or unpublished model), or no budget: the page goes out without data.
      return !data || data.queries.length === 0 ? undefined : { data, json: loadedRenderer.r.dataVersion(data) };
    },
  });
  // Whether a path's page has data, per path: React Router's matchRoutes flattens and ranks the
  // whole route table on every call (38 % of the server's time per kept-page visit in a profile,
  // docs/benchmarks.md#web). The table never changes in a process, so the answer is exact; bounded,
  // since any path may be asked.
  const withData = new LRUCache<string, boolean>({ max: 1000 });
  const hasPageData = (r: PageRenderer, pathname: string) => {
    let has = withData.get(pathname);
    if (has === undefined) withData.set(pathname, (has = r.hasPageData(pathname)));
    return has;
  };
  // The render under way per page and variant: visitors arriving meanwhile with the same data wait for it.
  const inFlight = new Map<string, { data: string; page: Promise<LivePage | null> }>();

  /** The page rendered from `data` (its version `json`), or null when the render budget is spent. */
  const render = (key: string, pathname: string, variant: PageVariant, loaded: Loaded, data: PageData, json: string) => {
    const flying = inFlight.get(key);
    if (flying?.data === json) return flying.page;
    // Renders take the event loop (tens of ms each): a burst of pages nobody asked for lately
    // (many models, every variant) gets the pages without data rather than a queue that grows.
    const page: Promise<LivePage | null> = inBudget(() => renderHtml(pathname, variant, loaded, data))
      .then(async (text) => {
        if (!text) return null;
        // Compressed off the event loop (zlib's threads), outside the one render slot.
        const [br, gz] = await Promise.all([
          brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(text, { level: 9 }),
        ]);
        const rendered: LivePage = { html: text, br, gzip: gz };
        kept.set(key, { data: json, page: rendered });
        return rendered;
      })
      .finally(() => {
        if (inFlight.get(key)?.page === page) inFlight.delete(key);
      });
    inFlight.set(key, { data: json, page });
    return page;
  };

  /** The whole HTML of the page rendered from `data`. */
  async function renderHtml(pathname: string, variant: PageVariant, { r, template }: Loaded, data: PageData): Promise<Buffer> {
    const { html, head, title } = await r.renderPage(pathname, variant.lang, variant.screen, data);
    return Buffer.from(r.fillTemplate(template, html, head, variant.lang, title, data));
  }

  return {
    async page(pathname, variant) {
      const loaded = await load();
      if (!loaded || !hasPageData(loaded.r, pathname)) return null;
      try {
        const loadedData = await pageData.fetch(pathname);
        if (!loadedData) return null;
        const { data, json } = loadedData;
        const key = `${pathname}|${variant.lang}|${variant.screen}`;
        const have = kept.get(key);
        return have?.data === json ? have.page : await render(key, pathname, variant, loaded, data, json);
      } catch (err) {
        log.error({ err, pathname }, 'rendering a page with its data failed: the prerendered page was sent');
        return null;
      }
    },
  };
}
