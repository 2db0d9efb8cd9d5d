/**
 * BLEU tokenisers with sacrebleu 2.x's behaviour (docs/benchmarks.md#metrics): `13a` (mteval-v13a, WMT's
 * default), `intl` (mteval-v14 international: splits Unicode punctuation and symbols), `char`
 * (every character a token) and `none` (the text as it is, split on whitespace). Each takes one
 * line and returns it tokenised with single spaces between tokens.
 */
import { codePoints, pyNormSpace, pySplit } from './text.ts';

/** Names of the tokenisers, as in sacrebleu's `tok:` signature field. */
export const TOKENIZER_NAMES = ['13a', 'none', 'intl', 'char'] as const;
/** One of {@link TOKENIZER_NAMES}. */
export type TokenizerName = (typeof TOKENIZER_NAMES)[number];

// mteval-v13a's punctuation rules, in sacrebleu's order (ASCII classes: no `u` flag needed). The
// first pads every ASCII symbol but ' , - . and digits and letters; `$&` (no capture group) is the
// cheaper spelling of sacrebleu's `([...])` → ` \1 `, and the space, which sacrebleu's class also
// pads, is left out: padding a space only adds spaces, which the final split removes, and a space
// matches rules 2–4 the same whether one or three (equivalence.test.ts checks the output against
// the full rule). Rules 2–3 only matter when the line has a period or comma, rule 4 only with a
// hyphen: they are skipped otherwise (same output).
const RE_13A_SYMBOL = /[{-~[-`!-&(-+:-@/]/g;
const RE_13A_PERIOD_BEFORE = /([^0-9])([.,])/g;
const RE_13A_PERIOD_AFTER = /([.,])([^0-9])/g;
const RE_13A_DASH = /([0-9])(-)/g;

/** mteval-v13a tokenisation (sacrebleu `tok:13a`) as a list of tokens. */
export function words13a(line: string): string[] {
  let s = line;
  if (s.includes('<skipped>')) s = s.replaceAll('<skipped>', '');
  if (s.includes('\n')) s = s.replaceAll('-\n', '').replaceAll('\n', ' ');
  if (s.includes('&')) s = s.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  s = ` ${s} `.replace(RE_13A_SYMBOL, ' $& ');
  if (s.includes('.') || s.includes(',')) s = s.replace(RE_13A_PERIOD_BEFORE, '$1 $2 ').replace(RE_13A_PERIOD_AFTER, ' $1 $2');
  if (s.includes('-')) s = s.replace(RE_13A_DASH, '$1 $2 ');
  return pySplit(s);
}

/** mteval-v13a tokenisation (sacrebleu `tok:13a`). */
export function tokenize13a(line: string): string {
  return words13a(line).join(' ');
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

/**
 * The tokeniser called `name` returning the list of tokens (what BLEU splits the tokenised line
 * into): for 13a without building the joined line first. Throws RangeError for an unknown name.
 */
export function getWordTokenizer(name: string): (line: string) => string[] {
  const tokenize = getTokenizer(name);
  return name === '13a' ? words13a : (line) => pySplit(tokenize(line));
}

/** The tokeniser function called `name`. Throws RangeError for an unknown name. */
export function getTokenizer(name: string): (line: string) => string {
  if (!isTokenizerName(name)) throw new RangeError(`Unknown tokeniser "${name}" (expected one of ${TOKENIZER_NAMES.join(', ')}).`);
  return TOKENIZERS[name];
}
