/**
 * WER (word error rate) as jiwer 4 computes it with its default transform (docs/benchmarks.md#metrics): runs of
 * two or more whitespace characters become one space, the ends are stripped, words are split on
 * single spaces; errors are the minimal substitutions + deletions + insertions; corpus WER =
 * Σ errors / Σ reference words (when every reference is empty: the number of inserted words).
 * One reference per row. Scale: percent (jiwer's fraction × 100; can exceed 100), lower is better.
 */
import { editDistance, pyStrip } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

const PY_WS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const MULTI_SPACE = new RegExp(`[${PY_WS}][${PY_WS}]+`, 'gu');

/** jiwer's wer_default transform: the words of one sentence. */
export function werWords(s: string): string[] {
  return pyStrip(s.replace(MULTI_SPACE, ' '))
    .split(' ')
    .filter((w) => w.length >= 1);
}

/** Error-rate statistics `[errors, reference length, hypothesis length]` for token lists. */
export function errorRow(hyp: readonly string[], ref: readonly string[]): number[] {
  return [editDistance(ref, hyp), ref.length, hyp.length];
}

/** Error rate (percent) from summed `[errors, refLen, hypLen]`, with jiwer's empty-reference rule. */
export function errorRateFromTotals(totals: readonly number[]): number {
  const [errors, refLen, hypLen] = totals;
  // jiwer: with no reference words at all, the rate is the number of insertions (= hypothesis words).
  if (refLen === 0) return 100 * hypLen;
  return 100 * (errors / refLen);
}

/** WER (jiwer defaults; `lowercase` lowercases both sides first, which jiwer's default does not). */
export const wer: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('wer', hyps, refs, 1);
    const prep = (s: string) => werWords(options.lowercase ? s.toLowerCase() : s);
    return hyps.map((h, i) => errorRow(prep(h), prep(refs[0][i])));
  },
  fromTotals: errorRateFromTotals,
  width: () => 3,
  signature: (options) => `nrefs:1|case:${options.lowercase ? 'lc' : 'mixed'}|tok:words|norm:jiwer-default|version:jiwer-4.0.0`,
};
