import { describe, expect, it } from 'vitest';
import { filterSearchRows, toTableRow } from './my-searches.ts';
import {
  criteriaEntries,
  criteriaValueLabel,
  criteriaSummary,
  formatHours,
  formatRecordCell,
  formatSearchedOn,
  parseSearchDetails,
  recordsText,
  resultCountText,
  summarizeSearchRow,
  type SearchRow,
} from './search-row.ts';
import { PARALLEL_ENTRY } from '../../../test/search-catalogue.ts';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['search']);

const files = { json: { sample: '/ulca/s.json', all: '/ulca/a.json' }, csv: { sample: '/ulca/s.csv', all: '/ulca/a.csv' } };
const row = (over: Partial<SearchRow> = {}): SearchRow => ({
  serviceRequestNumber: 'SR-1',
  datasetType: 'parallel-corpus',
  timestamp: '2024-05-02T10:00:00Z',
  searchCriteria: {
    datasetType: 'parallel-corpus',
    sourceLanguage: ['en'],
    targetLanguage: ['hi', 'ta'],
    domain: ['news'],
    collectionMethod: ['auto-aligned'],
    userId: 'u-1',
    multipleContributors: true,
  },
  status: [{ status: 'Completed', details: JSON.stringify({ count: 1204, files }) }],
  ...over,
});

describe('search criteria text (docs/product.md#entities-and-fields "Search request row")', () => {
  it('joins dataset type, source, targets, domain and collection method with bars, with labels', () => {
    expect(criteriaSummary('parallel-corpus', row().searchCriteria!)).toBe(
      'Parallel Dataset | English | Hindi, Tamil | News | Auto Aligned',
    );
  });

  it('leaves out what is empty', () => {
    expect(criteriaSummary('monolingual-corpus', { sourceLanguage: ['ta'], targetLanguage: null, domain: [] })).toBe(
      'Monolingual Dataset | Tamil',
    );
    expect(criteriaSummary('asr-corpus', {})).toBe('ASR Dataset');
  });

  it('lists info cards without the hidden fields, in the order of the field list', () => {
    const entries = criteriaEntries(
      {
        ...row().searchCriteria!,
        minScore: 0.8,
        alignmentTool: ['LaBSE'],
        originalSourceSentence: true,
        serviceRequestNumber: 'x',
        groupBy: 'y',
      },
      PARALLEL_ENTRY,
    );
    expect(entries.map((e) => [e.label, e.values.join(', ')])).toEqual([
      ['Source Language', 'English'],
      ['Target Language', 'Hindi, Tamil'],
      ['Domain', 'News'],
      ['Collection Method', 'Auto Aligned'],
      ['Alignment Tool', 'LaBSE'],
      ['Min Alignment Score', '0.8'],
    ]);
    // A search without targets names its languages 'Language(s)'.
    expect(
      criteriaEntries({ sourceLanguage: ['ta', 'bn'], targetLanguage: null, mixedDataSource: 'vaani' }).map((e) => [
        e.label,
        e.values.join(', '),
      ]),
    ).toEqual([
      ['Languages', 'Tamil, Bengali'],
      ['Data Source', 'Vaani'],
    ]);
    expect(criteriaEntries({ sourceLanguage: ['hi'], mixedDataSource: true }).map((e) => e.values.join())).toEqual(['Hindi', 'Yes']);
  });
});

