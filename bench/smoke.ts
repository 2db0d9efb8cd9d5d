// What the *.smoke.test.ts files share: each runs one benchmark at a small size through run.ts, the way
// `npm run bench` does, so the bench keeps working (docs/benchmarks.md#performance-benches).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Runs `bench/run.ts <name> ...args` in a child process, expects it to exit 0 (its output is the failure message)
 * and returns what it printed, for the caller to assert that its figures are there.
 */
export function runBenchSmoke(name: string, args: string[], timeoutMs: number): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/run.ts', name, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  expect(r.status, `status ${r.status} signal ${r.signal} error ${String(r.error)}\n${r.stdout}\n${r.stderr}`).toBe(0);
  return { stdout: r.stdout, stderr: r.stderr };
}
