import { z } from 'zod';
import { DATASET_TYPES } from '../enums.ts';

/**
 * Request and response schemas of the dashboard metrics API (docs/product.md#entities-and-fields "Dashboard search
 * request", docs/api.md#route-groups; docs/api.md#dashboard-and-dataset-metrics-ulcadata-metricv0store). Objects are strict: an unknown field is a
 * 400 with field errors, never silently ignored.
 */

/** Dimensions a dashboard query can filter on (criterions) or group by (groupby), as ULCA names them. */
export const METRIC_FIELDS = [
  'sourceLanguage',
  'targetLanguage',
  'domains',
  'collectionMethod_collectionDescriptions',
  'primarySubmitterName',
] as const;
export type MetricField = (typeof METRIC_FIELDS)[number];

const field = z.enum(METRIC_FIELDS);

/**
 * One filter: records whose `field` equals `value` (language filters are symmetric for pair types,
 * see the server's metrics service). A null or empty `value` means no filter on that field: the original ULCA
 * dashboard sends `{"field": "sourceLanguage", "value": null}` at level 0 and `targetLanguage: ""`
 * when drilling into a single-language type.
 */
export const criterionSchema = z.strictObject({ field, value: z.string().max(200).nullish() });

/** The grouping of the bars; `value` is always null (ULCA sends it). */
export const groupBySchema = z.strictObject({ field, value: z.null().optional() });

export { STORE_REPORT_DATA_PATH, STORE_REPORTS_PATH, STORE_SEARCH_PATH } from './metrics-paths.ts';

/** Body of POST /ulca/data-metric/v0/store/search. */
export const storeSearchBody = z.strictObject({
  type: z.enum(DATASET_TYPES),
  criterions: z
    .array(criterionSchema)
    .max(METRIC_FIELDS.length)
    .nullish()
    // Criterions without a value are dropped here, so the service sees only real filters.
    .transform((list) => list?.flatMap((c) => (c.value ? [{ field: c.field, value: c.value }] : []))),
  groupby: z.array(groupBySchema).max(1, 'Only one grouping is supported.').nullish(),
});
export type StoreSearchBody = z.infer<typeof storeSearchBody>;
/** The body as a client sends it (criterions and groupby may be null). */
export type StoreSearchRequestBody = z.input<typeof storeSearchBody>;

/** One bar of the chart: `_id` is the raw key (language code, domain code, method code, submitter name). */
export const dataPointSchema = z.object({ label: z.string(), value: z.number(), _id: z.string() });
export type DataPoint = z.infer<typeof dataPointSchema>;

/**
 * Response of store/search. `value`s are records (sentences, images…) or hours (seconds / 3600,
 * 3 decimals) for asr-corpus, asr-unlabeled-corpus and tts-corpus, sorted by value descending.
 * `count` is the total of the bars shown (the selection), `totalCount` the total of the whole
 * dataset type, both in the same unit.
 */
export const storeSearchResponse = z.object({ data: z.array(dataPointSchema), count: z.number(), totalCount: z.number() });
export type StoreSearchResponse = z.infer<typeof storeSearchResponse>;

/** Body of POST /ulca/data-metric/v0/store/reports: empty. */
export const storeReportsBody = z.strictObject({});

/**
 * One Dataset Metrics row: one combination of dimensions with published records. Languages,
 * domains and collection methods are codes; `targetLanguage` is '' for single-language types.
 * `count` = records; `total` = hours (3 decimals) for speech types, else records.
 */
export const metricReportRowSchema = z.object({
  datasetType: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string(),
  domains: z.string(),
  collectionMethod_collectionDescriptions: z.string(),
  primarySubmitterName: z.string(),
  count: z.number(),
  total: z.number(),
});
export type MetricReportRow = z.infer<typeof metricReportRowSchema>;

export const storeReportsResponse = z.object({ data: z.array(metricReportRowSchema) });
