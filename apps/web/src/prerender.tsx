// The build's server-side entry (vite build --ssr): renders public pages to HTML for
// build/prerender-pages.ts. Runs in Node at build time only; never shipped to the browser.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import mediaQuery from 'css-mediaquery';
import { Providers, type SsrMatchMedia } from './app/providers.tsx';
import { BASENAME, preloadRoute, routes } from './app/router.tsx';
import { setLanguage, type UiLanguage } from './lib/i18n/i18n.ts';
import { renderedTitle } from './components/usePageTitle.ts';
import { INDIC_FONTS_STYLE_ATTR, indicFontFaceCss } from './app/fonts.ts';
import type { ScreenClass } from '@ulca/contracts';

/** The viewport width (CSS px) each screen class is rendered at (a phone as Lighthouse's, a laptop). */
const SCREEN_WIDTHS: Record<ScreenClass, number> = { phone: 412, wide: 1350 };

/**
 * One prerendered page: the markup of #root (emotion's styles inline, adopted by the browser's
 * emotion cache), what goes in <head> (the Indic font faces) and the page's tab title.
 */
export interface PrerenderedPage {
  html: string;
  head: string;
  title: string | null;
}

/**
 * Renders `pathname` (under /ulca, e.g. '/ulca/dashboard') as a signed-out visitor in `lang` on a
 * `screen` screen, with the page's data still loading (no API is called), and resolves with the
 * markup once every lazy part has loaded (docs/architecture.md#prerendered-pages). Rejects when
 * the route answers a redirect or the render fails. Renders one page at a time: the interface
 * language is process-wide.
 */
export async function renderPage(pathname: string, lang: UiLanguage, screen: ScreenClass): Promise<PrerenderedPage> {
  if (!(await setLanguage(lang, false))) throw new Error(`the ${lang} catalogue did not load`);
  await preloadRoute(pathname);
  const handler = createStaticHandler(routes, { basename: BASENAME });
  const context = await handler.query(new Request(`http://prerender${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answers ${context.status}, not a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const width = SCREEN_WIDTHS[screen];
  const ssrMatchMedia: SsrMatchMedia = (query) => ({ matches: mediaQuery.match(query, { width }) });
  renderedTitle.current = null;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers ssrMatchMedia={ssrMatchMedia}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
    // One document with every boundary inline: no streaming instructions (inline scripts the CSP refuses).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return { html, head: `<style ${INDIC_FONTS_STYLE_ATTR}>${indicFontFaceCss()}</style>`, title: renderedTitle.current };
}
