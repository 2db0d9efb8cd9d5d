import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const BenchmarkDatasetsPage = lazy(withTexts(['benchmarks', 'search'], () => import('./routes/BenchmarkDatasetsPage.tsx')));
const BenchmarkDetailsPage = lazy(withTexts(['benchmarks', 'search'], () => import('./routes/BenchmarkDetailsPage.tsx')));

/** The public benchmark pages (docs/product.md#screens), relative to '/ulca', each its own lazily loaded chunk (docs/architecture.md#web-app). */
export const benchmarkRoutes: RouteObject[] = [
  { path: 'model/benchmark-datasets', element: page(BenchmarkDatasetsPage) },
  { path: 'model/benchmark-details/:benchmarkId', element: page(BenchmarkDetailsPage) },
];
