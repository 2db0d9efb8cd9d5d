import { describe, expect, it } from 'vitest';
import { dailySeries, usageCsv, windowDays } from './usage.ts';

const row = (day: string, calls: number, chars = 0) => ({
  keyId: 'ulca_1',
  day,
  modelId: 'm',
  modelName: 'Sahyadri MT v1.0',
  task: 'translation',
  calls,
  failures: 0,
  meanLatencyMs: 3,
  charactersIn: chars,
  audioSecondsIn: 0.5,
  audioSecondsOut: 0,
  images: 0,
});

describe('usage page helpers', () => {
  it('a 30-day window ending today, with zeros for quiet days', () => {
    expect(windowDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    const s = dailySeries([row('2026-03-02', 2, 10), row('2026-03-02', 1, 5), row('2026-01-01', 9)], '2026-03-02', 30);
    expect(s).toHaveLength(30);
    expect(s[29]).toMatchObject({ day: '2026-03-02', calls: 3, charactersIn: 15, audioSecondsIn: 1 });
    expect(s[0].calls).toBe(0);
  });

  it('CSV with the server columns; formula-like text cells neutralised', () => {
    const csv = usageCsv([{ ...row('2026-03-02', 1), modelId: '=cmd' }]);
    expect(csv.split('\n')[0]).toBe(
      'day,keyId,modelId,task,calls,failures,meanLatencyMs,charactersIn,audioSecondsIn,audioSecondsOut,images',
    );
    expect(csv.split('\n')[1]).toBe("2026-03-02,ulca_1,'=cmd,translation,1,0,3,0,0.5,0,0");
  });
});
