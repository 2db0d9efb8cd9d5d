/**
 * The dataset filter catalogue (docs/product.md#entities-and-fields "Filter catalogue"; master name `datasetFilterParams`):
 * for each searchable dataset type, the filters the search form offers and the search API accepts.
 *
 * Facts (which filters a type has, their labels and option lists) follow the reference
 * `*CorpusFilters.json` files of ulca-reference/master-data/prod and the enumerations; the rules
 * are ours and docs/product.md's:
 * - filterType: `language` for sourceLanguage/targetLanguage; `basic` for collection method,
 *   domain, collection source, licence and submitter; `advance` for every other filter.
 * - Collection Source is inactive for every type; Submitter is inactive for asr, asr-unlabeled,
 *   tts, pos and ner (docs/product.md#entities-and-fields).
 * - parent: the collection method that makes a filter relevant (the first collection method the
 *   reference tool list names for it), e.g. alignment tool and scores → auto-aligned.
 * - input/type: single-select numbers for the single-value numeric filters (min/max scores,
 *   speakers, ages, SNR; sampling rate), multi-select lists for the rest, free text for
 *   collection source and submitter, free numbers for SNR and number of speakers.
 * - pos-corpus has no reference file; it is modelled on ner-corpus, as the dataset schema is.
 *   document-layout-corpus is not searchable (no reference filter file).
 */
import {
  COLLECTION_METHOD_LABELS,
  COLLECTION_METHODS_BY_TYPE,
  DATASET_TYPE_LABELS,
  PAIRED_DATASET_TYPES,
  PICKER_DATASET_TYPES,
  type DatasetType,
} from '../enums.ts';
import {
  MASTER_AGE_RANGES,
  MASTER_ALIGNMENT_TOOLS,
  MASTER_ASR_MODELS,
  MASTER_AUDIO_CHANNELS,
  MASTER_AUDIO_FORMATS,
  MASTER_BITS_PER_SAMPLE,
  MASTER_DIALECTS,
  MASTER_DOMAINS,
  MASTER_DPI,
  MASTER_EDITING_TOOLS,
  MASTER_EVALUATION_METHODS,
  MASTER_GENDER,
  MASTER_IMAGE_TEXT_TYPES,
  MASTER_IMAGE_TYPES,
  MASTER_LANGUAGES,
  MASTER_LICENSES,
  MASTER_MIXED_DATA_SOURCES,
  MASTER_OCR_TOOLS,
  MASTER_SAMPLING_RATES,
  MASTER_SNR_TOOLS,
  MASTER_SPEECH_LANGUAGES,
  MASTER_TRANSLATION_MODELS,
  type MasterEntry,
} from './enumerations.ts';

/** Where a filter sits on the search form. */
export type FilterType = 'language' | 'basic' | 'advance';
/** How the form asks for a filter's value. */
export type FilterInput = 'single-select' | 'multi-select' | 'string';
/** What the search payload carries: a list, a text or a number. */
export type FilterValueType = 'array' | 'text' | 'number';

/** One choice of a filter. */
export interface FilterOption {
  value: string | number;
  label: string;
}

/** One filter of a dataset type's catalogue. */
export interface DatasetFilter {
  /** The criteria field name, e.g. `alignmentTool`. */
  value: string;
  label: string;
  filterType: FilterType;
  active: boolean;
  input: FilterInput;
  type: FilterValueType;
  /** Collection method that makes the filter relevant, or null. */
  parent: string | null;
  /** Allowed values; empty for free input. */
  options: FilterOption[];
}

/**
 * A filter as the original ULCA master data serves it (ulca-reference/master-data/prod
 * `*CorpusFilters.json`, with each `{master, jsonPath}` replaced by the master's entries): `code` is
 * the criteria field, `values` its choices as master entries (empty for free input).
 */
export interface UlcaFilterEntry {
  code: string;
  label: string;
  active: boolean;
  values: UlcaMasterEntry[];
}

/** A choice in the original shape; the language `mixed` nests its data sources, each nesting the languages (reference vmdslanguages → mixedDatasrc → languages). */
export type UlcaMasterEntry = MasterEntry & { values?: UlcaMasterEntry[] };

/**
 * The catalogue entry of a dataset type. It carries each filter twice, so that one answer serves
 * both web clients: `filters` (ours: form placement, input kind, options as {value, label}) and
 * `code` + `values` (the original ULCA shape, `[{datasetType, values: [{code, values}]}]`, which the
 * original ULCA web client's search form reads; same filters, same choices).
 */
export interface DatasetFilterParams {
  datasetType: DatasetType;
  label: string;
  active: boolean;
  filters: DatasetFilter[];
  /** The dataset type again (the original entry's key). */
  code: DatasetType;
  /** The filters in the original ULCA shape. */
  values: UlcaFilterEntry[];
}

const opts = (list: readonly MasterEntry[]): FilterOption[] => list.filter((e) => e.active).map((e) => ({ value: e.code, label: e.label }));
const numbers = (values: number[], digits = 0): FilterOption[] => values.map((v) => ({ value: v, label: v.toFixed(digits) }));

