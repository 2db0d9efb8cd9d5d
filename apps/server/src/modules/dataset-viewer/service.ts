/**
 * The dataset viewer (docs/api.md#dataset-viewer, docs/product.md#dataset-viewer): a published
 * dataset's records paged on the server, 100 a page, with its type's column filters; per-column
 * summaries (counts by language, domain, collection method and original submitter; a histogram of
 * text length or audio duration), computed in one scan and cached until the record set changes;
 * and each record's audio or image streamed from the object store (Range requests supported).
 * Published records are public, as on the dashboard. Other features import this file only.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  VIEWER_PAGE_SIZE,
  DATASET_VIEWER_API,
  type ViewerRecord,
  type SearchRecordsQuery,
  type ViewerRecordsQuery,
  type ViewerRecordsResponse,
  type ViewerSummaryResponse,
} from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, notFound } from '../../lib/errors.ts';
import { sendObject } from '../../storage/send-object.ts';
import type { AuthUser } from '../../security/auth.ts';
import * as datasets from '../datasets/service.ts';
import * as search from '../search/service.ts';
import * as repo from './repo.ts';

/** The 404 text of a dataset that does not exist or is not published. */
export const DATASET_NOT_FOUND = 'No published dataset with this datasetId.';
/** Dataset types whose records carry an audio duration (histogram in seconds). */
const AUDIO_TYPES: readonly string[] = ['asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus'];
/** Histogram bin edges: characters of the main text, or seconds of audio. */
const CHARACTER_EDGES = [0, 10, 20, 50, 100, 200, 500, 1000];
const SECOND_EDGES = [0, 1, 2, 5, 10, 20, 30, 60];
/** Content types of media by file extension. */
const MEDIA_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

async function publishedDataset(ctx: AppContext, datasetId: string): Promise<datasets.PublishedDataset> {
  const d = await datasets.findPublishedDataset(ctx.db, datasetId.trim());
  if (!d) throw notFound(DATASET_NOT_FOUND);
  return d;
}

/** The record's media in the object store (the pipeline's content-addressed key), or null. */
export function mediaOf(data: Record<string, unknown>): { key: string; fileName: string; ext: string } | null {
  for (const field of ['audioFilename', 'imageFilename']) {
    const hash = data[`${field}Hash`];
    const name = data[field];
    if (typeof hash !== 'string' || typeof name !== 'string') continue;
    const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
    const safe = /^[a-z0-9]{1,8}$/.test(ext) ? ext : 'bin';
    return { key: `media/${hash}.${safe}`, fileName: name.replace(/[^\w.-]/g, '_'), ext: safe };
  }
  return null;
}

function toViewerRecord(datasetId: string, r: datasets.ViewerRecord): ViewerRecord {
  const id = r.hash.toString('hex');
  return {
    id,
    sourceLanguage: r.sourceLanguage,
    targetLanguage: r.targetLanguage,
    domain: r.domain,
    collectionMethod: r.collectionMethod,
    durationSeconds: r.durationSeconds,
    submitters: r.submitters,
    datasetCount: r.datasetIds.length,
    mediaUrl: mediaOf(r.data) ? `${DATASET_VIEWER_API.media}/${datasetId}/${id}` : null,
    data: r.data,
  };
}

/**
 * GET dataset/viewer/records: one page (100) of the dataset's records in id order, filtered by the
 * given columns; by `after` (keyset, the `next` of the previous page) or by `page` (1-based, default
 * 1). Throws 404 DATASET_NOT_FOUND, 404 PAGE_BEYOND_LAST for a page past the last.
 */
export async function recordsPage(ctx: AppContext, q: ViewerRecordsQuery) {
  const d = await publishedDataset(ctx, q.datasetId);
  const page = q.after ? null : (q.page ?? 1);
  const rows = await datasets.recordsPage(ctx.db, {
    datasetType: d.datasetType,
    datasetId: d.datasetId,
    after: q.after ? Buffer.from(q.after, 'hex') : null,
    offset: page ? (page - 1) * VIEWER_PAGE_SIZE : 0,
    limit: VIEWER_PAGE_SIZE + 1,
    filters: { sourceLanguage: q.sourceLanguage, targetLanguage: q.targetLanguage, domain: q.domain, collectionMethod: q.collectionMethod },
  });
  if (page !== null && page > 1 && rows.length === 0)
    throw new ApiError(
      404,
      'PAGE_BEYOND_LAST',
      `Page ${page} is beyond the last page of this dataset${q.sourceLanguage || q.targetLanguage || q.domain || q.collectionMethod ? ' with these filters' : ''}.`,
    );
  const records = rows.slice(0, VIEWER_PAGE_SIZE).map((r) => toViewerRecord(d.datasetId, r));
  return {
    datasetId: d.datasetId,
    datasetName: d.datasetName,
    datasetType: d.datasetType,
    pageSize: VIEWER_PAGE_SIZE,
    page,
    next: rows.length > VIEWER_PAGE_SIZE ? records[records.length - 1].id : null,
    records,
  };
}

/** What a dataset's record set was computed from: its publication (docs/api.md#dataset-viewer). */
function stampOf(d: datasets.PublishedDataset): string {
  return `published:${d.completedOn.toISOString()}`;
}

/**
 * GET dataset/viewer/summary: per-column counts (most frequent first) and the length (characters of
 * the main text) or duration (seconds, audio types) histogram of the dataset's records. One scan,
 * cached until the dataset's record set changes. Throws 404 DATASET_NOT_FOUND.
 */
