import type { QueryClient } from '@tanstack/react-query';
import { buildSearchRequest, initialState } from '../lib/drilldown.ts';
import { storeSearchQuery } from './store-search.ts';

/**
 * Loads what the dashboard first shows (the bars of its initial view: parallel corpora per
 * language pair from English) into `client`, for the server's render of the page
 * (docs/architecture.md#prerendered-pages). Never rejects: a failed query is left out.
 */
export function prefetchDashboard(client: QueryClient): Promise<void> {
  return client.prefetchQuery(storeSearchQuery(buildSearchRequest(initialState())));
}
