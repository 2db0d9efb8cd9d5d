import { describe, expect, it } from 'vitest';
import { rollupQuery } from './repo.ts';
import { storeSearchBody } from './schemas.ts';
import { dimensionLabel, metricValue, planStoreSearch, secondsToHours, toSearchResponse } from './service.ts';

const body = (b: unknown) => storeSearchBody.parse(b);

describe('planStoreSearch', () => {
  it('level 0 of a single-language type: bars are source languages, no filter', () => {
    expect(planStoreSearch(body({ type: 'monolingual-corpus', criterions: null, groupby: null }))).toEqual({
      datasetType: 'monolingual-corpus',
      filters: [],
      pairLanguages: [],
      group: { kind: 'column', field: 'sourceLanguage', column: 'source_language' },
    });
  });

  it('level 0 of parallel-corpus with a source language: either side matches, bars are the other language', () => {
    const plan = planStoreSearch(body({ type: 'parallel-corpus', criterions: [{ field: 'sourceLanguage', value: 'hi' }], groupby: null }));
    expect(plan.pairLanguages).toEqual(['hi']);
    expect(plan.group).toEqual({ kind: 'otherLanguage', language: 'hi' });
    expect(plan.filters).toEqual([]);
  });

  it('level 2 of transliteration: unordered pair, a domain filter and a grouping by submitter', () => {
    const plan = planStoreSearch(
      body({
        type: 'transliteration-corpus',
        criterions: [
          { field: 'sourceLanguage', value: 'en' },
          { field: 'targetLanguage', value: 'ta' },
          { field: 'domains', value: 'news' },
        ],
        groupby: [{ field: 'primarySubmitterName', value: null }],
      }),
    );
    expect(plan).toEqual({
      datasetType: 'transliteration-corpus',
      filters: [{ column: 'domain', value: 'news' }],
      pairLanguages: ['en', 'ta'],
      group: { kind: 'column', field: 'primarySubmitterName', column: 'submitter' },
    });
  });

  it('glossary is not symmetric: plain equality on both languages', () => {
    const plan = planStoreSearch(
      body({
        type: 'glossary-corpus',
        criterions: [
          { field: 'sourceLanguage', value: 'en' },
          { field: 'targetLanguage', value: 'mr' },
        ],
        groupby: [{ field: 'domains', value: null }],
      }),
    );
    expect(plan.pairLanguages).toEqual([]);
    expect(plan.filters).toEqual([
      { column: 'source_language', value: 'en' },
      { column: 'target_language', value: 'mr' },
    ]);
  });

  it('a field used twice in criterions is a 400 naming the second one', () => {
    expect(() =>
      planStoreSearch(
        body({
          type: 'ocr-corpus',
          criterions: [
            { field: 'domains', value: 'news' },
            { field: 'domains', value: 'legal' },
          ],
          groupby: null,
        }),
      ),
    ).toThrow(expect.objectContaining({ status: 400, errors: [expect.objectContaining({ field: 'criterions.1.field' })] }));
  });
});

describe('storeSearchBody', () => {
  it('rejects unknown fields, unknown dimensions, unknown types and two groupings', () => {
    expect(storeSearchBody.safeParse({ type: 'parallel-corpus', criterions: null, groupby: null, extra: 1 }).success).toBe(false);
    expect(
      storeSearchBody.safeParse({ type: 'parallel-corpus', criterions: [{ field: 'license', value: 'mit' }], groupby: null }).success,
    ).toBe(false);
    expect(storeSearchBody.safeParse({ type: 'video-corpus', criterions: null, groupby: null }).success).toBe(false);
    expect(
      storeSearchBody.safeParse({
        type: 'asr-corpus',
        criterions: null,
        groupby: [
          { field: 'domains', value: null },
          { field: 'primarySubmitterName', value: null },
        ],
      }).success,
    ).toBe(false);
    expect(storeSearchBody.safeParse({ type: 'asr-corpus' }).success).toBe(true);
  });

  it('drops criterions whose value is null or empty (what the original ULCA dashboard sends)', () => {
    const level0 = body({ type: 'ocr-corpus', criterions: [{ field: 'sourceLanguage', value: null }], groupby: null });
    expect(level0.criterions).toEqual([]);
    expect(planStoreSearch(level0)).toEqual(planStoreSearch(body({ type: 'ocr-corpus', criterions: null, groupby: null })));
    const drill = body({
      type: 'asr-corpus',
      criterions: [
        { field: 'sourceLanguage', value: 'hi' },
        { field: 'targetLanguage', value: '' },
        { field: 'domains', value: 'news' },
      ],
      groupby: [{ field: 'collectionMethod_collectionDescriptions', value: null }],
    });
    expect(drill.criterions).toEqual([
      { field: 'sourceLanguage', value: 'hi' },
      { field: 'domains', value: 'news' },
    ]);
    // A value of another type is still refused.
    expect(storeSearchBody.safeParse({ type: 'ocr-corpus', criterions: [{ field: 'sourceLanguage', value: 7 }] }).success).toBe(false);
  });
});

