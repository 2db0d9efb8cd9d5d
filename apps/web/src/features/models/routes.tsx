import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const UploadModelPage = lazy(withTexts(['models'], () => import('./routes/UploadModelPage.tsx')));
const ModelThanksPage = lazy(withTexts(['models'], () => import('./routes/ModelThanksPage.tsx')));
const MyModelsPage = lazy(withTexts(['benchmarks', 'models', 'search'], () => import('./routes/MyModelsPage.tsx')));
const ExploreModelsPage = lazy(withTexts(['models', 'search'], () => import('./routes/ExploreModelsPage.tsx')));

/** The public model pages (docs/product.md#screens), relative to '/ulca': Explore Models (with the health tab); the benchmark pages are features/benchmarks'. */
export const modelPublicRoutes: RouteObject[] = [{ path: 'model/explore-models', element: page(ExploreModelsPage) }];

/** The signed-in model pages (docs/product.md#screens): submit, the thank-you page and My Models; mount under RequireAuth. */
export const modelSignedInRoutes: RouteObject[] = [
  { path: 'model/upload', element: page(UploadModelPage) },
  { path: 'model/submission/:modelId', element: page(ModelThanksPage) },
  { path: 'model/my-contribution/:added?', element: page(MyModelsPage) },
];
