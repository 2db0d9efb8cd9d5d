#!/usr/bin/env node
// `npm test`: lint, formatting, types and the web build side by side, then unit, integration (real
// PostgreSQL) and end-to-end (Chromium) tests. Each phase's wall time and the share of the machine's
// CPU it kept busy are printed at the end (docs/operations.md#tests-and-ci).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgresBinaries } from './lib/postgres-binaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

/** Busy and total CPU ticks of the whole machine so far (/proc/stat; zeros where it is missing). */
function cpuTicks() {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const t = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = t[3] + (t[4] ?? 0);
    const total = t.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Phase timings: label, seconds, CPU busy share (0..1) over the phase. */
const timings = [];
async function timed(label, fn) {
  const t0 = performance.now();
  const c0 = cpuTicks();
  try {
    return await fn();
  } finally {
    const c1 = cpuTicks();
    const share = c1.total > c0.total ? (c1.busy - c0.busy) / (c1.total - c0.total) : NaN;
    timings.push({ label, seconds: (performance.now() - t0) / 1000, share });
  }
}

function printTimings() {
  console.log('\n=== timings (wall seconds, CPU busy share of the machine)');
  for (const t of timings) console.log(`${t.label.padEnd(28)} ${t.seconds.toFixed(1).padStart(7)} s   CPU ${(t.share * 100).toFixed(0)} %`);
}

/**
 * Runs `cmd args` with its output buffered, printed in one block when it ends (the checks run side by
 * side and would interleave). Resolves with the exit code.
 */
function runBuffered(label, cmd, args) {
  return timed(
    label,
    () =>
      new Promise((resolve) => {
        const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
        const out = [];
        child.stdout.on('data', (d) => out.push(d));
        child.stderr.on('data', (d) => out.push(d));
        const done = (code) => {
          process.stdout.write(`\n=== ${label}: ${cmd} ${args.join(' ')} (exit ${code})\n`);
          process.stdout.write(Buffer.concat(out));
          resolve(code);
        };
        child.on('error', (err) => {
          out.push(Buffer.from(`${err.message}\n`));
          done(1);
        });
        child.on('close', (code) => done(code ?? 1));
      }),
  );
}

ensurePostgresBinaries(root);
// Side by side: on 2 cores the checks take about as long as one after another (they keep the CPU
// busy either way), but a bare machine's apt-get downloads overlap them (docs/operations.md#tests-and-ci).
const checks = await timed('checks (side by side)', () =>
  Promise.all([
    runBuffered('lint', 'npx', ['eslint', '.']),
    runBuffered('format', 'npx', ['prettier', '--check', '.']),
    // Both tsconfigs, then again with a fake model task: the task registry's guard (docs/architecture.md#adding-a-model-task).
    runBuffered('types', process.execPath, ['--import', 'tsx', 'scripts/typecheck.ts']),
    runBuffered('build web', 'npm', ['run', 'build', '-w', 'apps/web']),
    // apt-get holds one lock: the test packages, then the reference models' packages, one after the other.
    (async () =>
      (await runBuffered('chromium and fonts', process.execPath, ['scripts/ensure-chromium.mjs'])) ||
      runBuffered('debian packages', process.execPath, ['scripts/ensure-debian-packages.mjs']))(),
  ]),
);
const names = ['lint', 'format', 'types', 'build web', 'debian packages'];
const failedChecks = checks.map((code, i) => (code === 0 ? null : names[i])).filter(Boolean);
if (failedChecks.length > 0) {
  printTimings();
  console.error(`\n${failedChecks.join(', ')} failed (see above).`);
  process.exit(1);
}

fs.mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
console.log('\n=== tests: vitest run (unit, integration, e2e)');
const r = await timed('vitest (unit, integration, e2e)', async () =>
  spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit' }),
);
let passed = 0;
let failed = 0;
let success = false;
try {
  const j = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = j.numPassedTests;
  failed = j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  success = j.success === true;
  // Each project's span: from its first file's start to its last file's end (they may overlap).
  const projectOf = (f) => (/\.e2e\.test\./.test(f) ? 'e2e' : /\.(int|smoke)\.test\./.test(f) ? 'integration' : 'unit');
  const spans = {};
  for (const t of j.testResults ?? []) {
    const s = (spans[projectOf(t.name)] ??= { start: Infinity, end: 0, files: 0 });
    s.start = Math.min(s.start, t.startTime);
    s.end = Math.max(s.end, t.endTime);
    s.files += 1;
  }
  for (const [name, s] of Object.entries(spans))
    console.log(`${name}: ${s.files} files, ${((s.end - s.start) / 1000).toFixed(1)} s from its first file's start to its last's end`);
} catch {
  failed = failed || 1;
}
printTimings();
console.log(`\ntests: ${passed} passed, ${failed} failed`);
// A run with unhandled errors or no test at all is a failure too, whatever vitest's exit code.
const ok = r.status === 0 && success && failed === 0 && passed > 0;
if (!ok) console.error('The test run failed (see above).');
process.exit(ok ? 0 : r.status || 1);
