/**
 * Corpus GLEU (Google-BLEU, Wu et al. 2016) as NLTK 3.10's `corpus_gleu` computes it
 * (docs/benchmarks.md#metrics): per row, n-grams of orders 1–4 of the hypothesis and of each reference; matches
 * = clipped overlap, denominator = max(hypothesis n-grams, reference n-grams); the reference with
 * the best ratio is kept (first on ties); corpus GLEU = Σ matches / Σ denominators. NLTK takes
 * token lists: ours are the whitespace-separated words (optionally lowercased). Scale: percent
 * (NLTK's fraction × 100), higher is better.
 */
import { countNgrams } from './bleu.ts';
import { pySplit } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

/** GLEU row statistics `[matches, denominator]` for token lists. */
export function gleuRow(hyp: readonly string[], refs: readonly (readonly string[])[]): number[] {
  const hg = countNgrams(hyp, 4);
  let tpfp = 0;
  for (const c of hg.values()) tpfp += c;
  let best: number[] | null = null;
  for (const ref of refs) {
    const rg = countNgrams(ref, 4);
    let tpfn = 0;
    let tp = 0;
    for (const [g, c] of rg) {
      tpfn += c;
      const h = hg.get(g);
      if (h !== undefined) tp += Math.min(c, h);
    }
    const nAll = Math.max(tpfp, tpfn);
    if (nAll > 0 && (best === null || tp / nAll > best[0] / best[1])) best = [tp, nAll];
  }
  return best ?? [0, 0];
}

/** GLEU over whitespace tokens. */
export const gleu: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('gleu', hyps, refs);
    const prep = (s: string) => pySplit(options.lowercase ? s.toLowerCase() : s);
    return hyps.map((h, i) =>
      gleuRow(
        prep(h),
        refs.map((stream) => prep(stream[i])),
      ),
    );
  },
  fromTotals: ([match, all]) => (all === 0 ? 0 : 100 * (match / all)),
  width: () => 2,
  signature: (options, nrefs) => `nrefs:${nrefs}|case:${options.lowercase ? 'lc' : 'mixed'}|tok:whitespace|n:1-4|version:nltk-3.10.3`,
};
