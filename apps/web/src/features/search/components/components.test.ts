import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DownloadLinks, offeredFormats } from './DownloadLinks.tsx';
import { MySearchesTable } from './MySearchesTable.tsx';
import { SearchInfoCards } from './SearchInfoCards.tsx';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['search']);

/** Markup without Emotion's inlined <style> tags. */
const clean = (markup: string) => markup.replace(/<style[^>]*>.*?<\/style>/g, '');
/** The visible text of each table row (cells joined by ' | '). */
function rowsText(markup: string): string[] {
  return [...clean(markup).matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)]
      .map((c) =>
        c[1]
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .join(' | '),
  );
}

describe('MySearchesTable', () => {
  it('shows the five columns, the hours cell empty while In-Progress, a link to the records of a search that found some, and tints the highlighted row', () => {
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(MySearchesTable, {
          rows: [
            {
              serviceRequestNumber: 'SR-2',
              searchCriteria: 'ASR Dataset | Hindi',
              searchedOn: '2 May 2024, 3:30:00 pm',
              records: '',
              recordsWithUnit: '',
              status: 'In-Progress',
              opensResult: false,
              hasRecords: false,
            },
            {
              serviceRequestNumber: 'SR-1',
              searchCriteria: 'TTS Dataset | Tamil',
              searchedOn: '1/5/2024, 9:00:00 AM',
              records: '0.500 hrs',
              recordsWithUnit: '0.500 hrs',
              status: 'Completed',
              opensResult: true,
              hasRecords: true,
            },
          ],
          total: 12,
          page: 0,
          onPageChange: () => {},
          highlighted: 'SR-1',
          onOpen: () => {},
        }),
      ),
    );
    // The first cell also holds the phone-only summary line (status, date, records), hidden from sm up.
    expect(rowsText(html)).toEqual([
      'Search Criteria | Searched On | #Record | Status | Records',
      'ASR Dataset | Hindi SR-2 In-Progress 2 May 2024, 3:30:00 pm | 2 May 2024, 3:30:00 pm |  | In-Progress | ',
      'TTS Dataset | Tamil SR-1 Completed 1/5/2024, 9:00:00 AM · 0.500 hrs View | 1/5/2024, 9:00:00 AM | 0.500 hrs | Completed | View',
    ]);
    expect(clean(html)).toContain('href="/search-records/SR-1"');
    expect(clean(html).match(/data-highlighted="true"/g)).toHaveLength(1);
    expect(clean(html)).toContain('1–10 of 12');
  });
});

describe('DownloadLinks', () => {
  it('offers sample and full links in each format present, in a fixed order', () => {
    const files = {
      csv: { sample: '/ulca/s.csv', all: '/ulca/a.csv' },
      zip: { sample: '/ulca/s.zip', all: '/ulca/a.zip' },
      parquet: { sample: '/ulca/s.parquet', all: '/ulca/a.parquet' },
      json: { sample: '/ulca/s.json', all: '/ulca/a.json' },
    };
    expect(offeredFormats(files).map((f) => f.label)).toEqual(['JSON (ULCA)', 'CSV', 'Parquet', 'ZIP with media']);
    const html = clean(renderToStaticMarkup(createElement(DownloadLinks, { files, countText: '5 records' })));
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*aria-label="([^"]+)"/g)].map((m) => `${m[2]} → ${m[1]}`);
    expect(links).toEqual([
      'Download Sample: JSON (ULCA) → /ulca/s.json',
      'Download Sample: CSV → /ulca/s.csv',
      'Download Sample: Parquet → /ulca/s.parquet',
      'Download Sample: ZIP with media → /ulca/s.zip',
      'Download All: JSON (ULCA) → /ulca/a.json',
      'Download All: CSV → /ulca/a.csv',
      'Download All: Parquet → /ulca/a.parquet',
      'Download All: ZIP with media → /ulca/a.zip',
    ]);
    expect(html).toContain('Every matching record: 5 records.');
  });
});

describe('SearchInfoCards', () => {
  it('shows the dataset type and each set criterion, not the hidden ones', () => {
    const html = clean(
      renderToStaticMarkup(
        createElement(SearchInfoCards, {
          datasetType: 'parallel-corpus',
          criteria: { sourceLanguage: ['en'], targetLanguage: ['hi'], userId: 'u-1', multipleContributors: true },
        }),
      ),
    );
    const cards = [...html.matchAll(/aria-label="([^"]+)"/g)].map((m) => m[1]);
    expect(cards).toEqual(['Dataset type', 'Source Language', 'Target Language']);
    expect(html).toContain('Parallel Dataset');
    expect(html).not.toContain('u-1');
  });
});
