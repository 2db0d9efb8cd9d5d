/**
 * Polling helpers of the integration tests (jobs finish in the background).
 */
import type { FastifyInstance } from 'fastify';
import { signedInject, type TestUser } from './users.ts';

/**
 * Calls `fn` every `everyMs` until `ok(value)` holds and returns that value.
 * @throws after `ms` milliseconds, naming the last value.
 */
export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000, everyMs = 200): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A benchmark run's status as `GET …/benchmark/process/status` gives it to `as` (its first row). */
// The answer's JSON is untyped (`any`), as every inject answer in these tests.
export async function benchmarkRunStatus(app: FastifyInstance, as: TestUser, runId: string) {
  return (await signedInject(app, as, 'GET', `/ulca/apis/v0/benchmark/process/status?benchmarkProcessId=${runId}`)).json().data[0];
}

/** Waits until benchmark run `runId` is Completed or Failed (within `ms`) and returns its status. */
export async function benchmarkRunFinished(app: FastifyInstance, as: TestUser, runId: string, ms = 60_000) {
  return until(
    () => benchmarkRunStatus(app, as, runId),
    (s) => s?.status === 'Completed' || s?.status === 'Failed',
    ms,
  );
}
