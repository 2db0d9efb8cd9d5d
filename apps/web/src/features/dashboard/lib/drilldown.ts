import type { DatasetType, MetricField } from '@ulca/contracts';

/**
 * The dashboard's drill-down (docs/product.md#dashboard-and-dataset-metrics Dashboard, docs/product.md#entities-and-fields Dashboard search request) as pure state
 * transitions, and the store/search request of each state:
 *
 * - level 0: bars per language. For parallel and transliteration datasets the chosen source
 *   language is a criterion and the bars are the languages paired with it (from either side);
 *   otherwise the bars are source languages.
 * - level 1: a language bar was clicked; bars per Domain, Collection Method or Submitter.
 * - level 2: a level-1 bar was clicked; bars per one of the two other groupings.
 */

/** The groupings of levels 1 and 2, in the order they are offered. */
export const GROUPINGS = [
  'domains',
  'collectionMethod_collectionDescriptions',
  'primarySubmitterName',
] as const satisfies readonly MetricField[];
export type Grouping = (typeof GROUPINGS)[number];

export const GROUPING_LABELS: Record<Grouping, string> = {
  domains: 'Domain',
  collectionMethod_collectionDescriptions: 'Collection Method',
  primarySubmitterName: 'Submitter',
};

/** Types with the source-language picker whose level-0 bars are the paired languages. */
export const SOURCE_LANGUAGE_TYPES: readonly DatasetType[] = ['parallel-corpus', 'transliteration-corpus'];

/** Source language chosen when a parallel or transliteration type is first shown. */
export const DEFAULT_SOURCE_LANGUAGE = 'en';

export function hasSourceLanguagePicker(type: string): boolean {
  return (SOURCE_LANGUAGE_TYPES as readonly string[]).includes(type);
}

/** A clicked bar: its key (`_id`) and its label. */
export interface Picked {
  id: string;
  label: string;
}

export interface DrillState {
  datasetType: DatasetType;
  /** Used by the source-language types only. */
  sourceLanguage: string;
  /** The language bar clicked at level 0 (level ≥ 1). */
  language?: Picked;
  /** Grouping of level 1. */
  groupBy: Grouping;
  /** The level-1 bar clicked (level 2). */
  group?: Picked;
  /** Grouping of level 2; never equal to groupBy. */
  groupBy2: Grouping;
}

export type Level = 0 | 1 | 2;

/** The body of POST /ulca/data-metric/v0/store/search. */
export interface StoreSearchRequest {
  type: DatasetType;
  criterions: { field: MetricField; value: string }[] | null;
  groupby: { field: MetricField; value: null }[] | null;
}

/** The first state of a dataset type: level 0, English as source language, grouped by Domain then Collection Method. */
export function initialState(datasetType: DatasetType = 'parallel-corpus'): DrillState {
  return { datasetType, sourceLanguage: DEFAULT_SOURCE_LANGUAGE, groupBy: 'domains', groupBy2: 'collectionMethod_collectionDescriptions' };
}

export function levelOf(s: DrillState): Level {
  if (s.language && s.group) return 2;
  return s.language ? 1 : 0;
}

/** The groupings offered at level 2: those other than level 1's. */
export function secondGroupings(s: DrillState): Grouping[] {
  return GROUPINGS.filter((g) => g !== s.groupBy);
}

function languageCriteria(s: DrillState): { field: MetricField; value: string }[] {
  const paired = hasSourceLanguagePicker(s.datasetType);
  if (!s.language) return paired ? [{ field: 'sourceLanguage', value: s.sourceLanguage }] : [];
  return paired
    ? [
        { field: 'sourceLanguage', value: s.sourceLanguage },
        { field: 'targetLanguage', value: s.language.id },
      ]
    : [{ field: 'sourceLanguage', value: s.language.id }];
}

/** The store/search request of a state (see the module comment for each level). */
export function buildSearchRequest(s: DrillState): StoreSearchRequest {
  const level = levelOf(s);
  const criterions = languageCriteria(s);
  if (level === 2) criterions.push({ field: s.groupBy, value: s.group!.id });
  const groupField = level === 0 ? null : level === 1 ? s.groupBy : s.groupBy2;
  return {
    type: s.datasetType,
    criterions: criterions.length ? criterions : null,
    groupby: groupField ? [{ field: groupField, value: null }] : null,
  };
}