export async function summary(ctx: AppContext, datasetId: string): Promise<ViewerSummaryResponse> {
  const d = await publishedDataset(ctx, datasetId);
  const stamp = stampOf(d);
  return keptSummary(d.datasetId, d.datasetType, {
    cached: () => repo.cachedSummary(ctx.db, d.datasetId, stamp),
    compute: ({ measure, edges }) => datasets.aggregateRecords(ctx.db, d.datasetType, d.datasetId, measure, edges),
    store: (agg) => repo.storeSummary(ctx.db, d.datasetId, stamp, agg),
  });
}

/**
 * A summary answer (docs/api.md#dataset-viewer) for `id` of `datasetType`: the aggregates kept by
 * `steps.cached` when there are any, else those `steps.compute` counts with the type's measure
 * and histogram edges, kept by `steps.store` (which answers when they were computed).
 */
async function keptSummary(
  id: string,
  datasetType: string,
  steps: {
    cached: () => Promise<{ summary: unknown; computedOn: Date } | undefined | null>;
    compute: (m: ReturnType<typeof measureOf>) => Promise<datasets.RecordAggregates>;
    store: (agg: datasets.RecordAggregates) => Promise<Date>;
  },
): Promise<ViewerSummaryResponse> {
  const cached = await steps.cached();
  let agg = cached?.summary as datasets.RecordAggregates | undefined;
  let computedOn = cached?.computedOn;
  if (!agg || !computedOn) {
    agg = await steps.compute(measureOf(datasetType));
    computedOn = await steps.store(agg);
  }
  return {
    datasetId: id,
    datasetType,
    records: agg.records,
    columns: agg.counts,
    histogram: agg.histogram,
    computedOn: computedOn.getTime(),
  };
}

/**
 * GET dataset/viewer/media/:datasetId/:recordId: the record's audio or image from the object store,
 * with Range requests (206). Throws 404 DATASET_NOT_FOUND, RECORD_NOT_FOUND (not in this dataset or
 * without media), or NOT_FOUND when the file is missing from the store.
 */
export async function sendMedia(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  datasetId: string,
  recordId: string,
): Promise<FastifyReply> {
  const d = await publishedDataset(ctx, datasetId);
  const r = /^[0-9a-f]{64}$/.test(recordId)
    ? await datasets.recordOfDataset(ctx.db, d.datasetType, d.datasetId, Buffer.from(recordId, 'hex'))
    : null;
  const media = r ? mediaOf(r.data) : null;
  if (!media) throw new ApiError(404, 'RECORD_NOT_FOUND', 'This dataset has no record with this id that has an audio or image file.');
  return sendObject(req, reply, ctx.store, media.key, {
    type: MEDIA_TYPES[media.ext] ?? 'application/octet-stream',
    filename: media.fileName,
    missing: "This record's file is missing from the object store.",
  });
}

/** Histogram kind and bin edges of a dataset type: seconds for audio, characters otherwise. */
function measureOf(datasetType: string): { measure: 'characters' | 'seconds'; edges: number[] } {
  return AUDIO_TYPES.includes(datasetType)
    ? { measure: 'seconds', edges: SECOND_EDGES }
    : { measure: 'characters', edges: CHARACTER_EDGES };
}

/**
 * GET dataset/viewer/search/records: one page (100) of the records a completed search matched
 * (docs/api.md#dataset-viewer "Search records"), in id order, by `after` or `page`, with the same
 * column filters as a dataset's page; `datasetId` and `datasetName` of the answer are the service
 * request number. A record's media is served by its first publishing dataset. Owner or ADMIN:
 * throws 404 (unknown or another's search), 409 SEARCH_NOT_COMPLETED, 404 PAGE_BEYOND_LAST.
 */
export async function searchRecordsPage(ctx: AppContext, user: AuthUser, q: SearchRecordsQuery): Promise<ViewerRecordsResponse> {
  const s = await search.completedSearchOf(ctx, user, q.serviceRequestNumber.trim());
  const page = q.after ? null : (q.page ?? 1);
  const filters = {
    sourceLanguage: q.sourceLanguage,
    targetLanguage: q.targetLanguage,
    domain: q.domain,
    collectionMethod: q.collectionMethod,
  };
  const rows = await search.matchedRecordsPage(ctx, s, {
    after: q.after ? Buffer.from(q.after, 'hex') : null,
    offset: page ? (page - 1) * VIEWER_PAGE_SIZE : 0,
    limit: VIEWER_PAGE_SIZE + 1,
    filters,
  });
  if (page !== null && page > 1 && rows.length === 0)
    throw new ApiError(404, 'PAGE_BEYOND_LAST', `Page ${page} is beyond the last page of this search's records.`);
  const records = rows.slice(0, VIEWER_PAGE_SIZE).map((r) => toViewerRecord(r.datasetIds[0] ?? '', r));
  return {
    datasetId: s.serviceRequestNumber,
    datasetName: s.serviceRequestNumber,
    datasetType: s.datasetType,
    pageSize: VIEWER_PAGE_SIZE,
    page,
    next: rows.length > VIEWER_PAGE_SIZE ? records[records.length - 1].id : null,
    records,
  };
}

/**
 * GET dataset/viewer/search/summary: per-column counts and the length or duration histogram of the
 * records a completed search matched: one scan on first request, then kept (a completed search's
 * record set never changes). Owner or ADMIN; throws as searchRecordsPage.
 */
export async function searchSummary(ctx: AppContext, user: AuthUser, srn: string): Promise<ViewerSummaryResponse> {
  const s = await search.completedSearchOf(ctx, user, srn.trim());
  return keptSummary(s.serviceRequestNumber, s.datasetType, {
    cached: () => repo.cachedSearchSummary(ctx.db, s.serviceRequestNumber),
    compute: ({ measure, edges }) => search.matchedRecordsAggregates(ctx, s, measure, edges),
    store: (agg) => repo.storeSearchSummary(ctx.db, s.serviceRequestNumber, agg),
  });
}
