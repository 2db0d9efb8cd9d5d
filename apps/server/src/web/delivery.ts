import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { parse as parseCookies } from 'cookie';
import Negotiator from 'negotiator';
import {
  LANGUAGE_COOKIE,
  PRERENDER_LANGUAGES,
  PRERENDERED_DIR,
  PRERENDERED_INDEX,
  prerenderedFile,
  SIGNED_IN_COOKIE,
  type PrerenderLanguage,
} from '@ulca/contracts';
import { PUBLIC } from '../security/access.ts';
import { createLivePages, type PageVariant } from './live-render.ts';

/** Cache-Control of content-hashed build output (apps/web/dist/assets/*): its name changes with its bytes. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Cache-Control of everything else the web app serves (index.html, favicon, logos): revalidate each time. */
export const REVALIDATE_CACHE = 'no-cache';

/** URL prefixes of the API (never answered with the web app's index.html). */
const API_PATH = /^\/ulca\/(apis|user-mgmt|error-consumer|data-metric|mdms|docs)(\/|$)/;
/** Paths that name a file the build would have produced: a miss is a 404, never the HTML page. */
const ASSET_PATH = /^\/ulca\/assets\/|\.(js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|json|txt|webmanifest|br|gz)$/i;

/**
 * Registers @fastify/compress for every route registered after it (docs/architecture.md#stack: API answers are
 * compressed): brotli (quality 4, the plugin's default, cheap enough per request) or gzip, chosen
 * from Accept-Encoding, for compressible types over 1 KiB. Answers that already carry a
 * Content-Encoding (the precompressed web assets) pass through. Call before any route is added:
 * the plugin attaches itself to routes as they are registered.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}

/** Request headers a prerendered page depends on (sent as Vary). */
const PRERENDER_VARY = 'accept-encoding, accept-language, cookie, user-agent';

/**
 * Which prerendered variant of a page to send for a request (docs/architecture.md#prerendered-pages),
 * or null for a signed-in visitor (SIGNED_IN_COOKIE is '1': the plain app, whose header is theirs):
 * the language of the `ulca-language` cookie when it is one of ours, else the best of en/hi/ta in
 * Accept-Language (region ignored: hi-IN → hi), else English; the screen class 'phone' when the
 * User-Agent names a mobile browser ("Mobi", as Chrome, Firefox and Safari on phones send), else 'wide'.
 */
export function prerenderVariant(headers: { cookie?: string; 'accept-language'?: string; 'user-agent'?: string }): PageVariant | null {
  const cookies = headers.cookie ? parseCookies(headers.cookie) : {};
  if (cookies[SIGNED_IN_COOKIE] === '1') return null;
  const chosen = cookies[LANGUAGE_COOKIE];
  const lang = (
    chosen && (PRERENDER_LANGUAGES as readonly string[]).includes(chosen)
      ? chosen
      : (new Negotiator({ headers: { 'accept-language': headers['accept-language'] } }).language([...PRERENDER_LANGUAGES]) ?? 'en')
  ) as PrerenderLanguage;
  return { lang, screen: /Mobi/.test(headers['user-agent'] ?? '') ? 'phone' : 'wide' };
}

/** The dashboard's path, the app's home. */
const DASHBOARD = '/ulca/dashboard';

