import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DATASET_API, errorReportResponse, type ErrorReportEntry, type ErrorSummaryRow } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetKeys } from './keys.ts';

/** One error kind of a submission: where it happened, its code, wording and how many records it hit. */
export type { ErrorSummaryRow };
/**
 * One entry of POST …/error/report (docs/product.md#entities-and-fields "error report"): `file` the detailed error log CSV,
 * `consolidated_file` the error summary CSV (directly downloadable URLs, null when absent).
 */
export type ErrorReport = ErrorReportEntry;

/** The error report of a submission (the answer is a bare list of one entry, the original ULCA shape), or null when none exists yet. */
export async function fetchErrorReport(serviceRequestNumber: string, signal?: AbortSignal): Promise<ErrorReport | null> {
  const res = await apiRequest('POST', DATASET_API.errorReport, { body: { serviceRequestNumber }, schema: errorReportResponse, signal });
  return res[0] ?? null;
}

/**
 * Query hook for the error report. `version` (e.g. the submission status and its stage counts) is
 * part of the key, so the report is fetched again whenever the status page sees progress.
 */
export function useErrorReport(serviceRequestNumber: string | undefined, version: string) {
  return useQuery({
    queryKey: [...datasetKeys.errorReport(serviceRequestNumber ?? ''), version],
    queryFn: ({ signal }) => fetchErrorReport(serviceRequestNumber!, signal),
    enabled: !!serviceRequestNumber,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}
