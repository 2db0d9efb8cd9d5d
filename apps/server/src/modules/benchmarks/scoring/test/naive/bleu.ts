/**
 * THE REPLACED STRING-KEYED IMPLEMENTATION (as of b35093d), kept unchanged except for import paths so
 * equivalence.test.ts and `npm run bench -- metrics --naive` can check the fast module against it.
 *
 * Corpus BLEU exactly as sacrebleu 2.x computes it (docs/benchmarks.md#metrics): n-grams 1–4 over the chosen
 * tokeniser's tokens, clipped by the maximum count in any reference, the closest reference
 * length (ties → shorter) for the brevity penalty, and sacrebleu's smoothing methods
 * (Chen & Cherry 2014): `exp` (default, NIST), `floor` (0.1), `add-k` (1), `none`.
 * Scale 0–100, higher is better.
 */
import { getTokenizer } from './tokenizers.ts';
import { pyRstrip, pySplit } from './text.ts';
import { checkStreams, type MetricImpl, type MetricOptions } from '../../types.ts';

/** Highest n-gram order. */
export const MAX_ORDER = 4;
/** Smoothing methods and their default values (null: takes no value). */
export const SMOOTH_DEFAULTS: Record<string, number | null> = { none: null, floor: 0.1, 'add-k': 1, exp: null };

/** Counts every n-gram of order 1..maxOrder of `tokens`, keyed by the tokens joined with U+0001. */
export function countNgrams(tokens: readonly string[], maxOrder: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const byOrder of countNgramsByOrder(tokens, maxOrder)) for (const [k, c] of byOrder) counts.set(k, c);
  return counts;
}

/** Like {@link countNgrams}, one map per order (index n-1 holds the n-grams). */
export function countNgramsByOrder(tokens: readonly string[], maxOrder: number): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const m = new Map<string, number>();
    for (let i = 0; i + n <= tokens.length; i++) {
      let key = tokens[i];
      for (let k = 1; k < n; k++) key += `\u0001${tokens[i + k]}`;
      m.set(key, (m.get(key) ?? 0) + 1);
    }
    out.push(m);
  }
  return out;
}

function log(x: number): number {
  // sacrebleu's my_log: log(0) is a large negative number rather than -Infinity.
  return x === 0 ? -9999999999 : Math.log(x);
}

/** Validates the BLEU options; throws RangeError on an unknown tokeniser or smoothing method. */
export function bleuSettings(options: MetricOptions): {
  tokenize: (s: string) => string;
  tok: string;
  smooth: string;
  smoothValue: number | null;
} {
  const tok = options.tokenize ?? '13a';
  const tokenize = getTokenizer(tok);
  const smooth = options.smooth ?? 'exp';
  if (!(smooth in SMOOTH_DEFAULTS))
    throw new RangeError(`Unknown BLEU smoothing "${smooth}" (expected one of ${Object.keys(SMOOTH_DEFAULTS).join(', ')}).`);
  const smoothValue = options.smoothValue ?? SMOOTH_DEFAULTS[smooth];
  return { tokenize, tok, smooth, smoothValue };
}

/**
 * BLEU row statistics from already pre-processed token lists: `[hypLen, refLen, correct1..4, total1..4]`.
 */
