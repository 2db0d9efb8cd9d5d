import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  MODEL_API,
  modelRecordSearchResponse,
  type InferenceTask,
  type ModelRecordSearchResponse,
  type ModelSearchBody,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { modelKeys } from './keys.ts';

export type ModelSearchResponse = ModelRecordSearchResponse;

/**
 * The published models of a task (POST …/model/search, "All" = no filter). Explore asks for the
 * whole task once and applies the language choices itself, so the same answer also gives the
 * language lists (only pairs that exist).
 */
export function searchModels(task: InferenceTask, signal?: AbortSignal): Promise<ModelSearchResponse> {
  const body: ModelSearchBody = { task, sourceLanguage: null, targetLanguage: null, domain: 'All', submitter: 'All' };
  return apiRequest('POST', MODEL_API.search, { body, schema: modelRecordSearchResponse, signal, signed: false });
}

/** How long a task's model list is fresh (ms): Explore's tabs switch back without asking again. */
const SEARCH_STALE_MS = 60_000;

/** The query of {@link searchModels} for `task`, shared by the hook and the server-side render's prefetch. */
export function modelSearchQuery(task: InferenceTask) {
  return queryOptions({
    queryKey: modelKeys.search(task),
    queryFn: ({ signal }) => searchModels(task, signal),
    staleTime: SEARCH_STALE_MS,
  });
}

/** Query hook of {@link searchModels}; disabled without a task. */
export function useModelSearch(task: InferenceTask | null) {
  return useQuery({
    queryKey: modelKeys.search(task ?? ''),
    queryFn: ({ signal }) => searchModels(task!, signal),
    enabled: !!task,
    staleTime: SEARCH_STALE_MS,
  });
}
