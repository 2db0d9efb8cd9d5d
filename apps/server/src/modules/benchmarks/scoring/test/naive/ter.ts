/**
 * THE REPLACED STRING-KEYED IMPLEMENTATION (as of b35093d), kept unchanged except for import paths so
 * equivalence.test.ts and `npm run bench -- metrics --naive` can check the fast module against it.
 *
 * TER (translation edit rate) as sacrebleu 2.x computes it (docs/benchmarks.md#metrics), a port of its
 * Tercom re-implementation: word edit distance with a beam around the diagonal plus greedy block
 * shifts (at most 10 words, moved at most 50 positions, 1000 candidates per row), the best
 * reference per row by edits and the average reference length as the denominator. Text is
 * lowercased unless `caseSensitive`; `normalized` applies tercom's punctuation tokenisation and
 * `noPunct` removes punctuation (sacrebleu's options; its `asian_support` is not offered).
 * Corpus TER = Σ edits / Σ average reference lengths × 100. Scale 0–100+ (can exceed 100),
 * lower is better.
 */
import { pyNormSpace, pyRstrip, pySplit } from './text.ts';
import { checkStreams, type MetricImpl, type MetricOptions } from '../../types.ts';

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
  next: Map<string, CacheNode>;
  row: Row;
}

/** Edit distance against one reference with a prefix cache of matrix rows (shifted hypotheses share prefixes). */
class BeamEditDistance {
  private readonly n: number;
  private readonly initial: Row;
  private readonly cache = new Map<string, CacheNode>();
  private cacheSize = 0;

  constructor(private readonly ref: readonly string[]) {
    this.n = ref.length;
    const cost = new Float64Array(this.n + 1);
    for (let i = 0; i <= this.n; i++) cost[i] = i;
    this.initial = { cost, op: new Uint8Array(this.n + 1).fill(INS) };
  }

  /** Returns [edit distance, trace of operations turning ref into hyp, as sacrebleu's]. */
  distance(hyp: readonly string[]): [number, Uint8Array] {
    // Cached rows for the longest known prefix of hyp.
    const rows: Row[] = [this.initial];
    let node: Map<string, CacheNode> = this.cache;
    for (const w of hyp) {
      const hit = node.get(w);
      if (!hit) break;
      rows.push(hit.row);
      node = hit.next;
    }
    const start = rows.length - 1;
    const nh = hyp.length;
    for (let i = start; i < nh; i++)
      rows.push({ cost: new Float64Array(this.n + 1).fill(INF), op: new Uint8Array(this.n + 1).fill(UNDEF) });
    const ratio = nh > 0 ? this.n / nh : 1;
    const beam = BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    for (let i = start + 1; i <= nh; i++) {
      const diag = Math.floor(i * ratio);
      const minJ = Math.max(0, diag - beam);
      const maxJ = i === nh ? this.n + 1 : Math.min(this.n + 1, diag + beam);
      const prev = rows[i - 1];
      const cur = rows[i];
      const hw = hyp[i - 1];
      for (let j = minJ; j < maxJ; j++) {
        if (j === 0) {
          cur.cost[0] = prev.cost[0] + 1;
          cur.op[0] = DEL;
          continue;
        }
        const same = hw === this.ref[j - 1];
        // Same order and strict comparison as sacrebleu: substitution/match, deletion, insertion.
        let c = prev.cost[j - 1] + (same ? 0 : 1);
        if (cur.cost[j] > c) {
          cur.cost[j] = c;
          cur.op[j] = same ? NOP : SUB;
        }
        c = prev.cost[j] + 1;
        if (cur.cost[j] > c) {
          cur.cost[j] = c;
          cur.op[j] = DEL;
        }
        c = cur.cost[j - 1] + 1;
        if (cur.cost[j] > c) {
          cur.cost[j] = c;
          cur.op[j] = INS;
        }
      }
    }
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
    this.addCache(hyp, rows, start);
    return [rows[nh].cost[this.n], Uint8Array.from(ops)];
  }