describe('search row formats (docs/product.md#search-and-download, docs/product.md#constants-and-limits)', () => {
  it('shows the search time with the month named, 12-hour', () => {
    expect(formatSearchedOn('2024-05-02T10:00:00Z', 'Asia/Kolkata')).toBe('2 May 2024, 3:30:00 pm');
    expect(formatSearchedOn('2024-12-31T20:05:09Z', 'UTC')).toBe('31 Dec 2024, 8:05:09 pm');
    expect(formatSearchedOn('2024-01-01T00:00:00Z', 'UTC')).toBe('1 Jan 2024, 12:00:00 am');
    expect(formatSearchedOn('yesterday')).toBe('-');
  });

  it("shows 'N hrs' for asr, asr-unlabeled and tts searches, the count otherwise, and nothing while In-Progress", () => {
    expect(formatHours(5.3)).toBe('0.001 hrs');
    expect(formatRecordCell({ status: 'Completed', count: 4, durationInSeconds: 9000, datasetType: 'asr-corpus' })).toBe('2.500 hrs');
    expect(formatRecordCell({ status: 'Completed', count: 3, durationInSeconds: 3600, datasetType: 'asr-unlabeled-corpus' })).toBe(
      '1.000 hrs',
    );
    expect(formatRecordCell({ status: 'Completed', count: 3, durationInSeconds: 1800, datasetType: 'tts-corpus' })).toBe('0.500 hrs');
    expect(formatRecordCell({ status: 'Completed', count: 1204, durationInSeconds: null, datasetType: 'parallel-corpus' })).toBe('1,204');
    expect(formatRecordCell({ status: 'Completed', count: 0, durationInSeconds: null, datasetType: 'ocr-corpus' })).toBe('0');
    expect(formatRecordCell({ status: 'In-Progress', count: 5, durationInSeconds: 60, datasetType: 'asr-corpus' })).toBe('');
    expect(resultCountText({ count: 4, durationInSeconds: 5.3, datasetType: 'asr-corpus' })).toBe('0.001 hrs (4 records)');
    expect(resultCountText({ count: 1, durationInSeconds: null, datasetType: 'parallel-corpus' })).toBe('1 record');
  });

  it('reads status, count and files from the details string; malformed details read as none', () => {
    const s = summarizeSearchRow(row());
    expect([s.status, s.count, s.files]).toEqual(['Completed', 1204, files]);
    expect(parseSearchDetails('{not json')).toEqual({});
    const running = summarizeSearchRow(row({ status: [{ status: 'In-Progress', details: '' }] }));
    expect([running.status, running.count]).toEqual(['In-Progress', null]);
    // The legacy sampleUrl/downloadUrl pair becomes the JSON format.
    const legacy = summarizeSearchRow(
      row({ status: [{ status: 'Completed', details: JSON.stringify({ count: 2, sampleUrl: '/s', downloadUrl: '/a' }) }] }),
    );
    expect(legacy.files).toEqual({ json: { sample: '/s', all: '/a' } });
    // With several entries the final one counts.
    const two = summarizeSearchRow(
      row({
        status: [
          { status: 'In-Progress', details: null },
          { status: 'Failed', details: JSON.stringify({ count: 0, message: 'Store unavailable' }) },
        ],
      }),
    );
    expect([two.status, two.message]).toEqual(['Failed', 'Store unavailable']);
  });

  it('makes table rows that open only when Completed with a count, and filters them by any shown text', () => {
    const rows = [
      toTableRow(summarizeSearchRow(row()), 'UTC'),
      toTableRow(
        summarizeSearchRow(
          row({
            serviceRequestNumber: 'SR-2',
            datasetType: 'asr-corpus',
            searchCriteria: { sourceLanguage: ['hi'] },
            status: [{ status: 'In-Progress', details: null }],
          }),
        ),
        'UTC',
      ),
    ];
    expect(rows[0]).toEqual({
      serviceRequestNumber: 'SR-1',
      searchCriteria: 'Parallel Dataset | English | Hindi, Tamil | News | Auto Aligned',
      searchedOn: '2 May 2024, 10:00:00 am',
      records: '1,204',
      recordsWithUnit: '1,204 records',
      status: 'Completed',
      opensResult: true,
      hasRecords: true,
    });
    expect([rows[1].records, rows[1].recordsWithUnit, rows[1].opensResult]).toEqual(['', '', false]);
    expect(filterSearchRows(rows, 'tamil').map((r) => r.serviceRequestNumber)).toEqual(['SR-1']);
    expect(filterSearchRows(rows, 'in-progress').map((r) => r.serviceRequestNumber)).toEqual(['SR-2']);
    expect(filterSearchRows(rows, '  ')).toHaveLength(2);
  });

  it('speaks the interface language: Hindi and Tamil names, plurals, Indian digit grouping (docs/product.md#languages-of-the-interface)', async () => {
    const { setLanguage } = await import('../../../lib/i18n/i18n.ts');
    try {
      await setLanguage('hi', false);
      expect(recordsText(1)).toBe('1 रिकॉर्ड');
      expect(recordsText(1234567)).toBe('12,34,567 रिकॉर्ड');
      expect(formatHours(9000)).toBe('2.500 घंटे');
      expect(
        criteriaSummary('parallel-corpus', {
          sourceLanguage: ['en'],
          targetLanguage: ['ta'],
          domain: ['news'],
          collectionMethod: ['auto-aligned'],
        }),
      ).toBe('समानांतर डेटासेट | अंग्रेज़ी | तमिल (தமிழ்) | समाचार | स्वतः संरेखित');
      expect(criteriaEntries({ sourceLanguage: ['hi'], gender: ['female'] }).map((e) => `${e.label}: ${e.values.join()}`)).toEqual([
        'भाषा: हिन्दी',
        'लिंग: महिला',
      ]);
      await setLanguage('ta', false);
      expect(recordsText(2)).toBe('2 பதிவுகள்');
      expect(criteriaValueLabel('domain', 'legal')).toBe('சட்டம்');
      expect(criteriaValueLabel('collectionMethod', 'crowd-sourced')).toBe('பொதுமக்கள் பங்களிப்பு');
    } finally {
      await setLanguage('en', false);
    }
    expect(recordsText(2)).toBe('2 records');
  });
});
