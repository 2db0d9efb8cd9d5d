import { describe, expect, it } from 'vitest';
import { lastPage, pageOfIndex, pageSlice } from './paging.ts';

describe('card pages', () => {
  it('slices 9, 12 or 18 per page and clamps the page', () => {
    const items = Array.from({ length: 20 }, (_v, i) => i);
    expect(pageSlice(items, 0, 9)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8], page: 0, pageCount: 3 });
    expect(pageSlice(items, 2, 9).items).toEqual([18, 19]);
    expect(pageSlice(items, 5, 18)).toMatchObject({ page: 1, pageCount: 2, items: [18, 19] });
    expect(pageSlice([], 3, 12)).toEqual({ items: [], page: 0, pageCount: 1 });
  });
});

describe('table pages', () => {
  it('finds the page of a row and the last page for each page size', () => {
    expect([pageOfIndex(0, 10), pageOfIndex(9, 10), pageOfIndex(10, 10), pageOfIndex(60, 25), pageOfIndex(-1, 10)]).toEqual([
      0, 0, 1, 2, 0,
    ]);
    expect([lastPage(0, 10), lastPage(100, 100), lastPage(101, 50)]).toEqual([0, 0, 2]);
  });
});
