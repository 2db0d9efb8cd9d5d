import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';
import { useTranslation, withTexts } from '../../lib/i18n/i18n.ts';
import type { PreloadHandle } from '../../lib/route-preload.ts';
import { loadTryPanel } from './lib/load-try-panel.ts';

const loadModelDetail = withTexts(
  ['benchmarks', 'modelDetail', 'models', 'platformContent', 'search', 'try'],
  () => import('./routes/ModelDetailPage.tsx'),
);
const ModelDetailPage = lazy(loadModelDetail);

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
    // Rendered by the server with the model for a signed-out visitor (docs/architecture.md#prerendered-pages).
    handle: {
      // The try view (…/model) also needs the try panel's chunk before the app replaces the server's page.
      preload: (params) => Promise.all([loadModelDetail(), params.model === 'model' ? loadTryPanel() : undefined]),
      prefetch: async (client, params) =>
        (await import('./api/prefetch.ts')).prefetchModelPage(client, params.srno ?? '', params.model === 'model'),
      // The page and its try view: any other last segment (the owner's feedback view, made-up ones) gets the plain app.
      canonical: (params) => params.model === undefined || params.model === 'model',
    } satisfies PreloadHandle,
    element: (
      <Suspense fallback={<Loading />}>
        <ModelDetailPage />
      </Suspense>
    ),
  },
];
