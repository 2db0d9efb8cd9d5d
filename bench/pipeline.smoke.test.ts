import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('pipeline benchmark (smoke size)', () => {
  it('10 calls per arm: prints both arms, the ratio and the overhead per stage', () => {
    const { stdout } = runBenchSmoke('pipeline', ['--calls', '10'], 180_000);
    expect(stdout).toMatch(/direct \(sum of 3 model calls\)\s+p50\s+\d+\.\d+ ms/);
    expect(stdout).toMatch(/pipeline \(1 call, 3 stages\)\s+p50\s+\d+\.\d+ ms/);
    expect(stdout).toMatch(/ratio pipeline\/direct p50 \d+\.\d+\s+platform overhead per stage p50 -?\d+\.\d+ ms/);
  }, 200_000);
});
