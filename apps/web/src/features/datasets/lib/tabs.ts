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
