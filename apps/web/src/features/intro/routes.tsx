import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (DESIGN.md §7); AppLayout's <Suspense> shows the loading state.
const IntroPage = lazy(() => import('./IntroPage.tsx'));
const LegalPage = lazy(() => import('./LegalPage.tsx'));

/** The public intro and legal pages (spec 01 §2), paths relative to the '/ulca' basename. */
export const introRoutes: RouteObject[] = [
  { path: 'intro', element: <IntroPage /> },
  { path: 'privacy-policy', element: <LegalPage kind="privacy" /> },
  { path: 'terms-of-use', element: <LegalPage kind="terms" /> },
];
