/**
 * Who sees a benchmark's test set (docs/api.md#who-sees-a-benchmarks-rows): one
 * rule for every path that answers rows (run/outputs, run/compare, download, refUrl). An open
 * benchmark's rows are everyone's, as its leaderboard; a hidden one's inputs and references are its
 * owner's and ADMINs' only, and a run's own outputs and row scores also its model's owner's (and
 * whoever started it). Nobody else gets a row of a hidden benchmark.
 */
import { ApiError } from '../../lib/errors.ts';
import type { BenchmarkRow, RunRow } from './repo.ts';

/** The caller as the rule needs it (models.ModelCaller, AuthUser); null = anonymous. */
export type TestSetCaller = { userId: string; roles: readonly string[] } | null;

/** The 403 code and text of a hidden benchmark's rows asked for by someone who may not see them. */
export const TEST_SET_HIDDEN = 'TEST_SET_HIDDEN';
export const TEST_SET_HIDDEN_MESSAGE =
  "This benchmark dataset's test set is hidden: its rows are shown to its owner, and a run's own outputs to its model's owner.";

/** The caller is the benchmark's owner or an ADMIN: may change its visibility and always sees its rows. */
export function managesBenchmark(b: Pick<BenchmarkRow, 'user_id'>, caller: TestSetCaller): boolean {
  return !!caller && (caller.userId === b.user_id || caller.roles.includes('ADMIN'));
}

/** Whether the caller sees the benchmark's inputs and references (open, or {@link managesBenchmark}). */
export function seesTestSet(b: Pick<BenchmarkRow, 'user_id' | 'visibility'>, caller: TestSetCaller): boolean {
  return b.visibility === 'open' || managesBenchmark(b, caller);
}

/**
 * What of a run's rows the caller may read: 'full' (inputs, references, outputs, row scores),
 * 'own' (outputs and row scores, no input or reference: the model's owner or the run's starter on a
 * hidden benchmark), or 'none'. `modelOwner` is the run's model's owner's user id.
 */
export function runRowsAccess(
  b: Pick<BenchmarkRow, 'user_id' | 'visibility'>,
  run: Pick<RunRow, 'user_id'>,
  modelOwner: string,
  caller: TestSetCaller,
): 'full' | 'own' | 'none' {
  if (seesTestSet(b, caller)) return 'full';
  return caller && (caller.userId === modelOwner || caller.userId === run.user_id) ? 'own' : 'none';
}

/** The 403 TEST_SET_HIDDEN error. */
export const testSetHidden = () => new ApiError(403, TEST_SET_HIDDEN, TEST_SET_HIDDEN_MESSAGE);
