import { SUBMIT_DATASET_PATH, submitDatasetResponse, type SubmitDatasetBody, type SubmitDatasetResponse } from '@ulca/contracts';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { datasetKeys } from './keys.ts';

/** Body and response of POST …/dataset/corpus/submit (docs/product.md#entities-and-fields), from @ulca/contracts. */
export type { SubmitDatasetBody, SubmitDatasetResponse };
export const submitDatasetResponseSchema = submitDatasetResponse;

/**
 * Submits a dataset by URL. Throws ApiRequestError: 400 with `errors[{ field, message }]`,
 * 409 DATASET_NAME_TAKEN, 401 (the api client raises the unauthorised flag).
 */
export function submitDataset(body: SubmitDatasetBody): Promise<SubmitDatasetResponse> {
  return apiRequest('POST', SUBMIT_DATASET_PATH, { body, schema: submitDatasetResponseSchema });
}

/** Mutation hook for submitDataset; on success the contribution lists are refetched. */
export function useSubmitDataset() {
  return useRefetchingMutation(submitDataset, datasetKeys.all);
}
