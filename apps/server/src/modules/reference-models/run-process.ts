import { spawn } from 'node:child_process';
import pLimit from 'p-limit';

/** What one child-process run gave back. */
export interface ProcessResult {
  /** Everything written to stdout (at most `maxOutputBytes`). */
  stdout: Buffer;
  /** The last few KiB of stderr, for the log. */
  stderr: string;
}

/** Options of {@link runProcess}. */
export interface RunProcessOptions {
  /** Bytes written to the child's stdin, then stdin is closed. */
  input?: string | Buffer;
  /** Kill the child (and its process group: a `sh -c` pipeline's children too) after this many ms. */
  timeoutMs: number;
  /** Largest stdout accepted; beyond it the child is killed and the run fails. */
  maxOutputBytes: number;
}

/** A run that did not end with exit code 0 (crash, signal, time limit, output too large). */
export class ProcessFailedError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ProcessFailedError';
  }
}

const STDERR_KEEP = 4096;

/**
 * Runs `command args…` once, with no shell unless the command is one, feeding `input` on stdin.
 * The child gets its own process group so that a time-out kills every process of a pipeline.
 * @returns stdout and the tail of stderr when the child exits with code 0.
 * @throws ProcessFailedError when it cannot start, exits non-zero or by a signal, runs past
 *   `timeoutMs` or writes more than `maxOutputBytes`.
 */
export function runProcess(command: string, args: string[], opts: RunProcessOptions): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true, env: { ...process.env, LC_ALL: 'C.UTF-8' } });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let failure: string | undefined;
    const killGroup = (why: string) => {
      failure ??= why;
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => killGroup(`${command} ran longer than ${opts.timeoutMs} ms`), opts.timeoutMs);
    child.stdout.on('data', (b: Buffer) => {
      size += b.length;
      if (size > opts.maxOutputBytes) return killGroup(`${command} wrote more than ${opts.maxOutputBytes} bytes`);
      chunks.push(b);
    });
    child.stderr.on('data', (b: Buffer) => {
      stderr = (stderr + b.toString('utf8')).slice(-STDERR_KEEP);
    });
    // A child that dies before reading its input closes the pipe: that is reported by 'close' below.
    child.stdin.on('error', () => undefined);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new ProcessFailedError(`${command} could not start: ${err.message}`, stderr));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (failure) return reject(new ProcessFailedError(failure, stderr));
      if (code !== 0) return reject(new ProcessFailedError(`${command} exited with ${signal ?? `code ${code}`}`, stderr));
      resolve({ stdout: Buffer.concat(chunks), stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/**
 * A concurrency cap for an engine's child processes: at most `max` runs at once, the rest wait
 * in order (p-limit). Shapes as p-limit's `limit(fn)`.
 */
export function processLimiter(max: number): <T>(fn: () => Promise<T>) => Promise<T> {
  const limit = pLimit(Math.max(1, max));
  return (fn) => limit(fn);
}
