/**
 * TER (translation edit rate) as sacrebleu 2.x computes it (docs/benchmarks.md#metrics), a port of its
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
const MAX_SHIFT_CANDIDATES = 1000;
/**
 * Cost of a cell outside the beam. sacrebleu uses a float 1e16 where INF + 1 rounds back to INF;
 * with integers INF + 1 > INF instead, and both keep the cell at INF under the strict `>`
 * comparisons below, so costs and traces are the same. 2·INF still fits an int32.
 */
const INF = 1e9;

// Edit operations in a trace.
const NOP = 0;
const SUB = 1;
const INS = 2;
const DEL = 3;
const UNDEF = 4;

/** No alignment for this reference position. */
const UNALIGNED = -2;

/** A growable Int32Array: `a` if it holds `n` entries, else a new one (contents not kept). */
function grow(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  return a.length >= n ? a : new Int32Array(Math.max(n, 2 * a.length));
}

/**
 * The shift search of one hypothesis against one reference (sacrebleu's translation_edit_rate),
 * over word ids in typed arrays reused across calls, so a row allocates almost nothing.
 *
 * sacrebleu memoises rows of the beam-limited edit-distance matrix by hypothesis prefix, since a
 * shifted hypothesis shares its prefix with the one it comes from. Here, in the same spirit but
 * without a trie: a candidate shift changes only the words in [p, q) (p = where the moved block
 * or its target starts, q = where the changed stretch ends), so its cost starts from row p of
 * the current hypothesis's forward matrix, computes rows p+1..q, and joins them with row q of a
 * backward matrix of the current hypothesis (cost from cell (q, j) to the end): every path to the
 * last cell crosses row q, so min_j forward[q][j] + backward[q][j] is the same shortest path the
 * full matrix gives. Both matrices use sacrebleu's beam (cells outside it are unreachable), which
 * depends only on the two lengths, and shifts keep the hypothesis length, so the beam is the same
 * for every candidate. The cost is therefore exactly sacrebleu's; equivalence.test.ts checks it
 * against the straightforward port (scoring/test/naive/ter.ts) and reference.test.ts against sacrebleu.
 */
class TerSearch {
  private n = 0;
  private nh = 0;
  private w = 0;
  private ref = new Int32Array(64);
  /** The current hypothesis (it changes as shifts are applied). */
  private hyp = new Int32Array(64);
  /** Beam of row i: columns [lo[i], hi[i]). */
  private lo = new Int32Array(64);
  private hi = new Int32Array(64);
  /** Forward costs, (nh+1)×(n+2), row-major (the operation that reached a cell is worked out again from them when tracing back). */
  private fwd = new Int32Array(1024);
  /** Backward costs: bwd[i][j] = cost from cell (i, j) to (nh, n) within the beam. */
  private bwd = new Int32Array(1024);
  /** Backward rows 0..bwdStale are out of date (-1: none). */
  private bwdStale = -1;
  /** Two rolling rows for candidate costs. */
  private rowA = new Int32Array(64);
  private rowB = new Int32Array(64);
  /** Words of a candidate in [p, q). */
  private seg = new Int32Array(64);
  /** Alignment of the current hypothesis (see align()). */
  private alignTo = new Int32Array(64);
  private hypErrSum = new Int32Array(64);
  private refErrSum = new Int32Array(64);
  private trace = new Uint8Array(128);
  /**
   * Per word id of the reference (valid where countStamp equals stamp): its count, and its first
   * position; nextAt[j] = the next position of the word at j (-1 after the last).
   */
  private counts = new Int32Array(256);
  private firstAt = new Int32Array(256);
  private nextAt = new Int32Array(64);
  private maxRefId = 0;
  private countStamp = new Int32Array(256);
  private stamp = 0;

