import type { StoreSearchRequest } from '../lib/drilldown.ts';

/** TanStack Query keys of the dashboard and Dataset Metrics. */
export const metricKeys = {
  all: ['metrics'] as const,
  search: (body: StoreSearchRequest) => ['metrics', 'search', body] as const,
  reports: () => ['metrics', 'reports'] as const,
};
