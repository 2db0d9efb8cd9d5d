/**
 * The record search calls (docs/product.md#search-and-download, docs/product.md#entities-and-fields, docs/api.md#route-groups; see docs/api.md#search-and-download): submit a search, list
 * My Searches, read one search's status and download its files. Paths, bodies and answers shared
 * by the server's search feature, the web search pages and the OpenAPI document.
 */
import { z } from 'zod';

/** Paths of the search calls (`download` has the path parameters :serviceRequestNumber and :file). */
export const SEARCH_API = {
  submit: '/ulca/apis/v0/dataset/corpus/search',
  listByUserId: '/ulca/apis/v0/dataset/corpus/search/listByUserId',
  status: '/ulca/apis/v0/dataset/corpus/search/status',
  download: '/ulca/apis/v0/dataset/corpus/search/download/:serviceRequestNumber/:file',
} as const;

const languageList = z.array(z.string().max(20)).max(60).nullish();

/** Search criteria (docs/product.md#entities-and-fields): languages, basic filters and the advanced filters of the type in datasetFilterParams. */
export const searchCriteriaBody = z
  .object({
    sourceLanguage: languageList,
    targetLanguage: languageList,
    domain: z.array(z.string()).nullish(),
    collectionMethod: z.array(z.string()).nullish(),
    license: z.array(z.string()).nullish(),
    submitterName: z.array(z.string()).nullish(),
    multipleContributors: z.boolean().nullish(),
    originalSourceSentence: z.boolean().nullish(),
  })
  .catchall(z.unknown())
  .describe('Search criteria: languages, basic filters and the advanced filters of the type in datasetFilterParams');

/** Body of POST search: `userId` must be the caller. */
export const searchSubmitBody = z.object({ userId: z.string().max(100), datasetType: z.string().max(100), criteria: searchCriteriaBody });
export type SearchSubmitBody = z.input<typeof searchSubmitBody>;

/** Response of POST search: the new search's service request number. */
export const searchSubmitResponse = z.object({
  message: z.string(),
  data: z.object({ serviceRequestNumber: z.string(), datasetType: z.string() }),
});
export type SearchSubmitResponse = z.infer<typeof searchSubmitResponse>;

/** The statuses of a search (docs/product.md#states-and-transitions; 'Failed' is ours). */
export const SEARCH_STATUSES = ['In-Progress', 'Completed', 'Failed'] as const;

/**
 * A search as My Searches and the status call show it. Each status entry's `details` is JSON text
 * of {@link searchDetailsSchema} (the original ULCA client parses it).
 */
export const searchRow = z.object({
  serviceRequestNumber: z.string(),
  datasetType: z.string(),
  timestamp: z.string(),
  searchCriteria: z.record(z.string(), z.unknown()),
  status: z.array(z.object({ status: z.enum(SEARCH_STATUSES), details: z.string() })),
});
export type SearchRowRecord = z.infer<typeof searchRow>;

/** One download format of a completed search: links to the first 100 records and to every record. */
export const searchFileLinks = z.object({ sample: z.string(), all: z.string() });

/**
 * What a search status entry's `details` JSON text holds: `count` records matched,
 * `durationInSeconds` for speech types, a `message` (failure or no match), and the signed download
 * links per format; `sampleUrl`/`downloadUrl` (JSON format) and `datasetSample`/`dataset` (absolute)
 * are the names the original ULCA client reads.
 */
export const searchDetailsSchema = z.object({
  count: z.number().nullish(),
  durationInSeconds: z.number().nullish(),
  message: z.string().nullish(),
  sampleUrl: z.string().nullish(),
  downloadUrl: z.string().nullish(),
  datasetSample: z.string().nullish(),
  dataset: z.string().nullish(),
  files: z
    .object({
      json: searchFileLinks.optional(),
      jsonl: searchFileLinks.optional(),
      csv: searchFileLinks.optional(),
      parquet: searchFileLinks.optional(),
      zip: searchFileLinks.optional(),
    })
    .nullish(),
});
export type SearchDetails = z.infer<typeof searchDetailsSchema>;

/** Query of GET listByUserId: pages of 10 when startPage/endPage are given (1-based), else every row. */
export const searchListQuery = z.object({
  userId: z.string(),
  startPage: z.coerce.number().int().min(1).optional(),
  endPage: z.coerce.number().int().min(1).optional(),
});
export type SearchListQuery = z.infer<typeof searchListQuery>;

/** Response of GET listByUserId: the page, newest first, and the user's searches in all. */
export const searchListResponse = z.object({ data: z.array(searchRow), startPage: z.number(), totalCount: z.number() });

/** Query of GET status. */
export const searchStatusQuery = z.object({ serviceRequestNumber: z.string().max(40) });
/** Response of GET status. */
export const searchStatusResponse = z.object({ data: searchRow });

/** Path parameters and query of GET download (the signed link of a status answer). */
export const searchDownloadParams = z.object({ serviceRequestNumber: z.string().max(40), file: z.string().max(20) });
export const searchDownloadQuery = z.object({ expires: z.string().max(20).optional(), token: z.string().max(100).optional() });
