import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import type { PreloadHandle } from '../../lib/route-preload.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const UploadModelPage = lazy(withTexts(['models'], () => import('./routes/UploadModelPage.tsx')));
const ModelThanksPage = lazy(withTexts(['models'], () => import('./routes/ModelThanksPage.tsx')));
const MyModelsPage = lazy(withTexts(['benchmarks', 'models', 'platformContent', 'search'], () => import('./routes/MyModelsPage.tsx')));
const loadExploreModels = withTexts(['models', 'search'], () => import('./routes/ExploreModelsPage.tsx'));
const ExploreModelsPage = lazy(loadExploreModels);

/** The public model pages (docs/product.md#screens), relative to '/ulca': Explore Models (with the health tab); the benchmark pages are features/benchmarks'. */
export const modelPublicRoutes: RouteObject[] = [
  // Prerendered (docs/architecture.md#prerendered-pages).
  {
    path: 'model/explore-models',
    element: page(ExploreModelsPage),
    handle: {
      preload: loadExploreModels,
      // The default tab's models and their uptime; the query modules stay out of the shell's chunk.
      prefetch: async (client) => (await import('./api/prefetch.ts')).prefetchExploreModels(client),
    } satisfies PreloadHandle,
  },
];

/** The signed-in model pages (docs/product.md#screens): submit, the thank-you page and My Models; mount under RequireAuth. */
export const modelSignedInRoutes: RouteObject[] = [
  { path: 'model/upload', element: page(UploadModelPage) },
  { path: 'model/submission/:modelId', element: page(ModelThanksPage) },
  { path: 'model/my-contribution/:added?', element: page(MyModelsPage) },
];
