import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// Benchmarks are not timed tests, but a small size runs in CI so they keep working (docs/benchmarks.md).
describe('versions benchmark (smoke size)', () => {
  it('freezes two versions of 20,000 records and prints the rate, the ratio to its baseline and the peak memory', () => {
    const { stdout } = runBenchSmoke('versions', ['--records', '20000'], 180_000);
    expect(stdout).toMatch(/version 2: Published, 20,000 records, \+2,000 −2,000/);
    expect(stdout).toMatch(/freeze of both versions: \d+\.\d\d s, [\d,]+ records\/s, ratio to baseline \d+\.\d\d/);
    expect(stdout).toMatch(/peak RSS during the freeze: \d+ MiB/);
  });
});
