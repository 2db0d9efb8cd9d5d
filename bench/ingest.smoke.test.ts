import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small size runs in CI so they keep working.
describe('ingest benchmark (smoke size)', () => {
  it('ingests 2,000 records end to end and prints its figures', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'ingest', '--records', '2000'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('publish Completed 2000/0');
    expect(r.stdout).toMatch(/ratio pipeline \/ COPY:\s+\d+\.\d\d/);
    expect(r.stdout).toMatch(/peak RSS during pipeline: \d+ MiB/);
    expect(r.stdout).toMatch(/CPU during pipeline: +node \d+\.\d\d s, PostgreSQL \d+\.\d\d s/);
    expect(r.stdout).not.toContain('WARNING');
  });
});
