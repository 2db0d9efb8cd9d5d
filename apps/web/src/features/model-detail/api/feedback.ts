import { useMutation, useQuery } from '@tanstack/react-query';
import {
  appConfigResponse,
  MASTER_API,
  MODEL_API,
  modelFeedbackListResponse,
  modelFeedbackResponse,
  type ModelFeedbackBody,
  type ModelFeedbackResponse,
} from '@ulca/contracts';
import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';
import { modelDetailKeys } from './keys.ts';

/** GET …/mdms/v0/app-config: languages and the feedback questions (master data feedbackQns). */
export const APP_CONFIG_PATH = MASTER_API.appConfig;
/** A feedback question of the app config: `code` is the task (or 'comments'). */
export type FeedbackQuestion = { code: string; question: string };

/** The feedback questions of the app config (public, unsigned). */
export async function fetchFeedbackQuestions(signal?: AbortSignal): Promise<FeedbackQuestion[]> {
  const res = await apiRequest('GET', APP_CONFIG_PATH, { schema: appConfigResponse, signed: false, signal });
  return res.data.feedbackQns;
}

/** POST …/model/feedback/submit (docs/product.md#entities-and-fields feedback payload); resolves with the server's message. */
export function submitFeedback(body: ModelFeedbackBody): Promise<ModelFeedbackResponse> {
  return apiRequest('POST', MODEL_API.feedbackSubmit, { body, schema: modelFeedbackResponse });
}

/** Mutation hook for submitFeedback. */
export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}

/**
 * GET …/model/feedback/list?modelId (signed): the feedback left on one of the caller's models,
 * newest first (the model's owner or an ADMIN; 403 for anyone else, docs/api.md#route-groups).
 */
export function fetchModelFeedback(modelId: string, signal?: AbortSignal) {
  return apiRequest('GET', MODEL_API.feedbackList, { query: { modelId }, schema: modelFeedbackListResponse, signal });
}

/**
 * Query hook of {@link fetchModelFeedback}, run only for a signed-in visitor (`enabled`): a 403
 * (not the owner) is an answer, not retried; the page then shows no feedback entry point.
 */
export function useModelFeedback(modelId: string, enabled: boolean) {
  return useQuery({
    queryKey: modelDetailKeys.feedbackList(modelId),
    queryFn: ({ signal }) => fetchModelFeedback(modelId, signal),
    enabled,
    retry: (count, err) => count < 2 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500),
  });
}
