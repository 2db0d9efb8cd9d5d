import { describe, expect, it } from 'vitest';
import { PICKER_DATASET_TYPES } from '@ulca/contracts';
import {
  DEFAULT_TAB,
  TABS,
  countsByType,
  dataKind,
  downloadHref,
  filterOptions,
  formatPublishedOn,
  formatRecordCount,
  licenseLabel,
  languageText,
  pruneFilter,
  tabFromParam,
  visibleDatasets,
  type ReadyMadeDataset,
} from './readymade-filters.ts';

const base = { serviceRequestNumber: '1', publishedOn: '2026-11-21T09:35:00.000Z', recordCount: 10, downloadUrl: '' };
const rows: ReadyMadeDataset[] = [
  {
    ...base,
    datasetId: 'p1',
    datasetName: 'Parliament debates',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'hi',
    license: 'cc-by-4.0',
    domain: ['parliamentary', 'legal'],
    submitterName: 'Lok Sabha Cell',
  },
  {
    ...base,
    datasetId: 'p2',
    datasetName: 'Tourism phrases',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'en',
    targetLanguage: 'ta',
    license: 'cc0',
    domain: ['tourism'],
    submitterName: 'Travel Desk',
  },
  {
    ...base,
    datasetId: 'p3',
    datasetName: 'Court orders',
    datasetType: 'parallel-corpus',
    sourceLanguage: 'hi',
    targetLanguage: 'mr',
    license: null,
    domain: ['legal'],
    submitterName: null,
  },
  {
    ...base,
    datasetId: 'm1',
    datasetName: 'Tamil news',
    datasetType: 'monolingual-corpus',
    sourceLanguage: 'ta',
    targetLanguage: null,
    license: 'cc0',
    domain: ['news'],
    submitterName: 'Travel Desk',
  },
  {
    ...base,
    datasetId: 'a1',
    datasetName: 'Hindi speech',
    datasetType: 'asr-corpus',
    sourceLanguage: 'hi',
    targetLanguage: null,
    license: 'cc-by-4.0',
    domain: ['general'],
    submitterName: 'ULCA Demo Team',
  },
];
const ids = (r: ReadyMadeDataset[]) => r.map((d) => d.datasetId);

describe('ready-made tabs', () => {
  it('has one tab per dataset type and starts on parallel-corpus', () => {
    expect(DEFAULT_TAB).toBe('parallel-corpus');
    expect(TABS[0]).toEqual({ value: 'parallel-corpus', label: 'Parallel Dataset' });
    expect(TABS.map((t) => t.value)).toContain('asr-corpus');
    expect(new Set(TABS.map((t) => t.value)).size).toBe(TABS.length);
    expect(tabFromParam(null)).toBe('parallel-corpus');
    expect(tabFromParam('asr-corpus')).toBe('asr-corpus');
    expect(tabFromParam('video-corpus')).toBe('parallel-corpus');
  });

  it("offers the interface's one list of dataset types, in its order (the dashboard and search offer the same)", () => {
    expect(TABS.map((t) => t.value)).toEqual(PICKER_DATASET_TYPES);
  });

  it('shows only the datasets of the tab, and counts per type', () => {
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', {}))).toEqual(['p1', 'p2', 'p3']);
    expect(ids(visibleDatasets(rows, 'monolingual-corpus', '', {}))).toEqual(['m1']);
    expect(ids(visibleDatasets(rows, 'ocr-corpus', '', {}))).toEqual([]);
    expect(countsByType(rows)).toEqual({ 'parallel-corpus': 3, 'monolingual-corpus': 1, 'asr-corpus': 1 });
  });
});

describe('ready-made search (case-insensitive, docs/product.md#states-and-transitions)', () => {
  it('matches name, language codes and labels, domain codes and labels, licence and submitter', () => {
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'PARLIAMENT', {}))).toEqual(['p1']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'tamil', {}))).toEqual(['p2']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'mr', {}))).toEqual(['p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'Legal', {}))).toEqual(['p1', 'p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'cc0', {}))).toEqual(['p2']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'travel desk', {}))).toEqual(['p2']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '   ', {}))).toEqual(['p1', 'p2', 'p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'no such thing', {}))).toEqual([]);
  });
});

