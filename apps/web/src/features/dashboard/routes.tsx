import { lazy } from 'react';
import type { RouteObject } from 'react-router';

// Each page is its own chunk (DESIGN.md §7); AppLayout's <Suspense> shows the loading state.
const DashboardPage = lazy(() => import('./DashboardPage.tsx'));
const DatasetMetricsPage = lazy(() => import('./routes/DatasetMetricsPage.tsx'));

/** The public dashboard and Dataset Metrics pages (spec 01 §2), paths relative to '/ulca'. */
export const dashboardRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'dataset/reports', element: <DatasetMetricsPage /> },
];

/** Any unknown path shows the dashboard (spec 01 §2); mount it last among the public routes. */
export const dashboardFallbackRoute: RouteObject = { path: '*', element: <DashboardPage /> };
