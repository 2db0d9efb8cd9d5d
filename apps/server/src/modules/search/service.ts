/**
 * Search and download (docs/product.md#search-and-download, docs/product.md#entities-and-fields, docs/product.md#states-and-transitions, docs/product.md#validation-rules, docs/api.md#route-groups; docs/api.md#search-and-download):
 * submitting a search, My Searches, the status of one search and its download links.
 */
import { isAudioDatasetType, validateSearchCriteria } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { QUEUES } from '../../jobs/queues.ts';
import type { AuthUser } from '../../security/auth.ts';
import { secretKey } from '../../security/crypto.ts';
import { isServiceRequestNumber, newServiceRequestNumber } from '../datasets/service.ts';
import { SEARCH_FAILED_MESSAGE } from './exporter.ts';
import { searchDownloadUrl } from './links.ts';
import { completedSearch, type CompletedSearch as Completed } from './matched-records.ts';
import { failSearch, getSearch, insertSearch, listSearches, type SearchRequestRow } from './repo.ts';

/** The export job body, for its queue handler (export-job.ts). */
export { runSearchExport, type SearchExportJobData } from './exporter.ts';
/** Streams records to a CSV/JSON export in the object store (the ready-made download uses it). */
export { writeRecordsExport } from './export-writer.ts';
/** The records a completed search matched, for the dataset viewer (docs/api.md#dataset-viewer "Search records"). */
export { matchedRecordsAggregates, matchedRecordsPage, SEARCH_NOT_COMPLETED, type CompletedSearch } from './matched-records.ts';
export type { MatchedRecordFilters } from './record-query.ts';

/** Marks search `srn` Failed with the message for a failure the user cannot fix (the export's last attempt failed). */
/** What the job log reports when an export attempt ends (jobs/retry.ts): the search's status and record count. */
export async function searchExportSummary(ctx: AppContext, srn: string): Promise<Record<string, unknown>> {
  const s = await getSearch(ctx.db, srn);
  return { status: s?.status ?? null, records: s?.record_count ?? null };
}

export async function failSearchExport(ctx: AppContext, srn: string): Promise<void> {
  await failSearch(ctx.db, srn, SEARCH_FAILED_MESSAGE);
}

/** Rows per page of My Searches (docs/product.md#constants-and-limits). */
export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_SUBMITTED_MESSAGE = 'Your search query has been submitted';
export const NO_SEARCH_MESSAGE = 'No search with this service request number.';

/** The details of a search's status entry (serialised as a JSON string in SearchRow.status[0].details). */
export interface SearchDetails {
  count: number;
  durationInSeconds?: number;
  message?: string;
  sampleUrl?: string;
  downloadUrl?: string;
  files?: Record<string, { sample: string; all: string }>;
  /** The JSON sample and full download as absolute URLs (PUBLIC_URL + path): the names the original ULCA client reads and links to. */
  datasetSample?: string;
  dataset?: string;
}

/** A search as My Searches and the status call show it (docs/api.md SearchRow). */
export interface SearchRow {
  serviceRequestNumber: string;
  datasetType: string;
  timestamp: string;
  searchCriteria: Record<string, unknown>;
  status: { status: 'In-Progress' | 'Completed' | 'Failed'; details: string }[];
}

const isAdmin = (user: AuthUser) => user.roles.includes('ADMIN');

/**
 * Submits a search: `userId` must be the caller (403); criteria are checked against the filter
 * catalogue (400 with field errors, the form's messages); the search is stored In-Progress and the
 * search-export job queued. Returns the new service request number.
 */
export async function submitSearch(
  ctx: AppContext,
  user: AuthUser,
  body: { userId: string; datasetType: string; criteria: Record<string, unknown> },
): Promise<{ serviceRequestNumber: string; datasetType: string }> {
  if (body.userId !== user.userId) throw forbidden('You can only search as yourself.');
  const checked = validateSearchCriteria(body.datasetType, body.criteria);
  if (!checked.ok) throw badRequest('VALIDATION_FAILED', checked.errors[0].message, checked.errors);
  const srn = newServiceRequestNumber();
  await insertSearch(ctx.db, {
    srn,
    userId: user.userId,
    datasetType: body.datasetType,
    criteria: { ...body.criteria, datasetType: body.datasetType },
  });
  await ctx.boss.send(QUEUES.searchExport, { serviceRequestNumber: srn }, { singletonKey: srn });
  return { serviceRequestNumber: srn, datasetType: body.datasetType };
}

