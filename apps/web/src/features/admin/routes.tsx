import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (DESIGN.md §7); AppLayout's <Suspense> shows the loading state.
const ViewUserDetailsPage = lazy(() => import('./routes/ViewUserDetailsPage.tsx'));

/** The admin's user list (spec 02); mount as a child of the signed-in layout (the page checks the role). */
export const adminRoutes: RouteObject[] = [{ path: 'admin/view-user-details', element: <ViewUserDetailsPage /> }];
