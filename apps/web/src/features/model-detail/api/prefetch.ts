import type { QueryClient } from '@tanstack/react-query';
import { initialTryLanguages } from '../lib/try-languages.ts';
import { modelQuery } from './model.ts';
import { transliterationModelQuery } from './shared-hooks.ts';
import { modelUptime7dQuery } from './uptime.ts';

/**
 * Loads what the model page of `modelId` first shows to a signed-out visitor (the model, public
 * once published, and its 7-day uptime; on the try view of a translation model, whether a
 * transliteration model types its first source language, which decides the panel's switch) into
 * `client`, for the server's render of the page (docs/architecture.md#prerendered-pages). Never
 * rejects: a failed query (an unknown or unpublished model answers 404) is left out.
 */
export async function prefetchModelPage(client: QueryClient, modelId: string, tryView: boolean): Promise<void> {
  await client.prefetchQuery({ ...modelQuery(modelId), retry: false });
  const model = client.getQueryData(modelQuery(modelId).queryKey);
  if (!model) return;
  const source = tryView && model.task.type === 'translation' ? initialTryLanguages('translation', model.languages).source : '';
  await Promise.all([
    client.prefetchQuery(modelUptime7dQuery(modelId)),
    source && source !== 'en' ? client.prefetchQuery(transliterationModelQuery(source)) : undefined,
  ]);
}
