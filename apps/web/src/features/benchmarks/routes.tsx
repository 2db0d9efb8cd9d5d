import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import type { PreloadHandle } from '../../lib/route-preload.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const loadBenchmarkDatasets = withTexts(['benchmarks', 'platformContent', 'search'], () => import('./routes/BenchmarkDatasetsPage.tsx'));
const loadBenchmarkDetails = withTexts(['benchmarks', 'platformContent', 'search'], () => import('./routes/BenchmarkDetailsPage.tsx'));
const BenchmarkDatasetsPage = lazy(loadBenchmarkDatasets);
const BenchmarkDetailsPage = lazy(loadBenchmarkDetails);

/** A benchmark id (a uuid) in the one spelling the server answers with: lower case, hyphenated. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The public benchmark pages (docs/product.md#screens), relative to '/ulca', each its own lazily
 * loaded chunk (docs/architecture.md#web-app). Both are rendered by the server with their data for
 * a signed-out visitor (docs/architecture.md#prerendered-pages); the query modules stay out of the
 * shell's chunk.
 */
export const benchmarkRoutes: RouteObject[] = [
  {
    path: 'model/benchmark-datasets',
    element: page(BenchmarkDatasetsPage),
    handle: {
      preload: loadBenchmarkDatasets,
      prefetch: async (client) => (await import('./api/prefetch.ts')).prefetchBenchmarkList(client),
    } satisfies PreloadHandle,
  },
  {
    path: 'model/benchmark-details/:benchmarkId',
    element: page(BenchmarkDetailsPage),
    handle: {
      preload: loadBenchmarkDetails,
      prefetch: async (client, params) => (await import('./api/prefetch.ts')).prefetchBenchmark(client, params.benchmarkId ?? ''),
      // An id as PostgreSQL writes a uuid: it also reads upper case and braces, each another path of one page.
      canonical: (params) => CANONICAL_UUID.test(params.benchmarkId ?? ''),
    } satisfies PreloadHandle,
  },
];
