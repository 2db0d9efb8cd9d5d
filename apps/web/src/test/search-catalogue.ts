import type { DatasetFilterParams, SearchFilter } from '../features/search/lib/catalogue.ts';

/** A filter with the defaults most catalogue entries share (test data only). */
function filter(value: string, label: string, more: Partial<SearchFilter> = {}): SearchFilter {
  return { value, label, filterType: 'basic', active: true, input: 'multi-select', type: 'array', parent: null, options: [], ...more };
}

/** A small parallel-corpus catalogue entry written for the tests: basic, advanced, parent-bound and inactive filters. */
export const PARALLEL_ENTRY: DatasetFilterParams = {
  datasetType: 'parallel-corpus',
  label: 'Parallel Dataset',
  active: true,
  filters: [
    filter('sourceLanguage', 'Source Language', {
      filterType: 'language',
      input: 'single-select',
      options: [
        { value: 'en', label: 'English' },
        { value: 'hi', label: 'Hindi' },
      ],
    }),
    filter('targetLanguage', 'Target Language', {
      filterType: 'language',
      options: [
        { value: 'hi', label: 'Hindi' },
        { value: 'ta', label: 'Tamil' },
      ],
    }),
    filter('collectionMethod', 'Collection Method', {
      options: [
        { value: 'auto-aligned', label: 'Auto Aligned' },
        { value: 'machine-translated', label: 'Machine Translated' },
      ],
    }),
    filter('domain', 'Domain', {
      options: [
        { value: 'news', label: 'News' },
        { value: 'legal', label: 'Legal' },
      ],
    }),
    filter('license', 'License', { input: 'single-select', options: [{ value: 'cc-by-4.0', label: 'CC-BY-4.0' }] }),
    filter('collectionSource', 'Collection Source', { active: false }),
    filter('alignmentTool', 'Alignment Tool', {
      filterType: 'advance',
      parent: 'auto-aligned',
      options: [
        { value: 'LaBSE', label: 'LaBSE' },
        { value: 'LASER', label: 'LASER' },
      ],
    }),
    filter('minScore', 'Min Alignment Score', {
      filterType: 'advance',
      parent: 'auto-aligned',
      input: 'single-select',
      type: 'number',
      options: [
        { value: 0.5, label: '0.5' },
        { value: 0.8, label: '0.8' },
      ],
    }),
    filter('translationModel', 'Translation Model', {
      filterType: 'advance',
      parent: 'machine-translated',
      options: [{ value: 'google', label: 'Google' }],
    }),
    filter('countOfTranslations', 'Count of Translations', { filterType: 'advance', input: 'string', type: 'number' }),
    filter('editingTool', 'Editing Tool', { filterType: 'advance', options: [{ value: 'manual', label: 'Manual' }] }),
  ],
};

/** An asr-corpus entry: languages only and one advanced filter. */
export const ASR_ENTRY: DatasetFilterParams = {
  datasetType: 'asr-corpus',
  label: 'ASR Dataset',
  active: true,
  filters: [
    filter('sourceLanguage', 'Source Language', { filterType: 'language', options: [{ value: 'hi', label: 'Hindi' }] }),
    filter('gender', 'Gender', { filterType: 'advance', options: [{ value: 'female', label: 'Female' }] }),
    filter('samplingRate', 'Sampling Rate', {
      filterType: 'advance',
      input: 'single-select',
      type: 'number',
      options: [{ value: 16000, label: '16 kHz' }],
    }),
  ],
};
