/**
 * THE REPLACED TOKENISERS (as of b35093d), unchanged except for import paths, for equivalence.test.ts.
 *
 * BLEU tokenisers with sacrebleu 2.x's behaviour (docs/benchmarks.md#metrics): `13a` (mteval-v13a, WMT's
 * default), `intl` (mteval-v14 international: splits Unicode punctuation and symbols), `char`
 * (every character a token) and `none` (the text as it is, split on whitespace). Each takes one
 * line and returns it tokenised with single spaces between tokens.
 */
import { codePoints, pyNormSpace } from './text.ts';

/** Names of the tokenisers, as in sacrebleu's `tok:` signature field. */
export const TOKENIZER_NAMES = ['13a', 'none', 'intl', 'char'] as const;
/** One of {@link TOKENIZER_NAMES}. */
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

// mteval-v13a's punctuation rules, in sacrebleu's order (ASCII classes: no `u` flag needed).
const RE_13A: [RegExp, string][] = [
  [/([{-~[-` -&(-+:-@/])/g, ' $1 '],
  [/([^0-9])([.,])/g, '$1 $2 '],
  [/([.,])([^0-9])/g, ' $1 $2'],
  [/([0-9])(-)/g, '$1 $2 '],
];

/** mteval-v13a tokenisation (sacrebleu `tok:13a`). */
export function tokenize13a(line: string): string {
  let s = line.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (s.includes('&')) s = s.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  s = ` ${s} `;
  for (const [re, repl] of RE_13A) s = s.replace(re, repl);
  return pyNormSpace(s);
}

const RE_INTL: [RegExp, string][] = [
  [/(\P{N})(\p{P})/gu, '$1 $2 '],
  [/(\p{P})(\P{N})/gu, ' $1 $2'],
  [/(\p{S})/gu, ' $1 '],
];

/** mteval-v14 international tokenisation (sacrebleu `tok:intl`). */
export function tokenizeIntl(line: string): string {
  let s = line;
  for (const [re, repl] of RE_INTL) s = s.replace(re, repl);
  return pyNormSpace(s);
}

/** Character-level tokenisation (sacrebleu `tok:char`): each code point is a token; spaces vanish. */
export function tokenizeChar(line: string): string {
  return pyNormSpace(codePoints(line).join(' '));
}

/** No tokenisation (sacrebleu `tok:none`): the line is only split on whitespace by the metric. */
export function tokenizeNone(line: string): string {
  return line;
}

const TOKENIZERS: Record<TokenizerName, (line: string) => string> = {
  '13a': tokenize13a,
  none: tokenizeNone,
  intl: tokenizeIntl,
  char: tokenizeChar,
};

/** True when `name` is a known tokeniser. */
export function isTokenizerName(name: string): name is TokenizerName {
  return (TOKENIZER_NAMES as readonly string[]).includes(name);
}

/** The tokeniser function called `name`. Throws RangeError for an unknown name. */
export function getTokenizer(name: string): (line: string) => string {
  if (!isTokenizerName(name)) throw new RangeError(`Unknown tokeniser "${name}" (expected one of ${TOKENIZER_NAMES.join(', ')}).`);
  return TOKENIZERS[name];
}
