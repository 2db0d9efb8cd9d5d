import { isActiveStatus } from '../../../lib/status.ts';
import type { FilterableContribution } from './contribution-filters.ts';

/** A row of …/benchmark/listByUserId (the fields the tab uses). */
export interface BenchmarkContributionRow {
  benchmarkId: string;
  serviceRequestNumber: string;
  datasetName: string;
  datasetType: string | null;
  submittedOn: string;
  status: string;
}

/** A benchmark row in the shape the contribution search and filter read (no domain or license on these rows). */
export function asFilterable(row: BenchmarkContributionRow): FilterableContribution & { row: BenchmarkContributionRow } {
  return {
    submitRefNumber: row.benchmarkId,
    datasetName: row.datasetName,
    datasetType: row.datasetType,
    status: row.status,
    domain: [],
    license: null,
    row,
  };
}

/**
 * Whether a row opens /model/benchmark-details/{benchmarkId} (docs/product.md#screens: not when Failed or when
 * its type is 'Benchmark'). A benchmark still Pending or In-Progress is not published yet, so the
 * details page would have nothing to show: those rows do not open either.
 */
export function benchmarkRowOpens(row: Pick<BenchmarkContributionRow, 'status' | 'datasetType'>): boolean {
  return row.status !== 'Failed' && row.datasetType?.toLowerCase() !== 'benchmark' && !isActiveStatus(row.status);
}
