/**
 * Per-example benchmark outputs and the comparison of runs (docs/api.md#per-example-outputs,
 * docs/benchmarks.md#comparing-runs): a completed run's rows as JSON Lines (input, reference, the
 * model's output, the row's own score, failed), and a comparison of two or more completed runs on
 * the same benchmark and metric: the rows where their row scores differ most and sacrebleu's paired
 * bootstrap test for every pair. Rows are scored exactly as the run's score is (run.ts
 * scoreOutputs: same hypotheses, failed rows as empty hypotheses, same metric options).
 *
 * Who may see a run here is who sees it on the leaderboard: anyone for a published model, its
 * owner and ADMINs for an unpublished one (404 RUN_NOT_FOUND otherwise). What of its rows they see
 * is the benchmark's test-set rule (test-set.ts; docs/api.md#who-sees-a-benchmarks-rows).
 */
import { MAX_COMPARED_EXAMPLES, type CompareRunsResponse, type RunOutputLine } from '@ulca/contracts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';
import * as datasets from '../datasets/service.ts';
import * as models from '../models/service.ts';
import { applyFailures, getMetric, type MetricOptions } from './scoring/index.ts';
import { PAIRED_BS_SAMPLES, PAIRED_BS_SEED, pairedBootstrapTest, resampledScores, estimateCi } from './scoring/significance.ts';
import { sumRows } from './scoring/text.ts';
import * as repo from './repo.ts';
import type { RunRow } from './repo.ts';
import { hypothesisOf, referenceOf, type BenchmarkRecord } from './run.ts';
import { nerSourceOf } from './task-outputs.ts';
import { runRowsAccess, testSetHidden } from './test-set.ts';
import type { ModelsServices } from '../models/service.ts';

const RUN_NOT_FOUND = 'No benchmark run with this benchmarkProcessId.';
/** Default number of differing examples a comparison answers. */
export const DEFAULT_COMPARED_EXAMPLES = 20;

/** The input shown for a row: its source text, media file name, or NER sentence. */
export function inputOf(task: string, data: Record<string, unknown>): string {
  if (task === 'ner') return nerSourceOf(data);
  const v = task === 'asr' || task === 'audio-lang-detection' ? data.audioFilename : task === 'ocr' ? data.imageFilename : data.sourceText;
  return typeof v === 'string' ? v : '';
}

/** Every row of a run scored on its own: statistics, hypothesis, own score and failure. */
export interface ScoredRows {
  stats: number[][];
  width: number;
  fromTotals: (totals: readonly number[]) => number;
  corpusScore: number;
  rows: {
    seq: number;
    input: string;
    reference: string;
    output: unknown;
    hypothesis: string;
    score: number | null;
    failed: boolean;
    error: string | null;
  }[];
}

/**
 * Scores each row of `records` with `metric` from the stored `outputs` (by seq) as the run's score
 * is computed; a row's own score is the metric on its statistics alone (null when not finite, e.g.
 * an edit rate of a row with an empty reference).
 */
export function scoreRows(
  task: string,
  metric: string,
  options: MetricOptions,
  records: readonly BenchmarkRecord[],
  outputs: ReadonlyMap<number, { output: unknown; error: string | null }>,
): ScoredRows {
  const raw = records.map((r) => {
    const o = outputs.get(r.seq);
    return !o || o.error !== null || o.output === null ? null : hypothesisOf(task, o.output, metric, r.data);
  });
  const { hyps } = applyFailures(raw);
  const refs = records.map((r) => referenceOf(task, r.data));
  const m = getMetric(metric);
  const stats = m.impl.rowStats(hyps, [refs], options);
  const width = m.impl.width(options);
  const fromTotals = (t: readonly number[]) => m.impl.fromTotals(t, options);
  const rows = records.map((r, i) => {
    const o = outputs.get(r.seq);
    const own = fromTotals(stats[i]);
    return {
      seq: r.seq,
      input: inputOf(task, r.data),
      reference: refs[i],
      output: o?.output ?? null,
      hypothesis: hyps[i],
      score: Number.isFinite(own) ? own : null,
      failed: raw[i] === null,
      error: o ? o.error : 'The run has no output for this row.',
    };
  });
  return { stats, width, fromTotals, corpusScore: fromTotals(sumRows(stats, width)), rows };
}

