import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small run keeps the `api` bench working.
// Asserts that every target ran without a single error; never asserts speed.
describe('api benchmark (smoke)', () => {
  it('runs every target against the real app for a second each, with 0 errors', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', 'api', '--duration', '1', '--connections', '10'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 240_000,
    });
    expect(r.status, `status ${r.status} signal ${r.signal} error ${String(r.error)}\n${r.stdout}\n${r.stderr}`).toBe(0);
    for (const target of [
      'app trivial route',
      'signed GET users/me',
      'signed list call (listByUserId)',
      'login (argon2id)',
      'signed list call, session cache off',
    ]) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(target));
      expect(line, `${target} missing:\n${r.stdout}`).toBeDefined();
      // columns: req/s, p99, bare req/s, ratio, errors, requests
      const cols = line!.slice(38).trim().split(/\s+/).map(Number);
      expect(cols[5], `no request completed: ${line}`).toBeGreaterThan(0);
      expect(cols[4], `errors in: ${line}`).toBe(0);
    }
    expect(r.stdout).toMatch(/ratio signed list call \(listByUserId\) \/ bare route: \d+\.\d\d/);
    expect(r.stdout).toContain('errors: 0');
  }, 300_000);
});
