/**
 * Writing systems of the ULCA languages, for the validate-stage script check (DESIGN.md §6:
 * "text in the declared language's script").
 *
 * Scripts are Unicode script property names (`\p{Script=…}`), so the character tables are the
 * regex engine's, not ours. A language maps to the script(s) it is commonly written in; text
 * passes when enough of its letters belong to any of them. Languages without a settled script
 * (mixed, unknown, Santali, Panim) map to null and are not checked.
 */

/** Unicode script property value names used below. */
export type UnicodeScript =
  | 'Latin' | 'Devanagari' | 'Bengali' | 'Gurmukhi' | 'Gujarati' | 'Oriya' | 'Tamil' | 'Telugu' | 'Kannada' | 'Malayalam'
  | 'Sinhala' | 'Arabic' | 'Thaana' | 'Meetei_Mayek' | 'Ol_Chiki';

/** Language code → script(s), or null when the script is ambiguous or unknown (no check). */
export const LANGUAGE_SCRIPTS: Readonly<Record<string, readonly UnicodeScript[] | null>> = {
  en: ['Latin'],
  hi: ['Devanagari'],
  mr: ['Devanagari'],
  ne: ['Devanagari'],
  sa: ['Devanagari'],
  mai: ['Devanagari'],
  bho: ['Devanagari'],
  brx: ['Devanagari'],
  doi: ['Devanagari'],
  kok: ['Devanagari'],
  awa: ['Devanagari'],
  hne: ['Devanagari'],
  mag: ['Devanagari'],
  bns: ['Devanagari'],
  mwr: ['Devanagari'],
  raj: ['Devanagari'],
  anp: ['Devanagari'],
  bih: ['Devanagari'],
  hlb: ['Devanagari'],
  gbm: ['Devanagari'],
  // Goan Konkani is printed in Devanagari, Latin (Romi) and Kannada.
  gom: ['Devanagari', 'Latin', 'Kannada'],
  sjp: ['Devanagari', 'Bengali'],
  bn: ['Bengali'],
  as: ['Bengali'],
  mni: ['Bengali', 'Meetei_Mayek'],
  pa: ['Gurmukhi'],
  gu: ['Gujarati'],
  or: ['Oriya'],
  ta: ['Tamil'],
  te: ['Telugu'],
  kn: ['Kannada'],
  tcy: ['Kannada', 'Malayalam'],
  ml: ['Malayalam'],
  si: ['Sinhala'],
  ur: ['Arabic'],
  ks: ['Arabic', 'Devanagari'],
  sd: ['Arabic', 'Devanagari'],
  lus: ['Latin'],
  kha: ['Latin'],
  grt: ['Latin'],
  njz: ['Latin'],
  sat: null,
  pnr: null,
  mixed: null,
  unknown: null,
};

/** ISO 15924 code (params `sourceScriptCode` / `targetScriptCode`) → Unicode script name. */
export const ISO15924_SCRIPTS: Readonly<Record<string, UnicodeScript>> = {
  Latn: 'Latin',
  Deva: 'Devanagari',
  Beng: 'Bengali',
  Guru: 'Gurmukhi',
  Gujr: 'Gujarati',
  Orya: 'Oriya',
  Taml: 'Tamil',
  Telu: 'Telugu',
  Knda: 'Kannada',
  Mlym: 'Malayalam',
  Sinh: 'Sinhala',
  Arab: 'Arabic',
  // Nastaliq is a style of the Arabic script; Unicode does not separate it.
  Aran: 'Arabic',
  Thaa: 'Thaana',
  Mtei: 'Meetei_Mayek',
  Olck: 'Ol_Chiki',
};

/**
 * The scripts expected for text of `lang`: the declared ISO 15924 `scriptCode` when given
 * (e.g. romanised Hindi in a transliteration pair), else the language's usual script(s).
 * Null when there is nothing to check against.
 */
export function expectedScripts(lang: string, scriptCode?: string): readonly UnicodeScript[] | null {
  if (scriptCode && ISO15924_SCRIPTS[scriptCode]) return [ISO15924_SCRIPTS[scriptCode]];
  return LANGUAGE_SCRIPTS[lang] ?? null;
}

const LETTER = /\p{L}/gu;
const scriptRegexCache = new Map<string, RegExp>();

/** A global regex matching one letter of any of `scripts` (compiled once per script set). */
function scriptLetterRegex(scripts: readonly UnicodeScript[]): RegExp {
  const key = scripts.join('|');
  let re = scriptRegexCache.get(key);
  if (!re) {
    // The lookahead keeps marks, digits and punctuation of the script out of the count.
    re = new RegExp(`(?=\\p{L})[${scripts.map((s) => `\\p{Script=${s}}`).join('')}]`, 'gu');
    scriptRegexCache.set(key, re);
  }
  return re;
}

function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.test(text)) n++;
  return n;
}

/** Number of letters (`\p{L}`) in `text`; digits, marks, punctuation and spaces are not letters. */
export function letterCount(text: string): number {
  return countMatches(text, LETTER);
}

/**
 * Share (0..1) of the letters of `text` that are in the script(s) expected for `lang`
 * (see expectedScripts). Null when the language has no settled script or the text has no letter.
 */
export function scriptShare(text: string, lang: string, scriptCode?: string): number | null {
  const scripts = expectedScripts(lang, scriptCode);
  if (!scripts) return null;
  const letters = letterCount(text);
  if (letters === 0) return null;
  return countMatches(text, scriptLetterRegex(scripts)) / letters;
}