  /** Number of edits (shifts + beam edit distance) turning `hyp` into `ref`. */
  edits(hyp: readonly number[], ref: readonly number[]): number {
    const n = ref.length;
    const nh = hyp.length;
    if (n === 0) return nh;
    this.setup(hyp, ref);
    let shifts = 0;
    let checked = 0;
    // Rows to recompute: a shift changes hypothesis words [p, q) only, so forward rows 0..p and
    // backward rows q..nh stay valid.
    let fwdFrom = 1;
    this.bwdStale = nh - 1;
    this.initMatrices();
    const floor = this.lowerBound();
    for (;;) {
      const pre = this.forward(fwdFrom);
      // No shift can gain when the distance is already at its floor: return what sacrebleu's
      // search, which would try every candidate and find no gain, returns.
      if (nh === 0 || pre <= floor) return shifts + pre;
      this.align();
      // The best candidate so far, compared as sacrebleu's tuple (gain, length, -start, -target).
      let found = false;
      let bGain = 0;
      let bLen = 0;
      let bStart = 0;
      let bTarget = 0;
      const h = this.hyp;
      const r = this.ref;
      const align = this.alignTo;
      const hypErr = this.hypErrSum;
      const refErr = this.refErrSum;
      const firstAt = this.firstAt;
      const nextAt = this.nextAt;
      const stamps = this.countStamp;
      const stamp = this.stamp;
      outer: for (let sh = 0; sh < nh; sh++) {
        // Only reference positions holding the word h[sh] can start a block (in increasing order, as sacrebleu visits them).
        const word = h[sh];
        if (word > this.maxRefId || stamps[word] !== stamp) continue;
        for (let sr = firstAt[word]; sr >= 0; sr = nextAt[sr]) {
          if (sr < sh - MAX_SHIFT_DIST) continue;
          if (sr > sh + MAX_SHIFT_DIST) break;
          for (let len = 0; len < MAX_SHIFT_SIZE && h[sh + len] === r[sr + len];) {
            len++;
            // Candidate pair (sh, sr, len): both ranges hold errors and sr is not aligned inside the block.
            if (hypErr[Math.min(sh + len, nh)] - hypErr[sh] !== 0 && refErr[Math.min(sr + len, n)] - refErr[sr] !== 0) {
              const a = align[sr];
              if (!(sh <= a && a < sh + len)) {
                let prevIdx = -1;
                for (let off = -1; off < len; off++) {
                  let idx: number;
                  if (sr + off === -1) idx = 0;
                  else if (sr + off < n && align[sr + off] !== UNALIGNED) idx = align[sr + off] + 1;
                  else break;
                  if (idx === prevIdx) continue;
                  prevIdx = idx;
                  const gain = pre - this.shiftedCost(sh, len, idx);
                  checked++;
                  if (
                    !found ||
                    gain > bGain ||
                    (gain === bGain && (len > bLen || (len === bLen && (sh < bStart || (sh === bStart && idx < bTarget)))))
                  ) {
                    found = true;
                    bGain = gain;
                    bLen = len;
                    bStart = sh;
                    bTarget = idx;
                  }
                }
                // sacrebleu checks the budget only after a pair that was tried.
                if (checked >= MAX_SHIFT_CANDIDATES) break outer;
              }
            }
            if (nh === sh + len || n === sr + len) break;
          }
        }
      }
      if (checked >= MAX_SHIFT_CANDIDATES || !found || bGain <= 0) return shifts + pre;
      shifts++;
      fwdFrom = Math.min(bStart, bTarget) + 1;
      this.bwdStale = Math.max(this.bwdStale, this.applyShift(bStart, bLen, bTarget) - 1);
      // The shifted hypothesis's distance is already known (pre - gain); at the floor nothing more can gain.
      if (pre - bGain <= floor) return shifts + pre - bGain;
    }
  }

