import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { withTexts } from '../../lib/i18n/i18n.ts';
import { lazyPage as page } from '../../components/LazyPage.tsx';

const SearchAndDownloadPage = lazy(withTexts(['search'], () => import('./routes/SearchAndDownloadPage.tsx')));
const MySearchesPage = lazy(withTexts(['search'], () => import('./routes/MySearchesPage.tsx')));

/**
 * The search screens (docs/product.md#search-and-download), paths relative to the '/ulca' basename; mount them as children
 * of the signed-in layout.
 */
export const searchRoutes: RouteObject[] = [
  { path: 'search-and-download-rec/:params/:srno', element: page(SearchAndDownloadPage) },
  { path: 'search-and-download-rec/:params', element: page(SearchAndDownloadPage) },
  { path: 'my-searches/:added?', element: page(MySearchesPage) },
];
