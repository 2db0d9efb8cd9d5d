/**
 * The original ULCA's BLEU recipe for Indian-language targets, as a named variant "bleu-indic"
 * (docs/benchmarks.md#metrics): each sentence is normalised the way IndicNLP's normaliser does it, tokenised
 * with IndicNLP's trivial tokeniser (punctuation split off, digit groups such as "1,000" or
 * "12:30" kept whole), and the tokens joined with spaces are scored by BLEU with `tokenize=none`.
 *
 * Normalisation (our implementation of IndicNLP's rules, not its code): for every language, byte
 * order marks, word joiner, soft hyphen, ZWJ and ZWNJ are removed and zero-width / no-break
 * spaces become spaces; for Devanagari languages (hi, mr, ne, sa, kok, mai, bho, doi, brx) the
 * precomposed nukta letters are decomposed, Marathi's chandra-a becomes ए, '|' becomes the danda
 * '।' and a ':' after a Devanagari character becomes the visarga. Other scripts' own IndicNLP
 * rules (e.g. Gurmukhi's vowel forms, Bengali's khanda ta) are not applied. Urdu uses the Urdu
 * punctuation set in tokenisation.
 */
import { bleu, bleuSettings } from './bleu.ts';
import type { MetricImpl, MetricOptions } from './types.ts';

/** Languages whose text is Devanagari and gets IndicNLP's Devanagari rules. */
export const DEVANAGARI_LANGS: ReadonlySet<string> = new Set(['hi', 'mr', 'ne', 'sa', 'kok', 'mai', 'bho', 'doi', 'brx']);

const NUKTA = '\u093C';
const NUKTA_FORMS: [string, string][] = [
  ['\u0929', '\u0928'],
  ['\u0931', '\u0930'],
  ['\u0934', '\u0933'],
  ['\u0958', '\u0915'],
  ['\u0959', '\u0916'],
  ['\u095A', '\u0917'],
  ['\u095B', '\u091C'],
  ['\u095C', '\u0921'],
  ['\u095D', '\u0922'],
  ['\u095E', '\u092B'],
  ['\u095F', '\u092F'],
];

/** IndicNLP-style normalisation of one sentence for language `lang` (ISO 639 code; '' = common rules only). */
export function indicNormalize(text: string, lang = ''): string {
  let s = text
    .replaceAll('\uFEFF', '')
    .replaceAll('\uFFFE', '')
    .replaceAll('\u2060', '')
    .replaceAll('\u00AD', '')
    .replaceAll('\u200B', ' ')
    .replaceAll('\u00A0', ' ')
    .replaceAll('\u200C', '')
    .replaceAll('\u200D', '');
  if (DEVANAGARI_LANGS.has(lang)) {
    s = s.replaceAll('\u0972', '\u090F');
    for (const [composed, base] of NUKTA_FORMS) s = s.replaceAll(composed, base + NUKTA);
    s = s.replaceAll('|', '\u0964');
    s = s.replace(/([\u0900-\u097f]):/g, '$1\u0903');
  }
  return s;
}

// Python's string.punctuation, escaped for a character class.
const ASCII_PUNCT = '!"#$%&\'()*+,\\-./:;<=>?@\\[\\\\\\]^_`{|}~';
// IndicNLP's set includes Meetei Mayek marks U+ABEC/U+ABED, combining characters meant one by one.
// eslint-disable-next-line no-misleading-character-class
const INDIC_PUNCT = new RegExp(`([${ASCII_PUNCT}\\u0964\\u0965\\uAAF1\\uAAF0\\uABEB\\uABEC\\uABED\\uABEE\\uABEF\\u1C7E\\u1C7F])`, 'g');
const URDU_PUNCT = new RegExp(`([${ASCII_PUNCT}\\u0609\\u060A\\u060C\\u061E\\u066A\\u066B\\u066C\\u066D\\u06D4])`, 'g');
const NUM_SEQ = /([0-9]+ [,.:/] )+[0-9]+/g;

function stripSpaces(s: string): string {
  return s.replace(/ +/g, ' ').replace(/^ +| +$/g, '');
}

/** IndicNLP's trivial tokeniser: the tokens of one sentence (Urdu with `lang` 'ur'). */
export function trivialTokenize(text: string, lang = ''): string[] {
  const tabless = text.replaceAll('\t', ' ');
  if (lang === 'ur') return stripSpaces(tabless.replace(URDU_PUNCT, ' $1 ')).split(' ');
  const s = stripSpaces(tabless.replace(INDIC_PUNCT, ' $1 '));
  // Re-join digit groups split above, with IndicNLP's quirk: a group only re-joins when it starts
  // after the end of the previous re-joined one (so never at the very start of the sentence).
  let out = '';
  let prev = 0;
  for (const m of s.matchAll(NUM_SEQ)) {
    const start = m.index;
    const end = start + m[0].length;
    if (start > prev) {
      out += s.slice(prev, start) + s.slice(start, end).replaceAll(' ', '');
      prev = end;
    }
  }
  return (out + s.slice(prev)).split(' ');
}

/** The text BLEU sees for one sentence under the Indic recipe. */
export function indicPrepare(text: string, lang = ''): string {
  return trivialTokenize(indicNormalize(text, lang), lang).join(' ');
}

/** Options of the Indic variant: BLEU's (the tokeniser is fixed to none) and `lang`. */
export type IndicOptions = MetricOptions;

/** "bleu-indic": IndicNLP normalisation + trivial tokenisation, then sacrebleu BLEU with tokenize=none. */
export const bleuIndic: MetricImpl = {
  rowStats(hyps, refs, options: IndicOptions) {
    const lang = options.lang ?? '';
    return bleu.rowStats(
      hyps.map((h) => indicPrepare(h, lang)),
      refs.map((stream) => stream.map((r) => indicPrepare(r, lang))),
      { ...options, tokenize: 'none' },
    );
  },
  fromTotals: (totals, options) => bleu.fromTotals(totals, { ...options, tokenize: 'none' }),
  width: () => bleu.width({}),
  signature(options: IndicOptions, nrefs) {
    bleuSettings({ ...options, tokenize: 'none' });
    return `${bleu.signature({ ...options, tokenize: 'none' }, nrefs)}|prep:indicnlp-norm[${options.lang || 'common'}]+trivtok`;
  },
};
