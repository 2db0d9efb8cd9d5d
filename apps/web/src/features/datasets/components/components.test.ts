import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContributionTable } from './ContributionTable.tsx';
import { ErrorSummaryTable } from './ErrorSummaryTable.tsx';
import { StageTable } from './StageTable.tsx';
import { loadTexts } from '../../../lib/i18n/i18n.ts';

// The feature's catalogue files, as its pages load them (lib/i18n/i18n.ts withTexts).
await loadTexts(['datasets', 'benchmarks', 'search']);

/** `html` without the elements marked data-phone-only (and what they hold, nested tags included). */
function withoutPhoneOnly(html: string): string {
  let out = html;
  for (let start = out.search(/<\w+[^>]*data-phone-only/); start >= 0; start = out.search(/<\w+[^>]*data-phone-only/)) {
    const tag = /^<(\w+)/.exec(out.slice(start))![1];
    const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    re.lastIndex = start;
    let depth = 0;
    let end = out.length;
    for (let m = re.exec(out); m; m = re.exec(out)) {
      depth += m[1] ? -1 : 1;
      if (depth === 0) {
        end = m.index + m[0].length;
        break;
      }
    }
    out = out.slice(0, start) + out.slice(end);
  }
  return out;
}

/** The visible text of each table row (cells joined by ' | '), as a user reads it on a wide screen. */
function rowsText(markup: string): string[] {
  // Emotion inlines <style> tags when rendering on the server; they are not visible text.
  // Text shown on phones only (the columns a phone leaves out, under the name) is not a desktop cell.
  const html = withoutPhoneOnly(markup.replace(/<style[^>]*>.*?<\/style>/g, ''));
  return [...html.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map((m) =>
    [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)]
      .map((c) =>
        c[1]
          .replace(/<[^>]+>/g, '')
          .replace(/&amp;/g, '&')
          .trim(),
      )
      .join(' | '),
  );
}

/** A stage row as the status fetcher returns it; the test sets status and details. */
const stageOf = (stage: 'download' | 'ingest' | 'validate' | 'publish') => ({
  serviceRequestNumber: 'SRN-5',
  datasetId: 'd5',
  datasetName: 'Telugu call-centre audio',
  datasetType: 'asr-corpus',
  stage,
  tool: stage,
  startTime: null,
  endTime: null,
});

describe('StageTable', () => {
  it('lists stages in pipeline order with counts, in hours for speech datasets', () => {
    const html = renderToStaticMarkup(
      createElement(StageTable, {
        datasetType: 'asr-corpus',
        stages: [
          {
            ...stageOf('validate'),
            status: 'In-Progress',
            details: {
              processedCount: [
                { type: 'success', count: 12, durationInSeconds: 14.4 },
                { type: 'failed', count: 2, durationInSeconds: 3600 },
              ],
            },
          },
          {
            ...stageOf('download'),
            status: 'Completed',
            details: {
              processedCount: [
                { type: 'success', count: 1 },
                { type: 'failed', count: 0 },
              ],
            },
          },
          { ...stageOf('publish'), status: 'Pending', details: null },
        ],
      }),
    );
    expect(rowsText(html)).toEqual([
      'Stage | Status | Success Count | Failed Count',
      'Download | Completed | 1 | 0',
      'Validate | In-Progress | 12 (0.004 hrs) | 2 (1.000 hrs)',
      'Publish | Pending | - | -',
    ]);
  });
});

describe('ErrorSummaryTable', () => {
  it('shows stage, code, message and count', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorSummaryTable, {
        rows: [{ stage: 'validate', code: 'TEXT_TOO_SHORT', message: 'Text is too short', count: 1200 }],
      }),
    );
    expect(rowsText(html)).toEqual(['Stage | Code | Message | Count', 'Validate | TEXT_TOO_SHORT | Text is too short | 1,200']);
  });
});

describe('ContributionTable', () => {
  const rows = Array.from({ length: 23 }, (_, i) => ({
    submitRefNumber: `SRN-${100 + i}`,
    serviceRequestNumber: `SRN-${100 + i}`,
    datasetId: `d-${i}`,
    datasetName: `Sindhi poems part ${i + 1}`,
    datasetType: i % 2 ? 'monolingual-corpus' : null,
    submittedOn: new Date(2024, 0, i + 1, 12).toISOString(),
    status: i === 21 ? ('Failed' as const) : ('Completed' as const),
    domain: [],
    license: null,
  }));

  it('shows ten rows of the requested page, with the highlighted one marked', () => {
    const html = renderToStaticMarkup(
      createElement(ContributionTable, { rows, page: 2, onPageChange: () => {}, highlighted: 'SRN-121', onOpen: () => {} }),
    );
    const text = rowsText(html);
    expect(text[0]).toBe('Service Request Number | Dataset Name | Dataset Type | Status | Submitted On');
    expect(text.slice(1)).toEqual([
      'SRN-120 | Sindhi poems part 21 | - | Completed | Jan 21, 2024, 12:00',
      'SRN-121 | Sindhi poems part 22 | Monolingual Dataset | Failed | Jan 22, 2024, 12:00',
      'SRN-122 | Sindhi poems part 23 | - | Completed | Jan 23, 2024, 12:00',
    ]);
    expect(html.match(/data-highlighted="true"[^>]*>.*?<\/tr>/)?.[0]).toContain('SRN-121');
    expect(html).toContain('21–23 of 23');
  });
});

describe('in Hindi (docs/product.md#languages-of-the-interface)', () => {
  it('stage names, statuses, headers and units come from the catalogue; counts use Indian grouping', async () => {
    const { setLanguage } = await import('../../../lib/i18n/i18n.ts');
    await setLanguage('hi', false);
    try {
      const html = renderToStaticMarkup(
        createElement(StageTable, {
          datasetType: 'asr-corpus',
          stages: [
            {
              ...stageOf('validate'),
              status: 'Failed',
              details: {
                processedCount: [
                  { type: 'success', count: 1234567, durationInSeconds: 3600 },
                  { type: 'failed', count: 2 },
                ],
              },
            },
            { ...stageOf('publish'), status: 'Not Run', details: null },
          ],
        }),
      );
      expect(rowsText(html)).toEqual([
        'चरण | स्थिति | सफल संख्या | विफल संख्या',
        'सत्यापन | विफल | 12,34,567 (1.000 घंटे) | 2',
        'प्रकाशन | नहीं चला | - | -',
      ]);
    } finally {
      await setLanguage('en', false);
    }
  });
});
