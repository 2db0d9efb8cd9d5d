import type { QueryClient } from '@tanstack/react-query';
import { isModelTask, parseExploreTab } from '../lib/tasks.ts';
import { modelUptimeQuery } from './health.ts';
import { modelSearchQuery } from './search-models.ts';

/**
 * Loads what Explore Models first shows without a `?task` (the default tab's models and every
 * model's uptime) into `client`, for the server's render of the page
 * (docs/architecture.md#prerendered-pages). Never rejects: a failed query is left out.
 */
export function prefetchExploreModels(client: QueryClient): Promise<unknown> {
  const tab = parseExploreTab(null);
  return Promise.all([isModelTask(tab) && client.prefetchQuery(modelSearchQuery(tab)), client.prefetchQuery(modelUptimeQuery)]);
}
