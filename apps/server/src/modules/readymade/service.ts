import type { DatasetType, ModelSearchBody, ReadyMadeCard, ReadyMadeItem } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import type { AuthUser } from '../../security/auth.ts';
import {
  clearReadyMade,
  getMarkable,
  getReadyMadeByDatasetId,
  isServiceRequestNumber,
  listReadyMade,
  setReadyMade,
  completedDemoSubmission,
  storeRecordCount,
  type ReadyMadeRow,
} from '../datasets/service.ts';
import { countDatasetRecords } from './repo.ts';

/**
 * Ready-made datasets (docs/product.md#ready-made-datasets "Ready-made datasets page"): published (Completed)
 * datasets that an ADMIN has marked ready-made, listed publicly; each card downloads the whole
 * dataset.
 */

/** Formats of the whole-dataset download. */
export const DOWNLOAD_FORMATS = ['json', 'jsonl', 'csv'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** One card of the public list (docs/api.md#ready-made-datasets). */
/** One dataset of the public list (the shape lives in @ulca/contracts). */
export type { ReadyMadeItem } from '@ulca/contracts';

export const MARKED_MESSAGE = 'The dataset is now listed as a ready-made dataset.';
export const UNMARKED_MESSAGE = 'The dataset is no longer listed as a ready-made dataset.';
export const NOT_COMPLETED_MESSAGE = 'Only a published (Completed) dataset can be marked ready-made.';
export const UNKNOWN_SUBMISSION_MESSAGE = 'No dataset submission with this service request number.';
export const NOT_READY_MADE_MESSAGE = 'No ready-made dataset with this id.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Path of a ready-made dataset's download in `format` (under /ulca, public). */
export function downloadPath(datasetId: string, format: DownloadFormat = 'json'): string {
  return `/ulca/apis/v0/dataset/readymade/${datasetId}/download.${format}`;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The card of a marked submission: languages, license, domains and submitter come from its
 * params.json (the dataset-level values; rows may override them, the card shows the dataset's).
 * `recordCount` must be known (see {@link listReadyMadeDatasets}).
 */
export function toReadyMadeItem(row: ReadyMadeRow, recordCount: number): ReadyMadeItem {
  const params = obj(row.params);
  const languages = obj(params.languages);
  const domain = Array.isArray(params.domain) ? params.domain.filter((d): d is string => typeof d === 'string') : [];
  return {
    datasetId: row.dataset_id,
    serviceRequestNumber: row.service_request_number,
    datasetName: row.dataset_name,
    datasetType: row.dataset_type,
    sourceLanguage: str(languages.sourceLanguage),
    targetLanguage: str(languages.targetLanguage),
    license: str(params.license),
    domain,
    submitterName: str(obj(params.submitter).name),
    publishedOn: row.completed_on ? row.completed_on.toISOString() : null,
    recordCount,
    downloadUrl: downloadPath(row.dataset_id),
  };
}

/**
 * GET /ulca/apis/v0/dataset/readymade/list: the ready-made datasets (of `datasetType` when given),
 * newest publication first. A marked row without a stored count (marked by hand in SQL) is counted
 * once and the count kept.
 */
export async function listReadyMadeDatasets(ctx: AppContext, datasetType?: string): Promise<ReadyMadeItem[]> {
  const rows = await listReadyMade(ctx, datasetType);
  const items: ReadyMadeItem[] = [];
  for (const row of rows) {
    let count = row.ready_made_record_count;
    if (count === null) {
      count = await countDatasetRecords(ctx.db, row.dataset_type, row.dataset_id);
      await storeRecordCount(ctx, row.dataset_id, count);
    }
    items.push(toReadyMadeItem(row, count));
  }
  return items;
}

/** True when a model/search filter value means "any": absent, null, '', [] or 'All' (what the original client sends). */
const isAny = (v: string | string[] | null | undefined): boolean =>
  v === undefined || v === null || v === '' || v === 'All' || (Array.isArray(v) && v.length === 0);
const asList = (v: string | string[] | null | undefined): string[] | undefined =>
  isAny(v) ? undefined : Array.isArray(v) ? v : [v as string];

/** A ready-made item as a model/search card (@ulca/contracts readyMadeCardSchema); `publicUrl` makes the download link absolute. */
export function toReadyMadeCard(item: ReadyMadeItem, publicUrl: string): ReadyMadeCard {
  return {
    modelId: item.datasetId,
    name: item.datasetName,
    description: `${item.recordCount} ${item.recordCount === 1 ? 'record' : 'records'}`,
    task: { type: item.datasetType },
    languages: [{ sourceLanguage: item.sourceLanguage, targetLanguage: item.targetLanguage }],
    domain: item.domain,
    license: item.license,
    submitter: { name: item.submitterName },
    publishedOn: item.publishedOn,
    refUrl: `${publicUrl}${item.downloadUrl}`,
    datasetId: item.datasetId,
    serviceRequestNumber: item.serviceRequestNumber,
    recordCount: item.recordCount,
    downloadUrl: item.downloadUrl,
  };
}

/**
 * POST /ulca/apis/v0/model/search with a dataset type as `task` (the original ULCA client's
 * ready-made page): the ready-made datasets of `datasetType` matching the body's filters
 * (sourceLanguage, targetLanguage, domain, submitter; see {@link isAny}), as model cards.
 */
export async function searchReadyMadeCards(ctx: AppContext, datasetType: DatasetType, body: ModelSearchBody): Promise<ReadyMadeCard[]> {
  const sources = asList(body.sourceLanguage);
  const targets = asList(body.targetLanguage);
  const domains = asList(body.domain);
  const items = await listReadyMadeDatasets(ctx, datasetType);
  return items
    .filter(
      (i) =>
        (!sources || (i.sourceLanguage !== null && sources.includes(i.sourceLanguage))) &&
        (!targets || (i.targetLanguage !== null && targets.includes(i.targetLanguage))) &&
        (!domains || i.domain.some((d) => domains.includes(d))) &&
        (isAny(body.submitter) || i.submitterName === body.submitter),
    )
    .map((i) => toReadyMadeCard(i, ctx.config.publicUrl));
}

/** What a mark or unmark did, for the audit trail. */
export interface MarkOutcome {
  message: string;
  /** False when the dataset already was in the requested state. */
  changed: boolean;
  datasetId: string;
  datasetName: string;
  /** The contributor who submitted the dataset. */
  ownerUserId: string;
  recordCount: number | null;
}

/**
 * POST /ulca/apis/v0/dataset/readymade/mark (ADMIN; the route checks the role). `readyMade: true`
 * lists the submission as ready-made and takes its record count; `false` takes it off the list.
 * Throws 404 NOT_FOUND for an unknown service request number and 400 NOT_COMPLETED when marking a
 * submission that is not Completed. Taking a dataset off the list is always allowed.
 */
export async function markReadyMade(
  ctx: AppContext,
  admin: AuthUser,
  body: { serviceRequestNumber: string; readyMade: boolean },
): Promise<MarkOutcome> {
  const srn = body.serviceRequestNumber.trim();
  const sub = isServiceRequestNumber(srn) ? await getMarkable(ctx, srn) : null;
  if (!sub) throw notFound(UNKNOWN_SUBMISSION_MESSAGE);
  const base = { datasetId: sub.dataset_id, datasetName: sub.dataset_name, ownerUserId: sub.user_id };
  if (!body.readyMade) {
    if (sub.is_ready_made) await clearReadyMade(ctx, srn);
    return { ...base, message: UNMARKED_MESSAGE, changed: sub.is_ready_made, recordCount: null };
  }
  if (sub.status !== 'Completed' || !sub.dataset_type) {
    throw new ApiError(400, 'NOT_COMPLETED', NOT_COMPLETED_MESSAGE, [{ field: 'serviceRequestNumber', message: NOT_COMPLETED_MESSAGE }]);
  }
  // Counted again on every mark: marking twice refreshes the count.
  const recordCount = await countDatasetRecords(ctx.db, sub.dataset_type, sub.dataset_id);
  if (!(await setReadyMade(ctx, srn, admin.userId, recordCount))) {
    throw new ApiError(400, 'NOT_COMPLETED', NOT_COMPLETED_MESSAGE, [{ field: 'serviceRequestNumber', message: NOT_COMPLETED_MESSAGE }]);
  }
  return { ...base, message: MARKED_MESSAGE, changed: !sub.is_ready_made, recordCount };
}

/**
 * The ready-made dataset `datasetId` for a download; 404 when the id is not a marked, published
 * dataset (unknown, never marked, or taken off the list), so unlisted data cannot be fetched.
 */
export async function readyMadeForDownload(ctx: AppContext, datasetId: string): Promise<ReadyMadeRow> {
  const row = UUID.test(datasetId) ? await getReadyMadeByDatasetId(ctx, datasetId) : null;
  if (!row) throw notFound(NOT_READY_MADE_MESSAGE);
  return row;
}

/** A safe attachment file name for the dataset: `ready-made-<name as a slug>.<format>` (ASCII letters, digits, dashes). */
export function downloadFileName(datasetName: string, format: DownloadFormat): string {
  const slug = datasetName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `ready-made-${slug || 'dataset'}.${format}`;
}

/**
 * Lists the bundled demo parallel dataset as ready-made once its pipeline has completed, so the
 * ready-made page (whose default tab is parallel-corpus) is not empty on a fresh install (issue
 * #8). Marked in the name of the admin account that submitted it; the other demo datasets are left
 * for an admin to mark, and any other submission is left alone. Returns true when it was marked.
 */
export async function markDemoReadyMade(ctx: AppContext, srn: string): Promise<boolean> {
  const demo = await completedDemoSubmission(ctx, srn);
  const sub = demo ? await getMarkable(ctx, srn) : null;
  if (!demo || sub?.dataset_type !== 'parallel-corpus' || sub.is_ready_made) return false;
  const recordCount = await countDatasetRecords(ctx.db, sub.dataset_type, sub.dataset_id);
  return setReadyMade(ctx, srn, demo.userId, recordCount);
}
