/**
 * The records a completed search matched, for the dataset viewer (docs/api.md#dataset-viewer
 * "Search records"): pages of them and their per-column summary, read again from dataset_records
 * with the search's own criteria, limited to the records published by the time the search
 * completed, so later publications do not change a finished search's set.
 */
import { ApiError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { aggregatesOfGroupingRows, type GroupingSetsCount, type RecordAggregates, type ViewerRecord } from '../datasets/service.ts';
import { resolveRecordQuery } from './export-writer.ts';
import { buildMatchedAggregateQuery, buildMatchedPageQuery, type MatchedRecordFilters } from './record-query.ts';
import type { SearchRequestRow } from './repo.ts';

/** The 409 text of a search that has not completed (still running, or failed). */
export const SEARCH_NOT_COMPLETED = 'This search has not completed, so it has no records to show.';

/** A completed search as the viewer needs it. */
export interface CompletedSearch {
  serviceRequestNumber: string;
  datasetType: string;
  criteria: Record<string, unknown>;
  recordCount: number;
  completedOn: Date;
}

/** `row` when it is Completed; throws 409 SEARCH_NOT_COMPLETED otherwise. */
export function completedSearch(row: SearchRequestRow): CompletedSearch {
  if (row.status !== 'Completed' || !row.completed_on) throw new ApiError(409, 'SEARCH_NOT_COMPLETED', SEARCH_NOT_COMPLETED);
  return {
    serviceRequestNumber: row.service_request_number,
    datasetType: row.dataset_type,
    criteria: row.criteria,
    recordCount: row.record_count ?? 0,
    completedOn: row.completed_on,
  };
}

/**
 * Up to `limit` records the search matched, in primary-key order: after record `after` (keyset)
 * or after skipping `offset`, narrowed by the column filters.
 */
export async function matchedRecordsPage(
  ctx: AppContext,
  s: CompletedSearch,
  o: { after: Buffer | null; offset: number; limit: number; filters: MatchedRecordFilters },
): Promise<ViewerRecord[]> {
  const q = resolveRecordQuery({ datasetType: s.datasetType, criteria: s.criteria });
  const sql = buildMatchedPageQuery(q, { ...o, publishedBy: s.completedOn });
  return (await ctx.db.pool.query(sql.text, sql.values)).rows as ViewerRecord[];
}

/** Per-column counts (most frequent first) and the histogram of `measure` over the records the search matched, in one scan. */
export async function matchedRecordsAggregates(
  ctx: AppContext,
  s: CompletedSearch,
  measure: 'characters' | 'seconds',
  edges: readonly number[],
): Promise<RecordAggregates> {
  const q = resolveRecordQuery({ datasetType: s.datasetType, criteria: s.criteria });
  const sql = buildMatchedAggregateQuery(q, { publishedBy: s.completedOn, measure, edges });
  const rows = (await ctx.db.pool.query(sql.text, sql.values)).rows as GroupingSetsCount[];
  return aggregatesOfGroupingRows(rows, measure, edges);
}
