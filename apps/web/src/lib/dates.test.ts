import { afterAll, describe, expect, it } from 'vitest';
import { formatDateTime12, formatDateTime24, formatDayMonthYear, formatMonthDayYear, formatMonthDayYearTime } from './dates.ts';
import { setLanguage } from './i18n/i18n.ts';

afterAll(() => setLanguage('en', false));

describe('date formats (docs/product.md#constants-and-limits)', () => {
  const t = '2024-05-02T10:00:09Z'; // 3:30:09 PM in India

  it('search and publish times: the month named, 12-hour in English', () => {
    expect(formatDateTime12(t, 'Asia/Kolkata')).toBe('2 May 2024, 3:30:09 pm');
    expect(formatDateTime12('2024-12-31T20:05:09Z', 'UTC')).toBe('31 Dec 2024, 8:05:09 pm');
    expect(formatDateTime12('2024-01-01T00:00:00Z', 'UTC')).toBe('1 Jan 2024, 12:00:00 am');
  });

  it('admin and other times: the month named, 24-hour', () => {
    expect(formatDateTime24(t, 'Asia/Kolkata')).toBe('2 May 2024, 15:30:09');
    expect(formatDateTime24('2024-01-01T00:00:00Z', 'UTC')).toBe('1 Jan 2024, 00:00:00');
  });

  it('submit and health dates day-month-year; the contribution table month-day-year; never two numbers that swap', () => {
    expect(formatDayMonthYear(t, 'Asia/Kolkata')).toBe('2 May 2024');
    expect(formatMonthDayYear(t, 'Asia/Kolkata')).toBe('May 2, 2024');
    // The day changes with the zone: 23:30 UTC is the next day in India.
    expect(formatMonthDayYear('2026-11-21T23:30:00Z', 'Asia/Kolkata')).toBe('Nov 22, 2026');
    expect(formatMonthDayYear('2026-11-21T23:30:00Z', 'UTC')).toBe('Nov 21, 2026');
    // Submitted On adds the 24-hour time of day.
    expect(formatMonthDayYearTime('2026-11-21T23:30:00Z', 'Asia/Kolkata')).toBe('Nov 22, 2026, 05:00');
    expect(formatMonthDayYearTime('2026-11-21T09:05:00Z', 'UTC')).toBe('Nov 21, 2026, 09:05');
  });

  it('in Hindi and Tamil: the month in the language, the 24-hour clock (no Latin am/pm), one day-month order', async () => {
    for (const lang of ['hi', 'ta'] as const) {
      expect(await setLanguage(lang, false)).toBe(true);
      const texts = [formatDateTime12, formatDateTime24, formatDayMonthYear, formatMonthDayYear, formatMonthDayYearTime].map((f) =>
        f(t, 'Asia/Kolkata'),
      );
      for (const text of texts) {
        expect(text, text).not.toMatch(/[A-Za-z]/);
        expect(text, text).not.toMatch(/\d\/\d/);
        expect(text.startsWith('2 '), text).toBe(true);
      }
      expect(texts[0]).toBe(texts[1]);
      expect(texts[2]).toBe(texts[3]);
      expect(texts[0]).toMatch(/, 15:30:09$/);
    }
    await setLanguage('en', false);
    expect(formatDayMonthYear(t, 'Asia/Kolkata')).toBe('2 May 2024');
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
