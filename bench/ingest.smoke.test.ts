import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small size runs in CI so they keep working.
describe('ingest benchmark (smoke size)', () => {
  it('ingests 2,000 records end to end and prints its figures', () => {
    const { stdout } = runBenchSmoke('ingest', ['--records', '2000'], 180_000);
    expect(stdout).toContain('publish Completed 2000/0');
    expect(stdout).toMatch(/ratio pipeline \/ COPY:\s+\d+\.\d\d/);
    expect(stdout).toMatch(/peak RSS during pipeline: \d+ MiB/);
    expect(stdout).toMatch(/CPU during pipeline: +node \d+\.\d\d s, PostgreSQL \d+\.\d\d s/);
    expect(stdout).not.toContain('WARNING');
  });
});
