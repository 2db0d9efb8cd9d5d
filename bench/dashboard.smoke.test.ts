import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small size runs in CI so they keep working.
// The figures are printed, never asserted; what is asserted is that the rollup and the GROUP BY
// over the records give the same answer for every drill-down view.
describe('dashboard benchmark (smoke size)', () => {
  it('20,000 records: every drill-down view answers the same from the rollup and from the records', () => {
    const { stdout } = runBenchSmoke('dashboard', ['--records', '20000', '--rounds', '2', '--baseline-rounds', '1'], 180_000);
    const m = stdout.match(/answers identical: (\d+)\/(\d+)/);
    expect(m, stdout).not.toBeNull();
    const [same, views] = [Number(m![1]), Number(m![2])];
    expect(same).toBe(views);
    // Every dataset type is walked down to level 2.
    const levels = stdout.match(/level 0: (\d+), level 1: (\d+), level 2: (\d+)\) over (\d+) dataset types/);
    expect(levels, stdout).not.toBeNull();
    expect(Number(levels![4])).toBe(11);
    expect(Number(levels![1])).toBe(11);
    expect(Number(levels![3])).toBeGreaterThanOrEqual(22);
    expect(stdout).toMatch(/store\/search from the rollup:\s+\d+\.\d+\s+\d+\.\d+/);
    expect(stdout).toMatch(/speed-up \(GROUP BY \/ rollup\):\s+p50 \d+×\s+p95 \d+×/);
    expect(stdout).not.toContain('MISMATCH');
  });
});
