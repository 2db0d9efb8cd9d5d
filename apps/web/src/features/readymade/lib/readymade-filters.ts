import type { FilterSelection } from '../../../lib/filter-selection.ts';
import { currentLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { localizedDatasetType, localizedDomain, localizedLanguageName } from '../../../lib/i18n/names.ts';
import {
  PICKER_DATASET_TYPES,
  DATASET_TYPE_LABELS,
  DOMAINS,
  LICENSES,
  languageLabel,
  type DatasetType,
  readyMadeDownloadPath,
  type ReadyMadeItem,
} from '@ulca/contracts';
import { formatDateTime12 } from '../../../lib/dates.ts';

/**
 * Pure logic of the Ready-made datasets page (docs/product.md#ready-made-datasets "Ready-made datasets page",
 * docs/product.md#states-and-transitions "Filter popovers"): tabs by task type, the search box, the Domain / Language / Submitter
 * filter, and how a card shows its values.
 */

/** A ready-made dataset as the list returns it (GET …/dataset/readymade/list; @ulca/contracts). */
export type ReadyMadeDataset = ReadyMadeItem;

/** The tab shown first (docs/product.md#constants-and-limits "Default filter type: … readymade parallel-corpus"). */
export const DEFAULT_TAB: DatasetType = 'parallel-corpus';

/** One tab per dataset type: the interface's one list and order (PICKER_DATASET_TYPES of @ulca/contracts). */
export const TABS: readonly { value: DatasetType; label: string }[] = PICKER_DATASET_TYPES.map((t) => ({
  value: t,
  label: DATASET_TYPE_LABELS[t],
}));

/** The tab named by a `?type=` value, or the default for a missing or unknown one. */
export function tabFromParam(value: string | null): DatasetType {
  return (PICKER_DATASET_TYPES as readonly string[]).includes(value ?? '') ? (value as DatasetType) : DEFAULT_TAB;
}

/** A dataset type ('parallel-corpus') in the interface language ('Parallel Dataset' in English); the code itself when unknown. */
export function datasetTypeText(type: string): string {
  const english = DATASET_TYPE_LABELS[type as DatasetType];
  return english ? localizedDatasetType(type, english) : type;
}

/** What kind of data a type holds, shown as the card's Type. */
export function dataKind(type: string): 'Speech' | 'Image' | 'Text' {
  if (type === 'asr-corpus' || type === 'asr-unlabeled-corpus' || type === 'tts-corpus') return 'Speech';
  if (type === 'ocr-corpus' || type === 'document-layout-corpus') return 'Image';
  return 'Text';
}

/** Label of a domain code in the interface language ('art-and-culture' → 'Art and Culture'); the code itself when unknown. */
export function domainLabel(code: string): string {
  const english = DOMAINS.find((d) => d.code === code)?.label;
  return english ? localizedDomain(code, english) : code;
}

/** Label of a licence code ('cc-by-4.0' → 'CC-BY-4.0'); '-' for none. */
export function licenseLabel(code: string | null): string {
  if (!code) return '-';
  return LICENSES.find((l) => l.code === code)?.label ?? code;
}

/** A language code as a label ('hi' → 'Hindi'); '-' for none (e.g. no target language). */
export function languageText(code: string | null): string {
  return code ? localizedLanguageName(code, languageLabel(code)) : '-';
}

/** Filter groups of the popover (docs/product.md#dataset-screens: Domain, Language, Submitter). */
export type ReadyMadeFilterGroup = 'domain' | 'language' | 'submitter';
/** Selected values per group; a missing or empty group does not filter. */
export type ReadyMadeFilter = FilterSelection<ReadyMadeFilterGroup>;

/** The groups in the popover's order. */
export const FILTER_GROUPS: readonly ReadyMadeFilterGroup[] = ['domain', 'language', 'submitter'];

/** The languages of a dataset: its source and, for paired types, its target. */
function languagesOf(d: ReadyMadeDataset): string[] {
  return [d.sourceLanguage, d.targetLanguage].filter((l): l is string => !!l);
}

/**
 * Case-insensitive match of `term` (docs/product.md#states-and-transitions) against the name, the task (code or label), the
 * languages (code or label), the domains (code or label), the licence and the submitter.
 */
export function matchesSearch(d: ReadyMadeDataset, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  const fields = [
    d.datasetName,
    d.datasetType,
    datasetTypeText(d.datasetType),
    ...languagesOf(d).flatMap((l) => [l, languageLabel(l)]),
    ...d.domain.flatMap((x) => [x, domainLabel(x)]),
    d.license ?? '',
    d.submitterName ?? '',
  ];
  return fields.some((f) => f.toLowerCase().includes(t));
}

/**
 * AND across groups, OR within a group (docs/product.md#states-and-transitions). A dataset matches a Language selection when
 * its source or its target language is selected, and a Domain selection when any of its domains is.
 */
export function matchesFilter(d: ReadyMadeDataset, filter: ReadyMadeFilter): boolean {
  const within = (sel: string[] | undefined, values: (string | null)[]) =>
    !sel?.length || values.some((v) => v !== null && sel.includes(v));
  return within(filter.domain, d.domain) && within(filter.language, languagesOf(d)) && within(filter.submitter, [d.submitterName]);
}

/** The datasets of `tab` that pass the search term and the filter, in their original order. */
export function visibleDatasets<T extends ReadyMadeDataset>(rows: readonly T[], tab: string, term: string, filter: ReadyMadeFilter): T[] {
  return rows.filter((d) => d.datasetType === tab && matchesSearch(d, term) && matchesFilter(d, filter));
}

/** Number of ready-made datasets per type (for the tab labels). */
export function countsByType(rows: readonly ReadyMadeDataset[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of rows) out[d.datasetType] = (out[d.datasetType] ?? 0) + 1;
  return out;
}

/** A filter choice: the value sent to the filter and the text shown. */
export interface FilterOption {
  value: string;
  label: string;
}

/** The choices per group: the values present in `rows` (the current tab's datasets), sorted by label. */
export function filterOptions(rows: readonly ReadyMadeDataset[]): Record<ReadyMadeFilterGroup, FilterOption[]> {
  const build = (values: (string | null)[], label: (v: string) => string): FilterOption[] =>
    [...new Set(values.filter((v): v is string => !!v))]
      .map((value) => ({ value, label: label(value) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return {
    domain: build(
      rows.flatMap((d) => d.domain),
      domainLabel,
    ),
    language: build(rows.flatMap(languagesOf), languageLabel),
    submitter: build(
      rows.map((d) => d.submitterName),
      (v) => v,
    ),
  };
}

/** Drops selected values that are no longer offered (e.g. after changing tab), so hidden choices never filter. */
export function pruneFilter(filter: ReadyMadeFilter, options: Record<ReadyMadeFilterGroup, FilterOption[]>): ReadyMadeFilter {
  const out: ReadyMadeFilter = {};
  for (const key of FILTER_GROUPS) {
    const kept = (filter[key] ?? []).filter((v) => options[key].some((o) => o.value === v));
    if (kept.length) out[key] = kept;
  }
  return out;
}

/** Published on: en-IN date and 12-hour time, AM/PM upper case, as search times (docs/product.md#constants-and-limits), e.g. '21/11/2026, 3:05:00 PM'; '-' for none. */
export const formatPublishedOn = formatDateTime12;

/** A record count with Indian digit grouping in the interface language ('1,23,456 records'; '1 record'; '5 रिकॉर्ड'). */
export function formatRecordCount(n: number): string {
  return i18n.t('readymade.records', { count: n, n: new Intl.NumberFormat(currentLocale()).format(n) });
}

/** Formats of the whole-dataset download; JSON first (the ULCA format). */
export const DOWNLOAD_FORMATS = [
  { format: 'json', label: 'JSON' },
  { format: 'jsonl', label: 'JSONL' },
  { format: 'csv', label: 'CSV' },
] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number]['format'];

/** Path of the public download of a ready-made dataset in `format`. */
export function downloadHref(datasetId: string, format: DownloadFormat): string {
  return readyMadeDownloadPath(datasetId, format);
}
