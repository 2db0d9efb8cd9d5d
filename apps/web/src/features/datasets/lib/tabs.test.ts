import { describe, expect, it } from 'vitest';
import { contributionTabs, initialTab, myContributionPath, thanksPath } from './tabs.ts';

describe('after a submission', () => {
  it('a benchmark dataset leads to the Benchmark Dataset tab of My Contribution, its row named', () => {
    expect(thanksPath('SRN 1', 'benchmark')).toBe('/dataset/submission/SRN%201?kind=benchmark');
    expect(thanksPath('SRN1', 'dataset')).toBe('/dataset/submission/SRN1');
    expect(myContributionPath('SRN1', 'benchmark')).toBe('/dataset/my-contribution/SRN1?tab=benchmark');
    expect(myContributionPath('SRN1', 'dataset')).toBe('/dataset/my-contribution/SRN1');
  });

  it('My Contribution opens on the requested tab when the user has it, else on the first', () => {
    const both = contributionTabs('BENCHMARK-DATASET-CONTRIBUTOR');
    expect(initialTab(both, 'benchmark')).toBe('benchmark');
    expect(initialTab(both, null)).toBe('submitted');
    expect(initialTab(contributionTabs('CONTRIBUTOR-USER'), 'benchmark')).toBe('submitted');
    expect(initialTab([], 'benchmark')).toBeUndefined();
  });
});
