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
