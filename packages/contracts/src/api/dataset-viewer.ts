/**
 * Dataset viewer (docs/api.md#dataset-viewer): a published dataset's records paged on the server
 * (100 a page) with its type's column filters, per-column summaries, and each record's media
 * streamed with Range requests. Public: published records are, as on the dashboard.
 */
import { z } from 'zod';

/** Paths of the viewer routes. */
export const DATASET_VIEWER_API = {
  records: '/ulca/apis/v0/dataset/viewer/records',
  summary: '/ulca/apis/v0/dataset/viewer/summary',
  /** GET …/media/:datasetId/:recordId (audio or image bytes; Range supported). */
  media: '/ulca/apis/v0/dataset/viewer/media',
  /** The records a completed search matched (owner or ADMIN), same answer as `records`. */
  searchRecords: '/ulca/apis/v0/dataset/viewer/search/records',
  /** Their per-column summary, same answer as `summary`. */
  searchSummary: '/ulca/apis/v0/dataset/viewer/search/summary',
} as const;

/** Records a viewer page holds. */
export const VIEWER_PAGE_SIZE = 100;

/** GET viewer/records: `after` (a record id, keyset: fast at any depth) or `page` (1-based). */
export const viewerRecordsQuery = z.object({
  datasetId: z.string().max(100),
  after: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'after must be a record id (64 hex digits).')
    .optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  sourceLanguage: z.string().max(20).optional(),
  targetLanguage: z.string().max(20).optional(),
  domain: z.string().max(100).optional(),
  collectionMethod: z.string().max(100).optional(),
});
export type ViewerRecordsQuery = z.infer<typeof viewerRecordsQuery>;

/** GET viewer/search/records: a completed search's records, by `after` or `page`, with the same column filters. */
export const searchRecordsQuery = viewerRecordsQuery.omit({ datasetId: true }).extend({ serviceRequestNumber: z.string().max(40) });
export type SearchRecordsQuery = z.infer<typeof searchRecordsQuery>;
/** GET viewer/search/summary?serviceRequestNumber. */
export const searchSummaryQuery = z.object({ serviceRequestNumber: z.string().max(40) });

/** A record in the viewer: id = hex sha-256 of its identity; submitters = every contributor of the merged record, first = original. */
export const viewerRecordSchema = z.object({
  id: z.string(),
  sourceLanguage: z.string(),
  targetLanguage: z.string().nullable(),
  domain: z.string(),
  collectionMethod: z.string(),
  durationSeconds: z.number().nullable(),
  submitters: z.array(z.string()),
  /** How many datasets contain this record (global de-duplication). */
  datasetCount: z.number().int(),
  /** Path of the record's audio or image on this server (viewer/media), null when it has none. */
  mediaUrl: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type ViewerRecord = z.infer<typeof viewerRecordSchema>;

export const viewerRecordsResponse = z.object({
  datasetId: z.string(),
  datasetName: z.string(),
  datasetType: z.string(),
  pageSize: z.number().int(),
  /** Page number when asked by page; null for a keyset page. */
  page: z.number().int().nullable(),
  /** The `after` of the next page, null on the last. */
  next: z.string().nullable(),
  records: z.array(viewerRecordSchema),
});
export type ViewerRecordsResponse = z.infer<typeof viewerRecordsResponse>;

/** GET viewer/summary?datasetId. */
export const viewerSummaryQuery = z.object({ datasetId: z.string().max(100) });
const valueCounts = z.array(z.object({ value: z.string(), count: z.number().int() }));
export const viewerSummaryResponse = z.object({
  datasetId: z.string(),
  datasetType: z.string(),
  records: z.number().int(),
  columns: z.object({
    sourceLanguage: valueCounts,
    targetLanguage: valueCounts,
    domain: valueCounts,
    collectionMethod: valueCounts,
    submitter: valueCounts,
  }),
  /** counts[i] = records with edges[i] ≤ value < edges[i + 1]; the last bin is open-ended. */
  histogram: z.object({ measure: z.enum(['characters', 'seconds']), edges: z.array(z.number()), counts: z.array(z.number().int()) }),
  computedOn: z.number(),
});
export type ViewerSummaryResponse = z.infer<typeof viewerSummaryResponse>;
