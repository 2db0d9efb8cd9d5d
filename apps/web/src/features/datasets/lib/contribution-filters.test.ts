import { describe, expect, it } from 'vitest';
import { applySearchAndFilter, filterOptions, type FilterableContribution } from './contribution-filters.ts';

const rows: FilterableContribution[] = [
  {
    submitRefNumber: 'SRN-101',
    datasetName: 'Marathi farm advisories',
    datasetType: 'parallel-corpus',
    status: 'Completed',
    domain: ['agriculture', 'general'],
    license: 'cc-by-4.0',
  },
  {
    submitRefNumber: 'SRN-102',
    datasetName: 'Kannada radio speech',
    datasetType: 'asr-corpus',
    status: 'In-Progress',
    domain: ['news'],
    license: 'cc0',
  },
  { submitRefNumber: 'SRN-103', datasetName: 'Odia storybook lines', datasetType: null, status: 'Pending', domain: [], license: null },
  {
    submitRefNumber: 'SRN-104',
    datasetName: 'Bengali clinic notes',
    datasetType: 'monolingual-corpus',
    status: 'Failed',
    domain: ['healthcare'],
    license: 'cc-by-4.0',
  },
];
const ids = (r: FilterableContribution[]) => r.map((x) => x.submitRefNumber);

describe('My Contribution search and filter (docs/product.md#states-and-transitions)', () => {
  it('searches name, type (code or label), request number and status, ignoring case', () => {
    expect(ids(applySearchAndFilter(rows, 'KANNADA', {}))).toEqual(['SRN-102']);
    expect(ids(applySearchAndFilter(rows, 'asr dataset', {}))).toEqual(['SRN-102']);
    expect(ids(applySearchAndFilter(rows, 'monolingual-corpus', {}))).toEqual(['SRN-104']);
    expect(ids(applySearchAndFilter(rows, 'srn-103', {}))).toEqual(['SRN-103']);
    expect(ids(applySearchAndFilter(rows, 'in-progress', {}))).toEqual(['SRN-102']);
    expect(ids(applySearchAndFilter(rows, '  ', {}))).toEqual(['SRN-101', 'SRN-102', 'SRN-103', 'SRN-104']);
  });

  it('combines groups with AND and values within a group with OR', () => {
    expect(ids(applySearchAndFilter(rows, '', { status: ['Completed', 'Failed'] }))).toEqual(['SRN-101', 'SRN-104']);
    expect(ids(applySearchAndFilter(rows, '', { status: ['Completed', 'Failed'], domain: ['healthcare'] }))).toEqual(['SRN-104']);
    expect(ids(applySearchAndFilter(rows, '', { domain: ['general'] }))).toEqual(['SRN-101']);
    expect(ids(applySearchAndFilter(rows, '', { license: ['cc0'], task: ['parallel-corpus'] }))).toEqual([]);
    expect(ids(applySearchAndFilter(rows, 'bengali', { license: ['cc-by-4.0'] }))).toEqual(['SRN-104']);
    expect(ids(applySearchAndFilter(rows, '', { task: [], status: [] }))).toHaveLength(4);
  });

  it('offers the values present in the rows, and every status', () => {
    expect(filterOptions(rows)).toEqual({
      task: ['asr-corpus', 'monolingual-corpus', 'parallel-corpus'],
      domain: ['agriculture', 'general', 'healthcare', 'news'],
      license: ['cc-by-4.0', 'cc0'],
      status: ['Pending', 'In-Progress', 'Completed', 'Failed'],
    });
  });
});
