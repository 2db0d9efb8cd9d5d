/**
 * Search criteria (docs/product.md#entities-and-fields "Search payload criteria", docs/product.md#validation-rules "Search submit") and their check
 * against the filter catalogue. Shared by the search API (400 with field errors) and the web form
 * (the same messages), so both say the same thing.
 */
import { PAIRED_DATASET_TYPES, type DatasetType } from '../enums.ts';
import { MASTER_LANGUAGES, MASTER_MIXED_DATA_SOURCES } from './enumerations.ts';
import { filterParamsOf, type DatasetFilter } from './filters.ts';

/**
 * The criteria of a search as the form sends them. `sourceLanguage` and `targetLanguage` are
 * lists; for the text-pair types (parallel, transliteration, glossary) both are required, for
 * the other types the record languages may come in either list. Numeric-like filters are a
 * single value; every other catalogue filter is a list.
 */
export interface SearchCriteria {
  sourceLanguage?: string[] | null;
  targetLanguage?: string[] | null;
  domain?: string[] | null;
  collectionMethod?: string[] | null;
  collectionSource?: string[] | null;
  license?: string[] | null;
  submitterName?: string[] | null;
  /** Only records contributed by more than one submitter. */
  multipleContributors?: boolean | null;
  /** Text-pair types: only records whose stored source language is the requested one (no reversed pairs). */
  originalSourceSentence?: boolean | null;
  /** ASR types: only records of a mixed data source (true, or the source's code such as 'vaani'). */
  mixedDataSource?: boolean | string | null;
  /** ASR types: the language asserted as spoken in a mixed-source record. */
  assertLanguage?: string[] | null;
  /** Advanced filters of the type's catalogue. */
  [filter: string]: unknown;
}

/** A field error as the API returns it. */
export interface CriteriaError {
  field: string;
  message: string;
}

/** Criteria after the check: empty filters dropped, lists and numbers normalised. */
export interface NormalizedCriteria {
  datasetType: DatasetType;
  /** Record languages (non-pair types) or the requested source languages (pair types). */
  sourceLanguage: string[];
  /** Requested target languages (pair types only; null for the other types). */
  targetLanguage: string[] | null;
  /** List filters of the catalogue (and assertLanguage): field → allowed values. */
  lists: Record<string, (string | number)[]>;
  /** Single-value numeric filters: field → value. */
  numbers: Record<string, number>;
  multipleContributors: boolean;
  originalSourceSentence: boolean;
  /** null: no data-source filter; true: any mixed source; a string: that source. */
  mixedDataSource: true | string | null;
}

export const MANDATORY_MESSAGE = 'This field is mandatory';
export const UNKNOWN_FILTER_MESSAGE = 'This filter is not available for the chosen dataset type.';
export const INACTIVE_FILTER_MESSAGE = 'This filter is not in use.';
export const NOT_SEARCHABLE_MESSAGE = 'This dataset type cannot be searched.';
const notAllowed = (v: unknown) => `'${String(v)}' is not one of the allowed values.`;

/** Filters that take one number (docs/product.md#entities-and-fields): all other filters are lists. */
export const SINGLE_VALUE_FILTERS: readonly string[] = [
  'minScore',
  'maxScore',
  'score',
  'samplingRate',
  'countOfTranslations',
  'minNoOfSpeakers',
  'maxNoOfSpeakers',
  'minAge',
  'maxAge',
  'minSnr',
  'maxSnr',
];
/** Criteria that are not catalogue filters but switches any type accepts. */
const FLAGS = ['multipleContributors', 'originalSourceSentence'] as const;
/** Data-source criteria of the ASR types (docs/product.md#screens "a data source and an assert language for ASR types"). */
const DATA_SOURCE_TYPES: readonly string[] = ['asr-corpus', 'asr-unlabeled-corpus'];
/** Keys a client may send that carry no filter (ignored). */
const IGNORED = new Set(['datasetType', 'groupBy', 'serviceRequestNumber', 'userId']);
/** Pairs whose minimum must not exceed their maximum. */
const RANGES: [string, string][] = [
  ['minScore', 'maxScore'],
  ['minNoOfSpeakers', 'maxNoOfSpeakers'],
  ['minAge', 'maxAge'],
  ['minSnr', 'maxSnr'],
];

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);

/** Numbers compare by value; a numeric string such as '0.5' counts as the number. */
function toNumber(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
}

function checkList(f: DatasetFilter, raw: unknown, errors: CriteriaError[]): (string | number)[] | null {
  const values = asList(raw).filter((v) => !isEmpty(v));
  const out: (string | number)[] = [];
  for (const v of values) {
    if (f.type === 'number') {
      const n = toNumber(v);
      if (n === null) return (errors.push({ field: f.value, message: `'${String(v)}' is not a number.` }), null);
      out.push(n);
    } else if (typeof v === 'string' || typeof v === 'number') {
      const s = String(v).trim();
      if (f.options.length && !f.options.some((o) => String(o.value) === s))
        return (errors.push({ field: f.value, message: notAllowed(v) }), null);
      out.push(s);
    } else {
      return (errors.push({ field: f.value, message: 'Expected a list of values.' }), null);
    }
  }
  return out.length ? [...new Set(out)] : null;
}

