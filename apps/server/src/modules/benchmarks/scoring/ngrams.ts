/**
 * Exact n-gram counting over integer ids, shared by BLEU and chrF (docs/benchmarks.md#metrics
 * "Metrics"). Counting n-grams as joined strings in a Map per sentence was most of their time;
 * here tokens (or characters) become integer ids once, and the n-grams of one row (its hypothesis
 * and references together) get small dense ids order by order: the id of an (n)-gram is the dense
 * number of the pair (id of its first (n-1) tokens, id of its last token), found in a stamped
 * lookup table. Two n-grams of a row get the same id exactly when their tokens are equal, so the
 * counts, clipped matches and therefore every score are the same as with string keys (checked by
 * equivalence.test.ts against the string-keyed implementations and by reference.test.ts against
 * sacrebleu).
 */

/** Interns strings as dense integer ids 0, 1, 2, … for one scoring call. */
export class Vocab {
  private readonly ids = new Map<string, number>();

  /** Number of distinct strings seen. */
  get size(): number {
    return this.ids.size;
  }

  /** The id of `s`, assigning the next one when it is new. */
  id(s: string): number {
    let v = this.ids.get(s);
    if (v === undefined) {
      v = this.ids.size;
      this.ids.set(s, v);
    }
    return v;
  }
}

/** Largest lookup table (entries) before a level falls back to a Map; rows that large are rare. */
const MAX_TABLE = 1 << 22;

/** A growable Int32Array: returns `a` if it holds `n` entries, else a larger copy. */
function ensure(a: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (a.length >= n) return a;
  const b = new Int32Array(Math.max(n, 2 * a.length));
  b.set(a);
  return b;
}

/**
 * The n-grams of one row's sequences (a hypothesis and its references), with dense ids per order.
 * Usage per row: {@link reset}, {@link add} each sequence (global ids), {@link build}, then query.
 * One instance is reused across rows, so a row allocates nothing once the buffers have grown.
 */
export class NgramIndex {
  /** Global ids of every position of the row's sequences, concatenated. */
  private tok = new Int32Array(256);
  /** Start offset of each sequence, then the end of the last one. */
  private bounds: number[] = [0];
  /** levels[n-1][p]: dense id of the n-gram starting at position p (valid when it fits in its sequence). */
  private levels: Int32Array<ArrayBuffer>[] = [];
  /** Distinct n-grams per order (ids are 0..distinct-1). */
  private distinct: number[] = [];
  private table = new Int32Array(0);
  private tableStamp = new Int32Array(0);
  private stamp = 0;
  private counts = new Int32Array(256);
  private counts2 = new Int32Array(256);
  private readonly mapIds = new Map<number, number>();

  /** Forgets the previous row's sequences. */
  reset(): void {
    this.bounds.length = 1;
  }

  /** Appends a sequence of `len` global ids produced by `idAt(i)`; returns its index. */
  add(len: number, idAt: (i: number) => number): number {
    const start = this.bounds[this.bounds.length - 1];
    this.tok = ensure(this.tok, start + len);
    for (let i = 0; i < len; i++) this.tok[start + i] = idAt(i);
    this.bounds.push(start + len);
    return this.bounds.length - 2;
  }

  /** Length of sequence `s`. */
  length(s: number): number {
    return this.bounds[s + 1] - this.bounds[s];
  }

