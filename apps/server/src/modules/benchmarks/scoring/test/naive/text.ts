/**
 * THE REPLACED TEXT HELPERS (as of b35093d), unchanged, for the naive/ implementations; the
 * helpers that did not change come from text.ts.
 *
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

/** Python's `s.split()`: tokens between runs of whitespace, no empty tokens. */
export function pySplit(s: string): string[] {
  if (s === '') return [];
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

/** Python's `s.strip()`. */
export function pyStrip(s: string): string {
  return s.replace(LEAD, '').replace(TRAIL, '');
}

/** Python's `s.rstrip()`. */
export function pyRstrip(s: string): string {
  return s.replace(TRAIL, '');
}

// Code points did not change: the naive metrics use the module's own (editDistance, addInto and
// sumRows, unused here, were removed).
export { codePoints } from '../../text.ts';
