/**
 * The web app's prerendered public pages (docs/architecture.md#prerendered-pages), shared by the
 * web build that writes them (apps/web/build/prerender-pages.ts) and the server that sends them
 * (apps/server/src/web/delivery.ts).
 */

/** The pages prerendered: `pathname` as the browser asks for it, `name` in the file names. */
export const PRERENDERED_PAGES: readonly { pathname: string; name: string }[] = [
  { pathname: '/ulca/dashboard', name: 'dashboard' },
  { pathname: '/ulca/model/explore-models', name: 'explore-models' },
];

/** The interface languages each page is prerendered in (the web app's UI_LANGUAGES), English, the default, first. */
export const PRERENDER_LANGUAGES = ['en', 'hi', 'ta'] as const;
/** One of PRERENDER_LANGUAGES. */
export type PrerenderLanguage = (typeof PRERENDER_LANGUAGES)[number];

/** The cookie holding the visitor's interface language, set by the web app, read by the server to pick the page's language. */
export const LANGUAGE_COOKIE = 'ulca-language';

/**
 * The cookie the web app sets ('1') while a session is stored in the browser: the server then
 * sends the plain app instead of a prerendered page, whose header would show a signed-out visitor.
 * A hint only: it grants nothing, and the session itself never leaves the browser.
 */
export const SIGNED_IN_COOKIE = 'ulca-signed-in';

/** The screen classes each page is prerendered for: a phone (412 CSS px wide) and a wide screen (1,350 px). */
export const SCREEN_CLASSES = ['phone', 'wide'] as const;
/** One of SCREEN_CLASSES. */
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

/**
 * The attribute #root carries in a prerendered page until the app's first render has replaced the
 * page (before that its controls do nothing): tests and tools wait for `#root:not([data-prerendered])`.
 */
export const PRERENDERED_ATTR = 'data-prerendered';

/** The folder of the build output (apps/web/dist) holding the prerendered pages. */
export const PRERENDERED_DIR = 'prerendered';
/** The file in PRERENDERED_DIR listing the pages the build prerendered (PRERENDERED_PAGES as JSON). */
export const PRERENDERED_INDEX = 'pages.json';

/** The file name of page `name` in `lang` for `screen`, e.g. 'dashboard.hi.phone.html'. */
export function prerenderedFile(name: string, lang: string, screen: ScreenClass): string {
  return `${name}.${lang}.${screen}.html`;
}

/**
 * The id of the `<script type="application/json">` in a page the server rendered with its data:
 * the TanStack Query state the page was rendered from, which the app's first render starts with.
 */
export const PRERENDERED_DATA_ID = 'ulca-page-data';

/**
 * A page rendered to HTML: the markup of #root (emotion's styles inline, adopted by the browser's
 * emotion cache), what goes in <head> (the Indic font faces) and the tab title (null: the plain one).
 */
export interface RenderedPage {
  html: string;
  head: string;
  title: string | null;
}

/** A page's loaded data, opaque to the server (a TanStack Query dehydrated state: one entry per query). */
export interface PageData {
  readonly queries: readonly unknown[];
}

/** How the server-side render reaches the API: one request to one of the server's own routes (a relative URL). */
export type RenderTransport = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array },
) => Promise<Response>;

/**
 * What the web build's server-side entry (apps/web/dist-ssr/prerender.js, built from
 * apps/web/src/prerender.tsx) offers the server, which renders public pages with their data per
 * request through it (docs/architecture.md#prerendered-pages). PageData is opaque to the server (a
 * TanStack Query dehydrated state): it only compares two loads by their dataVersion and hands the
 * data back to renderPage and fillTemplate.
 */
export interface PageRenderer {
  /** Sends the render's API calls through `transport` (set once, before the first loadPageData). */
  setTransport(transport: RenderTransport): void;
  /** True when `pathname` (e.g. '/ulca/model/explore-models') is the canonical path of a page with data to load before rendering; made-up paths are not. */
  hasPageData(pathname: string): boolean;
  /** Loads the page's data through the transport; resolves even when a query fails (it is left out). May run concurrently. */
  loadPageData(pathname: string): Promise<PageData>;
  /** What identifies the content of `data`: equal for the same answers loaded at different times. */
  dataVersion(data: PageData): string;
  /** Renders the page as a signed-out visitor with `data` already loaded. One call at a time (the language is process-wide). */
  renderPage(pathname: string, lang: PrerenderLanguage, screen: ScreenClass, data?: PageData): Promise<RenderedPage>;
  /** index.html around a rendered page, with `data` for the app's first render (see PRERENDERED_DATA_ID). */
  fillTemplate(template: string, markup: string, head: string, lang: string, title: string | null, data?: PageData): string;
}
