import { METRIC_FIELDS, type MetricReportRow } from '@ulca/contracts';
import { unitOf, type MetricUnit } from './format.ts';

/**
 * Dataset Metrics table logic (docs/product.md#dashboard-and-dataset-metrics: "Rows with equal dimensions are summed over the
 * visible columns"): the rows of POST store/reports are re-aggregated whenever the user hides or
 * shows a dimension column, so a table without, say, the Submitter column shows one row per
 * remaining combination with the submitters' counts added up.
 *
 * Counts of different units are never added together: the unit (hrs, images, sentences) is always
 * part of a row's key, even when the Dataset Type column is hidden.
 */

/** Dimension columns of the table, in display order. */
export const DIMENSIONS = ['datasetType', ...METRIC_FIELDS] as const;
export type Dimension = (typeof DIMENSIONS)[number];

/** One row of POST /ulca/data-metric/v0/store/reports (codes; targetLanguage '' for single-language types). */
/** One Dataset Metrics row (POST …/store/reports): codes; `count` records, `total` hours for speech types, else records (@ulca/contracts). */
export type { MetricReportRow } from '@ulca/contracts';

/** A table row: the visible dimensions (hidden ones are ''), the unit, and the summed counts. */
export type MetricTableRow = Record<Dimension, string> & { id: string; unit: MetricUnit; count: number; total: number };

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Sums `rows` over the dimensions in `visible` (plus the unit). Hidden dimensions come out as ''.
 * Totals are rounded to 3 decimals after adding. Output order: first appearance of each key.
 */
export function aggregateByVisible(rows: readonly MetricReportRow[], visible: ReadonlySet<Dimension>): MetricTableRow[] {
  const out = new Map<string, MetricTableRow>();
  for (const r of rows) {
    const unit = unitOf(r.datasetType);
    const dims = Object.fromEntries(DIMENSIONS.map((d) => [d, visible.has(d) ? r[d] : ''])) as Record<Dimension, string>;
    const id = JSON.stringify([unit, ...DIMENSIONS.map((d) => dims[d])]);
    const row = out.get(id);
    if (row) {
      row.count += r.count;
      row.total = round3(row.total + r.total);
    } else {
      out.set(id, { ...dims, id, unit, count: r.count, total: round3(r.total) });
    }
  }
  return [...out.values()];
}

/**
 * The dimensions visible under a DataGrid column visibility model (columns missing from the model
 * are visible, as in the grid).
 */
export function visibleDimensions(model: Readonly<Record<string, boolean>>): Set<Dimension> {
  return new Set(DIMENSIONS.filter((d) => model[d] !== false));
}

/** A blank target language (single-language types) is shown as '-' (docs/product.md#entities-and-fields). */
export function targetLanguageText(code: string, label: (code: string) => string): string {
  return code ? label(code) : '-';
}
