import { describe, expect, it } from 'vitest';
import { summariseByKey } from './key-usage.ts';

const row = (keyId: string, day: string, calls: number, extra: Partial<Parameters<typeof summariseByKey>[0][number]> = {}) => ({
  keyId,
  day,
  appName: `app of ${keyId}`,
  userId: `owner of ${keyId}`,
  calls,
  failures: 0,
  charactersIn: 0,
  audioSecondsIn: 0,
  audioSecondsOut: 0,
  images: 0,
  ...extra,
});

describe("the admin's usage per key", () => {
  it('sums the rows of each key, keeps its last day and owner, most calls first', () => {
    const out = summariseByKey([
      row('k1', '2026-11-20', 2, { charactersIn: 10, audioSecondsOut: 0.15 }),
      row('k2', '2026-11-21', 5, { failures: 1 }),
      row('k1', '2026-11-27', 4, { charactersIn: 5, audioSecondsOut: 0.2 }),
    ]);
    expect(out.map((s) => [s.keyId, s.calls, s.lastDay])).toEqual([
      ['k1', 6, '2026-11-27'],
      ['k2', 5, '2026-11-21'],
    ]);
    expect(out[0]).toMatchObject({ charactersIn: 15, audioSecondsOut: 0.4, appName: 'app of k1', userId: 'owner of k1' });
    expect(out[1].failures).toBe(1);
  });
  it('is empty without rows', () => {
    expect(summariseByKey([])).toEqual([]);
  });
});
