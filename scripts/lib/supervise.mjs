// The launcher of `npm start` and `npm run worker` (docs/operations.md#supervision): runs the server
// as a child process, starts it again when it crashes, and passes SIGINT/SIGTERM on to it.
import { spawn } from 'node:child_process';

/** Back-off of restarts, ms: doubles from `first` up to `max`; back to `first` once a child ran `resetAfter`. */
export const BACKOFF = { first: 1000, max: 30_000, resetAfter: 60_000 };

/**
 * Runs `node <args>` as a child with this terminal's stdio and supervises it
 * (docs/operations.md#supervision):
 * - SIGINT/SIGTERM to this process are passed to the child, and this process exits with the
 *   child's code once it has stopped (0 when the child was ended by the forwarded signal);
 * - a child that ends otherwise (a non-zero code, a signal nobody forwarded: a crash, an OOM kill,
 *   `kill -9`) is logged with its cause on stderr and started again after a back-off of
 *   `backoff.first` ms doubling to `backoff.max`, reset once a child has run `backoff.resetAfter` ms;
 * - a child that exits with code 0 on its own ends this process with 0;
 * - a first child that fails before it reported it started (`process.send({ ulca: 'started' })`
 *   from main.ts: a wrong setting, a missing database) is not restarted: its reason is on the
 *   terminal and this process exits with its code, as before supervision.
 * `name` names the child in the log lines. Never returns; ends the process itself.
 */
export function supervise({ args, name, backoff = BACKOFF, env = process.env }) {
  let child;
  let stopping;
  let everStarted = false;
  let delay = backoff.first;
  let restartTimer;
  const say = (msg) => console.error(`[ulca ${name}] ${msg}`);

  const launch = () => {
    const startedAt = Date.now();
    child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
    child.on('message', (m) => {
      if (m && typeof m === 'object' && m.ulca === 'started') everStarted = true;
    });
    child.on('error', (err) => say(`could not start ${name}: ${err.message}`));
    child.on('exit', (code, signal) => {
      const ran = Date.now() - startedAt;
      if (stopping) process.exit(code ?? 0);
      if (code === 0) process.exit(0);
      const cause = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (!everStarted) {
        // The start itself failed: its own message says why; a loop of restarts would only hide it.
        say(`${name} (pid ${child.pid}) ${cause} before it started; not restarted`);
        process.exit(code ?? 1);
      }
      if (ran >= backoff.resetAfter) delay = backoff.first;
      say(`${name} (pid ${child.pid}) ${cause} after ${(ran / 1000).toFixed(1)} s; starting it again in ${delay / 1000} s`);
      restartTimer = setTimeout(launch, delay);
      delay = Math.min(delay * 2, backoff.max);
    });
  };

  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      stopping = sig;
      clearTimeout(restartTimer);
      // Between a crash and its restart there is no child to wait for.
      if (!child || child.exitCode !== null || child.signalCode !== null) process.exit(0);
      // Ctrl-C reaches the child through the terminal's process group too; a second signal is harmless (main.ts stops once).
      child.kill(sig);
    });
  }
  launch();
}
