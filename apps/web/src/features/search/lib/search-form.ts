import { z } from 'zod';
import { i18n, localizeMessage } from '../../../lib/i18n/i18n.ts';
import { MANDATORY_MESSAGE, SINGLE_VALUE_FILTERS } from '@ulca/contracts';
import {
  isAsrSearchType,
  isPairedSearchType,
  MIXED_LANGUAGE,
  visibleFilters,
  type DatasetFilterParams,
  type SearchFilter,
} from './catalogue.ts';

/** The message of docs/product.md#validation-rules "Search submit" for a missing language (the API's own text). */
export { MANDATORY_MESSAGE };

/**
 * Criteria sent as one value rather than a list (docs/product.md#entities-and-fields "Search payload criteria"): scores,
 * sampling rate, count of translations, speaker counts, ages and SNR bounds; the API's own list.
 */
export const NUMERIC_LIKE_FILTERS: readonly string[] = SINGLE_VALUE_FILTERS;

/** A generic filter's value in the form: one option key, several, or free text. Option keys are String(option.value). */
export type FilterFormValue = string | string[];

/**
 * The Search and Download form (docs/product.md#search-and-download, docs/product.md#validation-rules). For source–target types (parallel,
 * transliteration, glossary) `sourceLanguage` is the single source and `targetLanguage` the targets;
 * for the other types `targetLanguage` holds the languages searched (the field Submit waits for).
 * Generic filters live under `filters`, keyed by the catalogue filter's `value`.
 */
export const searchFormSchema = z
  .object({
    datasetType: z.string().min(1, MANDATORY_MESSAGE),
    sourceLanguage: z.string(),
    targetLanguage: z.array(z.string()),
    /** A data source code of master `mixedDatasrc` (ASR types), '' for none. */
    dataSource: z.string(),
    /** The language asserted for mixed-source audio (ASR types), '' for none. */
    assertLanguage: z.string(),
    multipleContributors: z.boolean(),
    originalSourceSentence: z.boolean(),
    // A filter field not touched yet holds undefined (its Controller registers it without a value).
    filters: z.record(z.string(), z.union([z.string(), z.array(z.string())]).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.targetLanguage.length === 0) ctx.addIssue({ code: 'custom', path: ['targetLanguage'], message: MANDATORY_MESSAGE });
    if (isPairedSearchType(v.datasetType) && !v.sourceLanguage)
      ctx.addIssue({ code: 'custom', path: ['sourceLanguage'], message: MANDATORY_MESSAGE });
  });
export type SearchFormValues = z.infer<typeof searchFormSchema>;

/** A blank form for `datasetType`: what Clear and a change of dataset type leave behind. */
export function emptySearchForm(datasetType: string): SearchFormValues {
  return {
    datasetType,
    sourceLanguage: '',
    targetLanguage: [],
    dataSource: '',
    assertLanguage: '',
    multipleContributors: false,
    originalSourceSentence: false,
    filters: {},
  };
}

/** The target languages after a data source is chosen: 'mixed' is added once (docs/product.md#states-and-transitions). */
export function withMixedLanguage(targets: readonly string[]): string[] {
  return targets.includes(MIXED_LANGUAGE) ? [...targets] : [...targets, MIXED_LANGUAGE];
}

/** A filter's form value as a list of option keys ('' and blanks dropped). */
export function asList(value: FilterFormValue | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((v) => v.trim()).filter(Boolean);
}

/** The collection methods chosen in the form: the parents that unlock dependent filters. */
export function chosenCollectionMethods(values: Pick<SearchFormValues, 'filters'>): string[] {
  return asList(values.filters.collectionMethod);
}

/** Body of POST /ulca/apis/v0/dataset/corpus/search (docs/api.md#search-and-download). */
export interface SearchRequestBody {
  userId: string;
  datasetType: string;
  criteria: SearchCriteria;
}

/** The criteria of a search: languages, flags and the chosen filters (single values or lists). */
export type SearchCriteria = {
  sourceLanguage: string[];
  targetLanguage: string[] | null;
} & Record<string, string[] | (string | number | boolean)[] | string | number | boolean | null>;

