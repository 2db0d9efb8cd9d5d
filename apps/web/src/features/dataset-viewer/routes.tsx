import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const DatasetViewerPage = lazy(withTexts(['search', 'viewer'], () => import('./routes/DatasetViewerPage.tsx')));
const SearchViewerPage = lazy(withTexts(['search', 'viewer'], () => import('./routes/SearchViewerPage.tsx')));

/** The public dataset viewer and a version's stable page, relative to '/ulca' (docs/product.md#dataset-viewer). */
export const datasetViewerRoutes: RouteObject[] = [
  { path: 'datasets/:datasetId', element: page(DatasetViewerPage) },
  { path: 'datasets/:datasetId/versions/:version', element: page(DatasetViewerPage) },
];

/** The records of a completed search, relative to '/ulca'; mount under the signed-in layout (docs/product.md#dataset-viewer). */
export const datasetViewerSignedInRoutes: RouteObject[] = [{ path: 'search-records/:srn', element: page(SearchViewerPage) }];
