import { MODEL_STATUSES, type ModelRecord } from '@ulca/contracts';
import { sortedUnique, withinSelection, type FilterSelection } from '../../../lib/filter-selection.ts';
import { modelTaskText } from './tasks.ts';

/** Rows per page of My Models (docs/product.md#constants-and-limits); the first is the default (docs/product.md#states-and-transitions). */
export const MY_MODELS_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Filter popover groups of My Models (docs/product.md#model-screens "Task, Domain, License, Status"). */
export type MyModelsFilterGroup = 'task' | 'domain' | 'license' | 'status';
/** Selected values per group; an empty or missing group does not filter. */
export type MyModelsFilter = FilterSelection<MyModelsFilterGroup>;

/** The groups in the popover's order. */
export const MY_MODELS_FILTER_GROUPS: readonly MyModelsFilterGroup[] = ['task', 'domain', 'license', 'status'];

/** The fields of a model the search box, the filter and the actions read. */
export type MyModelRow = Pick<
  ModelRecord,
  'modelId' | 'name' | 'version' | 'task' | 'domain' | 'license' | 'status' | 'benchmarkPerformance' | 'submittedOn'
>;

/** Case-insensitive match of `term` against name, version, task (code and label), domains, licence and status (docs/product.md#states-and-transitions). */
export function matchesSearch(row: MyModelRow, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return [row.name, row.version, row.task.type, modelTaskText(row.task.type), ...row.domain, row.license, row.status].some((f) =>
    f.toLowerCase().includes(t),
  );
}

/** AND across groups, OR within one (docs/product.md#states-and-transitions); a model matches a domain choice when any of its domains is chosen. Licences compare case-insensitively. */
export function matchesFilter(row: MyModelRow, filter: MyModelsFilter): boolean {
  return (
    withinSelection(filter.task, [row.task.type]) &&
    withinSelection(filter.domain, row.domain) &&
    withinSelection(
      filter.license?.map((l) => l.toUpperCase()),
      [row.license.toUpperCase()],
    ) &&
    withinSelection(filter.status, [row.status])
  );
}

/** The rows passing the search and the filter, newest submission first. */
export function applyMyModelsView<T extends MyModelRow>(rows: readonly T[], term: string, filter: MyModelsFilter): T[] {
  return rows.filter((r) => matchesSearch(r, term) && matchesFilter(r, filter)).sort((a, b) => b.submittedOn - a.submittedOn);
}

/** The choices per filter group: the values present in the user's models (licences upper-case), and both statuses. */
export function myModelsFilterOptions(rows: readonly MyModelRow[]): Record<MyModelsFilterGroup, string[]> {
  return {
    task: sortedUnique(rows.map((r) => r.task.type)),
    domain: sortedUnique(rows.flatMap((r) => r.domain)),
    license: sortedUnique(rows.map((r) => r.license.toUpperCase())),
    status: [...MODEL_STATUSES],
  };
}

/** True while a benchmark run of the model is in progress (docs/product.md#model-screens: Publish / Unpublish is disabled meanwhile). */
export function hasRunningBenchmark(row: Pick<MyModelRow, 'benchmarkPerformance'>): boolean {
  return row.benchmarkPerformance.some((b) => /^in[- ]progress$/i.test(b.status));
}

/** What the Action cell offers for a model (docs/product.md#model-screens "Actions", docs/product.md#states-and-transitions "Publish toggle"). */
export interface ModelActions {
  /** Run Benchmark is shown (hidden for published models). */
  runBenchmark: boolean;
  /** The status the toggle moves to: Publish → 'published', Unpublish → 'unpublished'. */
  toggleTo: 'published' | 'unpublished';
  /** The toggle is disabled (a benchmark run is In-Progress). */
  toggleDisabled: boolean;
}

/**
 * The actions of a row: none ('--') for a failed or In Progress model; otherwise Publish or
 * Unpublish, disabled while a benchmark runs, and Run Benchmark unless published.
 */
export function modelActions(row: Pick<MyModelRow, 'status' | 'benchmarkPerformance'>): ModelActions | null {
  const status: string = row.status;
  if (/^failed$/i.test(status) || /^in[- ]progress$/i.test(status)) return null;
  const published = status === 'published';
  return { runBenchmark: !published, toggleTo: published ? 'unpublished' : 'published', toggleDisabled: hasRunningBenchmark(row) };
}

/**
 * Whether a row can be expanded to list its benchmark runs. The spec's "disabled for row indices 3
 * and 4" comes from the original client's BenchmarkModal, where the example code of its table
 * library (`if (dataIndex === 3 || dataIndex === 4) return false`) was left in; it has no meaning
 * for a user's models. A row expands when it has runs to show.
 */
export function isExpandable(row: Pick<MyModelRow, 'benchmarkPerformance'>): boolean {
  return row.benchmarkPerformance.length > 0;
}

/**
 * Benchmark runs newest first, as the expanded row lists them: the score with two decimals, as the
 * leaderboard and the model page's Benchmarkings show it; a missing score reads '--'.
 */
export function benchmarkRunsView(row: Pick<MyModelRow, 'benchmarkPerformance'>) {
  return [...row.benchmarkPerformance]
    .sort((a, b) => b.createdOn - a.createdOn)
    .map((b) => ({ ...b, scoreText: b.score === null ? '--' : b.score.toFixed(2) }));
}

/** The unpublish reason is required: the trimmed text, or null when blank (docs/product.md#validation-rules). */
export function unpublishReason(text: string): string | null {
  const t = text.trim();
  return t ? t : null;
}

/** Chip colour of a model or benchmark-run status (docs/product.md#states-and-transitions): failed red, completed / submitted green, published and In-Progress blue, others orange. */
export function modelStatusColor(status: string): 'error' | 'success' | 'info' | 'warning' {
  if (/^failed$/i.test(status)) return 'error';
  if (/^(completed|submitted)$/i.test(status)) return 'success';
  if (status === 'published' || /^in[- ]progress$/i.test(status)) return 'info';
  return 'warning';
}