/** The test of a comparison and the implementation its numbers equal (docs/benchmarks.md#comparing-runs). */
export const PAIRED_BS_SIGNATURE = `paired-bs|n:${PAIRED_BS_SAMPLES}|seed:${PAIRED_BS_SEED}|sacrebleu:2.6.0`;

/** Whether two runs scored the same hypothesis, and failed alike, on every row. */
export function sameOutputs(a: ScoredRows, b: ScoredRows): boolean {
  return a.rows.length === b.rows.length && a.rows.every((r, k) => r.hypothesis === b.rows[k].hypothesis && r.failed === b.rows[k].failed);
}

/** A completed run the caller may see, with its model's name; 404 / 409 otherwise. */
async function visibleCompletedRun(
  ctx: AppContext<ModelsServices>,
  id: string,
  caller: models.ModelCaller | null,
): Promise<{ run: RunRow; model: models.ModelEndpoint }> {
  const run = await repo.findRun(ctx.db, id.trim());
  if (!run) throw notFound(RUN_NOT_FOUND);
  const model = await models.getModelForCall(ctx, run.model_id, caller).catch(() => null);
  if (!model) throw notFound(RUN_NOT_FOUND);
  if (run.status !== 'Completed')
    throw new ApiError(409, 'RUN_NOT_COMPLETED', 'Only a completed run has outputs to show; this one is ' + run.status + '.');
  return { run, model };
}

async function scoredRun(ctx: AppContext, run: RunRow, records: readonly BenchmarkRecord[], task: string): Promise<ScoredRows> {
  const outputs = new Map((await repo.readOutputs(ctx.db, run.benchmark_process_id)).map((o) => [o.seq, o]));
  return scoreRows(task, run.metric, run.metric_options as MetricOptions, records, outputs);
}

/**
 * GET benchmark/run/outputs: a completed run's rows, one JSON object a line (RunOutputLine of
 * @ulca/contracts), in row order; on a hidden benchmark without input and reference for its model's
 * owner (docs/api.md#who-sees-a-benchmarks-rows). Throws 404 RUN_NOT_FOUND, 409 RUN_NOT_COMPLETED,
 * 403 TEST_SET_HIDDEN (a hidden benchmark, a caller who is none of its owner, an ADMIN, the model's owner).
 */
export async function runOutputLines(
  ctx: AppContext<ModelsServices>,
  caller: models.ModelCaller | null,
  id: string,
): Promise<{ fileName: string; body: string }> {
  const { run, model } = await visibleCompletedRun(ctx, id, caller);
  const b = (await repo.findBenchmark(ctx.db, run.benchmark_id))!;
  const access = runRowsAccess(b, run, model.userId, caller);
  if (access === 'none') throw testSetHidden();
  const records = await datasets.readBenchmarkRecords(ctx, run.benchmark_id);
  const scored = await scoredRun(ctx, run, records, b.task!);
  const lines = scored.rows.map((r): RunOutputLine => (access === 'full' ? r : { ...r, input: null, reference: null }));
  const body = lines.map((r) => JSON.stringify(r)).join('\n');
  return { fileName: `run-${run.benchmark_process_id}-${run.metric}.jsonl`, body: body ? `${body}\n` : '' };
}

/**
 * POST benchmark/run/compare: two or more completed runs of the same benchmark and metric, in the
 * order given; every pair tested with sacrebleu's paired bootstrap (1000 resamples, seed 12345),
 * a pair whose outputs or scores are equal answered as "no difference" (p-value 1), and the `limit` rows where the runs' row scores spread most, shown as the benchmark's test-set rule
 * allows (docs/api.md#who-sees-a-benchmarks-rows: on a hidden benchmark no input or reference but to
 * its owner and ADMINs, only the hypotheses and row scores of runs whose outputs the caller may read,
 * no examples when none). Throws 400 DUPLICATE_RUNS or
 * RUNS_NOT_COMPARABLE (different benchmarks or metrics), 404 RUN_NOT_FOUND, 409 RUN_NOT_COMPLETED.
 */
