import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const ReadyMadeDatasetsPage = lazy(withTexts(['search'], () => import('./routes/ReadyMadeDatasetsPage.tsx')));

/** The public ready-made datasets page, relative to '/ulca'. */
export const readyMadePublicRoutes: RouteObject[] = [{ path: 'dataset/readymade-datasets', element: <ReadyMadeDatasetsPage /> }];

/** The same page under the signed-in path the original menus use; mount under the signed-in layout. */
export const readyMadeSignedInRoutes: RouteObject[] = [{ path: 'readymade-dataset', element: <ReadyMadeDatasetsPage /> }];