  /** Gives every n-gram of order 1..maxOrder its dense id; the global ids must lie below `vocabSize`. */
  build(maxOrder: number, vocabSize: number): void {
    const bounds = this.bounds;
    const total = bounds[bounds.length - 1];
    const nseq = bounds.length - 1;
    while (this.levels.length < maxOrder) this.levels.push(new Int32Array(0));
    for (let n = 0; n < maxOrder; n++) this.levels[n] = ensure(this.levels[n], total);
    this.counts = ensure(this.counts, total);
    this.counts2 = ensure(this.counts2, total);
    this.distinct.length = 0;
    // Order 1: dense ids of the global ids.
    const unigram = this.levels[0];
    const tok = this.tok;
    let d = 0;
    if (vocabSize <= MAX_TABLE) {
      const { table, st, stamp } = this.freshTable(vocabSize);
      for (let p = 0; p < total; p++) {
        const k = tok[p];
        if (st[k] !== stamp) {
          st[k] = stamp;
          table[k] = d++;
        }
        unigram[p] = table[k];
      }
    } else {
      const ids = this.freshMap();
      for (let p = 0; p < total; p++) {
        let v = ids.get(tok[p]);
        if (v === undefined) ids.set(tok[p], (v = d++));
        unigram[p] = v;
      }
    }
    this.distinct.push(d);
    // Order n: the n-gram at p is the pair (id of its first n-1 tokens, id of its last token),
    // keyed as prev * width + last: below distinct(n-1) * width, exact while that is below 2^53.
    const width = d;
    for (let n = 2; n <= maxOrder; n++) {
      const prev = this.levels[n - 2];
      const lev = this.levels[n - 1];
      const keySpace = this.distinct[n - 2] * width;
      d = 0;
      if (keySpace <= MAX_TABLE) {
        const { table, st, stamp } = this.freshTable(keySpace);
        for (let s = 0; s < nseq; s++) {
          for (let p = bounds[s], end = bounds[s + 1] - n + 1; p < end; p++) {
            const k = prev[p] * width + unigram[p + n - 1];
            if (st[k] !== stamp) {
              st[k] = stamp;
              table[k] = d++;
            }
            lev[p] = table[k];
          }
        }
      } else {
        const ids = this.freshMap();
        for (let s = 0; s < nseq; s++) {
          for (let p = bounds[s], end = bounds[s + 1] - n + 1; p < end; p++) {
            const k = prev[p] * width + unigram[p + n - 1];
            let v = ids.get(k);
            if (v === undefined) ids.set(k, (v = d++));
            lev[p] = v;
          }
        }
      }
      this.distinct.push(d);
    }
  }

  /** The lookup table with at least `size` entries and a stamp no entry carries yet. */
  private freshTable(size: number): { table: Int32Array; st: Int32Array; stamp: number } {
    if (this.table.length < size) {
      this.table = new Int32Array(Math.max(size, 2 * this.table.length));
      this.tableStamp = new Int32Array(this.table.length);
      this.stamp = 0;
    }
    if (this.stamp === 0x7fffffff) {
      this.tableStamp.fill(0);
      this.stamp = 0;
    }
    this.stamp++;
    return { table: this.table, st: this.tableStamp, stamp: this.stamp };
  }

  /** The empty fallback map for key spaces larger than MAX_TABLE. */
  private freshMap(): Map<number, number> {
    this.mapIds.clear();
    return this.mapIds;
  }

  /** Number of n-grams of order `n` in sequence `s`. */
  total(s: number, n: number): number {
    return Math.max(0, this.length(s) - n + 1);
  }

  /**
   * BLEU's clipped matches of order `n`: Σ over the n-grams g of sequence `h` of
   * min(count of g in h, max over `refs` of the count of g in that reference).
   */
  clippedMatches(h: number, refs: readonly number[], n: number): number {
    const ids = this.levels[n - 1];
    const max = this.counts;
    max.fill(0, 0, this.distinct[n - 1]);
    if (refs.length === 1) {
      for (let p = this.bounds[refs[0]], end = this.bounds[refs[0] + 1] - n + 1; p < end; p++) max[ids[p]]++;
    } else {
      const cur = this.counts2;
      for (const r of refs) {
        const from = this.bounds[r];
        const end = this.bounds[r + 1] - n + 1;
        for (let p = from; p < end; p++) cur[ids[p]] = 0;
        for (let p = from; p < end; p++) cur[ids[p]]++;
        for (let p = from; p < end; p++) if (cur[ids[p]] > max[ids[p]]) max[ids[p]] = cur[ids[p]];
      }
    }
    let matches = 0;
    for (let p = this.bounds[h], end = this.bounds[h + 1] - n + 1; p < end; p++) {
      if (max[ids[p]] > 0) {
        max[ids[p]]--;
        matches++;
      }
    }
    return matches;
  }

  /** Σ over the n-grams g of order `n` of min(count of g in sequence `h`, count of g in sequence `r`). */
  matches(h: number, r: number, n: number): number {
    return this.clippedMatches(h, [r], n);
  }
}
