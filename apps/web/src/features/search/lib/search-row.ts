import {
  COLLECTION_METHOD_LABELS,
  DOMAINS,
  isAudioDatasetType,
  languageLabel,
  LICENSES,
  MASTER_MIXED_DATA_SOURCES,
  searchDetailsSchema,
  type SearchDetails,
} from '@ulca/contracts';
import type { DatasetFilterParams } from './catalogue.ts';
import { formatDateTime12 } from '../../../lib/dates.ts';
import { datasetTypeLabel } from '../../../lib/dataset-types.ts';
import { currentLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { localizedCollectionMethod, localizedDatasetType, localizedDomain, localizedLanguageName } from '../../../lib/i18n/names.ts';

export type { SearchDetails };

/**
 * A search request row of listByUserId and status, as this module reads it: the contract's
 * `searchRow` (what the server answers) or a looser row (no type, no details yet).
 */
export interface SearchRow {
  serviceRequestNumber: string;
  datasetType?: string | null;
  timestamp: string;
  searchCriteria?: Record<string, unknown> | null;
  status: { status: string; details?: string | null }[];
}

/** Statuses of a search (docs/product.md#states-and-transitions; 'Failed' is ours). */
export type SearchStatus = 'In-Progress' | 'Completed' | 'Failed' | string;

/** Speech types count hours as well as records (docs/product.md#search-and-download My Searches). */
export function isHoursType(datasetType: string | null | undefined): boolean {
  return isAudioDatasetType(datasetType);
}

/** Parses a details JSON string; a missing or malformed one reads as no details. */
export function parseSearchDetails(details: string | null | undefined): SearchDetails {
  if (!details) return {};
  try {
    const parsed = searchDetailsSchema.safeParse(JSON.parse(details));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** What a screen needs from one SearchRow. */
export interface SearchSummary {
  serviceRequestNumber: string;
  datasetType: string;
  status: SearchStatus;
  /** Records matched, once known. */
  count: number | null;
  durationInSeconds: number | null;
  message: string | null;
  timestamp: string;
  criteria: Record<string, unknown>;
  files: NonNullable<SearchDetails['files']>;
}

/**
 * Reads a SearchRow: the status and details come from its status entry (the final one, Completed or
 * Failed, when there are several; else the first, docs/product.md#entities-and-fields). Legacy `sampleUrl`/`downloadUrl`
 * without `files` become the JSON format.
 */
export function summarizeSearchRow(row: SearchRow): SearchSummary {
  const entry = row.status.find((s) => s.status === 'Completed' || s.status === 'Failed') ?? row.status[0];
  const details = parseSearchDetails(entry?.details);
  const criteria = { ...(row.searchCriteria ?? {}) };
  const datasetType = row.datasetType ?? (typeof criteria.datasetType === 'string' ? criteria.datasetType : '');
  let files = details.files ?? {};
  if (!details.files && details.sampleUrl && details.downloadUrl) files = { json: { sample: details.sampleUrl, all: details.downloadUrl } };
  return {
    serviceRequestNumber: row.serviceRequestNumber,
    datasetType,
    status: entry?.status ?? 'In-Progress',
    count: details.count ?? null,
    durationInSeconds: details.durationInSeconds ?? null,
    message: details.message ?? null,
    timestamp: row.timestamp,
    criteria,
    files,
  };
}

const formats = new Map<string, Intl.NumberFormat>();
/** The cached Intl formatter of the interface language's Indian locale (12,34,567; docs/product.md#languages-of-the-interface). */
function nf(kind: 'count' | 'hours'): Intl.NumberFormat {
  const locale = currentLocale();
  const key = `${kind}|${locale}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, kind === 'hours' ? { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false } : {});
    formats.set(key, f);
  }
  return f;
}

/** A count in the interface language's digits and grouping: 1204 → '1,204'. */
export function formatCount(n: number): string {
  return nf('count').format(n);
}

/** Seconds as hours with 3 decimals and the suffix (docs/product.md#entities-and-fields): 5.3 → '0.001 hrs' ('0.001 घंटे' in Hindi). */
export function formatHours(durationInSeconds: number): string {
  const hours = durationInSeconds / 3600;
  return i18n.t('search.hours', { count: Number(hours.toFixed(3)), n: nf('hours').format(hours) });
}

/**
 * The #Record cell of My Searches (docs/product.md#search-and-download): 'N hrs' for asr-corpus, asr-unlabeled-corpus and
 * tts-corpus (the records' total duration), otherwise the record count; '' while In-Progress or
 * when no count is known yet.
 */
export function formatRecordCell(summary: Pick<SearchSummary, 'status' | 'count' | 'durationInSeconds' | 'datasetType'>): string {
  if (summary.status === 'In-Progress' || summary.count === null) return '';
  if (isHoursType(summary.datasetType)) return formatHours(summary.durationInSeconds ?? 0);
  return formatCount(summary.count);
}

/** A search time as docs/product.md#constants-and-limits wants it: en-IN, 12-hour, upper case ('2/5/2024, 3:30:00 PM'); '-' when unparseable. */
export const formatSearchedOn = formatDateTime12;

/** Fields never shown in the summary or the info cards (docs/product.md#entities-and-fields). */
export const HIDDEN_CRITERIA_FIELDS: readonly string[] = [
  'groupBy',
  'multipleContributors',
  'originalSourceSentence',
  'serviceRequestNumber',
  'userId',
];

/**
 * English labels of the search criteria fields (docs/product.md#entities-and-fields "Search criteria fields"), used when the
 * catalogue is not at hand; criteriaFieldLabel gives them in the interface language.
 */
export const CRITERIA_LABELS: Readonly<Record<string, string>> = {
  datasetType: 'Dataset Type',
  sourceLanguage: 'Source Language',
  targetLanguage: 'Target Language',
  domain: 'Domain',
  collectionMethod: 'Collection Method',
  collectionSource: 'Collection Source',
  license: 'License',
  submitterName: 'Submitter',
  alignmentTool: 'Alignment Tool',
  minScore: 'Min Alignment Score',
  maxScore: 'Max Alignment Score',
  score: 'Alignment Score',
  editingTool: 'Editing Tool',
  translationModel: 'Translation Model',
  evaluationMethod: 'Evaluation Method',
  ocrTool: 'OCR Tool',
  format: 'Format',
  dpi: 'DPI',
  imageTextType: 'Image Text Type',
  channel: 'Channel',
  samplingRate: 'Sampling Rate',
  bitsPerSample: 'Bits Per Sample',
  minNoOfSpeakers: 'Min No of Speakers',
  maxNoOfSpeakers: 'Max No of Speakers',
  gender: 'Gender',
  minAge: 'Min Age',
  maxAge: 'Max Age',
  dialect: 'Dialect',
  snrTool: 'SNR Tool',
  minSnr: 'Min SNR',
  maxSnr: 'Max SNR',
  asrModel: 'ASR Model',
  countOfTranslations: 'Count of Translations',
  mixedDataSource: 'Data Source',
  assertLanguage: 'Assert Language',
};

/** The label of a dataset type in the interface language ('parallel-corpus' → 'Parallel Dataset'), or the code. */
export function datasetTypeName(type: string | null | undefined): string {
  const english = datasetTypeLabel(type);
  return type ? localizedDatasetType(type, english) : english;
}

/**
 * The label of criteria field (or catalogue filter) `field` in the interface language (catalogue
 * keys search.field.*); `english` (the filter catalogue's own label) when the catalogue lacks it.
 */
export function criteriaFieldLabel(field: string, english?: string): string {
  return i18n.t(`search.field.${field}`, { defaultValue: english ?? CRITERIA_LABELS[field] ?? field });
}

/** Filters whose option labels are words the catalogue translates (search.option.<field>.<value>); tools and licences are names. */
const TRANSLATED_OPTIONS: readonly string[] = ['gender', 'channel', 'bitsPerSample', 'imageTextType', 'evaluationMethod'];

/**
 * The label of option `value` of filter `field` in the interface language: languages, domains and
 * collection methods through lib/i18n/names.ts, a few worded options through the catalogue; any
 * other option (a tool, a licence, a number) keeps `english`.
 */
export function optionLabel(field: string, value: string, english: string): string {
  if (field === 'sourceLanguage' || field === 'targetLanguage' || field === 'assertLanguage') return localizedLanguageName(value, english);
  if (field === 'domain') return localizedDomain(value, english);
  if (field === 'collectionMethod') return localizedCollectionMethod(value, english);
  if (TRANSLATED_OPTIONS.includes(field) && !/[.]/.test(value)) return i18n.t(`search.option.${field}.${value}`, { defaultValue: english });
  return english;
}

const DOMAIN_LABELS = new Map<string, string>(DOMAINS.map((d) => [d.code, d.label]));
const LICENSE_LABELS = new Map<string, string>(LICENSES.map((l) => [l.code, l.label]));

/** The readable label of one criteria value of `field`, from the enumerations or the catalogue's options. */
export function criteriaValueLabel(field: string, value: unknown, entry?: DatasetFilterParams): string {
  if (typeof value === 'boolean') return i18n.t(value ? 'search.yes' : 'search.no');
  const text = String(value);
  if (field === 'sourceLanguage' || field === 'targetLanguage' || field === 'assertLanguage')
    return optionLabel(field, text, languageLabel(text));
  if (field === 'domain') return optionLabel(field, text, DOMAIN_LABELS.get(text) ?? text);
  if (field === 'collectionMethod') return optionLabel(field, text, COLLECTION_METHOD_LABELS[text] ?? text);
  if (field === 'license') return LICENSE_LABELS.get(text) ?? text;
  if (field === 'mixedDataSource') return MASTER_MIXED_DATA_SOURCES.find((m) => m.code === text)?.label ?? text;
  const option = entry?.filters.find((f) => f.value === field)?.options.find((o) => String(o.value) === text);
  return optionLabel(field, text, option?.label ?? text);
}

/** A criteria value (one value or a list) as a list of labels; null/empty → []. */
export function criteriaLabels(field: string, value: unknown, entry?: DatasetFilterParams): string[] {
  if (value === null || value === undefined || value === '') return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => v !== null && v !== undefined && v !== '').map((v) => criteriaValueLabel(field, v, entry));
}

/**
 * The Search Criteria text of My Searches (docs/product.md#entities-and-fields): dataset type, source language, target
 * languages, domain and collection method, the non-empty ones joined by ' | '.
 */
export function criteriaSummary(datasetType: string, criteria: Record<string, unknown>): string {
  const parts = [datasetTypeName(datasetType)];
  for (const field of ['sourceLanguage', 'targetLanguage', 'domain', 'collectionMethod']) {
    const labels = criteriaLabels(field, criteria[field]);
    if (labels.length) parts.push(labels.join(', '));
  }
  return parts.join(' | ');
}

/** One info card of a saved search: a field label and its value labels. */
export interface CriteriaEntry {
  field: string;
  label: string;
  values: string[];
}

/**
 * The saved search as info cards (docs/product.md#search-and-download completed view): every criteria field with a value,
 * except the dataset type (shown as the title) and the hidden fields of docs/product.md#entities-and-fields, in the order of
 * the spec's field list, then any others. For types without a target language, the searched
 * languages are labelled 'Language'.
 */
export function criteriaEntries(criteria: Record<string, unknown>, entry?: DatasetFilterParams): CriteriaEntry[] {
  const order = Object.keys(CRITERIA_LABELS);
  const fields = Object.keys(criteria)
    .filter((f) => f !== 'datasetType' && !HIDDEN_CRITERIA_FIELDS.includes(f))
    .sort((a, b) => (order.indexOf(a) === -1 ? 999 : order.indexOf(a)) - (order.indexOf(b) === -1 ? 999 : order.indexOf(b)));
  const noTarget = !Array.isArray(criteria.targetLanguage) || criteria.targetLanguage.length === 0;
  const out: CriteriaEntry[] = [];
  for (const field of fields) {
    const values = criteriaLabels(field, criteria[field], entry);
    if (values.length === 0) continue;
    const catalogueLabel = entry?.filters.find((f) => f.value === field)?.label;
    let label = criteriaFieldLabel(field, catalogueLabel);
    if (field === 'sourceLanguage' && noTarget) label = criteriaFieldLabel(values.length > 1 ? 'languages' : 'language');
    out.push({ field, label, values });
  }
  return out;
}

/** '1 record', '1,204 records' (plural and digits of the interface language). */
export function recordsText(count: number): string {
  return i18n.t('search.records', { count, n: formatCount(count) });
}

/**
 * The result of a completed search as the completed view states it: the record count, and for
 * speech types the hours first ('0.001 hrs (4 records)').
 */
export function resultCountText(summary: Pick<SearchSummary, 'count' | 'durationInSeconds' | 'datasetType'>): string {
  const records = recordsText(summary.count ?? 0);
  return isHoursType(summary.datasetType)
    ? i18n.t('search.hoursWithRecords', { hours: formatHours(summary.durationInSeconds ?? 0), records })
    : records;
}
