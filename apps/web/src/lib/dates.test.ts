import { describe, expect, it } from 'vitest';
import { formatDateTime12, formatDateTime24, formatDayMonthYear, formatMonthDayYear, formatMonthDayYearTime } from './dates.ts';

describe('date formats (docs/product.md#constants-and-limits)', () => {
  const t = '2024-05-02T10:00:09Z'; // 3:30:09 PM in India

  it('search and publish times: en-IN, 12-hour, upper case', () => {
    expect(formatDateTime12(t, 'Asia/Kolkata')).toBe('2/5/2024, 3:30:09 PM');
    expect(formatDateTime12('2024-12-31T20:05:09Z', 'UTC')).toBe('31/12/2024, 8:05:09 PM');
    expect(formatDateTime12('2024-01-01T00:00:00Z', 'UTC')).toBe('1/1/2024, 12:00:00 AM');
  });

  it('admin and other times: en-IN, 24-hour', () => {
    expect(formatDateTime24(t, 'Asia/Kolkata')).toBe('02/05/2024, 15:30:09');
    expect(formatDateTime24('2024-01-01T00:00:00Z', 'UTC')).toBe('01/01/2024, 00:00:00');
  });

  it('submit and health times DD/MM/YYYY; the contribution table MM/DD/YYYY', () => {
    expect(formatDayMonthYear(t, 'Asia/Kolkata')).toBe('02/05/2024');
    expect(formatMonthDayYear(t, 'Asia/Kolkata')).toBe('05/02/2024');
    // The day changes with the zone: 23:30 UTC is the next day in India.
    expect(formatMonthDayYear('2026-11-21T23:30:00Z', 'Asia/Kolkata')).toBe('11/22/2026');
    expect(formatMonthDayYear('2026-11-21T23:30:00Z', 'UTC')).toBe('11/21/2026');
    // Submitted On adds the 24-hour time of day.
    expect(formatMonthDayYearTime('2026-11-21T23:30:00Z', 'Asia/Kolkata')).toBe('11/22/2026, 05:00');
    expect(formatMonthDayYearTime('2026-11-21T09:05:00Z', 'UTC')).toBe('11/21/2026, 09:05');
  });

  it('answers "-" for a missing or unparseable time', () => {
    for (const f of [formatDateTime12, formatDateTime24, formatDayMonthYear, formatMonthDayYear, formatMonthDayYearTime]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f('')).toBe('-');
      expect(f('yesterday')).toBe('-');
    }
  });
});
