import { useQuery } from '@tanstack/react-query';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { GLOSSARY_API, glossaryChangeResponse, glossaryListResponse, type GlossaryEntry, type GlossaryListedEntry } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Which glossary: one of the user's apps (API keys) and a service provider. */
export interface GlossaryTarget {
  appName: string;
  serviceProviderName: string;
}

/** TanStack Query keys of the glossary feature. */
export const glossaryKeys = {
  list: (t: GlossaryTarget) => ['glossary', t.appName, t.serviceProviderName] as const,
};

/** A stored entry as fetch-all lists it. */
export type ListedGlossaryEntry = GlossaryListedEntry;

/** GET glossary/fetch-all?appName&serviceProviderName (signed): the app's entries, oldest first. Throws ApiRequestError (404 for an app the user has no key for). */
export async function fetchGlossary(t: GlossaryTarget, signal?: AbortSignal): Promise<ListedGlossaryEntry[]> {
  return (
    await apiRequest('GET', GLOSSARY_API.fetchAll, {
      query: { appName: t.appName, serviceProviderName: t.serviceProviderName },
      schema: glossaryListResponse,
      signal,
    })
  ).glossary;
}

/** Query hook: the glossary of `t`; disabled while the app or provider is missing. */
export function useGlossary(t: GlossaryTarget) {
  return useQuery({
    queryKey: glossaryKeys.list(t),
    queryFn: ({ signal }) => fetchGlossary(t, signal),
    enabled: !!t.appName && !!t.serviceProviderName,
  });
}

/** POST glossary/create (signed) with one entry; resolves with the server's message ('Glossary Added Successfully' or '… Updated …'). */
export async function addGlossaryEntry(t: GlossaryTarget, entry: GlossaryEntry): Promise<string | undefined> {
  return (await apiRequest('POST', GLOSSARY_API.create, { body: { ...t, glossary: [entry] }, schema: glossaryChangeResponse })).message;
}

/** POST glossary/delete (signed) with the entries to remove; resolves with the server's message (docs/product.md#messages texts). */
export async function deleteGlossaryEntries(t: GlossaryTarget, entries: ListedGlossaryEntry[]): Promise<string | undefined> {
  const glossary = entries.map(({ sourceLanguage, targetLanguage, sourceText, targetText }) => ({
    sourceLanguage,
    targetLanguage,
    sourceText,
    targetText,
  }));
  return (await apiRequest('POST', GLOSSARY_API.delete, { body: { ...t, glossary }, schema: glossaryChangeResponse })).message;
}

/** Mutation hook of {@link addGlossaryEntry}; refreshes the list. */
export function useAddGlossaryEntry(t: GlossaryTarget) {
  return useRefetchingMutation((entry: GlossaryEntry) => addGlossaryEntry(t, entry), glossaryKeys.list(t));
}

/** Mutation hook of {@link deleteGlossaryEntries}; refreshes the list. */
export function useDeleteGlossaryEntries(t: GlossaryTarget) {
  return useRefetchingMutation((entries: ListedGlossaryEntry[]) => deleteGlossaryEntries(t, entries), glossaryKeys.list(t));
}
