import { checkLinkParts, signLinkParts } from '../../lib/signed-link.ts';

/** Files a search writes: a sample (first SAMPLE_RECORDS records) and all records, per format. */
export const SEARCH_FILE_VARIANTS = ['sample', 'all'] as const;
export type SearchFileVariant = (typeof SEARCH_FILE_VARIANTS)[number];
export const SEARCH_FILE_FORMATS = ['json', 'jsonl', 'csv', 'parquet', 'zip'] as const;
export type SearchFileFormat = (typeof SEARCH_FILE_FORMATS)[number];

/** Records in the sample files (docs/product.md#screens: Download Sample). */
export const SAMPLE_RECORDS = 100;
/** Validity of a download link (docs/api.md: one hour). */
export const DOWNLOAD_LINK_SECONDS = 3600;

/** Object-store key of a search file, e.g. `searches/1700000000000123/all.json`. */
export function searchFileKey(srn: string, variant: SearchFileVariant, format: SearchFileFormat): string {
  return `searches/${srn}/${variant}.${format}`;
}

const parts = (srn: string, file: string, userId: string) => ['search-download', srn, file, userId];

/**
 * The download path of a search file for its owner: `/ulca/apis/v0/dataset/corpus/search/download/
 * {srn}/{variant}.{format}?expires=&token=`, the token an HMAC over (srn, file, owner, expiry)
 * (lib/signed-link.ts), valid DOWNLOAD_LINK_SECONDS.
 */
export function searchDownloadUrl(secret: Buffer, srn: string, file: string, ownerId: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + DOWNLOAD_LINK_SECONDS;
  const token = signLinkParts(secret, parts(srn, file, ownerId), expires);
  return `/ulca/apis/v0/dataset/corpus/search/download/${srn}/${file}?expires=${expires}&token=${token}`;
}

/** True when (`expires`, `token`) is a valid, unexpired link to `file` of `srn` signed for `ownerId`. */
export function checkSearchDownload(
  secret: Buffer,
  srn: string,
  file: string,
  ownerId: string,
  expires: number,
  token: string,
  now = Date.now(),
): boolean {
  return checkLinkParts(secret, parts(srn, file, ownerId), expires, token, now);
}