/** `url` as its path and its query string ('?a=1', or '' for none). */
function splitQuery(url: string): [string, string] {
  const at = url.indexOf('?');
  return at < 0 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

/** The prerendered pages of the build in `dist` (pathname → name), empty without them. */
function readPrerendered(dist: string): Map<string, string> {
  try {
    const pages = JSON.parse(fs.readFileSync(path.join(dist, PRERENDERED_DIR, PRERENDERED_INDEX), 'utf8')) as {
      pathname: string;
      name: string;
    }[];
    return new Map(pages.map((p) => [p.pathname, p.name]));
  } catch {
    return new Map();
  }
}

/**
 * Serves the built SPA (`dist`, the output of `npm run build:web`) under /ulca/ (issue 8 §2):
 *
 * - files are sent precompressed (`<file>.br` or `<file>.gz` written by the build) when the browser
 *   accepts the encoding, with `Vary: Accept-Encoding`;
 * - hashed files under /ulca/assets/ are cached for a year (`immutable`); everything else, and
 *   index.html above all, with `no-cache`, so a new build is picked up at once;
 * - GET and HEAD of any other /ulca path (a client route such as /ulca/ or /ulca/dashboard) answer
 *   index.html (HEAD: same status and headers, no body), except API paths and paths naming a build
 *   file (/ulca/assets/…, *.js, *.css, …), which answer 404 `{ message, code: 'NOT_FOUND' }`;
 * - a prerendered page (/ulca/dashboard, /ulca/model/explore-models, without a query string)
 *   answers its prerendered index.html in the visitor's language and screen class
 *   (prerenderVariant; index.html for a signed-in visitor), `Vary` on the headers that chose it;
 *   a signed-out GET of a page whose routes load data (Explore Models, a model's page) is rendered
 *   with that data through the server-side entry at `renderer` (live-render.ts), else the
 *   prerendered file or index.html;
 * - `/` redirects to /ulca/, or to /ulca/dashboard when the dashboard is prerendered, as /ulca and
 *   /ulca/ then do (query kept, so that answer is the plain index.html).
 *
 * Without a build (no `dist/index.html`) only the API answers; every other path is a 404.
 * Installs the app's not-found handler.
 */
export async function registerWebApp(app: FastifyInstance, dist: string, renderer: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(dist, 'index.html'));
  const prerendered = readPrerendered(dist);
  const live = createLivePages(app, dist, renderer, app.log);
  if (hasWeb) {
    await app.routeAccess.declarePluginRoutes(PUBLIC, () =>
      app.register(fastifyStatic, {
        root: dist,
        prefix: '/ulca/',
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are reached through their originals, not as URLs of their own.
        globIgnore: ['**/*.br', '**/*.gz'],
        cacheControl: false,
        setHeaders(res, filePath) {
          const rel = path.relative(dist, filePath).split(path.sep).join('/');
          res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
          // index.html too: at a prerendered page's path it is the signed-in visitor's answer.
          const chosenByVisitor = rel === 'index.html' || rel.startsWith(`${PRERENDERED_DIR}/`);
          res.setHeader('vary', chosenByVisitor ? PRERENDER_VARY : 'accept-encoding');
        },
      }),
    );
  }
  // The app's home is the dashboard (its index route navigates there): with the dashboard
  // prerendered, / and /ulca/ redirect to it, so the first visit gets the page that paints at once.
  const home = hasWeb && prerendered.has(DASHBOARD) ? DASHBOARD : '/ulca/';
  app.get('/', { config: { access: PUBLIC }, schema: { hide: true } }, (_req, reply) => reply.redirect(home));
  app.setNotFoundHandler(async (req, reply) => {
    const [url, query] = splitQuery(req.url);
    const isPage = (url === '/ulca' || url.startsWith('/ulca/')) && !API_PATH.test(url) && !ASSET_PATH.test(url);
    if (hasWeb && isPage && (req.method === 'GET' || req.method === 'HEAD')) {
      if ((url === '/ulca' || url === '/ulca/') && home === DASHBOARD) return reply.redirect(`${DASHBOARD}${query}`);
      // Only the bare path: a query picks something the page as rendered does not show (Explore's ?task=asr).
      const variant = query ? null : prerenderVariant(req.headers);
      if (variant) {
        const page = req.method === 'GET' ? await live.page(url, variant) : null;
        if (page) {
          const encoding = new Negotiator({ headers: { 'accept-encoding': req.headers['accept-encoding'] } }).encoding(['br', 'gzip']);
          reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE_CACHE).header('vary', PRERENDER_VARY);
          if (encoding === 'br' || encoding === 'gzip') return reply.header('content-encoding', encoding).send(page[encoding]);
          return reply.send(page.html);
        }
        const name = prerendered.get(url);
        if (name) return reply.sendFile(`${PRERENDERED_DIR}/${prerenderedFile(name, variant.lang, variant.screen)}`);
      }
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}