type Spec = Omit<DatasetFilter, 'active' | 'parent'> & { active?: boolean; parent?: string | null };
const filter = (s: Spec): DatasetFilter => ({ active: true, parent: null, ...s });
const list = (value: string, label: string, options: FilterOption[], parent: string | null = null): DatasetFilter =>
  filter({ value, label, filterType: 'advance', input: 'multi-select', type: 'array', options, parent });
const single = (value: string, label: string, options: FilterOption[], parent: string | null = null): DatasetFilter =>
  filter({ value, label, filterType: 'advance', input: 'single-select', type: 'number', options, parent });

/** Types whose Submitter filter is inactive (docs/product.md#entities-and-fields). */
const SUBMITTER_INACTIVE: readonly DatasetType[] = ['asr-corpus', 'asr-unlabeled-corpus', 'tts-corpus', 'pos-corpus', 'ner-corpus'];

function languageFilters(type: DatasetType): DatasetFilter[] {
  const paired = PAIRED_DATASET_TYPES.includes(type);
  const speech = type === 'asr-corpus' || type === 'asr-unlabeled-corpus';
  const languages = opts(speech ? MASTER_SPEECH_LANGUAGES : MASTER_LANGUAGES);
  const source = filter({
    value: 'sourceLanguage',
    label: 'Source Language',
    filterType: 'language',
    input: paired ? 'single-select' : 'multi-select',
    type: 'array',
    options: languages,
  });
  if (!paired) return [source];
  return [
    source,
    filter({
      value: 'targetLanguage',
      label: 'Target Language',
      filterType: 'language',
      input: 'multi-select',
      type: 'array',
      options: languages,
    }),
  ];
}

function basicFilters(type: DatasetType): DatasetFilter[] {
  const methods = COLLECTION_METHODS_BY_TYPE[type].map((c) => ({ value: c, label: COLLECTION_METHOD_LABELS[c] ?? c }));
  return [
    filter({
      value: 'collectionMethod',
      label: 'Collection Method',
      filterType: 'basic',
      input: 'multi-select',
      type: 'array',
      options: methods,
    }),
    filter({ value: 'domain', label: 'Domain', filterType: 'basic', input: 'multi-select', type: 'array', options: opts(MASTER_DOMAINS) }),
    filter({
      value: 'collectionSource',
      label: 'Collection Source',
      filterType: 'basic',
      input: 'string',
      type: 'text',
      options: [],
      active: false,
    }),
    filter({
      value: 'license',
      label: 'License',
      filterType: 'basic',
      input: 'multi-select',
      type: 'array',
      options: opts(MASTER_LICENSES),
    }),
    filter({
      value: 'submitterName',
      label: 'Submitter',
      filterType: 'basic',
      input: 'string',
      type: 'text',
      options: [],
      active: !SUBMITTER_INACTIVE.includes(type),
    }),
  ];
}

const byCode = (list: readonly MasterEntry[], codes: readonly string[]) => opts(list.filter((e) => codes.includes(String(e.code))));
const MIN_SCORES = numbers([0, 0.5, 0.6, 0.7, 0.8, 0.9], 1);
const MAX_SCORES = numbers([0.5, 0.6, 0.7, 0.8, 0.9, 1], 1);

/** Advanced filters of the text-pair types (parallel, transliteration, glossary). */
function textPairFilters(): DatasetFilter[] {
  return [
    list('alignmentTool', 'Alignment Tool', byCode(MASTER_ALIGNMENT_TOOLS, ['LaBSE', 'LASER']), 'auto-aligned'),
    list('translationModel', 'Translation Model', opts(MASTER_TRANSLATION_MODELS), 'machine-translated'),
    single('minScore', 'Min Alignment Score', MIN_SCORES, 'auto-aligned'),
    single('maxScore', 'Max Alignment Score', MAX_SCORES, 'auto-aligned'),
    list('editingTool', 'Editing Tool', opts(MASTER_EDITING_TOOLS), 'manual-aligned'),
    list(
      'evaluationMethod',
      'Evaluation Method',
      byCode(MASTER_EVALUATION_METHODS, ['MTAutomaticEvaluationMethod', 'MachineTranslatedEvaluationMethod2']),
      'machine-translated',
    ),
  ];
}