  /**
   * Indexes the reference's word positions (for the shift search) and returns a floor under the edit distance of any reordering of the hypothesis: max(|hyp|, |ref|) minus
   * the words they share (as multisets), since each match pairs two equal words and shifts keep
   * the multiset. The beam only raises the distance.
   */
  private lowerBound(): number {
    const { n, nh, hyp, ref } = this;
    let max = 0;
    for (let j = 0; j < n; j++) if (ref[j] > max) max = ref[j];
    this.maxRefId = max;
    if (this.counts.length <= max) {
      this.counts = new Int32Array(2 * max + 2);
      this.countStamp = new Int32Array(2 * max + 2);
      this.firstAt = new Int32Array(2 * max + 2);
    }
    this.nextAt = grow(this.nextAt, n + 1);
    const { counts, firstAt, nextAt } = this;
    const stamps = this.countStamp;
    const stamp = ++this.stamp;
    // Backwards, so each word's positions chain in increasing order.
    for (let j = n - 1; j >= 0; j--) {
      const t = ref[j];
      if (stamps[t] !== stamp) {
        stamps[t] = stamp;
        counts[t] = 0;
        nextAt[j] = -1;
      } else nextAt[j] = firstAt[t];
      firstAt[t] = j;
      counts[t]++;
    }
    let shared = 0;
    for (let i = 0; i < nh; i++) {
      const t = hyp[i];
      if (t <= max && stamps[t] === stamp && counts[t] > 0) {
        counts[t]--;
        shared++;
      }
    }
    return Math.max(n, nh) - shared;
  }

  /** Copies the words in and works out the beam of every row (sacrebleu's length ratio and width). */
  private setup(hyp: readonly number[], ref: readonly number[]): void {
    const n = ref.length;
    const nh = hyp.length;
    this.n = n;
    this.nh = nh;
    // One spare column of INF past n, so the backward pass reads (i, n+1) without a bounds test.
    this.w = n + 2;
    this.ref = grow(this.ref, n + 1);
    for (let j = 0; j < n; j++) this.ref[j] = ref[j];
    this.hyp = grow(this.hyp, nh + 1);
    for (let i = 0; i < nh; i++) this.hyp[i] = hyp[i];
    // Sentinels past the ends that equal no word id (ids are ≥ 0), so block matching stops there.
    this.ref[n] = -1;
    this.hyp[nh] = -2;
    this.lo = grow(this.lo, nh + 1);
    this.hi = grow(this.hi, nh + 1);
    const ratio = nh > 0 ? n / nh : 1;
    const beam = BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    this.lo[0] = 0;
    this.hi[0] = n + 1;
    for (let i = 1; i <= nh; i++) {
      const diag = Math.floor(i * ratio);
      this.lo[i] = Math.max(0, diag - beam);
      this.hi[i] = i === nh ? n + 1 : Math.min(n + 1, diag + beam);
    }
    const cells = (nh + 1) * this.w;
    this.fwd = grow(this.fwd, cells);
    this.bwd = grow(this.bwd, cells);
    this.rowA = grow(this.rowA, this.w);
    this.rowB = grow(this.rowB, this.w);
    this.seg = grow(this.seg, nh + 1);
    this.alignTo = grow(this.alignTo, n + 1);
    this.hypErrSum = grow(this.hypErrSum, nh + 1);
    this.refErrSum = grow(this.refErrSum, n + 1);
    if (this.trace.length < nh + n + 1) this.trace = new Uint8Array(2 * (nh + n + 1));
  }

  /**
   * Computes the costs of forward row i into `cur` (at `cAt`) from row i-1 in `prev` (at `pAt`):
   * the minimum of substitution/match, deletion and insertion within the beam. `cur` must hold
   * INF in every cell.
   */
  private row(prev: Int32Array<ArrayBuffer>, pAt: number, cur: Int32Array<ArrayBuffer>, cAt: number, i: number, word: number): void {
    const r = this.ref;
    let j = this.lo[i];
    const maxJ = this.hi[i];
    if (j === 0 && maxJ > 0) {
      cur[cAt] = prev[pAt] + 1;
      j = 1;
    }
    for (; j < maxJ; j++) {
      let best = prev[pAt + j - 1] + (word === r[j - 1] ? 0 : 1);
      let c = prev[pAt + j] + 1;
      if (c < best) best = c;
      c = cur[cAt + j - 1] + 1;
      if (c < best) best = c;
      // Unreachable cells stay INF, as in sacrebleu (its cells start at INF and take only smaller costs).
      cur[cAt + j] = best < INF ? best : INF;
    }
  }

