/*
 * Column priority of the dataset tables on a phone (docs/product.md#dataset-screens):
 * the columns a user needs to act on a row (its name, Status, Failed Count) keep their column at
 * 390 px; the others are hidden there and, where they matter, shown under the name.
 */

/** A column of a table and whether it keeps its own column on a phone. */
export interface ColumnPriority<K extends string> {
  key: K;
  phone: boolean;
}

/** The Submitted Dataset table's columns in order. */
export const CONTRIBUTION_COLUMNS = [
  { key: 'srn', phone: false },
  { key: 'datasetName', phone: true },
  { key: 'datasetType', phone: false },
  { key: 'status', phone: true },
  { key: 'submittedOn', phone: false },
] as const satisfies readonly ColumnPriority<string>[];

/** The Benchmark Dataset table's columns in order. */
export const BENCHMARK_COLUMNS = [
  { key: 'datasetName', phone: true },
  { key: 'task', phone: false },
  { key: 'submittedOn', phone: false },
  { key: 'status', phone: true },
] as const satisfies readonly ColumnPriority<string>[];

/** The stage table's columns: on a phone the status chip sits under the stage name, so both counts fit. */
export const STAGE_COLUMNS = [
  { key: 'stage', phone: true },
  { key: 'status', phone: false },
  { key: 'successCount', phone: true },
  { key: 'failedCount', phone: true },
] as const satisfies readonly ColumnPriority<string>[];

/** The responsive `display` of column `key`: hidden below the sm breakpoint unless it keeps its column on a phone. */
export function phoneDisplay<K extends string>(columns: readonly ColumnPriority<K>[], key: K): { xs: string; sm: string } {
  const phone = columns.find((c) => c.key === key)?.phone ?? true;
  return { xs: phone ? 'table-cell' : 'none', sm: 'table-cell' };
}
