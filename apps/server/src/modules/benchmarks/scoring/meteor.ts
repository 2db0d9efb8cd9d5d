/**
 * METEOR, exact-match variant ("meteor-exact"), equal to NLTK 3.10's `meteor_score` when its
 * stemmer and WordNet stages find nothing (docs/benchmarks.md#metrics). Words are whitespace-separated and
 * lowercased (NLTK's default preprocess); hypothesis words are matched to identical reference
 * words from the end; Fmean = P·R / (α·P + (1−α)·R) with α = 0.9; fragmentation penalty
 * γ·(chunks/matches)^β with β = 3, γ = 0.5; the best reference per row; corpus score = mean of
 * sentence scores (NLTK has no corpus METEOR).
 *
 * What it leaves out compared with full METEOR: Porter-stem matches, WordNet synonym matches and
 * paraphrase tables (none exists for Indian languages in NLTK; WordNet is English only), and
 * METEOR 1.5's function-word weighting and tuned parameters. Scores are therefore lower than
 * full METEOR whenever a stem or synonym would have matched. Scale: percent, higher is better.
 */
import { pySplit } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

const ALPHA = 0.9;
const BETA = 3.0;
const GAMMA = 0.5;

/** Sentence METEOR (exact matches only, 0..1) for lowercased token lists. */
export function singleMeteorExact(ref: readonly string[], hyp: readonly string[]): number {
  const positions = new Map<string, number[]>();
  ref.forEach((w, j) => {
    const list = positions.get(w);
    if (list) list.push(j);
    else positions.set(w, [j]);
  });
  const matches: [number, number][] = [];
  for (let i = hyp.length - 1; i >= 0; i--) {
    const list = positions.get(hyp[i]);
    if (list && list.length) matches.push([i, list.pop()!]);
  }
  matches.sort((a, b) => a[0] - b[0]);
  const m = matches.length;
  if (m === 0 || hyp.length === 0 || ref.length === 0) return 0;
  const precision = m / hyp.length;
  const recall = m / ref.length;
  const fmean = (precision * recall) / (ALPHA * precision + (1 - ALPHA) * recall);
  let chunks = 1;
  for (let i = 0; i < m - 1; i++) {
    if (!(matches[i + 1][0] === matches[i][0] + 1 && matches[i + 1][1] === matches[i][1] + 1)) chunks++;
  }
  const penalty = GAMMA * (chunks / m) ** BETA;
  return (1 - penalty) * fmean;
}

/** meteor-exact; row statistics `[best sentence score, 1]`. */
export const meteor: MetricImpl = {
  rowStats(hyps, refs) {
    checkStreams('meteor', hyps, refs);
    const prep = (s: string) => pySplit(s).map((w) => w.toLowerCase());
    return hyps.map((h, i) => {
      const hw = prep(h);
      let best = -Infinity;
      for (const stream of refs) best = Math.max(best, singleMeteorExact(prep(stream[i]), hw));
      return [best, 1];
    });
  },
  fromTotals: ([sum, n]) => (n === 0 ? 0 : 100 * (sum / n)),
  width: () => 2,
  signature: (_options, nrefs) => `nrefs:${nrefs}|case:lc|tok:whitespace|match:exact|alpha:0.90|beta:3.00|gamma:0.50|version:nltk-3.10.3`,
};
