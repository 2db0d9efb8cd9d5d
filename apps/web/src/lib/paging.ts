/** Cards per page of the card grids (docs/product.md#constants-and-limits: Explore Models, benchmark datasets); the first is the default. */
export const CARD_PAGE_SIZES = [9, 12, 18] as const;

/** One page of `items` (zero-based `page`), clamped to the last page. */
export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): { items: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const p = Math.min(Math.max(0, page), pageCount - 1);
  return { items: items.slice(p * pageSize, (p + 1) * pageSize), page: p, pageCount };
}

/** The zero-based page holding the row at `index` (0 for a negative index: not found). */
export function pageOfIndex(index: number, pageSize: number): number {
  return index < 0 ? 0 : Math.floor(index / pageSize);
}

/** The last zero-based page for `count` rows (0 when there are none). */
export function lastPage(count: number, pageSize: number): number {
  return Math.max(0, Math.ceil(count / pageSize) - 1);
}