  /**
   * The operation sacrebleu records for forward cell (i, j): its candidates in its order
   * (substitution/match, deletion, insertion), each taken only when strictly cheaper.
   */
  private opAt(i: number, j: number): number {
    if (i === 0) return INS;
    if (j === 0) return DEL;
    const { fwd, w } = this;
    const same = this.hyp[i - 1] === this.ref[j - 1];
    let best = INF;
    let op = UNDEF;
    let c = fwd[(i - 1) * w + j - 1] + (same ? 0 : 1);
    if (best > c) {
      best = c;
      op = same ? NOP : SUB;
    }
    c = fwd[(i - 1) * w + j] + 1;
    if (best > c) {
      best = c;
      op = DEL;
    }
    c = fwd[i * w + j - 1] + 1;
    if (best > c) op = INS;
    return op;
  }

  /** Row 0 of the forward matrix (insertions), the last row of the backward one, INF elsewhere. */
  private initMatrices(): void {
    const { nh, n, w, fwd, bwd, lo } = this;
    fwd.fill(INF, 0, (nh + 1) * w);
    bwd.fill(INF, 0, (nh + 1) * w);
    for (let j = 0; j <= n; j++) fwd[j] = j;
    const last = nh * w;
    for (let j = lo[nh]; j <= n; j++) bwd[last + j] = n - j;
  }

  /** Forward rows `from`..nh of the current hypothesis, with operations; returns its edit distance. */
  private forward(from: number): number {
    const { nh, n, w, fwd, hyp } = this;
    fwd.fill(INF, from * w, (nh + 1) * w);
    for (let i = from; i <= nh; i++) this.row(fwd, (i - 1) * w, fwd, i * w, i, hyp[i - 1]);
    return fwd[nh * w + n];
  }

  /**
   * Backward rows `from` down to 0 within the beam: bwd[i][j] = edits from cell (i, j) to
   * (nh, n). Cells outside the beam (and the spare column) hold INF, so they lose every minimum.
   */
  private backward(from: number): void {
    const { w, bwd, hyp, ref, lo, hi } = this;
    bwd.fill(INF, 0, (from + 1) * w);
    for (let i = from; i >= 0; i--) {
      const at = i * w;
      const below = at + w;
      const word = hyp[i];
      for (let j = hi[i] - 1; j >= lo[i]; j--) {
        // To (i+1, j+1): match or substitution; to (i+1, j): deletion; to (i, j+1): insertion.
        let best = bwd[below + j + 1] + (word === ref[j] ? 0 : 1);
        let c = bwd[below + j] + 1;
        if (c < best) best = c;
        c = bwd[at + j + 1] + 1;
        if (c < best) best = c;
        bwd[at + j] = best;
      }
    }
  }

  /**
   * The trace of the forward matrix turned into sacrebleu's alignment (flipped to hyp→ref):
   * `alignTo[refPos]` = hyp position (-1 before the first, UNALIGNED when none), and prefix sums
   * of the hyp and ref error flags (`hypErrSum[k]` = errors among the first k hyp words).
   */
  private align(): void {
    const { nh, n, trace, alignTo, hypErrSum, refErrSum } = this;
    let len = 0;
    let i = nh;
    let j = n;
    while (i > 0 || j > 0) {
      const op = this.opAt(i, j);
      trace[len++] = op;
      if (op === SUB || op === NOP) {
        i--;
        j--;
      } else if (op === INS) j--;
      else if (op === DEL) i--;
      else throw new Error(`TER: unknown edit operation ${op}`);
    }
    alignTo.fill(UNALIGNED, 0, n);
    hypErrSum[0] = 0;
    refErrSum[0] = 0;
    let ph = -1;
    let pr = -1;
    for (let k = len - 1; k >= 0; k--) {
      const raw = trace[k];
      // Flip insertions and deletions: the edit trace rewrites ref into hyp, the alignment reads hyp against ref.
      const op = raw === INS ? DEL : raw === DEL ? INS : raw;
      if (op === NOP || op === SUB) {
        ph++;
        pr++;
        alignTo[pr] = ph;
        hypErrSum[ph + 1] = hypErrSum[ph] + (op === SUB ? 1 : 0);
        refErrSum[pr + 1] = refErrSum[pr] + (op === SUB ? 1 : 0);
      } else if (op === INS) {
        ph++;
        hypErrSum[ph + 1] = hypErrSum[ph] + 1;
      } else {
        pr++;
        alignTo[pr] = ph;
        refErrSum[pr + 1] = refErrSum[pr] + 1;
      }
    }
  }

