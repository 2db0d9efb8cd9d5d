import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const SubmitDatasetPage = lazy(() => import('./routes/SubmitDatasetPage.tsx'));
const SubmissionThanksPage = lazy(() => import('./routes/SubmissionThanksPage.tsx'));
const MyContributionPage = lazy(() => import('./routes/MyContributionPage.tsx'));
const DatasetStatusPage = lazy(() => import('./routes/DatasetStatusPage.tsx'));

// Each page is its own chunk (DESIGN.md §7); Suspense here so the routes work under any router.
function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}

/**
 * The dataset screens (spec 01 §2), paths relative to the '/ulca' basename; mount them as children
 * of the signed-in layout.
 */
export const datasetRoutes: RouteObject[] = [
  { path: 'dataset/upload', element: page(SubmitDatasetPage) },
  { path: 'dataset/my-contribution/:added?', element: page(MyContributionPage) },
  { path: 'dataset/submission/:serviceRequestNumber', element: page(SubmissionThanksPage) },
  { path: ':type/submission/:reqno', element: page(SubmissionThanksPage) },
  { path: 'dataset-status/:id', element: page(DatasetStatusPage) },
];
