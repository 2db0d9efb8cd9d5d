import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { registerIndicFonts } from './app/fonts.ts';
import { startLanguage } from './lib/i18n/i18n.ts';

// The answers' zod schemas (in the page chunks) must not probe `new Function`: the server's CSP
// refuses eval, and Chromium reports each refusal as an issue (Lighthouse best practices). This is
// zod's `z.config({ jitless: true })`, set before zod loads, without importing it into the shell
// (zod keeps its configuration on globalThis; docs/benchmarks.md#web).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
registerIndicFonts();
// English renders at once; a remembered or browser language follows as soon as its catalogue is in.
void startLanguage();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
