import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small size runs in CI so they keep working.
describe('search-export benchmark (smoke size)', () => {
  it('exports 2,000 records with the real job and prints its figures', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'search-export', '--records', '2000'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout, r.stderr).toContain('search export Completed 2000 records');
    expect(r.stdout).toMatch(/ratio export \/ COPY:\s+\d+\.\d\d/);
    expect(r.stdout).toMatch(/peak RSS during export: \d+ MiB/);
    expect(r.stdout).not.toContain('WARNING');
  });
});
