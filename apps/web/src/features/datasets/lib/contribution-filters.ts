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
export type ContributionFilter = Partial<Record<FilterGroup, string[]>>;

export const FILTER_GROUPS: { key: FilterGroup; label: string }[] = [
  { key: 'task', label: 'Task' },
  { key: 'domain', label: 'Domain' },
  { key: 'license', label: 'License' },
  { key: 'status', label: 'Status' },
];

/** Number of selected values over all groups (0 = nothing selected: Clear All disabled). */
export function selectedCount(filter: ContributionFilter): number {
  return Object.values(filter).reduce((n, v) => n + (v?.length ?? 0), 0);
}

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
  const within = (sel: string[] | undefined, values: (string | null)[]) =>
    !sel?.length || values.some((v) => v !== null && sel.includes(v));
  return (
    within(filter.task, [row.datasetType]) &&
    within(filter.domain, row.domain) &&
    within(filter.license, [row.license]) &&
    within(filter.status, [row.status])
  );
}

/** The rows that pass both the search term and the filter, in their original order. */
export function applySearchAndFilter<T extends FilterableContribution>(rows: readonly T[], term: string, filter: ContributionFilter): T[] {
  return rows.filter((r) => matchesSearch(r, term) && matchesFilter(r, filter));
}

/** The choices offered per group: the values present in `rows` (sorted), and every status. */
export function filterOptions(rows: readonly FilterableContribution[]): Record<FilterGroup, string[]> {
  const uniq = (vals: (string | null)[]) => [...new Set(vals.filter((v): v is string => !!v))].sort((a, b) => a.localeCompare(b));
  return {
    task: uniq(rows.map((r) => r.datasetType)),
    domain: uniq(rows.flatMap((r) => r.domain)),
    license: uniq(rows.map((r) => r.license)),
    status: [...PROCESS_STATUSES],
  };
}

/** The zero-based table page that holds the row at `index` (page size 10 by default, docs/product.md#constants-and-limits). */
export function pageOfIndex(index: number, pageSize = 10): number {
  return index < 0 ? 0 : Math.floor(index / pageSize);
}
