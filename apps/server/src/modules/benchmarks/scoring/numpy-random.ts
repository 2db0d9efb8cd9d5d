/**
 * NumPy's default random generator, reproduced bit for bit so that a paired bootstrap draws the
 * same resamples as sacrebleu does (`np.random.default_rng(seed).choice(n, size=(samples, n))`;
 * docs/benchmarks.md#comparing-runs). Three published algorithms, written from their descriptions:
 *
 * - SeedSequence (M. O'Neill's seed_seq hashing as NumPy specifies it): an integer seed becomes a
 *   pool of four 32-bit words, from which `generateState` derives any number of words.
 * - PCG64 (PCG-XSL-RR 128/64): 128-bit LCG state, output = rotr64(high ^ low, state >> 122).
 * - Bounded integers by Lemire's multiply-and-reject on 32-bit draws (NumPy's `integers` for
 *   ranges below 2^32); a 64-bit draw is split low half first.
 *
 * BigInt is used for the 128-bit arithmetic: about 1 µs a draw, enough for a comparison of runs.
 */

const MASK32 = 0xffffffffn;
const MASK64 = (1n << 64n) - 1n;
const MASK128 = (1n << 128n) - 1n;
/** PCG's default 128-bit multiplier. */
const PCG_MULT = (2549297995355413924n << 64n) + 4865540595714422341n;

const INIT_A = 0x43b0d7e5;
const MULT_A = 0x931e8875;
const INIT_B = 0x8b51f9dd;
const MULT_B = 0x58f38ded;
const MIX_MULT_L = 0xca01f9dd;
const MIX_MULT_R = 0x4973f715;
const XSHIFT = 16;
const POOL_SIZE = 4;

/** The 32-bit words of a non-negative integer seed, least significant first (NumPy's coercion). */
function seedWords(seed: number | bigint): number[] {
  let v = BigInt(seed);
  if (v < 0n) throw new RangeError('seed must be a non-negative integer.');
  const words: number[] = [];
  do {
    words.push(Number(v & MASK32));
    v >>= 32n;
  } while (v > 0n);
  return words;
}

/** NumPy's SeedSequence for an integer entropy (no spawn key): the mixed pool of four words. */
export function seedSequencePool(seed: number | bigint): Uint32Array {
  const entropy = seedWords(seed);
  let hashConst = INIT_A;
  const hashmix = (value: number): number => {
    value = (value ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_A) >>> 0;
    value = Math.imul(value, hashConst) >>> 0;
    return (value ^ (value >>> XSHIFT)) >>> 0;
  };
  const mix = (x: number, y: number): number => {
    const r = (Math.imul(MIX_MULT_L, x) - Math.imul(MIX_MULT_R, y)) >>> 0;
    return (r ^ (r >>> XSHIFT)) >>> 0;
  };
  const pool = new Uint32Array(POOL_SIZE);
  for (let i = 0; i < POOL_SIZE; i++) pool[i] = hashmix(i < entropy.length ? entropy[i] : 0);
  for (let src = 0; src < POOL_SIZE; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) if (src !== dst) pool[dst] = mix(pool[dst], hashmix(pool[src]));
  }
  for (let src = POOL_SIZE; src < entropy.length; src++) {
    for (let dst = 0; dst < POOL_SIZE; dst++) pool[dst] = mix(pool[dst], hashmix(entropy[src]));
  }
  return pool;
}

/** `SeedSequence(seed).generate_state(n, uint64)`: n 64-bit words (each two 32-bit words, low first). */
export function generateState64(seed: number | bigint, n: number): bigint[] {
  const pool = seedSequencePool(seed);
  let hashConst = INIT_B;
  const words: number[] = [];
  for (let i = 0; i < 2 * n; i++) {
    let v = (pool[i % POOL_SIZE] ^ hashConst) >>> 0;
    hashConst = Math.imul(hashConst, MULT_B) >>> 0;
    v = Math.imul(v, hashConst) >>> 0;
    words.push((v ^ (v >>> XSHIFT)) >>> 0);
  }
  return Array.from({ length: n }, (_, i) => BigInt(words[2 * i]) | (BigInt(words[2 * i + 1]) << 32n));
}

/** NumPy's PCG64 bit generator seeded as `np.random.PCG64(seed)` / `default_rng(seed)`. */
export class Pcg64 {
  private state = 0n;
  private readonly inc: bigint;
  private buffered: number | null = null;

  constructor(seed: number | bigint) {
    const [s0, s1, i0, i1] = generateState64(seed, 4);
    this.inc = ((((i0 << 64n) | i1) << 1n) | 1n) & MASK128;
    this.step();
    this.state = (this.state + ((s0 << 64n) | s1)) & MASK128;
    this.step();
  }

  private step(): void {
    this.state = (this.state * PCG_MULT + this.inc) & MASK128;
  }

  /** The next 64-bit output (`random_raw`). */
  next64(): bigint {
    this.step();
    const x = ((this.state >> 64n) ^ this.state) & MASK64;
    const rot = this.state >> 122n;
    return ((x >> rot) | (x << ((64n - rot) & 63n))) & MASK64;
  }

  /** The next 32-bit output: the low half of a 64-bit draw, then its high half. */
  next32(): number {
    if (this.buffered !== null) {
      const v = this.buffered;
      this.buffered = null;
      return v;
    }
    const x = this.next64();
    this.buffered = Number(x >> 32n);
    return Number(x & MASK32);
  }

  /** An integer in [0, n) for 1 ≤ n ≤ 2^32 (Lemire's method as NumPy's `integers(0, n)`). */
  below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError('below: n must be an integer in [1, 2^32].');
    if (n === 1) return 0;
    if (n === 2 ** 32) return this.next32();
    const excl = BigInt(n);
    let m = BigInt(this.next32()) * excl;
    let leftover = m & MASK32;
    if (leftover < excl) {
      const threshold = (MASK32 - (excl - 1n)) % excl;
      while (leftover < threshold) {
        m = BigInt(this.next32()) * excl;
        leftover = m & MASK32;
      }
    }
    return Number(m >> 32n);
  }
}

/**
 * `np.random.default_rng(seed).choice(n, size=(samples, n), replace=True)`: `samples` resamples of
 * n row indices, as one Int32Array per resample.
 */
export function bootstrapIndices(seed: number | bigint, samples: number, n: number): Int32Array[] {
  const rng = new Pcg64(seed);
  const out: Int32Array[] = [];
  for (let s = 0; s < samples; s++) {
    const row = new Int32Array(n);
    for (let i = 0; i < n; i++) row[i] = rng.below(n);
    out.push(row);
  }
  return out;
}