  /**
   * Writes into `seg` the words at [p, q) of the hypothesis with the block [start, start+len)
   * moved before `target` (sacrebleu's _perform_shift; outside [p, q) nothing moves); returns q,
   * with p = min(start, target).
   */
  private shiftedSegment(start: number, len: number, target: number): number {
    const h = this.hyp;
    const seg = this.seg;
    let k = 0;
    if (target < start) {
      for (let x = start; x < start + len; x++) seg[k++] = h[x];
      for (let x = target; x < start; x++) seg[k++] = h[x];
      return start + len;
    }
    const q = target > start + len ? target : Math.min(target + len, this.nh);
    for (let x = start + len; x < q; x++) seg[k++] = h[x];
    for (let x = start; x < start + len; x++) seg[k++] = h[x];
    return q;
  }

  /** Edit distance of the hypothesis with one shift applied, from the cached forward and backward matrices. */
  private shiftedCost(start: number, len: number, target: number): number {
    const { nh, n, w, fwd, bwd, seg } = this;
    const p = Math.min(start, target);
    const q = this.shiftedSegment(start, len, target);
    let prev: Int32Array<ArrayBuffer> = fwd;
    let pAt = p * w;
    let cur = this.rowA;
    let spare = this.rowB;
    for (let i = p + 1; i <= q; i++) {
      cur.fill(INF, 0, w);
      this.row(prev, pAt, cur, 0, i, seg[i - p - 1]);
      prev = cur;
      pAt = 0;
      cur = spare;
      spare = prev;
    }
    if (q === nh) return prev[pAt + n];
    // The backward rows are brought up to date only when a candidate first needs them.
    if (this.bwdStale >= 0) {
      this.backward(this.bwdStale);
      this.bwdStale = -1;
    }
    const at = q * w;
    let best = INF;
    for (let j = this.lo[q]; j < this.hi[q]; j++) {
      const c = prev[pAt + j] + bwd[at + j];
      if (c < best) best = c;
    }
    return best;
  }

  /** Applies the chosen shift to the current hypothesis; returns q, the end of the changed words. */
  private applyShift(start: number, len: number, target: number): number {
    const p = Math.min(start, target);
    const q = this.shiftedSegment(start, len, target);
    for (let x = p; x < q; x++) this.hyp[x] = this.seg[x - p];
    return q;
  }
}

const search = new TerSearch();

/**
 * Number of edits (shifts + edit distance) turning `hyp` into `ref`, sacrebleu's
 * translation_edit_rate, over word ids (equal words, equal ids, ids ≥ 0; see {@link Vocab}).
 */
export function terEditsIds(hyp: readonly number[], ref: readonly number[]): number {
  return search.edits(hyp, ref);
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

/** sacrebleu's TercomTokenizer (without asian_support) up to, not including, its final whitespace normalisation. */
function tercomRaw(sent: string, options: MetricOptions): string {
  if (!sent) return '';
  let s = options.caseSensitive ? sent : sent.toLowerCase();
  if (options.normalized) {
    for (const [re, repl] of RE_NORM) s = s.replace(re, repl);
    s = ` ${s} `;
    for (const [re, repl] of RE_NORM2) s = s.replace(re, repl);
  }
  if (options.noPunct) s = s.replace(/[.,?:;!"()]/g, '');
  return s;
}

/** sacrebleu's TercomTokenizer (without asian_support). */
export function tercomTokenize(sent: string, options: MetricOptions): string {
  return pyNormSpace(tercomRaw(sent, options));
}

/** TER row statistics: `[best edits, average reference length]`. */
export const ter: MetricImpl = {
  rowStats(hyps, refs, options) {
    checkStreams('ter', hyps, refs);
    // Words become integer ids once: the shift search compares words millions of times.
    const vocab = new Vocab();
    // Splitting skips the tokeniser's final join: split(' '.join(s.split())) is s.split().
    const prep = (s: string): number[] => {
      const words = pySplit(tercomRaw(pyRstrip(s), options));
      const ids = new Array<number>(words.length);
      for (let k = 0; k < words.length; k++) ids[k] = vocab.id(words[k]);
      return ids;
    };
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
