/**
 * Writing systems of the ULCA languages, for the validate-stage script check (docs/architecture.md#dataset-stages:
 * "text in the declared language's script").
 *
 * Scripts are Unicode script property names (`\p{Script=…}`), so the character tables are the
 * regex engine's, not ours. A language maps to the script(s) it is commonly written in; text
 * passes when enough of its letters belong to any of them. Languages without a settled script
 * (mixed, unknown, Santali, Panim) are not checked. The language table is lib/language-scripts.ts.
 */
import { LANGUAGE_SCRIPTS, type UnicodeScript } from '../../../lib/language-scripts.ts';

export type { UnicodeScript };

/**
 * Languages the validate stage does not script-check: no settled script in datasets (mixed,
 * unknown), or one too often written in another (Santali, Panim).
 */
const UNCHECKED_LANGUAGES: ReadonlySet<string> = new Set(['mixed', 'unknown', 'sat', 'pnr']);

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
  return UNCHECKED_LANGUAGES.has(lang) ? null : (LANGUAGE_SCRIPTS[lang] ?? null);
}

const LETTER = /^\p{L}$/u;
const NON_LETTER = 1;
const OTHER_LETTER = 2;
const SCRIPT_LETTER = 3;

/**
 * Memoised classification of BMP code points against one script set. The regex engine decides
 * each code point once (`\p{L}`, `\p{Script=…}`); later sightings are a table read, which keeps
 * the check at millions of characters per second. Astral code points always go to the regex.
 */
class ScriptClassifier {
  private readonly memo = new Uint8Array(0x10000);
  private readonly inScript: RegExp | null;

  constructor(scripts: readonly UnicodeScript[] | null) {
    this.inScript = scripts ? new RegExp(`^[${scripts.map((s) => `\\p{Script=${s}}`).join('')}]$`, 'u') : null;
  }

  private decide(ch: string): number {
    if (!LETTER.test(ch)) return NON_LETTER;
    return this.inScript?.test(ch) ? SCRIPT_LETTER : OTHER_LETTER;
  }

  /** Letters of `text`, and how many of them are in the script set. */
  count(text: string): { letters: number; inScript: number } {
    let letters = 0;
    let inScript = 0;
    const memo = this.memo;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      let k: number;
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
        const cp = text.codePointAt(i) as number;
        k = this.decide(String.fromCodePoint(cp));
        if (cp > 0xffff) i++;
      } else {
        k = memo[c];
        if (k === 0) k = memo[c] = this.decide(String.fromCharCode(c));
      }
      if (k !== NON_LETTER) {
        letters++;
        if (k === SCRIPT_LETTER) inScript++;
      }
    }
    return { letters, inScript };
  }
}

const classifiers = new Map<string, ScriptClassifier>();

function classifier(scripts: readonly UnicodeScript[] | null): ScriptClassifier {
  const key = scripts ? scripts.join('|') : '';
  let c = classifiers.get(key);
  if (!c) {
    c = new ScriptClassifier(scripts);
    classifiers.set(key, c);
  }
  return c;
}

/**
 * Letters (`\p{L}`) of `text` and how many are in any of `scripts` (null: none counted as in
 * script). Digits, combining marks, punctuation and spaces are not letters.
 */
export function countLetters(text: string, scripts: readonly UnicodeScript[] | null): { letters: number; inScript: number } {
  return classifier(scripts).count(text);
}

/** Number of letters (`\p{L}`) in `text`. */
export function letterCount(text: string): number {
  return classifier(null).count(text).letters;
}

/**
 * Share (0..1) of the letters of `text` that are in the script(s) expected for `lang`
 * (see expectedScripts). Null when the language has no settled script or the text has no letter.
 */
export function scriptShare(text: string, lang: string, scriptCode?: string): number | null {
  const scripts = expectedScripts(lang, scriptCode);
  if (!scripts) return null;
  const { letters, inScript } = countLetters(text, scripts);
  return letters === 0 ? null : inScript / letters;
}
