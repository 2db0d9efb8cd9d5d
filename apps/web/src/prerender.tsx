// The build's server-side entry (vite build --ssr): renders public pages to HTML for
// build/prerender-pages.ts (without data) and for the server, which renders the pages whose routes
// prefetch data per request (docs/architecture.md#prerendered-pages). Runs in Node; never shipped
// to the browser. Its exports are the PageRenderer of @ulca/contracts.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import mediaQuery from 'css-mediaquery';
import { dehydrate, hydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { Providers, queryClient, type SsrMatchMedia } from './app/providers.tsx';
import { BASENAME, prefetchRoute, preloadRoute, routeHasPrefetch, routes } from './app/router.tsx';
import { setApiTransport } from './lib/api-client.ts';
import { setLanguage, type UiLanguage } from './lib/i18n/i18n.ts';
import { renderedTitle } from './components/usePageTitle.ts';
import { INDIC_FONTS_STYLE_ATTR, indicFontFaceCss } from './app/fonts.ts';
import type { PageRenderer, RenderedPage, RenderTransport, ScreenClass } from '@ulca/contracts';
import { fillTemplate } from './prerender-template.ts';

export { fillTemplate };

/** The viewport width (CSS px) each screen class is rendered at (a phone as Lighthouse's, a laptop). */
const SCREEN_WIDTHS: Record<ScreenClass, number> = { phone: 412, wide: 1350 };

/** Sends the render's API calls (apiRequest) through the server's `transport` (PageRenderer.setTransport). */
export const setTransport: PageRenderer['setTransport'] = (transport: RenderTransport) =>
  setApiTransport((url, init) => transport(url, { method: init.method, headers: init.headers, body: init.body }));

/** True when `pathname` (under /ulca) is the canonical path of a page whose routes prefetch data for the server's render (routeHasPrefetch). */
export const hasPageData: PageRenderer['hasPageData'] = routeHasPrefetch;

/**
 * The data the page at `pathname` first shows, loaded through the transport as a TanStack Query
 * dehydrated state (successful queries only; a failed one renders as loading and the browser asks
 * again). Each call has a client of its own, so calls may overlap.
 */
export async function loadPageData(pathname: string): Promise<DehydratedState> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    await prefetchRoute(pathname, client);
    return dehydrate(client);
  } finally {
    client.clear();
  }
}

/** Each query's key and answer in `data`, as JSON, without the times they were loaded at (PageRenderer.dataVersion). */
export function dataVersion(data: DehydratedState): string {
  return JSON.stringify(data.queries.map((q) => [q.queryHash, q.state.data]));
}

/**
 * Renders `pathname` (under /ulca, e.g. '/ulca/dashboard') as a signed-out visitor in `lang` on a
 * `screen` screen, with `data` (from loadPageData) as the page's queries, or with the data still
 * loading without it (no API is called), and resolves with the markup once every lazy part has
 * loaded (docs/architecture.md#prerendered-pages). Rejects when the route answers a redirect or the
 * render fails. Renders one page at a time: the interface language and the app's query client are
 * process-wide.
 */
export async function renderPage(pathname: string, lang: UiLanguage, screen: ScreenClass, data?: DehydratedState): Promise<RenderedPage> {
  if (!(await setLanguage(lang, false))) throw new Error(`the ${lang} catalogue did not load`);
  queryClient.clear();
  if (data) hydrate(queryClient, data);
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
  queryClient.clear();
  return { html, head: `<style ${INDIC_FONTS_STYLE_ATTR}>${indicFontFaceCss()}</style>`, title: renderedTitle.current };
}

// The exports are the server's PageRenderer: checked here, when the entry is built.
void ({ setTransport, hasPageData, loadPageData, dataVersion, renderPage, fillTemplate } satisfies PageRenderer);