describe('units and labels', () => {
  it('hours are seconds / 3600 with 3 decimals for the speech types only', () => {
    expect(secondsToHours(5400)).toBe(1.5);
    expect(secondsToHours(5.30025)).toBe(0.001);
    expect(secondsToHours(3601.9)).toBe(1.001);
    expect(metricValue('asr-corpus', 10, 7200)).toBe(2);
    expect(metricValue('tts-corpus', 10, 1800)).toBe(0.5);
    expect(metricValue('asr-unlabeled-corpus', 10, 36)).toBe(0.01);
    expect(metricValue('ocr-corpus', 10, 0)).toBe(10);
    expect(metricValue('parallel-corpus', 7, 0)).toBe(7);
  });

  it('labels come from the master data; submitters and unknown codes stay as they are', () => {
    expect(dimensionLabel('sourceLanguage', 'hi')).toBe('Hindi');
    expect(dimensionLabel('targetLanguage', 'xx')).toBe('xx');
    expect(dimensionLabel('domains', 'government-press-release')).toBe('Government Press Release');
    expect(dimensionLabel('collectionMethod_collectionDescriptions', 'manual-translated')).toBe('Manually Translated');
    expect(dimensionLabel('collectionMethod_collectionDescriptions', 'unspecified')).toBe('Unspecified');
    expect(dimensionLabel('primarySubmitterName', 'IIT Madras')).toBe('IIT Madras');
    expect(dimensionLabel('targetLanguage', '')).toBe('-');
  });
});

describe('toSearchResponse', () => {
  it('sorts by value descending, drops empty groups and totals the selection and the type', () => {
    const plan = planStoreSearch(body({ type: 'parallel-corpus', criterions: [{ field: 'sourceLanguage', value: 'en' }], groupby: null }));
    const r = toSearchResponse(
      plan,
      [
        { key: 'ta', records: 5, seconds: 0 },
        { key: 'hi', records: 12, seconds: 0 },
        { key: 'bn', records: 0, seconds: 0 },
        { key: 'mr', records: 5, seconds: 0 },
      ],
      { records: 40, seconds: 0 },
    );
    expect(r).toEqual({
      data: [
        { label: 'Hindi', value: 12, _id: 'hi' },
        { label: 'Marathi', value: 5, _id: 'mr' },
        { label: 'Tamil', value: 5, _id: 'ta' },
      ],
      count: 22,
      totalCount: 40,
    });
  });

  it('speech types answer in hours, sorted by the exact seconds', () => {
    const plan = planStoreSearch(
      body({ type: 'asr-corpus', criterions: [{ field: 'sourceLanguage', value: 'hi' }], groupby: [{ field: 'domains', value: null }] }),
    );
    const r = toSearchResponse(
      plan,
      [
        { key: 'news', records: 3, seconds: 1800 },
        { key: 'general', records: 1, seconds: 1801 },
      ],
      { records: 9, seconds: 9000 },
    );
    expect(r.data).toEqual([
      { label: 'General', value: 0.5, _id: 'general' },
      { label: 'News', value: 0.5, _id: 'news' },
    ]);
    expect(r.count).toBe(1);
    expect(r.totalCount).toBe(2.5);
  });
});

describe('rollupQuery', () => {
  it('binds every value and names only rollup columns', () => {
    const plan = planStoreSearch(
      body({
        type: 'parallel-corpus',
        criterions: [
          { field: 'sourceLanguage', value: "en'; DROP TABLE record_rollup; --" },
          { field: 'primarySubmitterName', value: 'X' },
        ],
        groupby: [{ field: 'targetLanguage', value: null }],
      }),
    );
    const q = rollupQuery(plan);
    expect(q.text).not.toContain('DROP');
    expect(q.values).toEqual(['parallel-corpus', 'X', "en'; DROP TABLE record_rollup; --", "en'; DROP TABLE record_rollup; --"]);
    expect(q.text).toContain('CASE WHEN source_language = $4 THEN target_language ELSE source_language END');
  });
});
