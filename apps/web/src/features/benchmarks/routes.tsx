import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const BenchmarkDatasetsPage = lazy(() => import('./routes/BenchmarkDatasetsPage.tsx'));
const BenchmarkDetailsPage = lazy(() => import('./routes/BenchmarkDetailsPage.tsx'));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}

/** The public benchmark pages (spec 02 §2), relative to '/ulca', each its own lazily loaded chunk (DESIGN.md §7). */
export const benchmarkRoutes: RouteObject[] = [
  { path: 'model/benchmark-datasets', element: page(BenchmarkDatasetsPage) },
  { path: 'model/benchmark-details/:benchmarkId', element: page(BenchmarkDetailsPage) },
];
