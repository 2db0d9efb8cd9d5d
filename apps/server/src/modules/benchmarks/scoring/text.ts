/**
 * Text helpers that reproduce Python's string semantics, so that our metrics count exactly what
 * sacrebleu, jiwer and NLTK count (docs/benchmarks.md#metrics): Python's `str.split()` whitespace set and
 * code-point (not UTF-16) indexing.
 */

/** The characters Python's `str.split()` / `str.strip()` treat as whitespace (str.isspace). */
const PY_WS = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const WS_RUN = new RegExp(`[${PY_WS}]+`, 'u');
const WS_ANY = new RegExp(`[${PY_WS}]+`, 'gu');
const LEAD = new RegExp(`^[${PY_WS}]+`, 'u');
const TRAIL = new RegExp(`[${PY_WS}]+$`, 'u');

/** Python whitespace other than the plain space: when a string has none, splitting on ' ' will do. */
const WS_NOT_SPACE = new RegExp(`[${PY_WS.replace(' ', '')}]`, 'u');

/** Python's `s.split()`: tokens between runs of whitespace, no empty tokens. */
export function pySplit(s: string): string[] {
  if (s === '') return [];
  if (!WS_NOT_SPACE.test(s)) {
    // Only plain spaces: split on each, then drop the empty strings that runs and ends leave.
    const parts = s.split(' ');
    for (const p of parts) if (p === '') return parts.filter((x) => x !== '');
    return parts;
  }
  const parts = s.split(WS_RUN);
  // A leading or trailing run leaves one empty string at that end.
  let a = 0;
  let b = parts.length;
  if (parts[0] === '') a = 1;
  if (b > a && parts[b - 1] === '') b--;
  return a === 0 && b === parts.length ? parts : parts.slice(a, b);
}

/** Python's `' '.join(s.split())`: whitespace runs collapsed to one space, ends trimmed. */
export function pyNormSpace(s: string): string {
  return pySplit(s).join(' ');
}

/** Python's `''.join(s.split())`: every whitespace character removed. */
export function pyRemoveSpace(s: string): string {
  return s.replace(WS_ANY, '');
}

/** True when UTF-16 unit `c` is Python whitespace (the PY_WS set; all of it lies in the BMP). */
function isPyWs(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    (c >= 0x1c && c <= 0x1f) ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  // Most lines have nothing to strip: skip the anchored regexes (the trailing one tries every position).
  if (s === '' || (!isPyWs(s.charCodeAt(0)) && !isPyWs(s.charCodeAt(s.length - 1)))) return s;
  return s.replace(LEAD, '').replace(TRAIL, '');
}

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  if (s === '' || !isPyWs(s.charCodeAt(s.length - 1))) return s;
  return s.replace(TRAIL, '');
}

/** The code points of `s` (Python's iteration over a str), astral characters kept whole. */
export function codePoints(s: string): string[] {
  // Fast path: no surrogate pairs, so UTF-16 units are code points.
  if (!/[\ud800-\udfff]/.test(s)) return s.split('');
  return Array.from(s);
}

/**
 * Levenshtein distance between two token sequences (unit costs), as the minimal number of
 * substitutions + deletions + insertions. O(|a|·|b|) time, O(|b|) memory.
 */
export function editDistance(a: readonly string[], b: readonly string[]): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    const ai = a[i - 1];
    for (let j = 1; j <= m; j++) {
      const sub = prev[j - 1] + (ai === b[j - 1] ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[m];
}

/** Adds `b` into `a` element-wise (same length). */
export function addInto(a: number[], b: readonly number[]): void {
  for (let i = 0; i < b.length; i++) a[i] += b[i];
}

/** Element-wise sum of equally long rows; `width` zeros when there are no rows. */
export function sumRows(rows: readonly (readonly number[])[], width: number): number[] {
  const out = new Array<number>(width).fill(0);
  for (const r of rows) addInto(out, r);
  return out;
}
