import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { isActiveStatus } from '../../../lib/status.ts';
import { datasetKeys } from './keys.ts';

/** While any row is Pending or In-Progress the list refetches this often (milliseconds). */
export const CONTRIBUTIONS_REFRESH_MS = 5000;

/** One row of GET /ulca/apis/v0/dataset/listByUserId (spec 01 §3 "Dataset contribution row"). */
export const contributionSchema = z.object({
  submitRefNumber: z.string(),
  datasetId: z.string().nullish(),
  datasetName: z.string(),
  datasetType: z.string().nullable(),
  submittedOn: z.string(),
  status: z.string(),
  domain: z.array(z.string()).nullish().transform((d) => d ?? []),
  license: z.string().nullish().transform((l) => l ?? null),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const contributionListSchema = z.object({
  message: z.string().optional(),
  count: z.number().optional(),
  data: z.array(contributionSchema),
});
export type ContributionList = z.infer<typeof contributionListSchema>;

/** All of a user's dataset submissions, newest first (no startPage/endPage: the whole list, so search and filter run over every row). */
export function fetchContributions(userId: string, signal?: AbortSignal): Promise<ContributionList> {
  return apiRequest('GET', '/ulca/apis/v0/dataset/listByUserId', { query: { userId }, schema: contributionListSchema, signal });
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
