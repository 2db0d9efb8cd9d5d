import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Benchmarks are not timed tests, but a small size runs in CI so they keep working (docs/benchmarks.md).
describe('versions benchmark (smoke size)', () => {
  it('freezes two versions of 20,000 records and prints the rate, the ratio to its baseline and the peak memory', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'versions', '--records', '20000'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 180_000,
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(r.stdout).toMatch(/version 2: Published, 20,000 records, \+2,000 −2,000/);
    expect(r.stdout).toMatch(/freeze of both versions: \d+\.\d\d s, [\d,]+ records\/s, ratio to baseline \d+\.\d\d/);
    expect(r.stdout).toMatch(/peak RSS during the freeze: \d+ MiB/);
  });
});
