import { describe, expect, it } from 'vitest';
import {
  filtersAwaitingParent,
  hasAdvancedFilters,
  isAsrSearchType,
  isFilterVisible,
  isPairedSearchType,
  visibleFilters,
} from './catalogue.ts';
import { ASR_ENTRY, PARALLEL_ENTRY } from '../../../test/search-catalogue.ts';

const names = (list: { value: string }[]) => list.map((f) => f.value);
const byName = (v: string) => PARALLEL_ENTRY.filters.find((f) => f.value === v)!;

describe('catalogue rules (docs/product.md#entities-and-fields "Filter catalogue")', () => {
  it('shows active basic filters; language and inactive filters never appear as generic filters', () => {
    const shown = visibleFilters(PARALLEL_ENTRY, { advanced: false, collectionMethods: [] });
    expect(names(shown.basic)).toEqual(['collectionMethod', 'domain', 'license']);
    expect(shown.advanced).toEqual([]);
  });

  it('shows advanced filters only with the toggle on, and parent-bound ones only when their collection method is chosen', () => {
    expect(names(visibleFilters(PARALLEL_ENTRY, { advanced: true, collectionMethods: [] }).advanced)).toEqual([
      'countOfTranslations',
      'editingTool',
    ]);
    expect(names(visibleFilters(PARALLEL_ENTRY, { advanced: true, collectionMethods: ['auto-aligned'] }).advanced)).toEqual([
      'alignmentTool',
      'minScore',
      'countOfTranslations',
      'editingTool',
    ]);
    expect(names(visibleFilters(PARALLEL_ENTRY, { advanced: true, collectionMethods: ['machine-translated'] }).advanced)).toEqual([
      'translationModel',
      'countOfTranslations',
      'editingTool',
    ]);
    // A parent chosen but the toggle off: still hidden.
    expect(isFilterVisible(byName('alignmentTool'), { advanced: false, collectionMethods: ['auto-aligned'] })).toBe(false);
    expect(isFilterVisible(byName('collectionSource'), { advanced: true, collectionMethods: [] })).toBe(false);
  });

  it('tells which advanced filters wait for which collection method', () => {
    expect(filtersAwaitingParent(PARALLEL_ENTRY, [])).toEqual([
      { parent: 'auto-aligned', labels: ['Alignment Tool', 'Min Alignment Score'] },
      { parent: 'machine-translated', labels: ['Translation Model'] },
    ]);
    expect(filtersAwaitingParent(PARALLEL_ENTRY, ['auto-aligned'])).toEqual([
      { parent: 'machine-translated', labels: ['Translation Model'] },
    ]);
    expect(filtersAwaitingParent(ASR_ENTRY, [])).toEqual([]);
  });

  it('knows which types pair languages and which take a data source', () => {
    expect(['parallel-corpus', 'transliteration-corpus', 'glossary-corpus'].every(isPairedSearchType)).toBe(true);
    expect(isPairedSearchType('monolingual-corpus')).toBe(false);
    expect(isAsrSearchType('asr-corpus') && isAsrSearchType('asr-unlabeled-corpus')).toBe(true);
    expect(isAsrSearchType('tts-corpus')).toBe(false);
    expect(hasAdvancedFilters(ASR_ENTRY)).toBe(true);
    expect(hasAdvancedFilters({ ...ASR_ENTRY, filters: ASR_ENTRY.filters.slice(0, 1) })).toBe(false);
  });
});