  private addCache(hyp: readonly string[], rows: Row[], start: number): void {
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

/** Alignment from a trace (flipped to hyp→ref as sacrebleu does): ref position → hyp position, and error flags. */
function traceToAlignment(trace: Uint8Array): { align: Map<number, number>; refErr: number[]; hypErr: number[] } {
  let ph = -1;
  let pr = -1;
  const hypErr: number[] = [];
  const refErr: number[] = [];
  const align = new Map<number, number>();
  for (const raw of trace) {
    // Flip insertions and deletions: the edit trace rewrites ref into hyp, the alignment reads hyp against ref.
    const op = raw === INS ? DEL : raw === DEL ? INS : raw;
    if (op === NOP || op === SUB) {
      ph++;
      pr++;
      align.set(pr, ph);
      hypErr.push(op === SUB ? 1 : 0);
      refErr.push(op === SUB ? 1 : 0);
    } else if (op === INS) {
      ph++;
      hypErr.push(1);
    } else {
      pr++;
      align.set(pr, ph);
      refErr.push(1);
    }
  }
  return { align, refErr, hypErr };
}

function performShift(words: readonly string[], start: number, length: number, target: number): string[] {
  if (target < start)
    return [
      ...words.slice(0, target),
      ...words.slice(start, start + length),
      ...words.slice(target, start),
      ...words.slice(start + length),
    ];
  if (target > start + length)
    return [
      ...words.slice(0, start),
      ...words.slice(start + length, target),
      ...words.slice(start, start + length),
      ...words.slice(target),
    ];
  return [
    ...words.slice(0, start),
    ...words.slice(start + length, length + target),
    ...words.slice(start, start + length),
    ...words.slice(length + target),
  ];
}

function sumRange(a: number[], from: number, to: number): number {
  let s = 0;
  for (let i = from; i < Math.min(to, a.length); i++) s += a[i];
  return s;
}

/** The best single shift of `h` (sacrebleu's _shift): [gain, shifted words, candidates checked so far]. */
function bestShift(h: string[], r: readonly string[], ed: BeamEditDistance, checked: number): [number, string[], number] {
  const [pre, trace] = ed.distance(h);
  const { align, refErr, hypErr } = traceToAlignment(trace);
  let best: [number, number, number, number, string[]] | null = null;
  const better = (a: [number, number, number, number, string[]], b: [number, number, number, number, string[]]): boolean => {
    for (let k = 0; k < 4; k++) if (a[k] !== b[k]) return (a[k] as number) > (b[k] as number);
    return false;
  };
  outer: for (let sh = 0; sh < h.length; sh++) {
    for (let sr = 0; sr < r.length; sr++) {
      if (Math.abs(sr - sh) > MAX_SHIFT_DIST) continue;
      for (let len = 0; h[sh + len] === r[sr + len] && len < MAX_SHIFT_SIZE;) {
        len++;
        // Candidate pair (sh, sr, len).
        if (sumRange(hypErr, sh, sh + len) !== 0 && sumRange(refErr, sr, sr + len) !== 0) {
          const a = align.get(sr);
          if (!(a !== undefined && sh <= a && a < sh + len)) {
            let prevIdx = -1;
            for (let off = -1; off < len; off++) {
              let idx: number;
              if (sr + off === -1) idx = 0;
              else if (align.has(sr + off)) idx = align.get(sr + off)! + 1;
              else break;
              if (idx === prevIdx) continue;
              prevIdx = idx;
              const shifted = performShift(h, sh, len, idx);
              const cand: [number, number, number, number, string[]] = [pre - ed.distance(shifted)[0], len, -sh, -idx, shifted];
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

/** Number of edits (shifts + edit distance) turning `hyp` into `ref`, sacrebleu's translation_edit_rate. */
export function terEdits(hyp: readonly string[], ref: readonly string[]): number {
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
  return shifts + ed.distance(words)[0];
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
    const prep = (s: string) => pySplit(tercomTokenize(pyRstrip(s), options));
    return hyps.map((h, i) => {
      const wh = prep(h);
      let refLens = 0;
      let best = 1e16;
      for (const stream of refs) {
        const wr = prep(stream[i]);
        const e = terEdits(wh, wr);
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
