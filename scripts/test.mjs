#!/usr/bin/env node
// `npm test`: lint, types, then unit, integration (real PostgreSQL) and end-to-end (Chromium) tests.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePostgresBinaries } from './lib/postgres-binaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const run = (label, cmd, args) => {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status}).`);
    process.exit(r.status ?? 1);
  }
};

ensurePostgresBinaries(root);
run('lint', 'npx', ['eslint', '.']);
run('format', 'npx', ['prettier', '--check', '.']);
// Both tsconfigs, then again with a fake model task: the task registry's guard (docs/architecture.md#adding-a-model-task).
run('types', process.execPath, ['--import', 'tsx', 'scripts/typecheck.ts']);
run('build web', 'npm', ['run', 'build', '-w', 'apps/web']);
run('chromium', process.execPath, ['scripts/ensure-chromium.mjs']);
run('debian packages', process.execPath, ['scripts/ensure-debian-packages.mjs']);
fs.mkdirSync('test-results', { recursive: true });
const report = 'test-results/vitest.json';
console.log('\n=== tests: vitest run (unit, integration, e2e)');
const r = spawnSync('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { stdio: 'inherit' });
let passed = 0;
let failed = 0;
let success = false;
try {
  const j = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed = j.numPassedTests;
  failed = j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
  success = j.success === true;
} catch {
  failed = failed || 1;
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
// A run with unhandled errors or no test at all is a failure too, whatever vitest's exit code.
const ok = r.status === 0 && success && failed === 0 && passed > 0;
if (!ok) console.error('The test run failed (see above).');
process.exit(ok ? 0 : r.status || 1);
