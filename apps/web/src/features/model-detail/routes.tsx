import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const ModelDetailPage = lazy(() => import('./routes/ModelDetailPage.tsx'));

/**
 * The public model page (spec 02 §2 route table: /search-model/{srno}/{model?}), relative to the
 * '/ulca' basename; its own lazily loaded chunk (DESIGN.md §7).
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