describe('ready-made filter (Domain, Language, Submitter)', () => {
  it('ORs values within a group and ANDs the groups', () => {
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { domain: ['legal'] }))).toEqual(['p1', 'p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { domain: ['legal', 'tourism'] }))).toEqual(['p1', 'p2', 'p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { domain: ['legal'], language: ['mr'] }))).toEqual(['p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { submitter: ['Travel Desk'] }))).toEqual(['p2']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { submitter: ['Travel Desk'], domain: ['legal'] }))).toEqual([]);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', 'court', { domain: ['legal'] }))).toEqual(['p3']);
    // Empty groups do not filter.
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { domain: [], language: [] }))).toEqual(['p1', 'p2', 'p3']);
  });

  it('matches a language on either side of a pair', () => {
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { language: ['hi'] }))).toEqual(['p1', 'p3']);
    expect(ids(visibleDatasets(rows, 'parallel-corpus', '', { language: ['en'] }))).toEqual(['p1', 'p2']);
  });

  it('offers the values present in the tab, labelled and sorted by label', () => {
    const opts = filterOptions(visibleDatasets(rows, 'parallel-corpus', '', {}));
    expect(opts.domain).toEqual([
      { value: 'legal', label: 'Legal' },
      { value: 'parliamentary', label: 'Parliamentary' },
      { value: 'tourism', label: 'Tourism' },
    ]);
    expect(opts.language.map((o) => o.label)).toEqual(['English', 'Hindi', 'Marathi', 'Tamil']);
    // A dataset without a submitter offers no empty choice.
    expect(opts.submitter).toEqual([
      { value: 'Lok Sabha Cell', label: 'Lok Sabha Cell' },
      { value: 'Travel Desk', label: 'Travel Desk' },
    ]);
  });

  it('drops choices no longer offered', () => {
    const asrOptions = filterOptions(visibleDatasets(rows, 'asr-corpus', '', {}));
    expect(pruneFilter({ domain: ['legal'], language: ['hi', 'en'] }, asrOptions)).toEqual({ language: ['hi'] });
    expect(pruneFilter({ submitter: ['Travel Desk'] }, asrOptions)).toEqual({});
  });
});

describe('ready-made card values', () => {
  it('formats published on with the month named and a 12-hour time', () => {
    expect(formatPublishedOn('2026-11-21T09:35:00.000Z', 'Asia/Kolkata')).toBe('21 Nov 2026, 3:05:00 pm');
    expect(formatPublishedOn('2026-01-02T18:30:00.000Z', 'Asia/Kolkata')).toBe('3 Jan 2026, 12:00:00 am');
    expect(formatPublishedOn(null)).toBe('-');
    expect(formatPublishedOn('not a date')).toBe('-');
  });

  it('labels licences, languages, data kinds and counts', () => {
    expect(licenseLabel('cc-by-4.0')).toBe('CC-BY-4.0');
    expect(licenseLabel(null)).toBe('-');
    expect(languageText('hi')).toBe('Hindi');
    expect(languageText(null)).toBe('-');
    expect(dataKind('tts-corpus')).toBe('Speech');
    expect(dataKind('ocr-corpus')).toBe('Image');
    expect(dataKind('parallel-corpus')).toBe('Text');
    expect(formatRecordCount(1)).toBe('1 record');
    expect(formatRecordCount(123456)).toBe('1,23,456 records');
  });

  it('builds the download path of each format', () => {
    expect(downloadHref('5f0c', 'json')).toBe('/ulca/apis/v0/dataset/readymade/5f0c/download.json');
    expect(downloadHref('5f0c', 'csv')).toBe('/ulca/apis/v0/dataset/readymade/5f0c/download.csv');
  });
});
