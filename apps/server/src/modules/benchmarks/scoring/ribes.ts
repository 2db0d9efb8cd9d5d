/**
 * RIBES (Isozaki et al. 2010) as NLTK 3.10's `corpus_ribes` computes it (docs/benchmarks.md#metrics): per row,
 * hypothesis words are aligned to reference positions (a word unique in both, else the shortest
 * context n-gram unique in both), normalised Kendall's τ over the alignment (NLTK counts only the
 * pairs inside runs of consecutive +1 positions), times unigram precision^α (α = 0.25) and brevity
 * penalty^β (β = 0.10); the best reference per row; corpus RIBES = mean over rows. Tokens are
 * whitespace-separated words. Scale: percent (NLTK's fraction × 100), higher is better.
 */
import { pySplit } from './text.ts';
import { checkStreams, type MetricImpl } from './types.ts';

const ALPHA = 0.25;
const BETA = 0.1;

function countSeq(seq: readonly string[], gram: readonly string[]): number {
  // Occurrences, overlapping ones included (NLTK counts with KMP and restarts from the border).
  let n = 0;
  outer: for (let i = 0; i + gram.length <= seq.length; i++) {
    for (let k = 0; k < gram.length; k++) if (seq[i + k] !== gram[k]) continue outer;
    n++;
  }
  return n;
}

function firstPos(seq: readonly string[], gram: readonly string[]): number {
  outer: for (let i = 0; i + gram.length <= seq.length; i++) {
    for (let k = 0; k < gram.length; k++) if (seq[i + k] !== gram[k]) continue outer;
    return i;
  }
  return -1;
}

function countOf(seq: readonly string[], w: string): number {
  let n = 0;
  for (const x of seq) if (x === w) n++;
  return n;
}

/** NLTK's word_rank_alignment: for each aligned hypothesis word, its reference position. */
export function wordRankAlignment(ref: readonly string[], hyp: readonly string[]): number[] {
  const worder: number[] = [];
  const hypLen = hyp.length;
  for (let i = 0; i < hypLen; i++) {
    const w = hyp[i];
    if (!ref.includes(w)) continue;
    if (countOf(hyp, w) === 1 && countOf(ref, w) === 1) {
      worder.push(ref.indexOf(w));
      continue;
    }
    const maxWindow = Math.min(Math.max(i, hypLen - i + 1), ref.length);
    for (let win = 1; win < maxWindow; win++) {
      if (i + win < hypLen) {
        const right = hyp.slice(i, i + win + 1);
        if (countSeq(ref, right) === 1 && countSeq(hyp, right) === 1) {
          worder.push(firstPos(ref, right));
          break;
        }
      }
      if (win <= i) {
        const left = hyp.slice(i - win, i + 1);
        if (countSeq(ref, left) === 1 && countSeq(hyp, left) === 1) {
          worder.push(firstPos(ref, left) + left.length - 1);
          break;
        }
      }
    }
  }
  return worder;
}

/** NLTK's normalised kendall_tau over `worder` (0..1). */
export function kendallTau(worder: readonly number[]): number {
  const len = worder.length;
  let tau: number;
  if (len < 2) tau = -1;
  else {
    let increasing = 0;
    let run = 1;
    for (let i = 1; i <= len; i++) {
      if (i < len && worder[i - 1] + 1 === worder[i]) run++;
      else {
        if (run > 1) increasing += (run * (run - 1)) / 2;
        run = 1;
      }
    }
    tau = (2 * increasing) / ((len * (len - 1)) / 2) - 1;
  }
  return (tau + 1) / 2;
}

/** NLTK's sentence_ribes (0..1) for token lists. */
export function sentenceRibes(refs: readonly (readonly string[])[], hyp: readonly string[]): number {
  if (refs.length === 0 || hyp.length === 0) return 0;
  let best = -1;
  for (const ref of refs) {
    const worder = wordRankAlignment(ref, hyp);
    const nkt = kendallTau(worder);
    const bp = Math.min(1, Math.exp(1 - ref.length / hyp.length));
    const p1 = worder.length / hyp.length;
    const r = nkt * p1 ** ALPHA * bp ** BETA;
    if (r > best) best = r;
  }
  return best;
}

/** RIBES; row statistics `[sentence RIBES, 1]`. */
export const ribes: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('ribes', hyps, refs);
    const prep = (s: string) => pySplit(options.lowercase ? s.toLowerCase() : s);
    return hyps.map((h, i) => [
      sentenceRibes(
        refs.map((stream) => prep(stream[i])),
        prep(h),
      ),
      1,
    ]);
  },
  fromTotals: ([sum, n]) => (n === 0 ? 0 : 100 * (sum / n)),
  width: () => 2,
  signature: (options, nrefs) =>
    `nrefs:${nrefs}|case:${options.lowercase ? 'lc' : 'mixed'}|tok:whitespace|alpha:0.25|beta:0.10|version:nltk-3.10.3`,
};
