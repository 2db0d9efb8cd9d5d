import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';

// Its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const GlossaryPage = lazy(withTexts(['search'], () => import('./routes/GlossaryPage.tsx')));

/** The glossary page (/glossary?appName&serviceProviderName); mount as a child of the signed-in layout. */
export const glossaryRoutes: RouteObject[] = [{ path: 'glossary', element: <GlossaryPage /> }];
