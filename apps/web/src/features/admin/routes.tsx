import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const ViewUserDetailsPage = lazy(withTexts(['admin'], () => import('./routes/ViewUserDetailsPage.tsx')));

/** The admin's user list (docs/product.md); mount as a child of the signed-in layout (the page checks the role). */
export const adminRoutes: RouteObject[] = [{ path: 'admin/view-user-details', element: <ViewUserDetailsPage /> }];
