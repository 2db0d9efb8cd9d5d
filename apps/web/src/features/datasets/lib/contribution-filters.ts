import { sortedUnique, withinSelection, type FilterSelection } from '../../../lib/filter-selection.ts';
import { PROCESS_STATUSES } from '../../../lib/status.ts';
import { datasetTypeLabel, statusLabel } from './format.ts';

/** The fields of a contribution row that the search box and the filter popover read (docs/product.md#entities-and-fields). */
export interface FilterableContribution {
  submitRefNumber: string;
  datasetName: string;
  datasetType: string | null;
  status: string;
  domain: string[];
  license: string | null;
}

/** Filter popover groups (docs/product.md#dataset-screens "Task, Domain, License and Status"). */
export type FilterGroup = 'task' | 'domain' | 'license' | 'status';
/** Selected values per group; an empty or missing group does not filter. */
export type ContributionFilter = FilterSelection<FilterGroup>;

/** The groups in the popover's order. */
export const FILTER_GROUPS: readonly FilterGroup[] = ['task', 'domain', 'license', 'status'];

/** Case-insensitive match of `term` against name, type (code or label), service request number and status (as sent or as shown; docs/product.md#states-and-transitions). */
export function matchesSearch(row: FilterableContribution, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [
    row.datasetName,
    row.datasetType ?? '',
    datasetTypeLabel(row.datasetType),
    row.submitRefNumber,
    row.status,
    statusLabel(row.status),
  ].some((f) => f.toLowerCase().includes(t));
}

/** AND across groups, OR within one group (docs/product.md#states-and-transitions "Filter popovers"). A row's domains match if any is selected. */
export function matchesFilter(row: FilterableContribution, filter: ContributionFilter): boolean {
  return (
    withinSelection(filter.task, [row.datasetType]) &&
    withinSelection(filter.domain, row.domain) &&
    withinSelection(filter.license, [row.license]) &&
    withinSelection(filter.status, [row.status])
  );
}

/** The rows that pass both the search term and the filter, in their original order. */
export function applySearchAndFilter<T extends FilterableContribution>(rows: readonly T[], term: string, filter: ContributionFilter): T[] {
  return rows.filter((r) => matchesSearch(r, term) && matchesFilter(r, filter));
}

/** The choices offered per group: the values present in `rows` (sorted), and every status. */
export function filterOptions(rows: readonly FilterableContribution[]): Record<FilterGroup, string[]> {
  return {
    task: sortedUnique(rows.map((r) => r.datasetType)),
    domain: sortedUnique(rows.flatMap((r) => r.domain)),
    license: sortedUnique(rows.map((r) => r.license)),
    status: [...PROCESS_STATUSES],
  };
}
