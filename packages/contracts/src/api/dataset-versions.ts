/**
 * Dataset versions (docs/api.md#dataset-versions): a contributor submits a new zip of their own
 * dataset; each version is frozen once published (record set, counts, params, sha-256 of its
 * canonical export) and listed with the records added and removed against the previous one.
 */
import { z } from 'zod';

/** Paths of the version routes. */
export const DATASET_VERSIONS_API = {
  submit: '/ulca/apis/v0/dataset/version/submit',
  list: '/ulca/apis/v0/dataset/versions',
  /** GET …/download/:datasetId/:version (the frozen canonical export, JSON Lines). */
  download: '/ulca/apis/v0/dataset/version/download',
  /** GET …/cite/:datasetId/:version?format=bibtex|cff|datacite|croissant|card. */
  cite: '/ulca/apis/v0/dataset/version/cite',
  doi: '/ulca/apis/v0/dataset/version/doi',
} as const;

/** POST dataset/version/submit: a new zip of the caller's own dataset. */
export const versionSubmitBody = z.object({ datasetId: z.string().max(100), url: z.string().max(2000) });
export type VersionSubmitBody = z.infer<typeof versionSubmitBody>;
export const versionSubmitResponse = z.object({
  message: z.string(),
  data: z.object({ datasetId: z.string(), serviceRequestNumber: z.string() }),
});

export const DATASET_VERSION_STATUSES = ['Pending', 'Published', 'Identical', 'Failed'] as const;

/** A version (or a version submission still pending, identical to the previous, or failed: version null). */
export const datasetVersionSchema = z.object({
  version: z.number().int().nullable(),
  status: z.enum(DATASET_VERSION_STATUSES),
  serviceRequestNumber: z.string(),
  recordCount: z.number().int().nullable(),
  /** Records added and removed against the previous version (version 1: all added). */
  added: z.number().int().nullable(),
  removed: z.number().int().nullable(),
  /** sha-256 (hex) and size of the canonical export: one record's data a line, sorted keys, in record-id order. */
  exportSha256: z.string().nullable(),
  exportBytes: z.number().int().nullable(),
  downloadUrl: z.string().nullable(),
  params: z.unknown(),
  message: z.string().nullable(),
  doi: z.string().nullable(),
  createdOn: z.number(),
  frozenOn: z.number().nullable(),
});
export type DatasetVersion = z.infer<typeof datasetVersionSchema>;

/** GET dataset/versions?datasetId. */
export const versionListQuery = z.object({ datasetId: z.string().max(100) });
export const versionListResponse = z.object({
  datasetId: z.string(),
  datasetName: z.string(),
  datasetType: z.string(),
  versions: z.array(datasetVersionSchema),
});
export type VersionListResponse = z.infer<typeof versionListResponse>;

/** GET dataset/version/cite/:datasetId/:version?format. */
export const versionCiteQuery = z.object({ format: z.enum(['bibtex', 'cff', 'datacite', 'croissant', 'card']).default('bibtex') });
/**
 * A DOI as Crossref recommends matching modern DOIs (`/^10.\d{4,9}/[-._;()/:A-Z0-9]+$/i`, which
 * matches 99.3 % of registered ones): "10.", a 4-9 digit registrant, "/", then letters, digits and
 * `- . _ ; ( ) / :` only, so no brace, backslash, quote, space or angle bracket ever reaches a
 * citation (docs/api.md#cite-and-describe).
 */
export const DOI_PATTERN = /^10\.\d{4,9}\/[-._;()/:A-Za-z0-9]+$/;
/** Longest DOI accepted, characters. */
export const DOI_MAX_LENGTH = 200;
export const DOI_RULE_MESSAGE =
  'A DOI looks like 10.1234/abc-def: "10.", 4 to 9 digits, "/", then letters, digits and - . _ ; ( ) / : only.';

/** POST dataset/version/doi (the dataset's owner or an ADMIN); doi null clears it. */
export const versionDoiBody = z.object({
  datasetId: z.string().max(100),
  version: z.number().int().min(1),
  doi: z.string().trim().max(DOI_MAX_LENGTH).regex(DOI_PATTERN, DOI_RULE_MESSAGE).nullable(),
});
export type VersionDoiBody = z.infer<typeof versionDoiBody>;
