import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { GLOSSARY_API, type GlossaryEntry } from '@ulca/contracts';
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

const listedEntry = z.object({ sourceLanguage: z.string(), targetLanguage: z.string(), sourceText: z.string(), targetText: z.string(), createdOn: z.string().nullish() });
export type ListedGlossaryEntry = z.infer<typeof listedEntry>;
const listSchema = z.object({ message: z.string().optional(), glossary: z.array(listedEntry).nullish().transform((g) => g ?? []) });
const changeSchema = z.object({ message: z.string().optional(), count: z.number().optional() });

/** GET glossary/fetch-all?appName&serviceProviderName (signed): the app's entries, oldest first. Throws ApiRequestError (404 for an app the user has no key for). */
export async function fetchGlossary(t: GlossaryTarget, signal?: AbortSignal): Promise<ListedGlossaryEntry[]> {
  return (await apiRequest('GET', GLOSSARY_API.fetchAll, { query: { appName: t.appName, serviceProviderName: t.serviceProviderName }, schema: listSchema, signal })).glossary;
}

/** Query hook: the glossary of `t`; disabled while the app or provider is missing. */
export function useGlossary(t: GlossaryTarget) {
  return useQuery({ queryKey: glossaryKeys.list(t), queryFn: ({ signal }) => fetchGlossary(t, signal), enabled: !!t.appName && !!t.serviceProviderName });
}

/** POST glossary/create (signed) with one entry; resolves with the server's message ('Glossary Added Successfully' or '… Updated …'). */
export async function addGlossaryEntry(t: GlossaryTarget, entry: GlossaryEntry): Promise<string | undefined> {
  return (await apiRequest('POST', GLOSSARY_API.create, { body: { ...t, glossary: [entry] }, schema: changeSchema })).message;
}

/** POST glossary/delete (signed) with the entries to remove; resolves with the server's message (spec 02 §8 texts). */
export async function deleteGlossaryEntries(t: GlossaryTarget, entries: ListedGlossaryEntry[]): Promise<string | undefined> {
  const glossary = entries.map(({ sourceLanguage, targetLanguage, sourceText, targetText }) => ({ sourceLanguage, targetLanguage, sourceText, targetText }));
  return (await apiRequest('POST', GLOSSARY_API.delete, { body: { ...t, glossary }, schema: changeSchema })).message;
}

/** Mutation hook of {@link addGlossaryEntry}; refreshes the list. */
export function useAddGlossaryEntry(t: GlossaryTarget) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (entry: GlossaryEntry) => addGlossaryEntry(t, entry), onSuccess: () => qc.invalidateQueries({ queryKey: glossaryKeys.list(t) }) });
}

/** Mutation hook of {@link deleteGlossaryEntries}; refreshes the list. */
export function useDeleteGlossaryEntries(t: GlossaryTarget) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (entries: ListedGlossaryEntry[]) => deleteGlossaryEntries(t, entries), onSuccess: () => qc.invalidateQueries({ queryKey: glossaryKeys.list(t) }) });
}
