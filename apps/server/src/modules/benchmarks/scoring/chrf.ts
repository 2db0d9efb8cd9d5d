/**
 * chrF and chrF++ exactly as sacrebleu 2.x computes them (docs/benchmarks.md#metrics): character n-grams of
 * orders 1–6 over the text with whitespace removed, plus (chrF++) word n-grams of orders 1–2 over
 * words with one leading or trailing ASCII punctuation mark split off; β = 2; per row the
 * reference with the best sentence-level F is kept; the corpus F averages precision and recall
 * over the orders that have both hypothesis and reference n-grams (sacrebleu's default,
 * `eps_smoothing=False`, signature `eff:yes`). Scale 0–100, higher is better.
 */
import { NgramIndex, Vocab } from './ngrams.ts';
import { codePoints, pyRemoveSpace, pySplit } from './text.ts';
import { checkStreams, type MetricImpl, type MetricOptions } from './types.ts';

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

/** Python's whitespace (str.isspace), all in the BMP: removed before counting character n-grams. */
const IS_SPACE = (() => {
  const t = new Uint8Array(0x10000);
  for (let c = 0; c < 0x10000; c++) if (pyRemoveSpace(String.fromCharCode(c)) === '') t[c] = 1;
  return t;
})();
/** Bound of the character ids: code points (a lone surrogate stands for itself, as in Python). */
const CHAR_IDS = 0x110000;

/** Appends the code points of `sent` without whitespace (sacrebleu's `''.join(sent.split())`) to `index`. */
function addChars(index: NgramIndex, sent: string, buf: Int32Array): number {
  let n = 0;
  for (let i = 0; i < sent.length; i++) {
    let c = sent.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < sent.length) {
      const lo = sent.charCodeAt(i + 1);
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
        i++;
      }
    } else if (IS_SPACE[c]) continue;
    buf[n++] = c;
  }
  return index.add(n, (k) => buf[k]);
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

/**
 * chrF row statistics of every row, `[hyp, ref, match]` per order (characters 1–6, then words
 * 1–wordOrder) for the reference with the best sentence chrF, counted over integer ids
 * (ngrams.ts): code points for characters, interned words for chrF++.
 */
export function chrfRows(hyps: readonly string[], refs: readonly (readonly string[])[], wordOrder: number, lowercase: boolean): number[][] {
  const chars = new NgramIndex();
  const words = new NgramIndex();
  const vocab = new Vocab();
  let buf = new Int32Array(256);
  const refChars: number[] = [];
  const refWords: number[] = [];
  const out: number[][] = [];
  const prep = (s: string) => {
    const t = lowercase ? s.toLowerCase() : s;
    if (buf.length < t.length) buf = new Int32Array(2 * t.length);
    return t;
  };
  for (let i = 0; i < hyps.length; i++) {
    chars.reset();
    words.reset();
    refChars.length = 0;
    refWords.length = 0;
    const hyp = prep(hyps[i]);
    const hc = addChars(chars, hyp, buf);
    let hw = -1;
    if (wordOrder > 0) {
      const w = chrfWords(hyp);
      hw = words.add(w.length, (k) => vocab.id(w[k]));
    }
    for (const stream of refs) {
      const ref = prep(stream[i]);
      refChars.push(addChars(chars, ref, buf));
      if (wordOrder > 0) {
        const w = chrfWords(ref);
        refWords.push(words.add(w.length, (k) => vocab.id(w[k])));
      }
    }
    chars.build(CHAR_ORDER, CHAR_IDS);
    if (wordOrder > 0) words.build(wordOrder, vocab.size);
    let best: number[] = [];
    let bestF = -1;
    for (let k = 0; k < refs.length; k++) {
      const stats: number[] = [];
      const push = (index: NgramIndex, h: number, r: number, n: number) => {
        const refCount = index.total(r, n);
        // sacrebleu counts hypothesis n-grams only where the reference has some of that order.
        stats.push(refCount > 0 ? index.total(h, n) : 0, refCount, index.matches(h, r, n));
      };
      for (let n = 1; n <= CHAR_ORDER; n++) push(chars, hc, refChars[k], n);
      for (let n = 1; n <= wordOrder; n++) push(words, hw, refWords[k], n);
      const f = chrfFromStats(stats);
      if (f > bestF) {
        bestF = f;
        best = stats;
      }
    }
    out.push(best);
  }
  return out;
}

/** A chrF metric with `wordOrder` word n-gram orders (0 = chrF, 2 = chrF++). */
export function makeChrf(wordOrder: number, name: string): MetricImpl {
  return {
    rowStats(hyps, refs, options: MetricOptions) {
      checkStreams(name, hyps, refs);
      return chrfRows(hyps, refs, wordOrder, options.lowercase ?? false);
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
