import { i18n } from '../../../lib/i18n/i18n.ts';
import { localizedCollectionMethod, localizedDatasetType, localizedDomain, localizedLanguageName } from '../../../lib/i18n/names.ts';
import {
  MASTER_COLLECTION_METHODS,
  MASTER_DATASET_TYPES,
  MASTER_DOMAINS,
  MASTER_LANGUAGES,
  PICKER_DATASET_TYPES,
  type DatasetType,
} from '@ulca/contracts';

/** Human labels of the codes the metrics API returns, from the master data in @ulca/contracts. */

const toMap = (list: readonly { code: string | number; label: string }[]) => new Map(list.map((e) => [String(e.code), e.label]));
const LANGUAGE_LABELS = toMap(MASTER_LANGUAGES);
const TYPE_LABELS = toMap(MASTER_DATASET_TYPES);
const DOMAIN_LABELS = toMap(MASTER_DOMAINS);
const METHOD_LABELS = toMap(MASTER_COLLECTION_METHODS);

const orCode = (map: Map<string, string>, localize?: (code: string, english: string) => string) => (code: string) => {
  if (code === 'unspecified') return i18n.t('common.unspecified');
  const english = map.get(code);
  return english === undefined ? code : localize ? localize(code, english) : english;
};

/** Names in the interface language (lib/i18n/names.ts). */
export const languageName = orCode(LANGUAGE_LABELS, localizedLanguageName);
export const datasetTypeName = orCode(TYPE_LABELS, localizedDatasetType);
export const domainName = orCode(DOMAIN_LABELS, localizedDomain);
export const collectionMethodName = orCode(METHOD_LABELS, localizedCollectionMethod);

/** The dataset types of the picker: the interface's one list and order (PICKER_DATASET_TYPES of @ulca/contracts). */
export const DATASET_TYPE_OPTIONS: { value: DatasetType; label: string }[] = PICKER_DATASET_TYPES.map((t) => ({
  value: t,
  label: TYPE_LABELS.get(t) ?? t,
}));

/** Source languages of the picker: the active master-data languages, without 'unknown' and 'mixed'. */
export const SOURCE_LANGUAGE_OPTIONS: { value: string; label: string }[] = MASTER_LANGUAGES.filter(
  (l) => l.active && l.code !== 'unknown' && l.code !== 'mixed',
).map((l) => ({ value: String(l.code), label: l.label }));
