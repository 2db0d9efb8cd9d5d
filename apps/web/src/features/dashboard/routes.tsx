import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import type { PreloadHandle } from '../../lib/route-preload.ts';

// Each page is its own chunk (docs/architecture.md#web-app); AppLayout's <Suspense> shows the loading state.
const loadDashboard = withTexts(['search'], () => import('./DashboardPage.tsx'));
const DashboardPage = lazy(loadDashboard);
const DatasetMetricsPage = lazy(withTexts(['search'], () => import('./routes/DatasetMetricsPage.tsx')));

/** The public dashboard and Dataset Metrics pages (docs/product.md#dashboard-and-dataset-metrics), paths relative to '/ulca'. */
export const dashboardRoutes: RouteObject[] = [
  // Prerendered, and rendered by the server with its data (docs/architecture.md#prerendered-pages):
  // preload lets the first render replace the HTML with the page itself.
  {
    path: 'dashboard',
    element: <DashboardPage />,
    handle: {
      preload: loadDashboard,
      // The initial view's bars; the query module stays out of the shell's chunk.
      prefetch: async (client) => (await import('./api/prefetch.ts')).prefetchDashboard(client),
    } satisfies PreloadHandle,
  },
  { path: 'dataset/reports', element: <DatasetMetricsPage /> },
];

/** Any unknown path shows the dashboard (docs/product.md#dashboard-and-dataset-metrics); mount it last among the public routes. */
export const dashboardFallbackRoute: RouteObject = { path: '*', element: <DashboardPage /> };