/** Level 2's first grouping, as in ULCA: Collection Method after Domain, otherwise Domain. */
export function defaultSecondGrouping(groupBy: Grouping): Grouping {
  return groupBy === 'domains' ? 'collectionMethod_collectionDescriptions' : 'domains';
}

/** The state after a bar click: one level deeper; at level 2 the bars are not clickable and nothing changes. */
export function drillInto(s: DrillState, bar: Picked): DrillState {
  const level = levelOf(s);
  if (level === 0) return { ...s, language: bar, group: undefined };
  if (level === 1) return { ...s, group: bar, groupBy2: defaultSecondGrouping(s.groupBy) };
  return s;
}

/** Back to `level` (0 or 1), keeping the type, the source language and the groupings. */
export function backTo(s: DrillState, level: Level): DrillState {
  if (level === 0) return { ...s, language: undefined, group: undefined };
  if (level === 1) return { ...s, group: undefined };
  return s;
}

/** Reset: level 0 of the same type and source language. */
export function reset(s: DrillState): DrillState {
  return backTo(s, 0);
}

/** A new dataset type (only offered at level 0): level 0, English as source language. */
export function changeType(s: DrillState, datasetType: DatasetType): DrillState {
  return { ...initialState(datasetType), groupBy: s.groupBy, groupBy2: s.groupBy2 };
}

/** A new source language (parallel and transliteration types): back to level 0. */
export function changeSourceLanguage(s: DrillState, sourceLanguage: string): DrillState {
  return { ...reset(s), sourceLanguage };
}

/** Changes the grouping of the current level (1 or 2); level 2 cannot take level 1's grouping. */
export function changeGrouping(s: DrillState, g: Grouping): DrillState {
  const level = levelOf(s);
  if (level === 1) return { ...s, groupBy: g, groupBy2: defaultSecondGrouping(g) };
  if (level === 2 && g !== s.groupBy) return { ...s, groupBy2: g };
  return s;
}

/** The grouping shown at the current level (null at level 0). */
export function currentGrouping(s: DrillState): Grouping | null {
  const level = levelOf(s);
  return level === 0 ? null : level === 1 ? s.groupBy : s.groupBy2;
}

/** One breadcrumb: its text and the level a click goes back to. */
export interface Crumb {
  label: string;
  level: Level;
}

/**
 * The breadcrumb of a state, e.g. ['Parallel Dataset (English)', 'English – Hindi', 'Domain: News'].
 * `typeLabel`, `languageLabel` and `groupLabel` give the human names (in the interface language).
 */
export function breadcrumb(
  s: DrillState,
  typeLabel: (t: string) => string,
  languageLabel: (code: string) => string,
  groupLabel: (g: Grouping) => string = (g) => GROUPING_LABELS[g],
): Crumb[] {
  const paired = hasSourceLanguagePicker(s.datasetType);
  const crumbs: Crumb[] = [
    { label: paired ? `${typeLabel(s.datasetType)} (${languageLabel(s.sourceLanguage)})` : typeLabel(s.datasetType), level: 0 },
  ];
  if (s.language) crumbs.push({ label: paired ? `${languageLabel(s.sourceLanguage)} – ${s.language.label}` : s.language.label, level: 1 });
  if (s.language && s.group) crumbs.push({ label: `${groupLabel(s.groupBy)}: ${s.group.label}`, level: 2 });
  return crumbs;
}

/** What the bars of the current level are, e.g. 'per language paired with English' or 'by Submitter'. */
export function barsDescription(s: DrillState, languageLabel: (code: string) => string): string {
  const g = currentGrouping(s);
  if (g) return `by ${GROUPING_LABELS[g]}`;
  return hasSourceLanguagePicker(s.datasetType) ? `per language paired with ${languageLabel(s.sourceLanguage)}` : 'per language';
}
