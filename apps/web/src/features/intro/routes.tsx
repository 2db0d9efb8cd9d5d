import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const IntroPage = lazy(() => import('./IntroPage.tsx'));
const LegalPage = lazy(() => import('./LegalPage.tsx'));

/** The public intro and legal pages (docs/product.md#screens), paths relative to the '/ulca' basename. */
export const introRoutes: RouteObject[] = [
  { path: 'intro', element: <IntroPage /> },
  { path: 'privacy-policy', element: <LegalPage kind="privacy" /> },
  { path: 'terms-of-use', element: <LegalPage kind="terms" /> },
];
