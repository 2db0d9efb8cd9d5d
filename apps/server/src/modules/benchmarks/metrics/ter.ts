/**
 * TER (translation edit rate) as sacrebleu 2.x computes it (DESIGN.md §11), a port of its
 * Tercom re-implementation: word edit distance with a beam around the diagonal plus greedy block
 * shifts (at most 10 words, moved at most 50 positions, 1000 candidates per row), the best
 * reference per row by edits and the average reference length as the denominator. Text is
 * lowercased unless `caseSensitive`; `normalized` applies tercom's punctuation tokenisation and
 * `noPunct` removes punctuation (sacrebleu's options; its `asian_support` is not offered).
 * Corpus TER = Σ edits / Σ average reference lengths × 100. Scale 0–100+ (can exceed 100),
 * lower is better.
 */
import { Vocab } from './ngrams.ts';
import { pyNormSpace, pyRstrip, pySplit } from './text.ts';
import { checkStreams, type MetricImpl, type MetricOptions } from './types.ts';

const MAX_SHIFT_SIZE = 10;
const MAX_SHIFT_DIST = 50;
const BEAM_WIDTH = 25;
const MAX_CACHE_SIZE = 10000;
const MAX_SHIFT_CANDIDATES = 1000;
const INF = 1e16;

// Edit operations in a trace.
const NOP = 0;
const SUB = 1;
const INS = 2;
const DEL = 3;
const UNDEF = 4;

/** One row of the edit-distance matrix: costs and the operation that reached each cell. */
interface Row {
  cost: Float64Array;
  op: Uint8Array;
}
interface CacheNode {
  next: Map<number, CacheNode>;
  row: Row;
}

/** Edit distance against one reference with a prefix cache of matrix rows (shifted hypotheses share prefixes). */
class BeamEditDistance {
  private readonly n: number;
  private readonly initial: Row;
  private readonly cache = new Map<number, CacheNode>();
  private cacheSize = 0;

  constructor(private readonly ref: readonly number[]) {
    this.n = ref.length;
    const cost = new Float64Array(this.n + 1);
    for (let i = 0; i <= this.n; i++) cost[i] = i;
    this.initial = { cost, op: new Uint8Array(this.n + 1).fill(INS) };
  }

  /** Returns [edit distance, trace of operations turning ref into hyp, as sacrebleu's]. */
  distance(hyp: readonly number[]): [number, Uint8Array] {
    const rows = this.matrix(hyp);
    const nh = hyp.length;
    const ops: number[] = [];
    let i = nh;
    let j = this.n;
    while (i > 0 || j > 0) {
      const op = rows[i].op[j];
      ops.push(op);
      if (op === SUB || op === NOP) {
        i--;
        j--;
      } else if (op === INS) j--;
      else if (op === DEL) i--;
      else throw new Error(`TER: unknown edit operation ${op}`);
    }
    ops.reverse();
    return [rows[nh].cost[this.n], Uint8Array.from(ops)];
  }

  /** The edit distance alone (the shift search needs the trace only of the hypothesis it starts from). */
  cost(hyp: readonly number[]): number {
    return this.matrix(hyp)[hyp.length].cost[this.n];
  }

  /** The beam-limited edit-distance matrix of `hyp` (rows 0..|hyp|), reusing and extending the prefix cache. */
  private matrix(hyp: readonly number[]): Row[] {
    // Cached rows for the longest known prefix of hyp.
    const rows: Row[] = [this.initial];
    let node: Map<number, CacheNode> = this.cache;
    for (const w of hyp) {
      const hit = node.get(w);
      if (!hit) break;
      rows.push(hit.row);
      node = hit.next;
    }
    const start = rows.length - 1;
    const nh = hyp.length;
    const n = this.n;
    const ref = this.ref;
    for (let i = start; i < nh; i++) rows.push({ cost: new Float64Array(n + 1).fill(INF), op: new Uint8Array(n + 1).fill(UNDEF) });
    const ratio = nh > 0 ? n / nh : 1;
    const beam = BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    for (let i = start + 1; i <= nh; i++) {
      const diag = Math.floor(i * ratio);
      let j = Math.max(0, diag - beam);
      const maxJ = i === nh ? n + 1 : Math.min(n + 1, diag + beam);
      const pc = rows[i - 1].cost;
      const cc = rows[i].cost;
      const co = rows[i].op;
      const hw = hyp[i - 1];
      if (j === 0 && maxJ > 0) {
        cc[0] = pc[0] + 1;
        co[0] = DEL;
        j = 1;
      }
      for (; j < maxJ; j++) {
        const same = hw === ref[j - 1];
        // Same order and strict comparison as sacrebleu: substitution/match, deletion, insertion.
        let best = cc[j];
        let op = co[j];
        let c = pc[j - 1] + (same ? 0 : 1);
        if (best > c) {
          best = c;
          op = same ? NOP : SUB;
        }
        c = pc[j] + 1;
        if (best > c) {
          best = c;
          op = DEL;
        }
        c = cc[j - 1] + 1;
        if (best > c) {
          best = c;
          op = INS;
        }
        cc[j] = best;
        co[j] = op;
      }
    }
    this.addCache(hyp, rows, start);
    return rows;
  }

