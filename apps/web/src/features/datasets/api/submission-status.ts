import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { isSubmissionActive } from '../lib/stages.ts';
import { datasetKeys } from './keys.ts';

/** While any stage is Pending or In-Progress the status refetches this often (milliseconds). */
export const STATUS_REFRESH_MS = 3000;

const processedCountSchema = z.object({
  type: z.string(),
  count: z.number(),
  durationInSeconds: z.number().nullish(),
});

/** The value of JSON text, or null when it is not JSON (a stage then shows no counts). */
function parseJsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One stage row of GET /ulca/apis/v0/dataset/getByServiceRequestNumber (spec 01 §3 "Submission detail"). */
export const stageStatusSchema = z.object({
  serviceRequestNumber: z.string().optional(),
  datasetId: z.string().nullish(),
  datasetName: z.string().nullish(),
  datasetType: z.string().nullish(),
  stage: z.string(),
  status: z.string(),
  // The server sends details as JSON text (as ULCA does, for the original client); an object is accepted too.
  details: z.preprocess(
    (v) => (typeof v === 'string' ? parseJsonOrNull(v) : v),
    z.object({ processedCount: z.array(processedCountSchema).nullish() }).nullish(),
  ),
  startTime: z.string().nullish(),
  endTime: z.string().nullish(),
});
export type StageStatus = z.infer<typeof stageStatusSchema>;

export const submissionStatusSchema = z.object({
  message: z.string().optional(),
  datasetName: z.string().nullish(),
  datasetType: z.string().nullish(),
  status: z.string().nullish(),
  /** Why a finished submission ended as it did (failure code, or ALREADY_PUBLISHED); null when there is nothing to say. */
  outcome: z.object({ code: z.string(), message: z.string() }).nullish(),
  data: z.array(stageStatusSchema),
});
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/** The stages of one submission. Throws ApiRequestError 404 for an unknown srn or another user's. */
export function fetchSubmissionStatus(serviceRequestNumber: string, signal?: AbortSignal): Promise<SubmissionStatus> {
  return apiRequest('GET', '/ulca/apis/v0/dataset/getByServiceRequestNumber', { query: { serviceRequestNumber }, schema: submissionStatusSchema, signal });
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
