import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetKeys } from './keys.ts';

/** One error kind of a submission: where it happened, its code, wording and how many records it hit. */
export const errorSummaryRowSchema = z.object({
  stage: z.string(),
  code: z.string(),
  message: z.string(),
  count: z.number(),
});
export type ErrorSummaryRow = z.infer<typeof errorSummaryRowSchema>;

/** One entry of POST /ulca/error-consumer/v0/error/report (spec 01 §3 "error report"). */
export const errorReportSchema = z.object({
  serviceRequestNumber: z.string().optional(),
  status: z.string().nullish(),
  /** Detailed error log CSV (directly downloadable URL). */
  file: z.string().nullish(),
  /** Error summary CSV (directly downloadable URL). */
  consolidated_file: z.string().nullish(),
  errors: z.array(errorSummaryRowSchema).nullish(),
});
export type ErrorReport = z.infer<typeof errorReportSchema>;

/** The answer: a bare list of one entry, the original ULCA shape. */
export const errorReportResponseSchema = z.array(errorReportSchema);

/** The error report of a submission, or null when none exists yet. */
export async function fetchErrorReport(serviceRequestNumber: string, signal?: AbortSignal): Promise<ErrorReport | null> {
  const res = await apiRequest('POST', '/ulca/error-consumer/v0/error/report', { body: { serviceRequestNumber }, schema: errorReportResponseSchema, signal });
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
