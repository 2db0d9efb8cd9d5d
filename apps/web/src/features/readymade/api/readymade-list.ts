import { useQuery } from '@tanstack/react-query';
import { READY_MADE_LIST_PATH, readyMadeListResponse, type ReadyMadeListResponse } from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readyMadeKeys } from './keys.ts';

/** The list's schema and type (GET …/dataset/readymade/list) come from @ulca/contracts, shared with the server route. */
export const readyMadeListSchema = readyMadeListResponse;
export type ReadyMadeList = ReadyMadeListResponse;

/**
 * Every ready-made dataset (all types in one call: the page splits them into tabs without asking
 * again). Public: sent unsigned even when signed in. Throws ApiRequestError.
 */
export function fetchReadyMadeList(signal?: AbortSignal): Promise<ReadyMadeList> {
  return apiRequest('GET', READY_MADE_LIST_PATH, { signed: false, schema: readyMadeListSchema, signal });
}

/** Query hook: the ready-made datasets. */
export function useReadyMadeList() {
  return useQuery({ queryKey: readyMadeKeys.list(), queryFn: ({ signal }) => fetchReadyMadeList(signal) });
}
