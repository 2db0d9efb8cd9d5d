import { useTranslation } from '../lib/i18n/i18n.ts';
import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { LoadingState } from './LoadingState.tsx';

/** The fallback of a page still loading. */
function PageLoading() {
  const { t } = useTranslation();
  return <LoadingState label={t('common.loadingPage')} />;
}

/**
 * A route element for a lazily loaded page (each page is its own chunk, docs/architecture.md#web-app), with its
 * own Suspense boundary ("Loading page…") so the routes work under any router.
 */
export function lazyPage(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
