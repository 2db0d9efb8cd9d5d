import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const SubmitDatasetPage = lazy(() => import('./routes/SubmitDatasetPage.tsx'));
const SubmissionThanksPage = lazy(() => import('./routes/SubmissionThanksPage.tsx'));
const MyContributionPage = lazy(() => import('./routes/MyContributionPage.tsx'));
const DatasetStatusPage = lazy(() => import('./routes/DatasetStatusPage.tsx'));

/**
 * The dataset screens (docs/product.md#dataset-screens), paths relative to the '/ulca' basename; mount them as children
 * of the signed-in layout.
 */
export const datasetRoutes: RouteObject[] = [
  { path: 'dataset/upload', element: page(SubmitDatasetPage) },
  { path: 'dataset/my-contribution/:added?', element: page(MyContributionPage) },
  { path: 'dataset/submission/:serviceRequestNumber', element: page(SubmissionThanksPage) },
  { path: ':type/submission/:reqno', element: page(SubmissionThanksPage) },
  { path: 'dataset-status/:id', element: page(DatasetStatusPage) },
];
