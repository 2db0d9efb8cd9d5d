import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('speakers benchmark (smoke size)', () => {
  it('5 s of speech: every stage prints ms per 10 s of audio and its ratio to the baseline', () => {
    const { stdout } = runBenchSmoke('speakers', ['--seconds', '5'], 120_000);
    for (const stage of [
      'baseline \\(one pass over samples\\)',
      'decode \\+ resample to 16 kHz',
      'MFCC statistics \\(meyda\\)',
      'whole analysis via worker pool',
    ]) {
      expect(stdout).toMatch(new RegExp(`${stage}\\s+\\d+\\.\\d ms / 10 s audio\\s+×\\d+ baseline`));
    }
  });
});