function checkSingle(f: DatasetFilter, raw: unknown, errors: CriteriaError[]): number | null {
  const values = asList(raw).filter((v) => !isEmpty(v));
  if (values.length === 0) return null;
  if (values.length > 1) return (errors.push({ field: f.value, message: 'Choose one value.' }), null);
  const n = toNumber(values[0]);
  if (n === null || (f.options.length && !f.options.some((o) => Number(o.value) === n))) {
    return (errors.push({ field: f.value, message: notAllowed(values[0]) }), null);
  }
  return n;
}

/**
 * Checks `criteria` of a search over `datasetType` against the catalogue. Errors (field, message):
 * datasetType not searchable; a filter not in the type's catalogue or inactive; a value outside a
 * filter's options; no language ('This field is mandatory' on targetLanguage) and, for the
 * text-pair types, no source language ('This field is mandatory' on sourceLanguage); a minimum
 * above its maximum. Empty values (null, '', []) mean "not set". Never throws.
 */
export function validateSearchCriteria(
  datasetType: string,
  criteria: unknown,
): { ok: true; value: NormalizedCriteria } | { ok: false; errors: CriteriaError[] } {
  const catalogue = filterParamsOf(datasetType);
  if (!catalogue || !catalogue.active) return { ok: false, errors: [{ field: 'datasetType', message: NOT_SEARCHABLE_MESSAGE }] };
  if (criteria === null || typeof criteria !== 'object' || Array.isArray(criteria)) {
    return { ok: false, errors: [{ field: 'criteria', message: 'Expected an object of search criteria.' }] };
  }
  const type = catalogue.datasetType;
  const c = criteria as Record<string, unknown>;
  const errors: CriteriaError[] = [];
  const byName = new Map(catalogue.filters.map((f) => [f.value, f]));
  const paired = PAIRED_DATASET_TYPES.includes(type);
  const value: NormalizedCriteria = {
    datasetType: type,
    sourceLanguage: [],
    targetLanguage: paired ? [] : null,
    lists: {},
    numbers: {},
    multipleContributors: false,
    originalSourceSentence: false,
    mixedDataSource: null,
  };

  // Languages: the pair types need both; the others take the record languages from either list.
  const sourceFilter = byName.get('sourceLanguage')!;
  const languageList = (field: string, raw: unknown) => checkList({ ...sourceFilter, value: field }, raw, errors) ?? [];
  const sources = languageList('sourceLanguage', c.sourceLanguage) as string[];
  const targets = languageList('targetLanguage', c.targetLanguage) as string[];
  if (paired) {
    if (sources.length === 0 && !errors.some((e) => e.field === 'sourceLanguage'))
      errors.push({ field: 'sourceLanguage', message: MANDATORY_MESSAGE });
    if (targets.length === 0 && !errors.some((e) => e.field === 'targetLanguage'))
      errors.push({ field: 'targetLanguage', message: MANDATORY_MESSAGE });
    value.sourceLanguage = sources;
    value.targetLanguage = targets.filter((t) => !sources.includes(t));
    if (targets.length && value.targetLanguage.length === 0)
      errors.push({ field: 'targetLanguage', message: 'Choose a target language other than the source language.' });
  } else {
    value.sourceLanguage = [...new Set([...sources, ...targets])];
    if (value.sourceLanguage.length === 0 && !errors.some((e) => e.field.endsWith('Language')))
      errors.push({ field: 'targetLanguage', message: MANDATORY_MESSAGE });
  }

  for (const [key, raw] of Object.entries(c)) {
    if (key === 'sourceLanguage' || key === 'targetLanguage' || IGNORED.has(key)) continue;
    if ((FLAGS as readonly string[]).includes(key)) {
      if (isEmpty(raw)) continue;
      if (typeof raw !== 'boolean') errors.push({ field: key, message: 'Expected true or false.' });
      else value[key as (typeof FLAGS)[number]] = raw;
      continue;
    }
    if (key === 'mixedDataSource' || key === 'assertLanguage') {
      if (isEmpty(raw) || raw === false) continue;
      if (!DATA_SOURCE_TYPES.includes(type)) {
        errors.push({ field: key, message: UNKNOWN_FILTER_MESSAGE });
      } else if (key === 'mixedDataSource') {
        const src = raw === true ? true : asList(raw)[0];
        if (src !== true && !MASTER_MIXED_DATA_SOURCES.some((m) => m.code === src)) errors.push({ field: key, message: notAllowed(src) });
        else value.mixedDataSource = src as true | string;
      } else {
        const langs = checkList(
          { ...sourceFilter, value: key, options: MASTER_LANGUAGES.map((l) => ({ value: l.code, label: l.label })) },
          raw,
          errors,
        );
        if (langs) value.lists.assertLanguage = langs;
      }
      continue;
    }
    const f = byName.get(key);
    if (!f) {
      if (!isEmpty(raw)) errors.push({ field: key, message: UNKNOWN_FILTER_MESSAGE });
      continue;
    }
    if (isEmpty(raw)) continue;
    if (!f.active) {
      errors.push({ field: key, message: INACTIVE_FILTER_MESSAGE });
      continue;
    }
    if (SINGLE_VALUE_FILTERS.includes(key)) {
      const n = checkSingle(f, raw, errors);
      if (n !== null) value.numbers[key] = n;
    } else {
      const l = checkList(f, raw, errors);
      if (l) value.lists[key] = l;
    }
  }
  for (const [lo, hi] of RANGES) {
    if (value.numbers[lo] !== undefined && value.numbers[hi] !== undefined && value.numbers[lo] > value.numbers[hi]) {
      errors.push({ field: hi, message: 'The maximum must not be less than the minimum.' });
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, value };
}