export function bleuRowFromTokens(hyp: readonly string[], refs: readonly (readonly string[])[]): number[] {
  const refMax: Map<string, number>[] = [];
  for (let n = 0; n < MAX_ORDER; n++) refMax.push(new Map());
  let refLen = -1;
  let bestDiff = -1;
  for (const ref of refs) {
    const diff = Math.abs(hyp.length - ref.length);
    if (bestDiff === -1 || diff < bestDiff || (diff === bestDiff && ref.length < refLen)) {
      bestDiff = diff;
      refLen = ref.length;
    }
    const byOrder = countNgramsByOrder(ref, MAX_ORDER);
    for (let n = 0; n < MAX_ORDER; n++) {
      const into = refMax[n];
      for (const [k, c] of byOrder[n]) if (c > (into.get(k) ?? 0)) into.set(k, c);
    }
  }
  const row = new Array<number>(2 + 2 * MAX_ORDER).fill(0);
  row[0] = hyp.length;
  row[1] = refLen;
  const hypOrders = countNgramsByOrder(hyp, MAX_ORDER);
  for (let n = 0; n < MAX_ORDER; n++) {
    for (const [k, c] of hypOrders[n]) {
      row[2 + MAX_ORDER + n] += c;
      const r = refMax[n].get(k);
      if (r !== undefined) row[2 + n] += Math.min(c, r);
    }
  }
  return row;
}

/**
 * BLEU (0–100) from summed statistics, sacrebleu's compute_bleu with `effective_order` off
 * (corpus BLEU).
 */
export function bleuFromTotals(totals: readonly number[], smooth = 'exp', smoothValue: number | null = null): number {
  const sysLen = totals[0];
  const refLen = totals[1];
  const correct = totals.slice(2, 2 + MAX_ORDER);
  const total = totals.slice(2 + MAX_ORDER, 2 + 2 * MAX_ORDER);
  const value = smoothValue ?? SMOOTH_DEFAULTS[smooth] ?? 0;
  let bp = 1.0;
  if (sysLen < refLen) bp = sysLen > 0 ? Math.exp(1 - refLen / sysLen) : 0.0;
  if (!correct.some((c) => c !== 0)) return 0.0;
  const precisions = new Array<number>(MAX_ORDER).fill(0);
  let smoothMteval = 1.0;
  for (let n = 1; n <= MAX_ORDER; n++) {
    if (smooth === 'add-k' && n > 1) {
      correct[n - 1] += value;
      total[n - 1] += value;
    }
    if (total[n - 1] === 0) break;
    if (correct[n - 1] === 0) {
      if (smooth === 'exp') {
        smoothMteval *= 2;
        precisions[n - 1] = 100 / (smoothMteval * total[n - 1]);
      } else if (smooth === 'floor') precisions[n - 1] = (100 * value) / total[n - 1];
    } else precisions[n - 1] = (100 * correct[n - 1]) / total[n - 1];
  }
  // Python's sum() adds left to right; so do we.
  let s = 0;
  for (const p of precisions) s += log(p);
  return bp * Math.exp(s / MAX_ORDER);
}

/** Pre-processing of one segment: optional lowercasing, trailing whitespace removed, tokenised, split. */
export function bleuTokens(line: string, lowercase: boolean, tokenize: (s: string) => string): string[] {
  return pySplit(tokenize(pyRstrip(lowercase ? line.toLowerCase() : line)));
}

/** BLEU with sacrebleu's defaults and options (see module comment). */
export const bleu: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('bleu', hyps, refs);
    const { tokenize } = bleuSettings(options);
    const lc = options.lowercase ?? false;
    return hyps.map((h, i) =>
      bleuRowFromTokens(
        bleuTokens(h, lc, tokenize),
        refs.map((stream) => bleuTokens(stream[i], lc, tokenize)),
      ),
    );
  },
  fromTotals(totals, options) {
    const { smooth, smoothValue } = bleuSettings(options);
    return bleuFromTotals(totals, smooth, smoothValue);
  },
  width: () => 2 + 2 * MAX_ORDER,
  signature(options, nrefs) {
    const { tok, smooth, smoothValue } = bleuSettings(options);
    const smoothStr = SMOOTH_DEFAULTS[smooth] === null ? smooth : `${smooth}[${(smoothValue ?? 0).toFixed(2)}]`;
    return `nrefs:${nrefs}|case:${options.lowercase ? 'lc' : 'mixed'}|eff:no|tok:${tok}|smooth:${smoothStr}|version:2.6.0`;
  },
};