  private addCache(hyp: readonly number[], rows: Row[], start: number): void {
    if (this.cacheSize >= MAX_CACHE_SIZE) return;
    let node = this.cache;
    for (let i = 0; i < start; i++) node = node.get(hyp[i])!.next;
    for (let i = start; i < hyp.length; i++) {
      let hit = node.get(hyp[i]);
      if (!hit) {
        hit = { next: new Map(), row: rows[i + 1] };
        node.set(hyp[i], hit);
        this.cacheSize++;
      }
      node = hit.next;
    }
  }
}

/** No alignment for this reference position. */
const UNALIGNED = -2;

/**
 * Alignment from a trace (flipped to hyp→ref as sacrebleu does): `align[refPos]` = hyp position
 * (-1 before the first, UNALIGNED when none), and prefix sums of the hyp and ref error flags
 * (`hypErrSum[k]` = errors among the first k hyp words) so a range's errors are one subtraction.
 */
function traceToAlignment(trace: Uint8Array, hypLen: number, refLen: number): { align: Int32Array; refErrSum: Int32Array; hypErrSum: Int32Array } {
  let ph = -1;
  let pr = -1;
  const hypErrSum = new Int32Array(hypLen + 1);
  const refErrSum = new Int32Array(refLen + 1);
  const align = new Int32Array(refLen).fill(UNALIGNED);
  for (const raw of trace) {
    // Flip insertions and deletions: the edit trace rewrites ref into hyp, the alignment reads hyp against ref.
    const op = raw === INS ? DEL : raw === DEL ? INS : raw;
    if (op === NOP || op === SUB) {
      ph++;
      pr++;
      align[pr] = ph;
      hypErrSum[ph + 1] = hypErrSum[ph] + (op === SUB ? 1 : 0);
      refErrSum[pr + 1] = refErrSum[pr] + (op === SUB ? 1 : 0);
    } else if (op === INS) {
      ph++;
      hypErrSum[ph + 1] = hypErrSum[ph] + 1;
    } else {
      pr++;
      align[pr] = ph;
      refErrSum[pr + 1] = refErrSum[pr] + 1;
    }
  }
  return { align, refErrSum, hypErrSum };
}

/** `words` with the block [start, start+length) moved to before position `target` (sacrebleu's _perform_shift). */
function performShift(words: readonly number[], start: number, length: number, target: number): number[] {
  const out = new Array<number>(words.length);
  let k = 0;
  const copy = (from: number, to: number) => {
    for (let i = from; i < Math.min(to, words.length); i++) out[k++] = words[i];
  };
  if (target < start) {
    copy(0, target);
    copy(start, start + length);
    copy(target, start);
    copy(start + length, words.length);
  } else if (target > start + length) {
    copy(0, start);
    copy(start + length, target);
    copy(start, start + length);
    copy(target, words.length);
  } else {
    copy(0, start);
    copy(start + length, length + target);
    copy(start, start + length);
    copy(length + target, words.length);
  }
  out.length = k;
  return out;
}

/** Errors among positions [from, to) (clamped to the sequence) from prefix sums. */
function errorsIn(prefix: Int32Array, from: number, to: number): number {
  return prefix[Math.min(to, prefix.length - 1)] - prefix[from];
}

type Candidate = [number, number, number, number, number[]];

