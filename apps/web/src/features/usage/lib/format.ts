import { currentLanguage } from '../../../lib/i18n/i18n.ts';
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
