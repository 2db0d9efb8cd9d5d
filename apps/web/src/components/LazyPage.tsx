import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { LoadingState } from './LoadingState.tsx';

/**
 * A route element for a lazily loaded page (each page is its own chunk, DESIGN.md §7), with its
 * own Suspense boundary ("Loading page…") so the routes work under any router.
 */
export function lazyPage(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
}
