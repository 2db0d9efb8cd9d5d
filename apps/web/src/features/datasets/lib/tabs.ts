import type { Role } from '@ulca/contracts';

/** A tab of My Contribution. */
export type ContributionTab = 'submitted' | 'benchmark';

/**
 * The tabs the user's FIRST role sees (docs/product.md#screens, docs/product.md#roles): 'Submitted Dataset' for contributors,
 * benchmark-dataset contributors and admins; 'Benchmark Dataset' for benchmark-dataset contributors.
 */
export function contributionTabs(role: Role | null): ContributionTab[] {
  const tabs: ContributionTab[] = [];
  if (role === 'CONTRIBUTOR-USER' || role === 'BENCHMARK-DATASET-CONTRIBUTOR' || role === 'ADMIN') tabs.push('submitted');
  if (role === 'BENCHMARK-DATASET-CONTRIBUTOR') tabs.push('benchmark');
  return tabs;
}

/** What was submitted: a dataset, or a benchmark dataset (…/benchmark/submit). */
export type SubmissionKind = 'dataset' | 'benchmark';

/** The search parameter naming the tab My Contribution opens on (`?tab=benchmark`). */
export const TAB_PARAM = 'tab';
/** The search parameter of the thank-you page naming the kind submitted (`?kind=benchmark`). */
export const KIND_PARAM = 'kind';

/** The thank-you page of submission `srn` (docs/product.md#dataset-screens); a benchmark dataset says so in `?kind=benchmark`. */
export function thanksPath(srn: string, kind: SubmissionKind): string {
  return `/dataset/submission/${encodeURIComponent(srn)}${kind === 'benchmark' ? `?${KIND_PARAM}=benchmark` : ''}`;
}

/**
 * My Contribution with submission `srn` highlighted, on the tab that lists its kind: a benchmark
 * dataset is on the Benchmark Dataset tab.
 */
export function myContributionPath(srn: string, kind: SubmissionKind): string {
  return `/dataset/my-contribution/${encodeURIComponent(srn)}${kind === 'benchmark' ? `?${TAB_PARAM}=benchmark` : ''}`;
}

/** The tab to open first: `requested` (the `?tab=` value) when the user has it, else their first tab. */
export function initialTab(tabs: readonly ContributionTab[], requested: string | null): ContributionTab | undefined {
  return tabs.find((t) => t === requested) ?? tabs[0];
}
