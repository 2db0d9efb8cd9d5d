/** Selected values per group key of a filter popover; a missing or empty group does not filter. */
export type FilterSelection<K extends string> = Partial<Record<K, string[]>>;

/** Number of selected values over all groups (0 = nothing selected). */
export function selectedCount(filter: FilterSelection<string>): number {
  return Object.values(filter).reduce((n, v) => n + (v?.length ?? 0), 0);
}

/** The distinct non-empty values among `values`, sorted (localeCompare): a filter group's choices. */
export function sortedUnique(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
}

/**
 * One group's test (OR within a group, docs/product.md#states-and-transitions "Filter popovers"): true when nothing is
 * selected in it or any of a row's `values` is.
 */
export function withinSelection(selected: readonly string[] | undefined, values: readonly (string | null)[]): boolean {
  return !selected?.length || values.some((v) => v !== null && selected.includes(v));
}
