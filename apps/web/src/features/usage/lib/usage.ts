import { USAGE_CSV_COLUMNS, type UsageRow } from '@ulca/contracts';
import { addUsageCounts, zeroUsageCounts, type UsageCounts } from '../../../lib/usage-counts.ts';

/** One day of a key's usage, summed over models and tasks. */
export interface UsageDay extends UsageCounts {
  day: string;
}

/** The UTC days of the `days`-day window ending `today` (YYYY-MM-DD), oldest first. */
export function windowDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** Rows summed per day over the window (days without calls are zeros), oldest first: the chart's series. */
export function dailySeries(rows: readonly UsageRow[], today: string, days = 30): UsageDay[] {
  const byDay = new Map<string, UsageDay>(windowDays(today, days).map((day) => [day, { day, ...zeroUsageCounts() }]));
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    addUsageCounts(d, r);
  }
  return [...byDay.values()];
}

/** The rows as CSV (a cell starting with = + - @ is prefixed with ' so spreadsheets do not run it). */
export function usageCsv(rows: readonly UsageRow[]): string {
  const cell = (v: string | number) => {
    let s = String(v);
    if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [USAGE_CSV_COLUMNS.join(','), ...rows.map((r) => USAGE_CSV_COLUMNS.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
}
