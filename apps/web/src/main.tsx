import { StrictMode, startTransition, useEffect } from 'react';
import { PRERENDERED_ATTR, PRERENDERED_DATA_ID } from '@ulca/contracts';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers, queryClient } from './app/providers.tsx';
import { BASENAME, preloadRoute, routes } from './app/router.tsx';
import { registerIndicFonts } from './app/fonts.ts';
import { startLanguage } from './lib/i18n/i18n.ts';

// The answers' zod schemas (in the page chunks) must not probe `new Function`: the server's CSP
// refuses eval, and Chromium reports each refusal as an issue (Lighthouse best practices). This is
// zod's `z.config({ jitless: true })`, set before zod loads, without importing it into the shell
// (zod keeps its configuration on globalThis; docs/benchmarks.md#web).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
registerIndicFonts();
// English renders at once. A remembered or browser language is painted from the first frame (no
// English page that then turns Hindi and reflows): the first render waits for its shell texts, at
// most FIRST_PAINT_WAIT_MS, then goes on in English if they are late (startLanguage resolves at once
// for English). The page's chunk brings the page's texts in that language (withTexts).
const FIRST_PAINT_WAIT_MS = 3000;
/** Clears #root's PRERENDERED_ATTR once the first render has replaced the prerendered page. */
function TakenOver({ root }: { root: HTMLElement }) {
  useEffect(() => root.removeAttribute(PRERENDERED_ATTR), [root]);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// A prerendered page (docs/architecture.md#prerendered-pages) stays on screen until the first render
// can replace it with the page itself: its chunk and texts load first, so no loading state flashes.
const prerendered = root.hasAttribute(PRERENDERED_ATTR);
// A page the server rendered with its data carries that data: the first render starts from it
// instead of asking the API again and showing a loading state meanwhile.
const pageData = document.getElementById(PRERENDERED_DATA_ID)?.textContent;
if (prerendered && pageData) hydrate(queryClient, JSON.parse(pageData) as DehydratedState);
const ready = Promise.race([
  Promise.all([startLanguage(), prerendered ? preloadRoute(location.pathname) : undefined]),
  new Promise((r) => setTimeout(r, FIRST_PAINT_WAIT_MS)),
]);
const router = createBrowserRouter(routes, { basename: BASENAME });
// The first render is a transition: React renders it in slices and lets the browser run between
// them, instead of one long task the page cannot answer input during (docs/benchmarks.md#web).
void ready.then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
        {prerendered ? <TakenOver root={root} /> : null}
      </StrictMode>,
    ),
  ),
);
