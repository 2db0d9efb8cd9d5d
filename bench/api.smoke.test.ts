import { describe, expect, it } from 'vitest';
import { runBenchSmoke } from './smoke.ts';

// docs/benchmarks.md#performance-benches: benchmarks are not timed tests, but a small run keeps the `api` bench working.
// Asserts that every target ran without a single error; never asserts speed.
describe('api benchmark (smoke)', () => {
  it('runs every target against the real app for a second each, with 0 errors', () => {
    const { stdout } = runBenchSmoke('api', ['--duration', '1', '--connections', '10'], 240_000);
    for (const target of [
      'app trivial route',
      'signed GET users/me',
      'signed list call (listByUserId)',
      'login (argon2id)',
      'signed list call, session cache off',
    ]) {
      const line = stdout.split('\n').find((l) => l.startsWith(target));
      expect(line, `${target} missing:\n${stdout}`).toBeDefined();
      // columns: req/s, p99, bare req/s, ratio, errors, requests
      const cols = line!.slice(38).trim().split(/\s+/).map(Number);
      expect(cols[5], `no request completed: ${line}`).toBeGreaterThan(0);
      expect(cols[4], `errors in: ${line}`).toBe(0);
    }
    expect(stdout).toMatch(/ratio signed list call \(listByUserId\) \/ bare route: \d+\.\d\d/);
    expect(stdout).toContain('errors: 0');
  }, 300_000);
});
