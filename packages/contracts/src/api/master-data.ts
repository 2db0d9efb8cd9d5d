/**
 * The master-data calls (docs/api.md#master-data-ulcamdmsv0): POST fetch-master/bulk
 * answers the named lists of master-data/index.ts, GET app-config the web app's start-up data.
 * Paths, bodies and answers shared by the server's master-data feature, the web search form and
 * the OpenAPI document.
 */
import { z } from 'zod';

/** Paths of the master-data calls (public). */
export const MASTER_API = {
  bulk: '/ulca/mdms/v0/fetch-master/bulk',
  appConfig: '/ulca/mdms/v0/app-config',
} as const;

/** Most names one bulk call may ask for (there are fewer than 30). */
export const MASTER_BULK_MAX_NAMES = 100;

/** Body of POST fetch-master/bulk: the names of the lists wanted (MASTER_NAMES; an unknown name is a 400). */
export const masterBulkBody = z.object({ masterNames: z.array(z.string().max(100)).min(1).max(MASTER_BULK_MAX_NAMES) });
export type MasterBulkBody = z.input<typeof masterBulkBody>;

/** Response of POST fetch-master/bulk: each asked-for name and its list (shapes per name below). */
export const masterBulkResponse = z.object({ data: z.record(z.string(), z.unknown()) });

/** An entry of an enumeration master (MasterEntry): `code` is a number only for numeric lists (sampling rates). */
export const masterEntrySchema = z.object({ code: z.union([z.string(), z.number()]), label: z.string(), active: z.boolean() });

/** One choice of a catalogue filter: `value` is what the search payload carries, `label` what the user reads. */
export const filterOptionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });

/** One filter of the catalogue (DatasetFilter): its criteria field, placement, input kind, parent collection method and choices. */
export const datasetFilterSchema = z.object({
  value: z.string(),
  label: z.string(),
  filterType: z.enum(['language', 'basic', 'advance']),
  active: z.boolean(),
  input: z.enum(['single-select', 'multi-select', 'string']),
  type: z.enum(['array', 'text', 'number']),
  parent: z.string().nullable(),
  options: z.array(filterOptionSchema),
});

/** The catalogue entry of a dataset type (master `datasetFilterParams`); `code` and `values` repeat it in the original ULCA shape. */
export const datasetFilterParamsSchema = z.object({
  datasetType: z.string(),
  label: z.string(),
  active: z.boolean(),
  filters: z.array(datasetFilterSchema),
  code: z.string(),
  values: z.array(z.unknown()).describe('The filters in the original ULCA shape'),
});

/** The masters the web search form asks fetch-master/bulk for: the filter catalogue, the languages and the ASR data sources. */
export const SEARCH_MASTER_NAMES = ['datasetFilterParams', 'languages', 'mixedDatasrc'] as const;

/** Response of POST fetch-master/bulk for {@link SEARCH_MASTER_NAMES}: {@link masterBulkResponse} with those lists. */
export const searchMastersResponse = z.object({
  data: z.object({
    datasetFilterParams: z.array(datasetFilterParamsSchema),
    languages: z.array(masterEntrySchema),
    mixedDatasrc: z.array(masterEntrySchema),
  }),
});
export type SearchMastersResponse = z.infer<typeof searchMastersResponse>;

/** Response of GET app-config: the active languages and the feedback questions. */
export const appConfigResponse = z.object({
  data: z.object({
    languages: z.array(z.object({ code: z.string(), label: z.string() })),
    feedbackQns: z.array(z.object({ code: z.string(), question: z.string() })),
  }),
});
