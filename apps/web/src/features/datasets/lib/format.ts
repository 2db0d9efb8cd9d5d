import { isAudioDatasetType } from '@ulca/contracts';
import { formatMonthDayYearTime } from '../../../lib/dates.ts';
import { currentLanguage, currentLocale, i18n } from '../../../lib/i18n/i18n.ts';
import { localizedDatasetType } from '../../../lib/i18n/names.ts';
import { datasetTypeLabel as englishTypeLabel } from '../../../lib/dataset-types.ts';
import { benchmarkTaskLabel } from '../../../lib/benchmark-navigation.ts';

const countFormats = new Map<string, Intl.NumberFormat>();

/**
 * A count in the interface language (docs/product.md#languages-of-the-interface): en-US grouping
 * (1,234,567) in English, Indian grouping (12,34,567) in Hindi and Tamil.
 */
export function formatCount(n: number): string {
  const locale = currentLanguage() === 'en' ? 'en-US' : currentLocale();
  let f = countFormats.get(locale);
  if (!f) countFormats.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

/**
 * A stage count as the status table shows it: '1,234', or for time-based dataset types with a known
 * duration '12 (0.004 hrs)' (seconds / 3600, 3 decimals; docs/product.md#entities-and-fields "Submission detail"),
 * the unit in the interface language. `count` undefined → '-'.
 */
export function formatStageCount(
  count: number | undefined,
  durationInSeconds: number | null | undefined,
  datasetType: string | null | undefined,
): string {
  if (count === undefined) return '-';
  const text = formatCount(count);
  if (isAudioDatasetType(datasetType) && typeof durationInSeconds === 'number') {
    return i18n.t('datasets.stages.withHours', { count: text, hours: (durationInSeconds / 3600).toFixed(3) });
  }
  return text;
}

/**
 * An ISO timestamp as month/day/year and 24-hour time ('03/05/2024, 10:00', local time) for the
 * contribution tables' Submitted On, where several submissions a day are normal
 * (docs/product.md#constants-and-limits); '-' when unparseable.
 */
export const formatSubmittedOn = formatMonthDayYearTime;

/** A dataset type code as its one label in the interface language ('asr-corpus' → 'ASR Dataset'; null → '-'). */
export function datasetTypeLabel(type: string | null | undefined): string {
  const english = englishTypeLabel(type);
  return type ? localizedDatasetType(type, english) : english;
}

/** A processing status ('In-Progress', 'Not Run', …) in the interface language; an unknown status as sent. */
export function statusLabel(status: string): string {
  return i18n.t(`datasets.status.${status}`, { defaultValue: status });
}

/** A benchmark task ('translation') in the interface language; a task the catalogue lacks by its registry label ('-' when missing). */
export function benchmarkTaskText(task: string | null | undefined): string {
  const english = benchmarkTaskLabel(task);
  return task ? i18n.t(`datasets.task.${task}`, { defaultValue: english }) : english;
}
