import { benchmarkDetailPath } from '../../../lib/benchmark-navigation.ts';
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

/** The status page of a submission: its stages and why records were refused (docs/product.md#dataset-screens). */
export function statusPath(serviceRequestNumber: string): string {
  return `/dataset-status/${encodeURIComponent(serviceRequestNumber)}`;
}

/**
 * Where a click on a benchmark row leads: a published benchmark's details page
 * ({@link benchmarkRowOpens}), otherwise its status page, so a contributor sees why a Failed
 * benchmark dataset was refused or how far a running one has got.
 */
export function benchmarkRowTarget(
  row: Pick<BenchmarkContributionRow, 'status' | 'datasetType' | 'benchmarkId' | 'serviceRequestNumber'>,
): {
  kind: 'details' | 'status';
  path: string;
} {
  return benchmarkRowOpens(row)
    ? { kind: 'details', path: benchmarkDetailPath(row.benchmarkId) }
    : { kind: 'status', path: statusPath(row.serviceRequestNumber) };
}
