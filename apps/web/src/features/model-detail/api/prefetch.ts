import type { QueryClient } from '@tanstack/react-query';
import { modelQuery } from './model.ts';
import { modelUptime7dQuery } from './uptime.ts';

/**
 * Loads what the model page of `modelId` first shows to a signed-out visitor (the model, public
 * once published, and its 7-day uptime) into `client`, for the server's render of the page
 * (docs/architecture.md#prerendered-pages). Never rejects: a failed query (an unknown or
 * unpublished model answers 404) is left out.
 */
export async function prefetchModelPage(client: QueryClient, modelId: string): Promise<void> {
  await client.prefetchQuery({ ...modelQuery(modelId), retry: false });
  if (client.getQueryData(modelQuery(modelId).queryKey)) await client.prefetchQuery(modelUptime7dQuery(modelId));
}
