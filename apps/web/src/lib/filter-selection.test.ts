import { describe, expect, it } from 'vitest';
import { selectedCount, sortedUnique, withinSelection } from './filter-selection.ts';

describe('filter selections', () => {
  it('counts selected values over all groups (Apply or Clear All is disabled at 0)', () => {
    expect(selectedCount({})).toBe(0);
    expect(selectedCount({ domain: [], submitter: [] })).toBe(0);
    expect(selectedCount({ task: ['asr'], status: ['published', 'unpublished'], domain: [] })).toBe(3);
  });

  it('offers the distinct values, sorted, and matches a row when its group is empty or any value is chosen', () => {
    expect(sortedUnique(['news', null, 'legal', '', 'news', undefined])).toEqual(['legal', 'news']);
    expect(withinSelection(undefined, ['a'])).toBe(true);
    expect(withinSelection([], [null])).toBe(true);
    expect(withinSelection(['a'], ['b', 'a'])).toBe(true);
    expect(withinSelection(['a'], [null, 'b'])).toBe(false);
  });
});
