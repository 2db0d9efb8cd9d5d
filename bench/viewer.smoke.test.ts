import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Benchmarks are not timed tests, but a small size runs in CI so they keep working (docs/benchmarks.md).
describe('viewer benchmark (smoke size)', () => {
  it('pages 20,000 records and prints p50/p95 and the ratio to its baseline', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'viewer', '--records', '20000', '--rounds', '5'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(
      /first page \(20,000 records\)\s+server time p50 \d+\.\d\d ms\s+p95 \d+\.\d\d ms\s+ratio to baseline p50 \d+\.\d\d/,
    );
    expect(r.stdout).toMatch(/100th page by keyset/);
  });
});