/** The best single shift of `h` (sacrebleu's _shift): [gain, shifted words, candidates checked so far]. */
function bestShift(h: number[], r: readonly number[], ed: BeamEditDistance, checked: number): [number, number[], number] {
  const [pre, trace] = ed.distance(h);
  const { align, refErrSum, hypErrSum } = traceToAlignment(trace, h.length, r.length);
  let best: Candidate | null = null;
  const better = (a: Candidate, b: Candidate): boolean => {
    for (let k = 0; k < 4; k++) if (a[k] !== b[k]) return (a[k] as number) > (b[k] as number);
    return false;
  };
  outer: for (let sh = 0; sh < h.length; sh++) {
    for (let sr = 0; sr < r.length; sr++) {
      if (Math.abs(sr - sh) > MAX_SHIFT_DIST) continue;
      for (let len = 0; h[sh + len] === r[sr + len] && len < MAX_SHIFT_SIZE; ) {
        len++;
        // Candidate pair (sh, sr, len).
        if (errorsIn(hypErrSum, sh, sh + len) !== 0 && errorsIn(refErrSum, sr, sr + len) !== 0) {
          const a = align[sr];
          if (!(sh <= a && a < sh + len)) {
            let prevIdx = -1;
            for (let off = -1; off < len; off++) {
              let idx: number;
              if (sr + off === -1) idx = 0;
              else if (sr + off < r.length && align[sr + off] !== UNALIGNED) idx = align[sr + off] + 1;
              else break;
              if (idx === prevIdx) continue;
              prevIdx = idx;
              const shifted = performShift(h, sh, len, idx);
              const cand: Candidate = [pre - ed.cost(shifted), len, -sh, -idx, shifted];
              checked++;
              if (!best || better(cand, best)) best = cand;
            }
            // sacrebleu checks the budget only after a pair that was tried.
            if (checked >= MAX_SHIFT_CANDIDATES) break outer;
          }
        }
        if (h.length === sh + len || r.length === sr + len) break;
      }
    }
  }
  return best ? [best[0], best[4], checked] : [0, h, checked];
}

/**
 * Number of edits (shifts + edit distance) turning `hyp` into `ref`, sacrebleu's
 * translation_edit_rate, over word ids (equal words, equal ids; see {@link Vocab}).
 */
export function terEditsIds(hyp: readonly number[], ref: readonly number[]): number {
  if (ref.length === 0) return hyp.length;
  const ed = new BeamEditDistance(ref);
  let shifts = 0;
  let words = [...hyp];
  let checked = 0;
  for (;;) {
    const [delta, next, c] = bestShift(words, ref, ed, checked);
    checked = c;
    if (checked >= MAX_SHIFT_CANDIDATES || delta <= 0) break;
    shifts++;
    words = next;
  }
  return shifts + ed.cost(words);
}

/** Number of edits (shifts + edit distance) turning `hyp` into `ref`, sacrebleu's translation_edit_rate. */
export function terEdits(hyp: readonly string[], ref: readonly string[]): number {
  const vocab = new Vocab();
  return terEditsIds(
    hyp.map((w) => vocab.id(w)),
    ref.map((w) => vocab.id(w)),
  );
}

const RE_NORM: [RegExp, string][] = [
  [/\n-/g, ''],
  [/\n/g, ' '],
  [/&quot;/g, '"'],
  [/&amp;/g, '&'],
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
];
const RE_NORM2: [RegExp, string][] = [
  [/([{-~[-` -&(-+:-@/])/g, ' $1 '],
  [/'s /g, " 's "],
  [/'s$/g, " 's"],
  [/([^0-9])([.,])/g, '$1 $2 '],
  [/([.,])([^0-9])/g, ' $1 $2'],
  [/([0-9])(-)/g, '$1 $2 '],
];

/** sacrebleu's TercomTokenizer (without asian_support). */
export function tercomTokenize(sent: string, options: MetricOptions): string {
  if (!sent) return '';
  let s = options.caseSensitive ? sent : sent.toLowerCase();
  if (options.normalized) {
    for (const [re, repl] of RE_NORM) s = s.replace(re, repl);
    s = ` ${s} `;
    for (const [re, repl] of RE_NORM2) s = s.replace(re, repl);
  }
  if (options.noPunct) s = s.replace(/[.,?:;!"()]/g, '');
  return pyNormSpace(s);
}

/** TER row statistics: `[best edits, average reference length]`. */
export const ter: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('ter', hyps, refs);
    // Words become integer ids once: the shift search compares words millions of times.
    const vocab = new Vocab();
    const prep = (s: string) => pySplit(tercomTokenize(pyRstrip(s), options)).map((w) => vocab.id(w));
    return hyps.map((h, i) => {
      const wh = prep(h);
      let refLens = 0;
      let best = 1e16;
      for (const stream of refs) {
        const wr = prep(stream[i]);
        const e = terEditsIds(wh, wr);
        refLens += wr.length;
        if (e < best) best = e;
      }
      return [best, refLens / refs.length];
    });
  },
  fromTotals(totals) {
    const [edits, refLen] = totals;
    if (refLen > 0) return 100 * (edits / refLen);
    return edits > 0 ? 100 : 0;
  },
  width: () => 2,
  signature: (options, nrefs) =>
    `nrefs:${nrefs}|case:${options.caseSensitive ? 'mixed' : 'lc'}|tok:tercom|norm:${options.normalized ? 'yes' : 'no'}|punct:${options.noPunct ? 'no' : 'yes'}|asian:no|version:2.6.0`,
};
