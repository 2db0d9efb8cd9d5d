import { PAIRED_DATASET_TYPES, type DatasetFilter, type FilterOption as ContractFilterOption } from '@ulca/contracts';

/** One choice of a filter: `value` is what the search payload carries, `label` what the user reads. */
export type FilterOption = ContractFilterOption;

/**
 * One filter of the catalogue (docs/product.md#entities-and-fields "Filter catalogue"): `value` is the criteria field it
 * sets; `filterType` places it (language fields, basic filters, or behind the Advanced toggle);
 * `parent` is a collection method that must be chosen for the filter to apply.
 */
export type SearchFilter = DatasetFilter;

/** The filters of one dataset type (master `datasetFilterParams`), as the form reads them. */
export interface DatasetFilterParams {
  datasetType: string;
  label: string;
  active: boolean;
  filters: SearchFilter[];
}

/** An entry of an enumeration master (languages, mixedDatasrc, …), its code as text. */
export interface MasterEntry {
  code: string;
  label: string;
  active?: boolean;
}

/** Criteria fields that the form edits with its own language controls, never as a generic filter. */
export const LANGUAGE_FIELDS = ['sourceLanguage', 'targetLanguage', 'mixedDataSource', 'assertLanguage'] as const;

/** Types that offer a data source and an assert language (docs/product.md#search-and-download "Search form"). */
export const ASR_SEARCH_TYPES: readonly string[] = ['asr-corpus', 'asr-unlabeled-corpus'];

/** The language code that a data source adds to the target languages (docs/product.md#states-and-transitions). */
export const MIXED_LANGUAGE = 'mixed';

/**
 * True for the types searched by a source and target pair: parallel, transliteration and glossary
 * (docs/product.md#validation-rules: both languages are mandatory for them).
 */
export function isPairedSearchType(datasetType: string): boolean {
  return (PAIRED_DATASET_TYPES as readonly string[]).includes(datasetType);
}

/** True for the ASR types, whose form adds a data source and an assert language. */
export function isAsrSearchType(datasetType: string): boolean {
  return ASR_SEARCH_TYPES.includes(datasetType);
}

/** Which filters the form shows now. */
export interface FilterVisibility {
  /** The Advanced filter toggle is on. */
  advanced: boolean;
  /** Collection methods currently chosen (the parents that unlock dependent filters). */
  collectionMethods: readonly string[];
}

/**
 * The catalogue's parent and active rules (docs/product.md#entities-and-fields): a filter shows when it is active, is a
 * basic filter or an advanced one with the toggle on, and, when it has a parent, that collection
 * method is chosen. Language-type filters are never generic filters (the form has its own fields).
 */
export function isFilterVisible(filter: SearchFilter, v: FilterVisibility): boolean {
  if (!filter.active || filter.filterType === 'language') return false;
  if ((LANGUAGE_FIELDS as readonly string[]).includes(filter.value)) return false;
  if (filter.filterType === 'advance' && !v.advanced) return false;
  if (filter.parent && !v.collectionMethods.includes(filter.parent)) return false;
  return true;
}

/** The visible basic and advanced filters of a type, in catalogue order. */
export function visibleFilters(
  entry: DatasetFilterParams | undefined,
  v: FilterVisibility,
): { basic: SearchFilter[]; advanced: SearchFilter[] } {
  const shown = (entry?.filters ?? []).filter((f) => isFilterVisible(f, v));
  return { basic: shown.filter((f) => f.filterType === 'basic'), advanced: shown.filter((f) => f.filterType === 'advance') };
}

/** True when the type has at least one active advanced filter (otherwise the toggle is pointless). */
export function hasAdvancedFilters(entry: DatasetFilterParams | undefined): boolean {
  return (entry?.filters ?? []).some(
    (f) => f.active && f.filterType === 'advance' && !(LANGUAGE_FIELDS as readonly string[]).includes(f.value),
  );
}

/** The catalogue's language filter named `field` (for its label and options), if any. */
export function languageFilter(
  entry: DatasetFilterParams | undefined,
  field: 'sourceLanguage' | 'targetLanguage',
): SearchFilter | undefined {
  return entry?.filters.find((f) => f.value === field && f.active);
}

/** The active dataset types of the catalogue, in catalogue order. */
export function activeDatasetTypes(catalogue: readonly DatasetFilterParams[]): DatasetFilterParams[] {
  return catalogue.filter((t) => t.active);
}

/**
 * The active advanced filters still hidden because their collection method is not chosen, grouped
 * by that parent in catalogue order, so the form can say where they are
 * (e.g. auto-aligned → Alignment Tool, Min Alignment Score).
 */
export function filtersAwaitingParent(
  entry: DatasetFilterParams | undefined,
  collectionMethods: readonly string[],
): { parent: string; labels: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const f of entry?.filters ?? []) {
    if (!f.active || f.filterType !== 'advance' || !f.parent || collectionMethods.includes(f.parent)) continue;
    groups.set(f.parent, [...(groups.get(f.parent) ?? []), f.label]);
  }
  return [...groups].map(([parent, labels]) => ({ parent, labels }));
}
