import { z } from 'zod';
import { DATASET_TYPES } from '../enums.ts';

/**
 * Ready-made datasets (docs/product.md#ready-made-datasets "Ready-made datasets page"): the public list and
 * the admin's mark call. One source for the server route and service and the web api file.
 */

/** Path of the public list (GET, optional `datasetType` query). */
export const READY_MADE_LIST_PATH = '/ulca/apis/v0/dataset/readymade/list';
/** Path of the admin's mark/unmark call (POST). */
export const READY_MADE_MARK_PATH = '/ulca/apis/v0/dataset/readymade/mark';
/** Path of the public whole-dataset download (GET; path parameters :datasetId and :format). */
export const READY_MADE_DOWNLOAD_PATH = '/ulca/apis/v0/dataset/readymade/:datasetId/download.:format';

/** The download path of one ready-made dataset in `format` (json, jsonl or csv). */
export function readyMadeDownloadPath(datasetId: string, format: string): string {
  return `/ulca/apis/v0/dataset/readymade/${encodeURIComponent(datasetId)}/download.${format}`;
}

/** Query of the list: one dataset type, or all. */
export const readyMadeListQuery = z.object({ datasetType: z.enum(DATASET_TYPES).optional() });
/** Path parameters of the download. */
export const readyMadeDownloadParams = z.object({
  datasetId: z.string().max(64),
  format: z.string().max(16).describe('json, jsonl or csv'),
});

/** One dataset of the list. */
export const readyMadeItemSchema = z.object({
  datasetId: z.string(),
  serviceRequestNumber: z.string(),
  datasetName: z.string(),
  datasetType: z.string(),
  sourceLanguage: z.string().nullable(),
  /** Paired types (parallel, transliteration, glossary) only; null otherwise. */
  targetLanguage: z.string().nullable(),
  license: z.string().nullable(),
  domain: z.array(z.string()),
  submitterName: z.string().nullable(),
  /** When the dataset was published (its submission completed), ISO 8601. */
  publishedOn: z.string().nullable(),
  /** Records of the dataset (records whose dataset_ids hold it), counted when it was marked. */
  recordCount: z.number(),
  /** Path of the JSON download (`…/download.jsonl` and `…/download.csv` also exist). */
  downloadUrl: z.string(),
});
export type ReadyMadeItem = z.infer<typeof readyMadeItemSchema>;

/** Response of the list. */
export const readyMadeListResponse = z.object({ data: z.array(readyMadeItemSchema) });
export type ReadyMadeListResponse = z.infer<typeof readyMadeListResponse>;

/** Body of the mark call: `readyMade` true lists the dataset, false takes it off. */
export const readyMadeMarkBody = z.object({ serviceRequestNumber: z.string().min(1).max(64), readyMade: z.boolean() });
export type ReadyMadeMarkBody = z.infer<typeof readyMadeMarkBody>;

/** Answer of POST readymade/mark: the server's sentence. */
export const readyMadeMarkResponse = z.object({ message: z.string() });
export type ReadyMadeMarkResponse = z.infer<typeof readyMadeMarkResponse>;