/** Audio filters shared by the speech types (the reference lists for asr, asr-unlabeled and tts). */
function audioFilters(withTranscriptFilters: boolean): DatasetFilter[] {
  const free = (value: string, label: string) =>
    filter({ value, label, filterType: 'advance', input: 'string', type: 'number', options: [] });
  const common = [
    list('format', 'Format', opts(MASTER_AUDIO_FORMATS)),
    list('channel', 'Channel', opts(MASTER_AUDIO_CHANNELS)),
    ...(withTranscriptFilters ? [list('asrModel', 'ASR Model', opts(MASTER_ASR_MODELS), 'machine-generated-transcript')] : []),
    single('samplingRate', 'Sampling Rate', opts(MASTER_SAMPLING_RATES)),
    list('bitsPerSample', 'Bits Per Sample', opts(MASTER_BITS_PER_SAMPLE)),
    list('gender', 'Gender', opts(MASTER_GENDER)),
    list('dialect', 'Dialect', opts(MASTER_DIALECTS)),
  ];
  const snr = withTranscriptFilters
    ? [
        list('snrTool', 'SNR Tool', opts(MASTER_SNR_TOOLS)),
        single('minSnr', 'Min SNR', numbers([0, 18])),
        single('maxSnr', 'Max SNR', numbers([18, 30])),
        free('snr', 'SNR'),
      ]
    : [];
  const people = [
    single('minNoOfSpeakers', 'Min No of Speakers', numbers([1, 5])),
    single('maxNoOfSpeakers', 'Max No of Speakers', numbers([5, 10])),
    free('noOfSpeakers', 'Number of Speakers'),
    single('minAge', 'Min Age', numbers([0, 10, 20, 60])),
    single('maxAge', 'Max Age', numbers([10, 20, 60, 100])),
    list('age', 'Age', opts(MASTER_AGE_RANGES)),
  ];
  const transcript = withTranscriptFilters
    ? [
        list(
          'evaluationMethod',
          'Evaluation Method',
          byCode(MASTER_EVALUATION_METHODS, ['TranscriptionEvaluationMethod1']),
          'machine-generated-transcript',
        ),
        list('alignmentTool', 'Alignment Tool', byCode(MASTER_ALIGNMENT_TOOLS, ['AENAES']), 'auto-aligned'),
        single('minScore', 'Min Alignment Score', MIN_SCORES, 'auto-aligned'),
        single('maxScore', 'Max Alignment Score', MAX_SCORES, 'auto-aligned'),
      ]
    : [];
  return [...common, ...snr, ...people, ...transcript];
}

function ocrFilters(): DatasetFilter[] {
  return [
    list('ocrTool', 'OCR Tool', opts(MASTER_OCR_TOOLS), 'web-scraping-ocr'),
    list('format', 'Format', opts(MASTER_IMAGE_TYPES)),
    list('dpi', 'DPI', opts(MASTER_DPI)),
    list('imageTextType', 'Image Text Type', opts(MASTER_IMAGE_TEXT_TYPES)),
  ];
}

/** Searchable types with their labels: the pickers' one list and order (PICKER_DATASET_TYPES). */
const SEARCHABLE: [DatasetType, string][] = PICKER_DATASET_TYPES.map((t) => [t, DATASET_TYPE_LABELS[t]]);

function filtersOf(type: DatasetType): DatasetFilter[] {
  const base = [...languageFilters(type), ...basicFilters(type)];
  switch (type) {
    case 'parallel-corpus':
    case 'transliteration-corpus':
    case 'glossary-corpus':
      return [...base, ...textPairFilters()];
    case 'asr-corpus':
    case 'asr-unlabeled-corpus':
      return [...base, ...audioFilters(true)];
    case 'tts-corpus':
      return [...base, ...audioFilters(false)];
    case 'ocr-corpus':
      return [...base, ...ocrFilters()];
    default:
      return base;
  }
}

/** The whole catalogue (master name `datasetFilterParams`). */
export const DATASET_FILTER_PARAMS: DatasetFilterParams[] = SEARCHABLE.map(([datasetType, label]) => {
  const filters = filtersOf(datasetType);
  const withDataSources = datasetType === 'asr-corpus' || datasetType === 'asr-unlabeled-corpus';
  return {
    datasetType,
    label,
    active: true,
    filters,
    code: datasetType,
    values: filters.map((f) => toUlcaFilterEntry(f, withDataSources)),
  };
});

/**
 * A filter in the original ULCA master-data shape: options become master entries {code, label,
 * active}. For the speech types (`withDataSources`) the language `mixed` carries the mixed data
 * sources, each with the languages: the original search form offers them for asr and
 * asr-unlabeled and fails to render without them.
 */
export function toUlcaFilterEntry(f: DatasetFilter, withDataSources = false): UlcaFilterEntry {
  const languageChoices = (): UlcaMasterEntry[] => MASTER_LANGUAGES.filter((l) => l.active && l.code !== 'mixed');
  const values = f.options.map((o): UlcaMasterEntry => {
    const e: UlcaMasterEntry = { code: o.value, label: o.label, active: true };
    if (withDataSources && f.filterType === 'language' && o.value === 'mixed')
      e.values = MASTER_MIXED_DATA_SOURCES.filter((d) => d.active).map((d) => ({ ...d, values: languageChoices() }));
    return e;
  });
  return { code: f.value, label: f.label, active: f.active, values };
}

/** The catalogue entry of `datasetType`, or undefined when the type cannot be searched. */
export function filterParamsOf(datasetType: string): DatasetFilterParams | undefined {
  return DATASET_FILTER_PARAMS.find((p) => p.datasetType === datasetType);
}
