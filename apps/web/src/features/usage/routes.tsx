import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';

// Their own chunks (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const UsagePage = lazy(withTexts(['usage'], () => import('./routes/UsagePage.tsx')));
const StatusPage = lazy(withTexts(['usage'], () => import('./routes/StatusPage.tsx')));

/** A key's usage page (/usage?key=<keyId>); mount as a child of the signed-in layout. */
export const usageRoutes: RouteObject[] = [{ path: 'usage', element: <UsagePage /> }];
/** The public status page of the published models (/status). */
export const statusRoutes: RouteObject[] = [{ path: 'status', element: <StatusPage /> }];
