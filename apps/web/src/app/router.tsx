import { generatePath, matchRoutes, Navigate, type Params, type RouteObject } from 'react-router';
import { FullScreenSpinner } from '../components/FullScreenSpinner.tsx';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authRoutes } from '../features/auth/routes.tsx';
import { benchmarkRoutes } from '../features/benchmarks/routes.tsx';
import { dashboardFallbackRoute, dashboardRoutes } from '../features/dashboard/routes.tsx';
import { datasetRoutes } from '../features/datasets/routes.tsx';
import { datasetViewerRoutes, datasetViewerSignedInRoutes } from '../features/dataset-viewer/routes.tsx';
import { introRoutes } from '../features/intro/routes.tsx';
import { modelDetailRoutes } from '../features/model-detail/routes.tsx';
import { modelPublicRoutes, modelSignedInRoutes } from '../features/models/routes.tsx';
import { profileRoutes } from '../features/profile/routes.tsx';
import { glossaryRoutes } from '../features/glossary/routes.tsx';
import { statusRoutes, usageRoutes } from '../features/usage/routes.tsx';
import { readyMadePublicRoutes, readyMadeSignedInRoutes } from '../features/readymade/routes.tsx';
import { searchRoutes } from '../features/search/routes.tsx';
import { speakerRoutes } from '../features/speakers/routes.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { SIGNED_IN_ONLY } from './UnauthorizedWatcher.tsx';
import { RouteError } from './RouteError.tsx';
import type { PreloadHandle } from '../lib/route-preload.ts';
import type { QueryClient } from '@tanstack/react-query';

// Every feature exports its own routes (features/<feature>/routes.tsx); the shell composes them.

/** Router basename: the app is served under /ulca (docs/product.md#screens {base}). */
export const BASENAME = '/ulca';

/**
 * The route tree (docs/product.md#screens): public pages, the sign-in-only pages under RequireAuth
 * (datasets, search, profile, admin, my models and model submit), and '*' → the dashboard for any unknown path.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        // Keeps the header and footer when a page fails.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to="/dashboard" replace /> },
          ...introRoutes,
          ...dashboardRoutes,
          ...authRoutes,
          {
            element: <RequireAuth />,
            handle: SIGNED_IN_ONLY,
            children: [
              ...datasetRoutes,
              ...searchRoutes,
              ...profileRoutes,
              ...glossaryRoutes,
              ...usageRoutes,
              ...speakerRoutes,
              ...adminRoutes,
            ],
          },
          ...readyMadePublicRoutes,
          ...modelDetailRoutes,
          ...statusRoutes,
          { element: <RequireAuth />, handle: SIGNED_IN_ONLY, children: readyMadeSignedInRoutes },
          ...modelPublicRoutes,
          ...benchmarkRoutes,
          ...datasetViewerRoutes,
          { element: <RequireAuth />, handle: SIGNED_IN_ONLY, children: datasetViewerSignedInRoutes },
          { element: <RequireAuth />, handle: SIGNED_IN_ONLY, children: modelSignedInRoutes },
          dashboardFallbackRoute,
        ],
      },
    ],
  },
];

/**
 * Loads the chunks and texts of the pages `pathname` (under /ulca) shows, so that a first render
 * replacing prerendered HTML commits the page itself, not its loading state
 * (docs/architecture.md#prerendered-pages). Resolves at once when no matched route has a preload.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  return Promise.all(routeMatches(pathname).map(({ handle, params }) => handle.preload?.(params)));
}

/** The routes `pathname` (under /ulca) matches, outermost first: each one's handle, path pattern and the path's params. */
function routeMatches(pathname: string): { handle: Partial<PreloadHandle>; path: string; params: Params }[] {
  return (matchRoutes(routes, pathname, BASENAME) ?? []).map((m) => ({
    handle: (m.route.handle ?? {}) as Partial<PreloadHandle>,
    path: m.route.path ?? '',
    params: m.params,
  }));
}

/**
 * True when a route `pathname` matches loads data for the server's render (PreloadHandle.prefetch)
 * and `pathname` is that page's canonical path (docs/architecture.md#prerendered-pages): exactly
 * the routes' patterns filled with its params (so no trailing slash, other letter case or
 * percent-encoded letters of the same page), with params every matched `canonical` accepts. Any
 * other path is sent as the plain app: a caller making up paths cannot make the server load data
 * or keep a page per path (docs/architecture.md#prerendered-pages).
 */
export function routeHasPrefetch(pathname: string): boolean {
  const matches = routeMatches(pathname);
  if (!matches.some(({ handle }) => !!handle.prefetch)) return false;
  const pattern = `/${matches.map((m) => m.path).join('/')}`;
  const params = matches[matches.length - 1].params;
  if (`${BASENAME}${generatePath(pattern, params)}` !== pathname) return false;
  return matches.every(({ handle, params }) => handle.canonical?.(params) ?? true);
}

/**
 * Loads into `client` the queries the first render of `pathname` reads (PreloadHandle.prefetch):
 * used by the server-side render only (src/prerender.tsx). Resolves when every one has settled.
 */
export function prefetchRoute(pathname: string, client: QueryClient): Promise<unknown> {
  return Promise.all(routeMatches(pathname).map(({ handle, params }) => handle.prefetch?.(client, params)));
}
