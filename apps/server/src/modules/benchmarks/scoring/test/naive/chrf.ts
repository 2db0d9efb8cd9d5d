/**
 * THE REPLACED STRING-KEYED IMPLEMENTATION (as of b35093d), kept unchanged except for import paths so
 * equivalence.test.ts and `npm run bench -- metrics --naive` can check the fast module against it.
 *
 * chrF and chrF++ exactly as sacrebleu 2.x computes them (docs/benchmarks.md#metrics): character n-grams of
 * orders 1–6 over the text with whitespace removed, plus (chrF++) word n-grams of orders 1–2 over
 * words with one leading or trailing ASCII punctuation mark split off; β = 2; per row the
 * reference with the best sentence-level F is kept; the corpus F averages precision and recall
 * over the orders that have both hypothesis and reference n-grams (sacrebleu's default,
 * `eps_smoothing=False`, signature `eff:yes`). Scale 0–100, higher is better.
 */
import { codePoints, pyRemoveSpace, pySplit } from './text.ts';
import { checkStreams, type MetricImpl, type MetricOptions } from '../../types.ts';

/** Character n-gram order. */
export const CHAR_ORDER = 6;
/** Beta: recall weighs β² times as much as precision. */
export const BETA = 2;
const PUNCTS: ReadonlySet<string> = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** Words for chrF++: a word longer than one character loses one trailing, else one leading, punctuation mark as its own token. */
export function chrfWords(sent: string): string[] {
  const out: string[] = [];
  for (const w of pySplit(sent)) {
    const cps = codePoints(w);
    if (cps.length === 1) out.push(w);
    else if (PUNCTS.has(cps[cps.length - 1])) out.push(cps.slice(0, -1).join(''), cps[cps.length - 1]);
    else if (PUNCTS.has(cps[0])) out.push(cps[0], cps.slice(1).join(''));
    else out.push(w);
  }
  return out;
}

/** Counts the items of `grams` into a new map. */
function countAll(grams: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const g of grams) m.set(g, (m.get(g) ?? 0) + 1);
  return m;
}

/** Per-order n-gram counters: char orders 1..6, then word orders 1..wordOrder. */
function extract(sent: string, wordOrder: number): Map<string, number>[] {
  const line = pyRemoveSpace(sent);
  // UTF-16 offsets of the code points, so that an n-gram is one substring (astral characters whole).
  const cps = codePoints(line);
  const off = new Int32Array(cps.length + 1);
  for (let i = 0; i < cps.length; i++) off[i + 1] = off[i] + cps[i].length;
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= CHAR_ORDER; n++) {
    const grams: string[] = [];
    for (let i = 0; i + n <= cps.length; i++) grams.push(line.substring(off[i], off[i + n]));
    out.push(countAll(grams));
  }
  if (wordOrder > 0) {
    const words = chrfWords(sent);
    for (let n = 1; n <= wordOrder; n++) {
      const grams: string[] = [];
      for (let i = 0; i + n <= words.length; i++) grams.push(n === 1 ? words[i] : words.slice(i, i + n).join(' '));
      out.push(countAll(grams));
    }
  }
  return out;
}

/** chrF score (0–100) of statistics `[hyp, ref, match] × orders` (sacrebleu's _compute_f_score, eps_smoothing off). */
export function chrfFromStats(stats: readonly number[], beta = BETA): number {
  const orders = stats.length / 3;
  const factor = beta ** 2;
  let avgPrec = 0;
  let avgRec = 0;
  let effective = 0;
  for (let i = 0; i < orders; i++) {
    const [nHyp, nRef, nMatch] = [stats[3 * i], stats[3 * i + 1], stats[3 * i + 2]];
    if (nHyp > 0 && nRef > 0) {
      avgPrec += nMatch / nHyp;
      avgRec += nMatch / nRef;
      effective++;
    }
  }
  if (effective === 0) return 0;
  avgPrec /= effective;
  avgRec /= effective;
  if (avgPrec + avgRec === 0) return 0;
  let score = (1 + factor) * avgPrec * avgRec;
  score /= factor * avgPrec + avgRec;
  return 100 * score;
}

/** A chrF metric with `wordOrder` word n-gram orders (0 = chrF, 2 = chrF++). */
export function makeChrf(wordOrder: number, name: string): MetricImpl {
  return {
    rowStats(hyps, refs, options: MetricOptions) {
      checkStreams(name, hyps, refs);
      const lc = options.lowercase ?? false;
      const prep = (s: string) => (lc ? s.toLowerCase() : s);
      return hyps.map((h, i) => {
        const hg = extract(prep(h), wordOrder);
        let best: number[] = [];
        let bestF = -1;
        for (const stream of refs) {
          const rg = extract(prep(stream[i]), wordOrder);
          const stats: number[] = [];
          for (let o = 0; o < hg.length; o++) {
            let match = 0;
            let hypCount = 0;
            let refCount = 0;
            for (const c of rg[o].values()) refCount += c;
            for (const [g, c] of hg[o]) {
              hypCount += c;
              const r = rg[o].get(g);
              if (r !== undefined) match += Math.min(c, r);
            }
            // sacrebleu counts hypothesis n-grams only where the reference has some of that order.
            stats.push(rg[o].size > 0 ? hypCount : 0, refCount, match);
          }
          const f = chrfFromStats(stats);
          if (f > bestF) {
            bestF = f;
            best = stats;
          }
        }
        return best;
      });
    },
    fromTotals: (totals) => chrfFromStats(totals),
    width: () => 3 * (CHAR_ORDER + wordOrder),
    signature: (options, nrefs) =>
      `nrefs:${nrefs}|case:${options.lowercase ? 'lc' : 'mixed'}|eff:yes|nc:${CHAR_ORDER}|nw:${wordOrder}|space:no|version:2.6.0`,
  };
}

/** chrF (character n-grams only). */
export const chrf = makeChrf(0, 'chrf');
/** chrF++ (character n-grams plus word uni- and bigrams). */
export const chrfpp = makeChrf(2, 'chrf++');