/** The payload value of one option key: the option's own value (numbers stay numbers), else the key itself. */
function optionValue(filter: SearchFilter, key: string): string | number | boolean {
  const option = filter.options.find((o) => String(o.value) === key);
  if (option) return option.value;
  if (filter.type === 'number') {
    const n = Number(key);
    if (key !== '' && Number.isFinite(n)) return n;
  }
  return key;
}

/**
 * Builds the search request from the form (docs/product.md#entities-and-fields "Search payload criteria"):
 * - source–target types send `sourceLanguage: [source]` and `targetLanguage: targets`; the other
 *   types send the chosen languages as `sourceLanguage` and `targetLanguage: null`;
 * - an ASR data source sends `mixedDataSource` (the source's code, e.g. 'vaani') and the assert
 *   language as a list;
 * - `multipleContributors` / `originalSourceSentence` only when ticked;
 * - only filters visible now (active, parent chosen, advanced ones with the toggle on) that have a
 *   value: numeric-like filters as one value, every other filter as a list.
 */
export function buildSearchPayload(
  values: SearchFormValues,
  entry: DatasetFilterParams | undefined,
  opts: { userId: string; advanced: boolean },
): SearchRequestBody {
  const paired = isPairedSearchType(values.datasetType);
  const criteria: SearchCriteria = paired
    ? { sourceLanguage: values.sourceLanguage ? [values.sourceLanguage] : [], targetLanguage: [...values.targetLanguage] }
    : { sourceLanguage: [...values.targetLanguage], targetLanguage: null };

  if (isAsrSearchType(values.datasetType) && values.dataSource) {
    criteria.mixedDataSource = values.dataSource;
    if (values.assertLanguage) criteria.assertLanguage = [values.assertLanguage];
  }
  if (paired && values.multipleContributors) criteria.multipleContributors = true;
  if (paired && values.originalSourceSentence) criteria.originalSourceSentence = true;

  const { basic, advanced } = visibleFilters(entry, { advanced: opts.advanced, collectionMethods: chosenCollectionMethods(values) });
  for (const filter of [...basic, ...advanced]) {
    const keys = asList(values.filters[filter.value]);
    if (keys.length === 0) continue;
    const list = keys.map((k) => optionValue(filter, k));
    criteria[filter.value] = NUMERIC_LIKE_FILTERS.includes(filter.value) ? list[0] : list;
  }
  return { userId: opts.userId, datasetType: values.datasetType, criteria };
}

/** Form fields that a server field error can be shown on. */
export type SearchFormField = 'sourceLanguage' | 'targetLanguage' | 'assertLanguage' | `filters.${string}`;

/**
 * Maps a server field name ('criteria.targetLanguage', 'body.criteria.minScore', '/criteria/domain')
 * to the form field that shows its message, or null when no visible field matches. For the
 * types without a source–target pair the languages field is `targetLanguage`.
 */
export function formFieldOfServerError(serverField: string, datasetType: string, knownFilters: readonly string[]): SearchFormField | null {
  const last = serverField.split(/[./]/).filter(Boolean).pop() ?? '';
  if (last === 'targetLanguage') return 'targetLanguage';
  if (last === 'sourceLanguage') return isPairedSearchType(datasetType) ? 'sourceLanguage' : 'targetLanguage';
  if (last === 'assertLanguage') return 'assertLanguage';
  if (knownFilters.includes(last)) return `filters.${last}`;
  return null;
}

/** The API's validation texts (docs/product.md#validation-rules) the catalogue has, by their English text. */
const KNOWN_MESSAGES: Readonly<Record<string, string>> = {
  [MANDATORY_MESSAGE]: 'search.message.mandatory',
  'Choose a target language other than the source language.': 'search.message.otherTarget',
  'Choose one value.': 'search.message.chooseOne',
  'The maximum must not be less than the minimum.': 'search.message.maxBelowMin',
};

/**
 * A validation message of the form or of the API in the interface language; a text the catalogue
 * does not know (a new server message) goes through localizeMessage, which shows it as sent.
 */
export function localizeSearchMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const key = KNOWN_MESSAGES[message];
  return key ? i18n.t(key) : localizeMessage(message);
}
