import { useQuery } from '@tanstack/react-query';
import {
  DATASET_API,
  parseStageDetails,
  submissionStatusResponse,
  type StageDetails,
  type StageRecord,
  type SubmissionStatusResponse,
} from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { isSubmissionActive } from '../lib/stages.ts';
import { datasetKeys } from './keys.ts';

/** While any stage is Pending or In-Progress the status refetches this often (milliseconds). */
export const STATUS_REFRESH_MS = 3000;

/** One stage of a submission, its `details` JSON text read (null when absent or malformed). */
export type StageStatus = Omit<StageRecord, 'details'> & { details: StageDetails | null };
/** A submission and its stages as the status page reads them. */
export type SubmissionStatus = Omit<SubmissionStatusResponse, 'data'> & { data: StageStatus[] };

/**
 * The stages of one submission, each stage's `details` (JSON text, as the server sends it for the
 * original ULCA client) parsed. Throws ApiRequestError 404 for an unknown srn or another user's.
 */
export async function fetchSubmissionStatus(serviceRequestNumber: string, signal?: AbortSignal): Promise<SubmissionStatus> {
  const res = await apiRequest('GET', DATASET_API.status, { query: { serviceRequestNumber }, schema: submissionStatusResponse, signal });
  return { ...res, data: res.data.map((stage) => ({ ...stage, details: parseStageDetails(stage.details) })) };
}

/** Query hook: a submission's stages, refetched every 3 s while active. A 404 is not retried. */
export function useSubmissionStatus(serviceRequestNumber: string | undefined) {
  return useQuery({
    queryKey: datasetKeys.status(serviceRequestNumber ?? ''),
    queryFn: ({ signal }) => fetchSubmissionStatus(serviceRequestNumber!, signal),
    enabled: !!serviceRequestNumber,
    retry: (count, err) => !(err instanceof ApiRequestError && (err.status === 404 || err.status === 401)) && count < 2,
    refetchInterval: (query) => (isSubmissionActive(query.state.data) ? STATUS_REFRESH_MS : false),
  });
}
