/**
 * The one place the web app turns timestamps into text, so one day reads the same on every page
 * (docs/product.md#constants-and-limits). Every kind names the month (never 12/07 against 7/12) in
 * the interface language through `Intl`; the kinds keep the orders the product fixes:
 *
 * | helper                  | English                   | Hindi                      | used for                       |
 * |-------------------------|---------------------------|----------------------------|--------------------------------|
 * | formatDateTime12        | 2 May 2024, 3:30:09 pm    | 2 मई 2024, 15:30:09         | search and publish times       |
 * | formatDateTime24        | 2 May 2024, 15:30:09      | 2 मई 2024, 15:30:09         | admin and other times          |
 * | formatDayMonthYear      | 2 May 2024                | 2 मई 2024                   | submit and health dates        |
 * | formatMonthDayYear      | May 2, 2024               | 2 मई 2024                   | month/day/year dates           |
 * | formatMonthDayYearTime  | May 2, 2024, 15:30        | 2 मई 2024, 15:30            | the contribution tables        |
 *
 * English keeps the 12-hour clock where the product names it; Hindi and Tamil use the 24-hour clock
 * everywhere (ICU's day period in those locales is the Latin "am/pm") and their own day-month order.
 * Each takes an ISO 8601 string (or null/undefined) and returns '-' when it is missing or cannot be
 * parsed. Times are shown in the browser's time zone; `timeZone` (an IANA name) is for tests.
 */

import { currentLocale } from './i18n/i18n.ts';

type Kind = '12h' | '24h' | 'dmy' | 'mdy' | 'mdyTime';

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' };

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  '12h': { ...DATE, hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true },
  '24h': { ...DATE, ...TIME },
  dmy: DATE,
  mdy: DATE,
  mdyTime: { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The locale and options of a kind in the interface language (en-IN, hi-IN, ta-IN; see
 * docs/product.md#languages-of-the-interface): English's month/day/year kinds in en-US order, and
 * the 24-hour clock outside English.
 */
function localeOf(kind: Kind): { locale: string; options: Intl.DateTimeFormatOptions } {
  const locale = currentLocale();
  const english = locale.startsWith('en');
  if (!english) return { locale, options: kind === '12h' ? OPTIONS['24h'] : OPTIONS[kind] };
  return { locale: kind === 'mdy' || kind === 'mdyTime' ? 'en-US' : locale, options: OPTIONS[kind] };
}

function formatter(kind: Kind, timeZone: string | undefined): Intl.DateTimeFormat {
  const { locale, options } = localeOf(kind);
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    formats.set(key, f);
  }
  return f;
}

function format(kind: Kind, iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  // ICU puts narrow no-break spaces before am/pm; plain spaces read and search the same.
  return formatter(kind, timeZone)
    .format(d)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** Date and 12-hour time in English, 24-hour elsewhere: '2 May 2024, 3:30:09 pm' (search and publish times). */
export function formatDateTime12(iso: string | null | undefined, timeZone?: string): string {
  return format('12h', iso, timeZone);
}

/** Date and 24-hour time: '2 May 2024, 15:30:09' (admin timestamps, and times the product does not name). */
export function formatDateTime24(iso: string | null | undefined, timeZone?: string): string {
  return format('24h', iso, timeZone);
}

/** Day, month name, year: '2 May 2024' (submit and health dates). */
export function formatDayMonthYear(iso: string | null | undefined, timeZone?: string): string {
  return format('dmy', iso, timeZone);
}

/** Month name, day, year in English ('May 2, 2024'); the language's own order elsewhere. */
export function formatMonthDayYear(iso: string | null | undefined, timeZone?: string): string {
  return format('mdy', iso, timeZone);
}

/**
 * {@link formatMonthDayYear} and the 24-hour time: 'May 2, 2024, 15:30' (Submitted On of the
 * contribution tables, where several submissions a day are normal; docs/product.md#constants-and-limits).
 */
export function formatMonthDayYearTime(iso: string | null | undefined, timeZone?: string): string {
  return format('mdyTime', iso, timeZone);
}
