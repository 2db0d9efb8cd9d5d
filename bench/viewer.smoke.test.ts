import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// Benchmarks are not timed tests, but a small size runs in CI so they keep working (docs/benchmarks.md).
describe('viewer benchmark (smoke size)', () => {
  it('pages 20,000 records and prints p50/p95 and the ratio to its baseline', () => {
    const { stdout } = runBenchSmoke('viewer', ['--records', '20000', '--rounds', '5'], 180_000);
    expect(stdout).toMatch(
      /first page \(20,000 records\)\s+server time p50 \d+\.\d\d ms\s+p95 \d+\.\d\d ms\s+ratio to baseline p50 \d+\.\d\d/,
    );
    expect(stdout).toMatch(/100th page by keyset/);
  });
});
