import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small size runs in CI so they keep working.
describe('search-export benchmark (smoke size)', () => {
  it('exports 2,000 records with the real job and prints its figures', () => {
    const { stdout, stderr } = runBenchSmoke('search-export', ['--records', '2000'], 180_000);
    expect(stdout, stderr).toContain('search export Completed 2000 records');
    expect(stdout).toMatch(/ratio export \/ COPY:\s+\d+\.\d\d/);
    expect(stdout).toMatch(/peak RSS during export: \d+ MiB/);
    expect(stdout).not.toContain('WARNING');
  });
});
