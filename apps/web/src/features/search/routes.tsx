import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingState } from '../../components/LoadingState.tsx';

const SearchAndDownloadPage = lazy(() => import('./routes/SearchAndDownloadPage.tsx'));
const MySearchesPage = lazy(() => import('./routes/MySearchesPage.tsx'));

// Each page is its own chunk (DESIGN.md §7); Suspense here so the routes work under any router.
function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}

/**
 * The search screens (spec 01 §2), paths relative to the '/ulca' basename; mount them as children
 * of the signed-in layout.
 */
export const searchRoutes: RouteObject[] = [
  { path: 'search-and-download-rec/:params/:srno', element: page(SearchAndDownloadPage) },
  { path: 'search-and-download-rec/:params', element: page(SearchAndDownloadPage) },
  { path: 'my-searches/:added?', element: page(MySearchesPage) },
];
