import { describe, expect, it } from 'vitest';
import {
  backTo,
  barsDescription,
  breadcrumb,
  buildSearchRequest,
  changeGrouping,
  changeSourceLanguage,
  changeType,
  drillInto,
  initialState,
  levelOf,
  reset,
  secondGroupings,
} from './drilldown.ts';

const typeLabel = (t: string) => ({ 'parallel-corpus': 'Parallel Dataset', 'asr-corpus': 'ASR Dataset' })[t] ?? t;
const lang = (c: string) => ({ en: 'English', hi: 'Hindi', ta: 'Tamil' })[c] ?? c;

describe('requests of each level', () => {
  it('parallel level 0: the source language is a criterion and there is no grouping', () => {
    const s = initialState('parallel-corpus');
    expect(levelOf(s)).toBe(0);
    expect(buildSearchRequest(s)).toEqual({
      type: 'parallel-corpus',
      criterions: [{ field: 'sourceLanguage', value: 'en' }],
      groupby: null,
    });
  });

  it('parallel level 1 and 2: source and target languages, then the clicked group, each with its grouping', () => {
    const l1 = drillInto(initialState('parallel-corpus'), { id: 'hi', label: 'Hindi' });
    expect(levelOf(l1)).toBe(1);
    expect(buildSearchRequest(l1)).toEqual({
      type: 'parallel-corpus',
      criterions: [
        { field: 'sourceLanguage', value: 'en' },
        { field: 'targetLanguage', value: 'hi' },
      ],
      groupby: [{ field: 'domains', value: null }],
    });
    const l2 = drillInto(l1, { id: 'news', label: 'News' });
    expect(levelOf(l2)).toBe(2);
    expect(buildSearchRequest(l2)).toEqual({
      type: 'parallel-corpus',
      criterions: [
        { field: 'sourceLanguage', value: 'en' },
        { field: 'targetLanguage', value: 'hi' },
        { field: 'domains', value: 'news' },
      ],
      groupby: [{ field: 'collectionMethod_collectionDescriptions', value: null }],
    });
    // Level 2 bars are the end of the drill-down.
    expect(drillInto(l2, { id: 'x', label: 'X' })).toBe(l2);
  });

  it('other types: no criterion at level 0, the clicked language as source language at level 1', () => {
    const s = initialState('asr-corpus');
    expect(buildSearchRequest(s)).toEqual({ type: 'asr-corpus', criterions: null, groupby: null });
    const l1 = changeGrouping(drillInto(s, { id: 'ta', label: 'Tamil' }), 'primarySubmitterName');
    expect(buildSearchRequest(l1)).toEqual({
      type: 'asr-corpus',
      criterions: [{ field: 'sourceLanguage', value: 'ta' }],
      groupby: [{ field: 'primarySubmitterName', value: null }],
    });
    const l2 = drillInto(l1, { id: 'IIT Madras', label: 'IIT Madras' });
    expect(buildSearchRequest(l2)).toEqual({
      type: 'asr-corpus',
      criterions: [
        { field: 'sourceLanguage', value: 'ta' },
        { field: 'primarySubmitterName', value: 'IIT Madras' },
      ],
      groupby: [{ field: 'domains', value: null }],
    });
  });
});

describe('groupings', () => {
  it('level 2 offers the two groupings level 1 did not use, and never takes level 1 grouping', () => {
    const l1 = changeGrouping(
      drillInto(initialState('parallel-corpus'), { id: 'hi', label: 'Hindi' }),
      'collectionMethod_collectionDescriptions',
    );
    expect(l1.groupBy2).not.toBe(l1.groupBy);
    const l2 = drillInto(l1, { id: 'manual-translated', label: 'Manually Translated' });
    expect(secondGroupings(l2)).toEqual(['domains', 'primarySubmitterName']);
    expect(changeGrouping(l2, 'primarySubmitterName').groupBy2).toBe('primarySubmitterName');
    expect(changeGrouping(l2, 'collectionMethod_collectionDescriptions')).toBe(l2);
  });

  it('level 0 has no grouping to change', () => {
    const s = initialState();
    expect(changeGrouping(s, 'primarySubmitterName')).toBe(s);
  });
});

describe('reset, back, type and source language', () => {
  const l2 = drillInto(drillInto(initialState('parallel-corpus'), { id: 'hi', label: 'Hindi' }), { id: 'news', label: 'News' });

  it('Reset returns to level 0 of the same type and source language', () => {
    const r = reset(l2);
    expect(levelOf(r)).toBe(0);
    expect(buildSearchRequest(r)).toEqual(buildSearchRequest(initialState('parallel-corpus')));
  });

  it('the breadcrumb names each level and goes back to it', () => {
    expect(breadcrumb(l2, typeLabel, lang)).toEqual([
      { label: 'Parallel Dataset (English)', level: 0 },
      { label: 'English – Hindi', level: 1 },
      { label: 'Domain: News', level: 2 },
    ]);
    expect(levelOf(backTo(l2, 1))).toBe(1);
    expect(breadcrumb(initialState('asr-corpus'), typeLabel, lang)).toEqual([{ label: 'ASR Dataset', level: 0 }]);
    expect(barsDescription(initialState('parallel-corpus'), lang)).toBe('per language paired with English');
    expect(barsDescription(l2, lang)).toBe('by Collection Method');
  });

  it('a new type or source language starts again at level 0', () => {
    const t = changeType(l2, 'asr-corpus');
    expect(levelOf(t)).toBe(0);
    expect(t.datasetType).toBe('asr-corpus');
    const s = changeSourceLanguage(drillInto(initialState('parallel-corpus'), { id: 'hi', label: 'Hindi' }), 'ta');
    expect(buildSearchRequest(s)).toEqual({
      type: 'parallel-corpus',
      criterions: [{ field: 'sourceLanguage', value: 'ta' }],
      groupby: null,
    });
  });
});
