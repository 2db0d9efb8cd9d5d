import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md: the benchmark runs at a small size in CI so that it keeps working; its figures are printed, never asserted.
describe('pipeline benchmark (smoke size)', () => {
  it('10 calls per arm: prints both arms, the ratio and the overhead per stage', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'pipeline', '--calls', '10'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/direct \(sum of 3 model calls\)\s+p50\s+\d+\.\d+ ms/);
    expect(r.stdout).toMatch(/pipeline \(1 call, 3 stages\)\s+p50\s+\d+\.\d+ ms/);
    expect(r.stdout).toMatch(/ratio pipeline\/direct p50 \d+\.\d+\s+platform overhead per stage p50 -?\d+\.\d+ ms/);
  }, 200_000);
});
