import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const DatasetViewerPage = lazy(() => import('./routes/DatasetViewerPage.tsx'));

const page = (
  <Suspense fallback={<LoadingState label="Loading page…" />}>
    <DatasetViewerPage />
  </Suspense>
);

/** The public dataset viewer and a version's stable page, relative to '/ulca' (docs/product.md#dataset-viewer). */
export const datasetViewerRoutes: RouteObject[] = [
  { path: 'datasets/:datasetId', element: page },
  { path: 'datasets/:datasetId/versions/:version', element: page },
];
