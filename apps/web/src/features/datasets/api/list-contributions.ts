import { useQuery } from '@tanstack/react-query';
import {
  contributionListResponse,
  DATASET_API,
  type ContributionListQuery,
  type ContributionListResponse,
  type ContributionRecord,
} from '@ulca/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { datasetKeys } from './keys.ts';

/** While any row is Pending or In-Progress the list refetches this often (milliseconds). */
export const CONTRIBUTIONS_REFRESH_MS = 5000;

/** One row of GET …/dataset/listByUserId (docs/product.md#entities-and-fields "Dataset contribution row"). */
export type Contribution = ContributionRecord;
export type ContributionList = ContributionListResponse;

/** All of a user's dataset submissions, newest first (no startPage/endPage: the whole list, so search and filter run over every row). */
export function fetchContributions(userId: string, signal?: AbortSignal): Promise<ContributionList> {
  const query: ContributionListQuery = { userId };
  return apiRequest('GET', DATASET_API.listByUserId, { query, schema: contributionListResponse, signal });
}

/** Query hook: the user's contributions, refetched every 5 s while any is Pending or In-Progress. Disabled without a userId. */
export function useContributions(userId: string | undefined) {
  return useQuery({
    queryKey: datasetKeys.contributions(userId ?? ''),
    queryFn: ({ signal }) => fetchContributions(userId!, signal),
    enabled: !!userId,
    refetchInterval: (query) => (query.state.data?.data.some((r) => isActiveStatus(r.status)) ? CONTRIBUTIONS_REFRESH_MS : false),
  });
}
