/** Runs the `ulca` command-line tool as a program, for the CLI's tests. */
import { execFile } from 'node:child_process';
import path from 'node:path';

const CLI = path.resolve(import.meta.dirname, '../cli/ulca.ts');
const REPO = path.resolve(import.meta.dirname, '../../../..');
// The project's own tsx, as `npx tsx` would run it, without npx's start-up cost.
const TSX = path.join(REPO, 'node_modules/tsx/dist/cli.mjs');

/** Runs `tsx ulca.ts ...args` from the repository root (as `npm run ulca -- ...args` does): its exit code (-1 when killed) and output. */
export function ulca(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSX, CLI, ...args], { cwd: REPO, timeout: 110_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

/** The JSON summary the tool prints as its last line. */
export function lastLine(stdout: string): Record<string, unknown> {
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
}