/**
 * The criteria as My Searches shows them: datasetType first, then the stored criteria without the
 * ones given as null. The original ULCA client needs both: it takes the dataset type from the
 * first criterion it lists, and it maps every language criterion it finds (a null one, which it
 * sends itself for single-language types, would break its page). The stored jsonb keeps no key order.
 */
function listedCriteria(row: SearchRequestRow): Record<string, unknown> {
  const given = Object.entries(row.criteria).filter(([k, v]) => k !== 'datasetType' && v !== null && v !== undefined);
  return { datasetType: row.dataset_type, ...Object.fromEntries(given) };
}

/** The SearchRow of `row`, with download links signed for its owner (valid one hour). */
export function toSearchRow(ctx: AppContext, row: SearchRequestRow, now = Date.now()): SearchRow {
  const details: SearchDetails = { count: row.record_count ?? 0 };
  if (row.status === 'Completed') {
    if (isAudioDatasetType(row.dataset_type)) details.durationInSeconds = row.duration_seconds ?? 0;
    if (row.record_count === 0) details.message = 'No records match this search.';
    const secret = secretKey(ctx.config);
    const link = (file: string) => searchDownloadUrl(secret, row.service_request_number, file, row.user_id, now);
    details.files = {};
    for (const format of row.files) details.files[format] = { sample: link(`sample.${format}`), all: link(`all.${format}`) };
    if (details.files.json) {
      details.sampleUrl = details.files.json.sample;
      details.downloadUrl = details.files.json.all;
      // The original client may be served from another origin: its links must name this server.
      details.datasetSample = `${ctx.config.publicUrl}${details.sampleUrl}`;
      details.dataset = `${ctx.config.publicUrl}${details.downloadUrl}`;
    }
  } else if (row.status === 'Failed') {
    details.message = row.message ?? 'The search failed.';
  }
  return {
    serviceRequestNumber: row.service_request_number,
    datasetType: row.dataset_type,
    timestamp: row.created_on.toISOString(),
    searchCriteria: listedCriteria(row),
    status: [{ status: row.status, details: JSON.stringify(details) }],
  };
}

/**
 * My Searches: the searches of `q.userId` (the caller's own, unless ADMIN: 403 otherwise),
 * newest first; with startPage/endPage (1-based, inclusive) pages of 10, else every row.
 */
export async function listUserSearches(ctx: AppContext, user: AuthUser, q: { userId: string; startPage?: number; endPage?: number }) {
  if (q.userId !== user.userId && !isAdmin(user)) throw forbidden('You can only list your own searches.');
  const start = q.startPage ?? q.endPage;
  const end = Math.max(q.endPage ?? start ?? 1, start ?? 1);
  const paged = start !== undefined;
  const { rows, count } = await listSearches(
    ctx.db,
    q.userId,
    paged ? (end - start + 1) * SEARCH_PAGE_SIZE : null,
    paged ? (start - 1) * SEARCH_PAGE_SIZE : 0,
  );
  const now = Date.now();
  return { data: rows.map((r) => toSearchRow(ctx, r, now)), startPage: start ?? 1, totalCount: count };
}

/** The search `srn` if `user` owns it or is ADMIN; otherwise 404, so others learn nothing. */
export async function visibleSearch(ctx: AppContext, user: AuthUser, srn: string): Promise<SearchRequestRow> {
  const row = isServiceRequestNumber(srn) ? await getSearch(ctx.db, srn) : null;
  if (!row || (row.user_id !== user.userId && !isAdmin(user))) throw notFound(NO_SEARCH_MESSAGE);
  return row;
}

/** Status of one search (owner or ADMIN; 404 otherwise). */
export async function searchStatus(ctx: AppContext, user: AuthUser, srn: string): Promise<{ data: SearchRow }> {
  return { data: toSearchRow(ctx, await visibleSearch(ctx, user, srn)) };
}

/**
 * The completed search `srn` for the viewer of its records (docs/api.md#dataset-viewer "Search
 * records"): owner or ADMIN, else 404 NO_SEARCH_MESSAGE; 409 SEARCH_NOT_COMPLETED while it runs or
 * when it failed.
 */
export async function completedSearchOf(ctx: AppContext, user: AuthUser, srn: string): Promise<Completed> {
  return completedSearch(await visibleSearch(ctx, user, srn));
}
