import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetFilterParamsSchema, masterEntrySchema } from '../lib/catalogue.ts';
import { searchKeys } from './keys.ts';

/** The masters the search form needs: the filter catalogue, the languages and the ASR data sources. */
export const SEARCH_MASTER_NAMES = ['datasetFilterParams', 'languages', 'mixedDatasrc'] as const;

/** Response of POST /ulca/mdms/v0/fetch-master/bulk for SEARCH_MASTER_NAMES (contracts.md "Master data"). */
export const searchOptionsSchema = z.object({
  data: z.object({
    datasetFilterParams: z.array(datasetFilterParamsSchema),
    languages: z.array(masterEntrySchema),
    mixedDatasrc: z
      .array(masterEntrySchema)
      .nullish()
      .transform((d) => d ?? []),
  }),
});
export type SearchOptions = z.infer<typeof searchOptionsSchema>['data'];

/** Fetches the filter catalogue and enumerations (public, unsigned). Throws ApiRequestError. */
export async function fetchSearchOptions(signal?: AbortSignal): Promise<SearchOptions> {
  const res = await apiRequest('POST', '/ulca/mdms/v0/fetch-master/bulk', {
    body: { masterNames: [...SEARCH_MASTER_NAMES] },
    signed: false,
    schema: searchOptionsSchema,
    signal,
  });
  return res.data;
}

/** Query hook: the catalogue, loaded once per session (master data does not change while the app runs). */
export function useSearchOptions() {
  return useQuery({ queryKey: searchKeys.options(), queryFn: ({ signal }) => fetchSearchOptions(signal), staleTime: Infinity, gcTime: Infinity });
}
