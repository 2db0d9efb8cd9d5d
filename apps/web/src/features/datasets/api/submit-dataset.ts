import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetKeys } from './keys.ts';

/** Body of POST /ulca/apis/v0/dataset/corpus/submit (spec 01 §3 "Dataset submission"). */
export interface SubmitDatasetBody {
  datasetName: string;
  url: string;
  userId: string;
}

/** Response of the submit call; data.serviceRequestNumber names the submission from then on. */
export const submitDatasetResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({
    serviceRequestNumber: z.string(),
    datasetId: z.string().optional(),
    timestamp: z.union([z.string(), z.number()]).optional(),
  }),
});
export type SubmitDatasetResponse = z.infer<typeof submitDatasetResponseSchema>;

/**
 * Submits a dataset by URL. Throws ApiRequestError: 400 with `errors[{ field, message }]`,
 * 409 DATASET_NAME_TAKEN, 401 (the api client raises the unauthorised flag).
 */
export function submitDataset(body: SubmitDatasetBody): Promise<SubmitDatasetResponse> {
  return apiRequest('POST', '/ulca/apis/v0/dataset/corpus/submit', { body, schema: submitDatasetResponseSchema });
}

/** Mutation hook for submitDataset; on success the contribution lists are refetched. */
export function useSubmitDataset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitDataset,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
  });
}
