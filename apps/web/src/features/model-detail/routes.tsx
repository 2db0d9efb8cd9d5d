import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useTranslation, withTexts } from '../../lib/i18n/i18n.ts';

const ModelDetailPage = lazy(
  withTexts(['benchmarks', 'modelDetail', 'models', 'search', 'try'], () => import('./routes/ModelDetailPage.tsx')),
);

/** The page's loading state while its chunk arrives, in the interface language. */
function Loading() {
  const { t } = useTranslation();
  return <LoadingState label={t('common.loadingPage')} />;
}

/**
 * The public model page (docs/product.md#screens route table: /search-model/{srno}/{model?}), relative to the
 * '/ulca' basename; its own lazily loaded chunk (docs/architecture.md#web-app).
 */
export const modelDetailRoutes: RouteObject[] = [
  {
    path: 'search-model/:srno/:model?',
    element: (
      <Suspense fallback={<Loading />}>
        <ModelDetailPage />
      </Suspense>
    ),
  },
];
