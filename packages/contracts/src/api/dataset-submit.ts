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

/** A rule of the submit fields: its key in {@link SUBMIT_MESSAGES} and in the catalogues' `datasets.validation` section. */
export type SubmitRule = keyof typeof SUBMIT_MESSAGES;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
// A domain name with at least one dot and an alphabetic top-level label (xn-- for IDN; the URL
// parser has turned an IDN host into punycode by then).
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i;

/**
 * The rule a dataset URL breaks, in the order a user fixes them (docs/product.md#validation-rules
 * "Dataset submit"): empty, whitespace inside, not an http/https/ftp address naming a host (a
 * domain name, localhost, IPv4 or bracketed IPv6), then ftp (well-formed, but the downloader speaks
 * http(s) only: refused now rather than after queueing). Null for a good URL. A shape check only:
 * whether the host may be fetched is the server's decision after DNS resolution (docs/api.md#conventions).
 */
export function datasetUrlProblem(value: string): 'urlEmpty' | 'urlSpace' | 'urlInvalid' | 'urlFtp' | null {
  const v = value.trim();
  if (v === '') return 'urlEmpty';
  if (/\s/.test(v)) return 'urlSpace';
  // new URL() accepts 'http:example.com'; the explicit '//' authority form is required.
  if (!/^(https?|ftp):\/\//i.test(v)) return 'urlInvalid';
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return 'urlInvalid';
  }
  const host = url.hostname;
  const ipv6 = host.startsWith('[') && host.endsWith(']'); // already checked by the URL parser
  if (!ipv6 && host !== 'localhost' && !IPV4.test(host) && !DOMAIN.test(host)) return 'urlInvalid';
  return url.protocol === 'ftp:' ? 'urlFtp' : null;
}

/** The dataset name rule: trimmed, required, at most {@link DATASET_NAME_MAX} characters, with the spec's messages. */
export const datasetNameSchema = z.string().trim().min(1, SUBMIT_MESSAGES.nameEmpty).max(DATASET_NAME_MAX, SUBMIT_MESSAGES.nameTooLong);

/**
 * The dataset URL rule ({@link datasetUrlProblem}): trimmed; one issue with the spec's message and
 * `params.rule`, the catalogue key of the broken rule.
 */
export const datasetUrlSchema = z
  .string()
  .max(DATASET_URL_MAX, SUBMIT_MESSAGES.urlInvalid)
  .trim()
  .superRefine((v, ctx) => {
    const rule = datasetUrlProblem(v);
    if (rule) ctx.addIssue({ code: 'custom', message: SUBMIT_MESSAGES[rule], params: { rule } });
  });

/**
 * Request body: the name and URL rules above, checked once by the route's schema (400
 * VALIDATION_FAILED with the first broken rule's message; docs/api.md#errors); the web form uses
 * the same two schemas.
 */
export const submitDatasetBody = z.object({
  datasetName: datasetNameSchema,
  url: datasetUrlSchema,
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
