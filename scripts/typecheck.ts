/**
 * The type check of `npm test` and `npm run typecheck`: each project of scripts/task-registry-check.ts
 * (the root tsconfig and the web app's) type-checked as `tsc -p` would, then, in the same process and
 * from the same parsed files, again with a fake task added to the task registry; the places that
 * fail to compile with it must be exactly the listed ones (docs/architecture.md#adding-a-model-task).
 * So a new task that a place forgets fails the build, for the price of a second type check only.
 *
 * Usage: `node --import tsx scripts/typecheck.ts`; exits 1 on a type error or when the guard does not hold.
 */
import ts from 'typescript';
import {
  FORMAT_HOST,
  PROJECTS,
  checkProject,
  fakeTaskOverlay,
  guardProblems,
  mergeErrors,
  type CompileError,
} from './task-registry-check.ts';

const overlay = fakeTaskOverlay('new-kinds');
let failed = false;
const withFakeTask: CompileError[] = [];
for (const project of PROJECTS) {
  const started = performance.now();
  const check = checkProject(project, overlay);
  if (check.diagnostics.length > 0) {
    process.stdout.write(ts.formatDiagnosticsWithColorAndContext(check.diagnostics, FORMAT_HOST));
    failed = true;
  }
  withFakeTask.push(...check.withFakeTask);
  console.log(`${project}: ${check.diagnostics.length} errors; checked twice in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
// The guard is judged on the errors the fake task adds, so it holds or fails whatever type errors the tree has.
const problems = guardProblems(mergeErrors(withFakeTask));
if (problems.length > 0) {
  console.error(`The task registry's guard (docs/architecture.md#adding-a-model-task):\n- ${problems.join('\n- ')}`);
  failed = true;
} else console.log("The task registry's guard holds: a new task fails to compile in every place that must handle it.");
if (failed) process.exit(1);
console.log('No type errors.');