export async function compareRuns(
  ctx: AppContext<ModelsServices>,
  caller: models.ModelCaller | null,
  ids: readonly string[],
  limit = DEFAULT_COMPARED_EXAMPLES,
): Promise<CompareRunsResponse['data']> {
  const trimmed = ids.map((i) => i.trim());
  if (new Set(trimmed).size !== trimmed.length) throw badRequest('DUPLICATE_RUNS', 'Each run can be selected only once.');
  const runs: { run: RunRow; model: models.ModelEndpoint }[] = [];
  for (const id of trimmed) runs.push(await visibleCompletedRun(ctx, id, caller));
  const first = runs[0].run;
  if (runs.some(({ run }) => run.benchmark_id !== first.benchmark_id || run.metric !== first.metric)) {
    throw badRequest('RUNS_NOT_COMPARABLE', 'Only runs on the same benchmark dataset with the same metric can be compared.');
  }
  const b = (await repo.findBenchmark(ctx.db, first.benchmark_id))!;
  const access = runs.map(({ run, model }) => runRowsAccess(b, run, model.userId, caller));
  const full = access.every((a) => a === 'full');
  const records = await datasets.readBenchmarkRecords(ctx, first.benchmark_id);
  if (records.length === 0) throw badRequest('RUNS_NOT_COMPARABLE', 'The benchmark dataset has no rows to compare.');
  const scored: ScoredRows[] = [];
  for (const { run } of runs) scored.push(await scoredRun(ctx, run, records, b.task!));
  const { width, fromTotals } = scored[0];
  const resampled = resampledScores(
    scored.map((s) => s.stats),
    width,
    fromTotals,
    { samples: PAIRED_BS_SAMPLES, seed: PAIRED_BS_SEED },
  );
  const pairs = [];
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const t = pairedBootstrapTest(scored[i].corpusScore, scored[j].corpusScore, resampled[i], resampled[j]);
      const identicalOutputs = sameOutputs(scored[i], scored[j]);
      const noDifference = identicalOutputs || t.noDifference;
      pairs.push({
        a: runs[i].run.benchmark_process_id,
        b: runs[j].run.benchmark_process_id,
        scoreA: t.baselineScore,
        scoreB: t.systemScore,
        pValue: noDifference ? 1 : t.pValue,
        significant: !noDifference && t.pValue < 0.05,
        noDifference,
        identicalOutputs,
      });
    }
  }
  const spreadOf = (k: number): number => {
    const own = scored.map((s) => s.rows[k].score).filter((x): x is number => x !== null);
    return own.length < 2 ? 0 : Math.max(...own) - Math.min(...own);
  };
  const order = records.map((_, k) => ({ k, spread: spreadOf(k) })).sort((x, y) => y.spread - x.spread || x.k - y.k);
  const shown = access.some((a) => a !== 'none') ? Math.min(limit, MAX_COMPARED_EXAMPLES) : 0;
  const examples = order.slice(0, shown).map(({ k, spread }) => ({
    seq: records[k].seq,
    input: full ? scored[0].rows[k].input : null,
    reference: full ? scored[0].rows[k].reference : null,
    spread,
    outputs: scored.map((s, r) => ({
      benchmarkProcessId: runs[r].run.benchmark_process_id,
      hypothesis: access[r] === 'none' ? null : s.rows[k].hypothesis,
      score: access[r] === 'none' ? null : s.rows[k].score,
      failed: s.rows[k].failed,
    })),
  }));
  return {
    benchmarkId: first.benchmark_id,
    benchmarkName: b.name,
    metric: first.metric,
    visibility: b.visibility,
    direction: getMetric(first.metric).direction,
    samples: PAIRED_BS_SAMPLES,
    seed: PAIRED_BS_SEED,
    testSignature: PAIRED_BS_SIGNATURE,
    runs: runs.map(({ run, model }, r) => ({
      benchmarkProcessId: run.benchmark_process_id,
      modelId: run.model_id,
      modelName: model.name,
      modelVersion: model.version,
      score: scored[r].corpusScore,
      signature: run.signature,
      bootstrap: estimateCi(resampled[r]),
    })),
    pairs,
    examples,
  };
}
