import { describe, expect, it } from 'vitest';
import { percent, sevenDayStrip, stripColour } from './status.ts';

const at = (iso: string, up: boolean) => ({
  checkedOn: Date.parse(iso),
  status: up ? ('available' as const) : ('unavailable' as const),
  latencyMs: up ? 10 : null,
  reason: null,
});

describe('status page helpers', () => {
  it('seven UTC days, each with the share of available rounds', () => {
    const strip = sevenDayStrip(
      [
        at('2026-03-07T01:00:00Z', true),
        at('2026-03-07T02:00:00Z', false),
        at('2026-03-01T05:00:00Z', true),
        at('2026-02-28T05:00:00Z', false),
      ],
      '2026-03-07',
    );
    expect(strip.map((d) => d.day)).toEqual([
      '2026-03-01',
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
    ]);
    expect(strip[0]).toMatchObject({ share: 1, rounds: 1 });
    expect(strip[6]).toMatchObject({ share: 0.5, rounds: 2 });
    expect(strip[3].share).toBeNull();
  });
  it('colours and percentages', () => {
    expect([stripColour(1), stripColour(0.95), stripColour(0.5), stripColour(null)]).toEqual(['#2e7d32', '#f9a825', '#c62828', '#cfd8dc']);
    expect(percent(0.6667)).toBe('66.7 %');
    expect(percent(null)).toBe('—');
  });
});
