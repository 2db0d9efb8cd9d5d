import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md#performance-benches: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('speakers benchmark (smoke size)', () => {
  it('5 s of speech: every stage prints ms per 10 s of audio and its ratio to the baseline', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'speakers', '--seconds', '5'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    for (const stage of [
      'baseline \\(one pass over samples\\)',
      'decode \\+ resample to 16 kHz',
      'MFCC statistics \\(meyda\\)',
      'whole analysis via worker pool',
    ]) {
      expect(r.stdout).toMatch(new RegExp(`${stage}\\s+\\d+\\.\\d ms / 10 s audio\\s+×\\d+ baseline`));
    }
  });
});
