import { currentLanguage, type TFunction } from '../../../lib/i18n/i18n.ts';
import { modelTaskLabel } from '../../../lib/model-tasks.ts';
import { formatDayMonthYear } from '../../../lib/dates.ts';

/*
 * Numbers and days of the usage and status pages in the interface language
 * (docs/product.md#languages-of-the-interface): en-US grouping in English (as the dashboard),
 * Indian grouping (12,34,567) in Hindi and Tamil.
 */

function numberLocale(): string {
  const lang = currentLanguage();
  return lang === 'en' ? 'en-US' : `${lang}-IN`;
}

/** A count or amount with the locale's grouping, at most one decimal: 1234567 → '1,234,567' / '12,34,567'. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(numberLocale(), { maximumFractionDigits: 1 }).format(n);
}

/** A UTC day 'YYYY-MM-DD' as DD/MM/YYYY (the date format of docs/product.md#constants-and-limits), in UTC. */
export function formatUtcDay(day: string): string {
  return formatDayMonthYear(`${day}T00:00:00Z`, 'UTC');
}

/** A task code in the interface language ('translation' → 'अनुवाद'); an unknown code in its English words. */
export function taskText(t: TFunction, task: string): string {
  return t(`usage.task.${task}`, { defaultValue: modelTaskLabel(task) });
}
