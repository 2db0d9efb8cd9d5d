/**
 * The selection of the Run Benchmark modal (docs/product.md#model-screens "Benchmark selection modal"): one benchmark
 * dataset at a time and any of its metrics.
 * - selecting a dataset makes it the only selected one (its metrics start empty);
 * - deselecting it clears its metrics;
 * - metrics toggle individually; ticking a metric of another dataset selects that dataset instead;
 * - metrics not in the dataset's available list cannot be ticked.
 */
export interface BenchmarkSelection {
  benchmarkId: string | null;
  metrics: string[];
}

/** Nothing selected. */
export const EMPTY_SELECTION: BenchmarkSelection = { benchmarkId: null, metrics: [] };

/** Toggles a dataset's Select switch. */
export function toggleDataset(sel: BenchmarkSelection, benchmarkId: string): BenchmarkSelection {
  return sel.benchmarkId === benchmarkId ? EMPTY_SELECTION : { benchmarkId, metrics: [] };
}

/** Toggles one metric of a dataset; `available` = the dataset's availableMetric names (others are refused). */
export function toggleMetric(
  sel: BenchmarkSelection,
  benchmarkId: string,
  metric: string,
  available: readonly string[],
): BenchmarkSelection {
  if (!available.includes(metric)) return sel;
  if (sel.benchmarkId !== benchmarkId) return { benchmarkId, metrics: [metric] };
  return sel.metrics.includes(metric)
    ? { benchmarkId, metrics: sel.metrics.filter((m) => m !== metric) }
    : { benchmarkId, metrics: [...sel.metrics, metric] };
}

/** Submit is enabled once anything is selected (docs/product.md#screens). */
export function canSubmit(sel: BenchmarkSelection): boolean {
  return sel.benchmarkId !== null;
}

/**
 * The execute body's `benchmarks` for a selection, or an error text when a dataset is selected
 * without a metric (a run is always of one metric: the server scores nothing else).
 */
/** The English texts of an incomplete selection; the dialog shows the catalogue's `benchmarks.run.select<Dataset|Metric>`. */
export const SELECTION_ERRORS = {
  dataset: 'Select a benchmark dataset.',
  metric: 'Choose at least one metric of the selected benchmark dataset.',
} as const;

export function executeItems(sel: BenchmarkSelection): { items: { benchmarkId: string; metric: string }[] } | { error: string } {
  if (!sel.benchmarkId) return { error: SELECTION_ERRORS.dataset };
  if (sel.metrics.length === 0) return { error: SELECTION_ERRORS.metric };
  return { items: sel.metrics.map((metric) => ({ benchmarkId: sel.benchmarkId!, metric })) };
}

/** Rows per page of the modal (docs/product.md#constants-and-limits: 10, 20, 100). */
export const SELECTION_PAGE_SIZES = [10, 20, 100] as const;

/** Modal rows matching the search term (name or description) and the selected domains (any). */
export function filterOptions<T extends { name: string; description: string | null; domain: readonly string[] }>(
  rows: readonly T[],
  term: string,
  domains: readonly string[],
): T[] {
  const q = term.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (domains.length === 0 || r.domain.some((d) => domains.includes(d))) &&
      (!q || `${r.name} ${r.description ?? ''}`.toLowerCase().includes(q)),
  );
}
