import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const ModelDetailPage = lazy(() => import('./routes/ModelDetailPage.tsx'));

/**
 * The public model page (docs/product.md#screens route table: /search-model/{srno}/{model?}), relative to the
 * '/ulca' basename; its own lazily loaded chunk (docs/architecture.md#web-app).
 */
export const modelDetailRoutes: RouteObject[] = [
  {
    path: 'search-model/:srno/:model?',
    element: (
      <Suspense fallback={<LoadingState label="Loading page…" />}>
        <ModelDetailPage />
      </Suspense>
    ),
  },
];
