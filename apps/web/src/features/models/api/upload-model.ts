import { MODEL_API, modelUploadResponse, type ModelUploadResponse } from '@ulca/contracts';
import { useRefetchingMutation } from '../../../lib/refetching-mutation.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { multipartDescriptor } from '../lib/upload.ts';
import { modelKeys } from './keys.ts';

export type { ModelUploadResponse };

/**
 * Submits a model descriptor (POST …/model/upload, multipart part `file`, signed over the exact
 * body). Throws ApiRequestError: 400 with `errors[{ field, message }]` per descriptor path, 409 when
 * name and version are taken, 401.
 */
export function uploadModel(input: { fileName: string; text: string }): Promise<ModelUploadResponse> {
  return apiRequest('POST', MODEL_API.upload, { rawBody: multipartDescriptor(input.fileName, input.text), schema: modelUploadResponse });
}

/** Mutation hook of {@link uploadModel}; on success the model lists are refetched. */
export function useUploadModel() {
  return useRefetchingMutation(uploadModel, modelKeys.all);
}
