/**
 * Shapes shared by the metric modules (docs/benchmarks.md#metrics).
 *
 * Every metric is computed in two steps so that a corpus score, a re-score and each bootstrap
 * sample use the same arithmetic: `rowStats` turns each row into a vector of sufficient
 * statistics (n-gram counts, edit counts, or a sentence score and a count of 1 for metrics that
 * average sentence scores), and `fromTotals` turns the element-wise sum of those vectors into the
 * score. Resampling rows therefore only re-adds vectors.
 */

/** Options understood by the metrics; each metric reads the ones that apply to it. */
export interface MetricOptions {
  /** Lowercase hypotheses and references first (BLEU, chrF, WER, CER, GLEU, RIBES, top-k; TER lowercases unless `caseSensitive`; METEOR always lowercases as NLTK does). */
  lowercase?: boolean;
  /** BLEU tokeniser: 13a (default), none, intl or char. */
  tokenize?: string;
  /** BLEU smoothing (sacrebleu's smooth_method): exp (default), floor, add-k or none. */
  smooth?: string;
  /** BLEU smoothing value for floor (default 0.1) and add-k (default 1). */
  smoothValue?: number;
  /** TER: keep case (sacrebleu's case_sensitive; default false = lowercase). */
  caseSensitive?: boolean;
  /** TER: tercom normalisation (sacrebleu's normalized). */
  normalized?: boolean;
  /** TER: remove punctuation (sacrebleu's no_punct). */
  noPunct?: boolean;
  /** bleu-indic: target language (ISO 639 code) choosing IndicNLP's script rules; default: common rules only. */
  lang?: string;
}

/** A metric that can be computed (see {@link UnavailableMetric} for the other kind). */
export interface MetricImpl {
  /**
   * Per-row sufficient statistics. `hyps[i]` is row i's output; `refs` are reference *streams*
   * (sacrebleu's layout): `refs[k][i]` is the k-th reference of row i. Throws RangeError when the
   * streams' lengths differ from `hyps` or the metric does not accept that many references.
   */
  rowStats(hyps: readonly string[], refs: readonly (readonly string[])[], options: MetricOptions): number[][];
  /** The score (on the metric's scale) from the element-wise sum of row statistics. */
  fromTotals(totals: readonly number[], options: MetricOptions): number;
  /** Number of statistics per row (length of each `rowStats` vector). */
  width(options: MetricOptions): number;
  /** Signature fields in sacrebleu's style, without `ulca:` (added by the registry). */
  signature(options: MetricOptions, nrefs: number): string;
}

/** Checks that each reference stream has one entry per hypothesis; returns the number of streams. */
export function checkStreams(metric: string, hyps: readonly string[], refs: readonly (readonly string[])[], maxRefs = Infinity): number {
  if (refs.length === 0) throw new RangeError(`${metric}: at least one reference stream is needed.`);
  if (refs.length > maxRefs) throw new RangeError(`${metric}: takes at most ${maxRefs} reference stream(s), got ${refs.length}.`);
  refs.forEach((stream, k) => {
    if (stream.length !== hyps.length) {
      throw new RangeError(`${metric}: reference stream ${k + 1} has ${stream.length} rows but there are ${hyps.length} hypotheses.`);
    }
  });
  return refs.length;
}
