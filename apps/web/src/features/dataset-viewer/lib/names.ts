import { COLLECTION_METHOD_LABELS, DATASET_TYPE_LABELS, DOMAINS, languageLabel } from '@ulca/contracts';
import { currentLocale } from '../../../lib/i18n/i18n.ts';
import { localizedCollectionMethod, localizedDatasetType, localizedDomain, localizedLanguageName } from '../../../lib/i18n/names.ts';

/*
 * The viewer's names and numbers in the interface language (docs/product.md#languages-of-the-interface):
 * record columns hold codes ('hi', 'news', 'auto-aligned'); they are shown by their names.
 */

const DOMAIN_LABELS = new Map<string, string>(DOMAINS.map((d) => [d.code, d.label]));

/** A column value's name: a language, domain or collection method by its code in the interface language; other values as they are. */
export function columnValueName(column: string, value: string): string {
  if (column === 'sourceLanguage' || column === 'targetLanguage') return localizedLanguageName(value, languageLabel(value));
  if (column === 'domain') return localizedDomain(value, DOMAIN_LABELS.get(value) ?? value);
  if (column === 'collectionMethod') return localizedCollectionMethod(value, COLLECTION_METHOD_LABELS[value] ?? value);
  return value;
}

/** A dataset type's name in the interface language ('parallel-corpus' → 'Parallel Dataset', 'समानांतर डेटासेट'). */
export function viewerTypeName(type: string): string {
  return localizedDatasetType(type, (DATASET_TYPE_LABELS as Record<string, string>)[type] ?? type);
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the interface language's Indian locale (12,34,567), at most one decimal. */
export function formatViewerNumber(n: number): string {
  const locale = currentLocale();
  let f = formats.get(locale);
  if (!f) formats.set(locale, (f = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })));
  return f.format(n);
}
