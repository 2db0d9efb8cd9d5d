import { z } from 'zod';

/**
 * Submit Dataset (docs/product.md#dataset-screens, docs/product.md#entities-and-fields, docs/product.md#validation-rules, docs/product.md#constants-and-limits): POST /ulca/apis/v0/dataset/corpus/submit. One source
 * for the server route, its service and the web form and api file.
 */

/** Path of the submit call. */
export const SUBMIT_DATASET_PATH = '/ulca/apis/v0/dataset/corpus/submit';
/** Longest dataset name in characters, after trimming (docs/product.md#constants-and-limits). */
export const DATASET_NAME_MAX = 256;
/** Longest dataset URL in characters. */
export const DATASET_URL_MAX = 4096;

/** Validation messages of docs/product.md#validation-rules "Dataset submit". */
export const SUBMIT_MESSAGES = {
  nameEmpty: 'Name cannot be empty',
  urlEmpty: 'URL cannot be empty',
  nameTooLong: 'Max 256 characters allowed',
  urlSpace: 'URL contains space in between',
  urlInvalid: 'Invalid URL',
  /** A well-formed ftp:// link: the downloader speaks http(s) only, so it is refused at once, not after queueing. */
  urlFtp: 'ftp links are not supported: share the zip file over http or https',
} as const;

/**
 * Request body. The name is trimmed, then limited to {@link DATASET_NAME_MAX} (400 VALIDATION_FAILED
 * with the spec's message); emptiness and the URL rules are checked by the server's service (and
 * by the web form) with the spec's messages.
 */
export const submitDatasetBody = z.object({
  datasetName: z.string().trim().max(DATASET_NAME_MAX, SUBMIT_MESSAGES.nameTooLong),
  url: z.string().max(DATASET_URL_MAX, SUBMIT_MESSAGES.urlInvalid),
  userId: z.string().max(64),
});
export type SubmitDatasetBody = z.infer<typeof submitDatasetBody>;

/** Response: `data.serviceRequestNumber` names the submission from then on; `timestamp` ISO 8601. */
export const submitDatasetResponse = z.object({
  message: z.string(),
  data: z.object({ serviceRequestNumber: z.string(), datasetId: z.string(), timestamp: z.string() }),
});
export type SubmitDatasetResponse = z.infer<typeof submitDatasetResponse>;

/** Error codes of the call besides the common ones: 400 VALIDATION_FAILED, 403 FORBIDDEN, 409 DATASET_NAME_TAKEN. */
export const SUBMIT_DATASET_ERRORS = ['VALIDATION_FAILED', 'FORBIDDEN', 'DATASET_NAME_TAKEN'] as const;
