/**
 * The benchmark page's test-set control (docs/api.md#who-sees-a-benchmarks-rows), rendered as the
 * server renders pages (prerender.tsx renderPage) from a getBenchmark answer: every visitor reads
 * whether the test set is open or hidden; only an answer with canChangeVisibility (its owner, an
 * ADMIN) carries the switch; a hidden benchmark's Download is disabled without a refUrl.
 */
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { benchmarkDetailResponse } from '@ulca/contracts';
import { renderPage } from '../../../prerender.tsx';
import { benchmarkKeys } from '../api/benchmarks.ts';

const ID = '6f1c2a9e-6c0e-4a43-9d7a-3f4f0d3c2b11';

function answer(over: Partial<z.infer<typeof benchmarkDetailResponse>>): z.infer<typeof benchmarkDetailResponse> {
  return {
    benchmarkId: ID,
    name: 'Hidden hi-mr',
    description: 'A test set',
    refUrl: null,
    task: { type: 'translation' },
    languages: { sourceLanguage: 'hi', targetLanguage: 'mr' },
    domain: ['general'],
    submitter: { name: 'Bench Team' },
    license: 'cc-by-4.0',
    collectionSource: [],
    recordCount: 6,
    submittedOn: 0,
    publishedOn: 0,
    metric: ['bleu'],
    visibility: 'hidden',
    availableMetric: [],
    benchmarkPerformance: [],
    canChangeVisibility: false,
    ...over,
  };
}

async function render(lang: 'en' | 'hi' | 'ta', data: z.infer<typeof benchmarkDetailResponse>): Promise<string> {
  const client = new QueryClient();
  client.setQueryData(benchmarkKeys.detail(ID), data);
  const { html } = await renderPage(`/ulca/model/benchmark-details/${ID}`, lang, 'wide', dehydrate(client));
  return html;
}

describe('the test-set control of a benchmark page', () => {
  it('tells every visitor a hidden test set is hidden, without the switch or a download', async () => {
    const html = await render('en', answer({}));
    expect(html).toContain('Test set hidden');
    expect(html).not.toContain('Hide the test set');
    // No refUrl: the Download button is disabled (a <button>, not a link), its tooltip saying why.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>(?:(?!<\/button>).)*Download</s);
    expect(html).toContain('only its owner can download it');
  });

  it('gives its owner the switch, on for hidden and off for open, in each interface language', async () => {
    expect(await render('en', answer({ canChangeVisibility: true }))).toMatch(/Hide the test set/);
    const open = await render('en', answer({ canChangeVisibility: true, visibility: 'open', refUrl: 'https://example.org/bm.zip' }));
    expect(open).toContain('Test set open');
    expect(open).toMatch(/<input[^>]*type="checkbox"(?![^>]*checked)[^>]*>/);
    expect(await render('hi', answer({ canChangeVisibility: true }))).toContain('परीक्षण सेट छिपाएँ');
    expect(await render('ta', answer({ canChangeVisibility: true }))).toContain('சோதனைத் தொகுப்பை மறை');
  });
});
