import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const ProfilePage = lazy(() => import('./routes/ProfilePage.tsx'));

/** The profile page (API keys); mount as a child of the signed-in layout. */
export const profileRoutes: RouteObject[] = [{ path: 'profile', element: <ProfilePage /> }];
