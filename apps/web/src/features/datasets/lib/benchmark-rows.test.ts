import { describe, expect, it } from 'vitest';
import { asFilterable, benchmarkRowOpens, benchmarkRowTarget } from './benchmark-rows.ts';
import { applySearchAndFilter } from './contribution-filters.ts';

const row = (over: Partial<Parameters<typeof asFilterable>[0]> = {}) => ({
  benchmarkId: 'b1',
  serviceRequestNumber: 'SRN1',
  datasetName: 'FLORES dev',
  datasetType: 'translation',
  submittedOn: '2024-05-02T10:00:00Z',
  status: 'Completed',
  ...over,
});

describe('benchmark contribution rows', () => {
  it('open the details page unless Failed, of type Benchmark or not published yet', () => {
    expect(benchmarkRowOpens(row())).toBe(true);
    expect(benchmarkRowOpens(row({ status: 'Failed' }))).toBe(false);
    expect(benchmarkRowOpens(row({ datasetType: 'Benchmark' }))).toBe(false);
    expect(benchmarkRowOpens(row({ status: 'In-Progress' }))).toBe(false);
    expect(benchmarkRowOpens(row({ status: 'Pending' }))).toBe(false);
  });
  it('search and filter like the submitted tab', () => {
    const rows = [row(), row({ benchmarkId: 'b2', datasetName: 'ASR test', datasetType: 'asr', status: 'Failed' })].map(asFilterable);
    expect(applySearchAndFilter(rows, 'asr', {}).map((r) => r.row.benchmarkId)).toEqual(['b2']);
    expect(applySearchAndFilter(rows, '', { status: ['Completed'] }).map((r) => r.row.benchmarkId)).toEqual(['b1']);
    expect(applySearchAndFilter(rows, '', { task: ['translation'] })).toHaveLength(1);
  });
  it('a Failed or running benchmark opens its status page (why rows were refused), a published one its details', () => {
    expect(benchmarkRowTarget(row({ status: 'Failed' }))).toEqual({ kind: 'status', path: '/dataset-status/SRN1' });
    expect(benchmarkRowTarget(row({ status: 'In-Progress' }))).toEqual({ kind: 'status', path: '/dataset-status/SRN1' });
    expect(benchmarkRowTarget(row()).kind).toBe('details');
  });
});
