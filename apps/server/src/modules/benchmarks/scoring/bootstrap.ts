/**
 * Confidence intervals by bootstrap resampling of rows (Koehn 2004), seeded so that the same
 * benchmark, outputs and seed always give the same interval (docs/benchmarks.md#metrics: any score can be
 * recomputed). Each sample draws n rows with replacement, sums their statistics and scores the
 * sum with the metric's own `fromTotals`; the interval is the percentile interval of the sample
 * scores (2.5th and 97.5th for 95%). Resamples depend only on (seed, n), so two systems scored on
 * the same benchmark with the same seed see the same resamples: the bootstrap is paired, and
 * {@link pairedBootstrap} reports the interval of their difference.
 */

/** Default number of bootstrap samples (as sacrebleu's paired bootstrap). */
export const DEFAULT_SAMPLES = 1000;
/** Default seed (sacrebleu's default seed). */
export const DEFAULT_SEED = 12345;

/** A bootstrap confidence interval on the metric's scale. */
export interface Interval {
  low: number;
  high: number;
  /** 0.95 for a 95% interval. */
  confidence: number;
  samples: number;
  seed: number;
}

/** Options of a bootstrap run. */
export interface BootstrapOptions {
  /** Number of resamples (default 1000). */
  samples?: number;
  /** PRNG seed, a 32-bit integer (default 12345). */
  seed?: number;
  /** Confidence level (default 0.95). */
  confidence?: number;
}

/** mulberry32: a small, fast, seeded 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function flatten(rows: readonly (readonly number[])[], width: number): Float64Array {
  const flat = new Float64Array(rows.length * width);
  rows.forEach((r, i) => flat.set(r, i * width));
  return flat;
}

/** Largest |statistic| summed by counts: n · 2^31 stays far below 2^53 for any realistic n. */
const MAX_EXACT_STAT = 2 ** 31;

/** Sums into `totals` the rows of `flat` (each `width` long) numbered `drawn`, in draw order. */
function sumDrawn(flat: Float64Array, drawn: Int32Array, width: number, totals: Float64Array): void {
  totals.fill(0);
  for (let i = 0; i < drawn.length; i++) {
    const o = drawn[i] * width;
    for (let w = 0; w < width; w++) totals[w] += flat[o + w];
  }
}

/** Column `w` of every row: `columns[w][i]` = statistic w of row i. */
function toColumns(flat: Float64Array, n: number, width: number): Float64Array[] {
  const columns = Array.from({ length: width }, () => new Float64Array(n));
  for (let i = 0; i < n; i++) for (let w = 0; w < width; w++) columns[w][i] = flat[i * width + w];
  return columns;
}

/** Sums into `totals` each row `times[row]` times, column by column (integer statistics: exact in any order). */
function sumByTimes(columns: readonly Float64Array[], times: Int32Array, totals: Float64Array): void {
  const n = times.length;
  for (let w = 0; w < columns.length; w++) {
    const col = columns[w];
    let t = 0;
    for (let i = 0; i < n; i++) t += times[i] * col[i];
    totals[w] = t;
  }
}

/** Percentile (nearest rank on the sorted array, rank ⌈p·n⌉, clamped). */
function percentile(sorted: Float64Array, p: number): number {
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1];
}

/**
 * Resampled scores of one or more systems on the same rows: `result[s][b]` is system s's score
 * on resample b. `systems[s]` are per-row statistics (all the same number of rows, each row
 * `width` numbers). Throws RangeError when there are no rows or the systems' row counts differ.
 */
export function resampleScores(
  systems: readonly (readonly (readonly number[])[])[],
  width: number,
  fromTotals: (totals: readonly number[]) => number,
  options: BootstrapOptions = {},
): Float64Array[] {
  const samples = options.samples ?? DEFAULT_SAMPLES;
  const n = systems[0]?.length ?? 0;
  if (n === 0) throw new RangeError('bootstrap: no rows to resample.');
  if (systems.some((s) => s.length !== n)) throw new RangeError('bootstrap: the systems have different numbers of rows.');
  const flats = systems.map((s) => flatten(s, width));
  const out = systems.map(() => new Float64Array(samples));
  const rand = mulberry32(options.seed ?? DEFAULT_SEED);
  // A system whose statistics are all integers (counts: BLEU, chrF, TER with one reference) is
  // summed from how often each row was drawn, reading the rows in order: integer sums below 2^53
  // are exact in any order, so the totals equal those of adding the drawn rows one by one. Other
  // systems are summed in draw order, as before. Either way no score changes by a bit.
  const columns = flats.map((flat) =>
    flat.every((v) => Number.isInteger(v) && Math.abs(v) <= MAX_EXACT_STAT) ? toColumns(flat, n, width) : null,
  );
  const drawn = new Int32Array(n);
  const times = new Int32Array(n);
  const totals = new Float64Array(width);
  const view = Array.from(totals);
  for (let b = 0; b < samples; b++) {
    times.fill(0);
    for (let i = 0; i < n; i++) {
      const r = Math.floor(rand() * n);
      drawn[i] = r;
      times[r]++;
    }
    for (let s = 0; s < flats.length; s++) {
      const cols = columns[s];
      if (cols) sumByTimes(cols, times, totals);
      else sumDrawn(flats[s], drawn, width, totals);
      for (let w = 0; w < width; w++) view[w] = totals[w];
      out[s][b] = fromTotals(view);
    }
  }
  return out;
}

/** The bootstrap interval of one system's score from its per-row statistics. */
export function bootstrapInterval(
  rows: readonly (readonly number[])[],
  width: number,
  fromTotals: (totals: readonly number[]) => number,
  options: BootstrapOptions = {},
): Interval {
  const confidence = options.confidence ?? 0.95;
  const [scores] = resampleScores([rows], width, fromTotals, options);
  const sorted = scores.slice().sort();
  const tail = (1 - confidence) / 2;
  return {
    low: percentile(sorted, tail),
    high: percentile(sorted, 1 - tail),
    confidence,
    samples: scores.length,
    seed: options.seed ?? DEFAULT_SEED,
  };
}

/** Paired comparison of systems A and B on the same rows: the interval of score(A) − score(B) and how often B was at least as good. */
export function pairedBootstrap(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  width: number,
  fromTotals: (totals: readonly number[]) => number,
  options: BootstrapOptions = {},
): { difference: Interval; fractionBNotWorse: number } {
  const confidence = options.confidence ?? 0.95;
  const [sa, sb] = resampleScores([a, b], width, fromTotals, options);
  const diff = sa.map((x, i) => x - sb[i]);
  let bNotWorse = 0;
  for (const d of diff) if (d <= 0) bNotWorse++;
  const sorted = diff.slice().sort();
  const tail = (1 - confidence) / 2;
  return {
    difference: {
      low: percentile(sorted, tail),
      high: percentile(sorted, 1 - tail),
      confidence,
      samples: diff.length,
      seed: options.seed ?? DEFAULT_SEED,
    },
    fractionBNotWorse: bNotWorse / diff.length,
  };
}
