/**
 * The one place the web app turns timestamps into text (issue 8 §2: the same kind of value reads
 * the same everywhere). The formats are the spec's where it names them (docs/product.md#constants-and-limits):
 *
 * | helper              | example                    | used for                                   |
 * |---------------------|----------------------------|--------------------------------------------|
 * | formatDateTime12    | 2/5/2024, 3:30:00 PM       | search and publish times (en-IN, 12-hour)  |
 * | formatDayMonthYear  | 02/05/2024                 | submit and health times (DD/MM/YYYY)       |
 * | formatMonthDayYear  | 05/02/2024                 | month/day/year dates                       |
 * | formatMonthDayYear- | 05/02/2024, 15:30          | the contribution tables' Submitted On      |
 * | Time                |                            | (several submissions a day are normal)     |
 * | formatDateTime24    | 02/05/2024, 15:30:00       | admin timestamps (en-IN, 24-hour) and every |
 * |                     |                            | other time the spec does not name          |
 *
 * Each takes an ISO 8601 string (or null/undefined) and returns '-' when it is missing or cannot be
 * parsed. Times are shown in the browser's time zone; `timeZone` (an IANA name) is for tests.
 */

import { currentLocale } from './i18n/i18n.ts';

type Kind = '12h' | '24h' | 'dmy' | 'mdy' | 'mdyTime';

const OPTIONS: Record<Kind, Intl.DateTimeFormatOptions> = {
  // en-IN's own default date-time, as the original client's toLocaleString('en-IN') printed it.
  '12h': { day: 'numeric', month: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true },
  '24h': { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  dmy: { day: '2-digit', month: '2-digit', year: 'numeric' },
  mdy: { day: '2-digit', month: '2-digit', year: 'numeric' },
  mdyTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * The locale of a kind of value: the interface language's Indian locale (en-IN, hi-IN, ta-IN; see
 * docs/product.md#languages-of-the-interface), except month/day/year, which only en-US orders so.
 */
function localeOf(kind: Kind): string {
  return kind === 'mdy' || kind === 'mdyTime' ? 'en-US' : currentLocale();
}

function formatter(kind: Kind, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = localeOf(kind);
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...OPTIONS[kind], ...(timeZone ? { timeZone } : {}) });
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

/** en-IN date and 12-hour time, AM/PM upper case: '2/5/2024, 3:30:00 PM' (search and publish times). */
export function formatDateTime12(iso: string | null | undefined, timeZone?: string): string {
  return format('12h', iso, timeZone).toUpperCase();
}

/** en-IN date and 24-hour time: '02/05/2024, 15:30:00' (admin timestamps, and times the spec does not name). */
export function formatDateTime24(iso: string | null | undefined, timeZone?: string): string {
  return format('24h', iso, timeZone);
}

/** DD/MM/YYYY: '02/05/2024' (submit and health times). */
export function formatDayMonthYear(iso: string | null | undefined, timeZone?: string): string {
  return format('dmy', iso, timeZone);
}

/** MM/DD/YYYY: '05/02/2024' (the contribution table's Submitted On). */
export function formatMonthDayYear(iso: string | null | undefined, timeZone?: string): string {
  return format('mdy', iso, timeZone);
}

/**
 * MM/DD/YYYY and 24-hour time: '05/02/2024, 15:30' (Submitted On of the contribution tables, where
 * several submissions a day are normal; docs/product.md#constants-and-limits). Digits and order are
 * the same in every interface language, so no AM/PM word needs translating.
 */
export function formatMonthDayYearTime(iso: string | null | undefined, timeZone?: string): string {
  return format('mdyTime', iso, timeZone);
}
