/**
 * Paired bootstrap resampling significance test between systems scored on the same rows, computed
 * as sacrebleu 2.6.0's `--paired-bs` does (docs/benchmarks.md#comparing-runs): the resamples are
 * NumPy's `default_rng(seed).choice(n, (samples, n))` (numpy-random.ts), every system is scored on
 * every resample from the summed row statistics; for a pair, the test statistic of each resample is
 * |score(A) − score(B)| minus the mean of those values, and the p-value is
 * (#{statistic > |real difference|} + 1) / (samples + 1), except that two systems with equal scores
 * are "no difference" (p-value 1) rather than sacrebleu's smallest p-value. Each system's mean and 95% half-width are
 * sacrebleu's `estimate_ci`: sorted resample scores, bounds at index ⌊samples/40⌋ from each end.
 *
 * sacrebleu sums row statistics in float32; integer statistics below 2^24 (all its metrics on any
 * realistic corpus) are exact either way, and scores are then computed in float64 here, so means
 * and intervals may differ from sacrebleu's in the 6th significant digit while the resamples and
 * the counts behind the p-value are the same.
 */
import { bootstrapIndices } from './numpy-random.ts';

/** sacrebleu's default number of paired-bootstrap resamples. */
export const PAIRED_BS_SAMPLES = 1000;
/** sacrebleu's default seed (SACREBLEU_SEED). */
export const PAIRED_BS_SEED = 12345;

/** Mean and 95% half-width of resampled scores (sacrebleu's estimate_ci). */
export interface MeanCi {
  mean: number;
  /** Half the distance between the 2.5th and 97.5th percentile scores. */
  ci: number;
}

/** sacrebleu's estimate_ci on `scores` (not modified). Throws RangeError when empty. */
export function estimateCi(scores: Float64Array): MeanCi {
  const n = scores.length;
  if (n === 0) throw new RangeError('estimateCi: no scores.');
  const sorted = scores.slice().sort();
  const lowerIdx = Math.floor(n / 40);
  const upperIdx = n - lowerIdx - 1;
  let sum = 0;
  for (const s of sorted) sum += s;
  return { mean: sum / n, ci: 0.5 * (sorted[upperIdx] - sorted[lowerIdx]) };
}

/** The p-value of sacrebleu's `_compute_p_value`: (#{stats > realDifference} + 1) / (n + 1). */
export function pValueOf(stats: Float64Array, realDifference: number): number {
  let c = 0;
  for (const s of stats) if (s > realDifference) c++;
  return (c + 1) / (stats.length + 1);
}

/** Options of {@link resampledScores}. */
export interface PairedOptions {
  /** Resamples (default 1000). */
  samples?: number;
  /** NumPy seed (default 12345). */
  seed?: number;
}

/**
 * Every system's score on each of the same resamples: `result[s][b]`. `systems[s][i]` is row i's
 * statistics vector (`width` numbers) of system s; all systems have the same n rows. Throws
 * RangeError when there are no rows or row counts differ.
 */
export function resampledScores(
  systems: readonly (readonly (readonly number[])[])[],
  width: number,
  fromTotals: (totals: readonly number[]) => number,
  options: PairedOptions = {},
): Float64Array[] {
  const samples = options.samples ?? PAIRED_BS_SAMPLES;
  const n = systems[0]?.length ?? 0;
  if (n === 0) throw new RangeError('paired bootstrap: no rows to resample.');
  if (systems.some((s) => s.length !== n)) throw new RangeError('paired bootstrap: the systems have different numbers of rows.');
  const idxs = bootstrapIndices(options.seed ?? PAIRED_BS_SEED, samples, n);
  const times = new Float64Array(n);
  const totals = new Array<number>(width).fill(0);
  const out = systems.map(() => new Float64Array(samples));
  for (let b = 0; b < samples; b++) {
    // How often each row is drawn: a sum of integer statistics is exact in any order.
    times.fill(0);
    for (const i of idxs[b]) times[i]++;
    for (let s = 0; s < systems.length; s++) {
      const rows = systems[s];
      totals.fill(0);
      for (let i = 0; i < n; i++) {
        const t = times[i];
        if (t === 0) continue;
        const r = rows[i];
        for (let w = 0; w < width; w++) totals[w] += t * r[w];
      }
      out[s][b] = fromTotals(totals);
    }
  }
  return out;
}

/** The result of a paired bootstrap test between a baseline and a system. */
export interface PairedBootstrapResult {
  /** Corpus scores on all rows. */
  baselineScore: number;
  systemScore: number;
  /** Mean and 95% half-width of each side's resampled scores. */
  baseline: MeanCi;
  system: MeanCi;
  /**
   * sacrebleu's p-value of the difference (two-sided: absolute differences); 1 when
   * {@link PairedBootstrapResult.noDifference}.
   */
  pValue: number;
  /**
   * The two score the same on all rows or on every resample (e.g. identical outputs): nothing to
   * test. sacrebleu's strict `>` would count no resample at least as extreme and answer the
   * smallest p-value, calling two identical systems significantly different.
   */
  noDifference: boolean;
  samples: number;
  seed: number;
}

/**
 * sacrebleu's paired bootstrap between `baselineScores` and `systemScores` resampled on the same
 * rows (from {@link resampledScores}), given the two corpus scores; equal scores are "no
 * difference" with p-value 1 (see {@link PairedBootstrapResult.noDifference}).
 */
export function pairedBootstrapTest(
  baselineScore: number,
  systemScore: number,
  baselineScores: Float64Array,
  systemScores: Float64Array,
  options: PairedOptions = {},
): PairedBootstrapResult {
  const n = baselineScores.length;
  const diffs = new Float64Array(n);
  let sum = 0;
  for (let b = 0; b < n; b++) {
    diffs[b] = Math.abs(systemScores[b] - baselineScores[b]);
    sum += diffs[b];
  }
  const mean = sum / n;
  for (let b = 0; b < n; b++) diffs[b] -= mean;
  const noDifference = baselineScore === systemScore || sum === 0;
  return {
    baselineScore,
    systemScore,
    baseline: estimateCi(baselineScores),
    system: estimateCi(systemScores),
    pValue: noDifference ? 1 : pValueOf(diffs, Math.abs(baselineScore - systemScore)),
    noDifference,
    samples: n,
    seed: options.seed ?? PAIRED_BS_SEED,
  };
}
