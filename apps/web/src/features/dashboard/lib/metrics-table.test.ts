import { describe, expect, it } from 'vitest';
import { DIMENSIONS, aggregateByVisible, targetLanguageText, visibleDimensions, type MetricReportRow } from './metrics-table.ts';

const row = (over: Partial<MetricReportRow>): MetricReportRow => ({
  datasetType: 'parallel-corpus',
  sourceLanguage: 'en',
  targetLanguage: 'hi',
  domains: 'news',
  collectionMethod_collectionDescriptions: 'manual-translated',
  primarySubmitterName: 'Lab A',
  count: 1,
  total: 1,
  ...over,
});

const ROWS: MetricReportRow[] = [
  row({ count: 10, total: 10 }),
  row({ primarySubmitterName: 'Lab B', count: 5, total: 5 }),
  row({ domains: 'legal', count: 7, total: 7 }),
  row({ datasetType: 'asr-corpus', targetLanguage: '', count: 4, total: 1.25 }),
  row({ datasetType: 'asr-corpus', targetLanguage: '', primarySubmitterName: 'Lab B', count: 2, total: 0.3335 }),
  row({ datasetType: 'monolingual-corpus', targetLanguage: '', count: 3, total: 3 }),
];

describe('aggregateByVisible', () => {
  it('with every column visible, keeps every row', () => {
    const out = aggregateByVisible(ROWS, new Set(DIMENSIONS));
    expect(out).toHaveLength(ROWS.length);
    expect(out.map((r) => r.count)).toEqual([10, 5, 7, 4, 2, 3]);
  });

  it('sums the rows that become equal when a column is hidden, and blanks the hidden column', () => {
    const visible = visibleDimensions({ primarySubmitterName: false });
    const out = aggregateByVisible(ROWS, visible);
    expect(out.map((r) => [r.datasetType, r.domains, r.primarySubmitterName, r.count, r.total])).toEqual([
      ['parallel-corpus', 'news', '', 15, 15],
      ['parallel-corpus', 'legal', '', 7, 7],
      ['asr-corpus', 'news', '', 6, 1.584],
      ['monolingual-corpus', 'news', '', 3, 3],
    ]);
  });

  it('never adds hours to sentences, even with the dataset type hidden', () => {
    const out = aggregateByVisible(ROWS, new Set(['sourceLanguage'] as const));
    expect(out.map((r) => [r.unit, r.count, r.total])).toEqual([
      ['sentences', 25, 25],
      ['hrs', 6, 1.584],
    ]);
    // Counts are kept exactly: the sum over any visibility equals the sum of the input.
    expect(out.reduce((n, r) => n + r.count, 0)).toBe(ROWS.reduce((n, r) => n + r.count, 0));
  });

  it('gives each row a stable id made of its unit and visible values', () => {
    const a = aggregateByVisible(ROWS, new Set(['datasetType'] as const));
    expect(new Set(a.map((r) => r.id)).size).toBe(a.length);
    expect(a.map((r) => r.id)).toEqual(
      aggregateByVisible([...ROWS].reverse(), new Set(['datasetType'] as const))
        .map((r) => r.id)
        .reverse(),
    );
  });
});

describe('visibleDimensions and the blank target', () => {
  it('columns missing from the model are visible', () => {
    expect([...visibleDimensions({})]).toEqual([...DIMENSIONS]);
    expect(visibleDimensions({ domains: false, unit: false }).has('domains')).toBe(false);
  });

  it("a blank target language reads '-'", () => {
    expect(targetLanguageText('', (c) => c.toUpperCase())).toBe('-');
    expect(targetLanguageText('hi', () => 'Hindi')).toBe('Hindi');
  });
});
