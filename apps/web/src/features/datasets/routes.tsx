import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const SubmitDatasetPage = lazy(withTexts(['benchmarks', 'datasets', 'search'], () => import('./routes/SubmitDatasetPage.tsx')));
const SubmissionThanksPage = lazy(withTexts(['datasets'], () => import('./routes/SubmissionThanksPage.tsx')));
const MyContributionPage = lazy(withTexts(['benchmarks', 'datasets', 'search'], () => import('./routes/MyContributionPage.tsx')));
const DatasetStatusPage = lazy(withTexts(['benchmarks', 'datasets', 'search'], () => import('./routes/DatasetStatusPage.tsx')));

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
