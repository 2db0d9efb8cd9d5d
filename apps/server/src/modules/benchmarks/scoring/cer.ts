/**
 * CER (character error rate) as jiwer 4 computes it with its default transform (docs/benchmarks.md#metrics):
 * each sentence is stripped and split into characters (code points, spaces included); errors
 * are the minimal edits; corpus CER = Σ errors / Σ reference characters (jiwer's rule for all
 * references empty applies). One reference per row. Scale: percent, lower is better.
 */
import { codePoints, pyStrip } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';
import { errorRateFromTotals, errorRow } from './wer.ts';

/** jiwer's cer_default transform: the characters of one sentence. */
export function cerChars(s: string): string[] {
  return codePoints(pyStrip(s));
}

/** CER (jiwer defaults; `lowercase` lowercases both sides first). */
export const cer: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('cer', hyps, refs, 1);
    const prep = (s: string) => cerChars(options.lowercase ? s.toLowerCase() : s);
    return hyps.map((h, i) => errorRow(prep(h), prep(refs[0][i])));
  },
  fromTotals: errorRateFromTotals,
  width: () => 3,
  signature: (options) => `nrefs:1|case:${options.lowercase ? 'lc' : 'mixed'}|tok:char|norm:jiwer-default|version:jiwer-4.0.0`,
};
