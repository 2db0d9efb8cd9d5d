/**
 * Word lists that rank the transliteration engine's readings of a Roman word
 * (docs/product.md#transliteration-word-ranking): the Debian hunspell and aspell dictionaries of a
 * language, plus the word list of its Tesseract data (npm `@tesseract.js-data`, words of real web
 * text) as the mark of a common word. Read once per language, on its first request.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** Where a language's word lists are, each optional (a missing file is skipped). */
interface LexiconSource {
  /** hunspell `.dic` files (Debian hunspell-xx), under /usr/share/hunspell. */
  hunspell: string[];
  /** aspell compressed word list (Debian aspell-xx), under /usr/share/aspell. */
  aspell?: string;
  /** Tesseract language code of `@tesseract.js-data/<code>`. */
  tesseract?: string;
}

/**
 * Languages with a Debian dictionary (docs/product.md#transliteration-word-ranking), whose packages
 * scripts/ensure-debian-packages.mjs installs. Assamese and Sanskrit have none: they stay a rule set.
 * bn's aspell list is its hunspell list again (same words).
 */
export const LEXICON_SOURCES: Readonly<Record<string, LexiconSource>> = {
  hi: { hunspell: ['hi_IN.dic'], aspell: 'hi.cwl.gz', tesseract: 'hin' },
  bn: { hunspell: ['bn_IN.dic'], tesseract: 'ben' },
  gu: { hunspell: ['gu_IN.dic'], aspell: 'gu.cwl.gz', tesseract: 'guj' },
  ml: { hunspell: ['ml_IN.dic'], aspell: 'ml.cwl.gz', tesseract: 'mal' },
  te: { hunspell: ['te_IN.dic'], aspell: 'te.cwl.gz', tesseract: 'tel' },
  ne: { hunspell: ['ne_NP.dic'] },
  kn: { hunspell: [], aspell: 'kn.cwl.gz', tesseract: 'kan' },
  mr: { hunspell: [], aspell: 'mr.cwl.gz', tesseract: 'mar' },
  or: { hunspell: [], aspell: 'or.cwl.gz', tesseract: 'ori' },
  pa: { hunspell: [], aspell: 'pa.cwl.gz', tesseract: 'pan' },
  ta: { hunspell: [], aspell: 'ta.cwl.gz', tesseract: 'tam' },
};

/**
 * Decodes aspell's prefix-compressed word list (the `prezip` format of a `.cwl` once gunzipped):
 * 0x02, then per word a prefix byte (bytes shared with the previous word: 0x00–0x1D, or 0x1E then
 * 0xFF… adding 255 each and a last byte) and the rest of its bytes, ending 0x1F 0xFF.
 * @returns the words, UTF-8 decoded. @throws Error when the data does not start with 0x02.
 */
export function decodePrezip(data: Buffer): string[] {
  if (data[0] !== 0x02) throw new Error('not a prezip word list (no 0x02 header)');
  const words: string[] = [];
  let prev = Buffer.alloc(0);
  let i = 1;
  while (i < data.length) {
    let shared = data[i++]!;
    if (shared === 0x1f) break;
    if (shared === 0x1e) {
      shared = 30;
      while (data[i] === 0xff) {
        shared += 255;
        i++;
      }
      shared += data[i++]!;
    }
    const start = i;
    while (i < data.length && data[i]! >= 0x20) i++;
    const word = Buffer.concat([prev.subarray(0, shared), data.subarray(start, i)]);
    words.push(word.toString('utf8'));
    prev = word;
  }
  return words;
}

/**
 * The words of a Tesseract LSTM word DAWG (component 19 of a `.traineddata`, letters as ids of
 * component 21, the LSTM unicharset): a depth-first walk of its forward edges.
 * @returns [] when the data has no such components.
 */
export function decodeTesseractWords(traineddata: Buffer): string[] {
  const entries = traineddata.readInt32LE(0);
  const offsets = Array.from({ length: entries }, (_, k) => Number(traineddata.readBigInt64LE(4 + 8 * k)));
  const component = (t: number): Buffer | null => {
    if (!(offsets[t]! > 0)) return null;
    const end = offsets.slice(t + 1).find((o) => o > 0) ?? traineddata.length;
    return traineddata.subarray(offsets[t], end);
  };
  const dawg = component(19);
  const unicharset = component(21);
  if (!dawg || !unicharset) return [];
  const lines = unicharset.toString('utf8').split('\n');
  const letters = lines.slice(1, 1 + Number(lines[0])).map((l) => l.split(' ')[0]!);
  const size = dawg.readInt32LE(2);
  const edgeCount = dawg.readInt32LE(6);
  // An edge is 64 bits: letter id (flagStart bits), 3 flag bits, next node; read as two 32-bit halves (BigInt is slow).
  const flagStart = Math.ceil(Math.log2(size));
  const letterMask = 2 ** flagStart - 1;
  const words: string[] = [];
  const stack: [number, string][] = [[0, '']];
  while (stack.length > 0) {
    const [node, prefix] = stack.pop()!;
    for (let e = node; e < edgeCount; e++) {
      const low = dawg.readUInt32LE(10 + 8 * e);
      const high = dawg.readUInt32LE(14 + 8 * e);
      const flags = Math.floor(low / 2 ** flagStart) & 7;
      if (flags & 2) break; // backward edges follow the forward ones
      const word = prefix + (letters[low & letterMask] ?? '');
      if (flags & 4) words.push(word);
      const next = high * 2 ** (32 - flagStart - 3) + Math.floor(low / 2 ** (flagStart + 3));
      if (next !== 0 && prefix.length < 64) stack.push([next, word]);
      if (flags & 1) break; // last edge of the node
    }
  }
  return words;
}

/** A language's words: all (`known`) and the common ones (`common`, in the Tesseract list too). */
export interface LexiconWords {
  known: ReadonlySet<string>;
  common: ReadonlySet<string>;
  /** File names read, for the log and the card. */
  files: string[];
}

/**
 * Reads the word lists of `language` (NFC-normalised words; hunspell affix flags cut off).
 * @param dirs where the Debian files are (tests point elsewhere).
 * @returns null when the language has no dictionary file installed.
 */
export function readLexicon(
  language: string,
  dirs: { hunspell: string; aspell: string } = { hunspell: '/usr/share/hunspell', aspell: '/usr/share/aspell' },
): LexiconWords | null {
  const source = LEXICON_SOURCES[language];
  if (!source) return null;
  const known = new Set<string>();
  const files: string[] = [];
  for (const name of source.hunspell) {
    const file = path.join(dirs.hunspell, name);
    if (!fs.existsSync(file)) continue;
    // Line 1 is the word count; flags after '/' name affixes (only ne has any: its stems are kept).
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const word = line.split('/')[0]!.trim();
      if (word) known.add(word.normalize('NFC'));
    }
    files.push(file);
  }
  if (source.aspell) {
    const file = path.join(dirs.aspell, source.aspell);
    if (fs.existsSync(file)) {
      for (const word of decodePrezip(gunzipSync(fs.readFileSync(file)))) if (word) known.add(word.normalize('NFC'));
      files.push(file);
    }
  }
  if (files.length === 0) return null;
  const common = new Set<string>();
  const tesseractOnly: string[] = [];
  if (source.tesseract) {
    try {
      const require = createRequire(import.meta.url);
      const dir = path.dirname(require.resolve(`@tesseract.js-data/${source.tesseract}/package.json`));
      const file = path.join(dir, '4.0.0_best_int', `${source.tesseract}.traineddata.gz`);
      // Words of real text: common when the dictionary has them too, known (not common) otherwise.
      for (const word of decodeTesseractWords(gunzipSync(fs.readFileSync(file)))) {
        // Tesseract writes a visible virama as virama + ZWNJ (கோவில்‌): the plain spelling is the word.
        const w = word.replace(/[\u200c\u200d]/g, '').normalize('NFC');
        if (!/^[\p{L}\p{M}]+$/u.test(w)) continue;
        if (known.has(w)) common.add(w);
        else tesseractOnly.push(w);
      }
      files.push(file);
    } catch {
      // No Tesseract data for the language: every dictionary word counts the same.
    }
  }
  for (const w of tesseractOnly) known.add(w);
  return { known, common, files };
}

/** Dravidian languages: a final `a` is written (no schwa to drop); Tamil also has no voiced letters. */
const DRAVIDIAN: ReadonlySet<string> = new Set(['ta', 'te', 'kn', 'ml']);

/**
 * Romanised text spelt as Roman-letter typists spell it: from the engine's ITRANS (`dictionary`:
 * long vowels doubled, A → aa; ज्ञ "gy"; ऋ "ri"; capitals lowered; Dravidian long e/o marked
 * "e:"/"o:", as their typists write "ee" for ī) or from what was typed (lower case); line by line
 * (line breaks kept, so a whole dictionary is spelt in one pass). Tamil, whose
 * script has no voiced letters, is spelt voiceless, with "th" for த and "t" for ட as Tamils type.
 */
function typedForm(roman: string, language: string, dictionary: boolean): string {
  let s = roman;
  if (dictionary) {
    // Sanscript has no ITRANS for ढ़ (U+095D); a word with another letter it left unread is dropped (an empty line).
    s = s.replace(/\u095d/g, '.Dh').replace(/^.*[^\n -~].*$/gm, '');
    if (language === 'ta') s = s.replace(/nR/g, 'ndr').replace(/RR/g, 'tr').replace(/t/g, 'th').replace(/T/g, 't');
    s = s
      // Telugu, Kannada and Malayalam end many words in an anusvara said "m" (అన్నం, "annam").
      .replace(/M$/gm, DRAVIDIAN.has(language) ? 'm' : 'M')
      .replace(/Ch/g, 'chh')
      .replace(/j~n|GY|dny/g, 'gy')
      .replace(/RR[iI]|R\^[iI]/g, 'ri')
      .replace(/A/g, 'aa')
      .replace(/I/g, 'ii')
      .replace(/U/g, 'uu')
      .replace(/E/g, DRAVIDIAN.has(language) ? 'e:' : 'ee')
      .replace(/O/g, DRAVIDIAN.has(language) ? 'o:' : 'oo')
      .replace(/\.N|\.n|M|~N|~n|N\^/g, 'n');
  } else if (language === 'ta') s = s.replace(/dh/g, 'th').replace(/d/g, 't');
  s = s
    .toLowerCase()
    .replace(/ee/g, 'ii')
    .replace(/oo/g, 'uu')
    .replace(/w/g, 'v')
    .replace(/[^a-z:\n]/g, '');
  if (language === 'ta') s = s.replace(/[gjbsz](?!h)/g, (c) => ({ g: 'k', j: 'ch', b: 'p', s: 'ch', z: 'ch' })[c]!);
  if (language === 'bn' || language === 'as') s = s.replace(/v/g, 'b');
  return s;
}

/** `typedForm` with vowel length gone (Hinglish writes ā as a): the form that scores a candidate. */
function lightForm(typed: string): string {
  return typed.replace(/aa/g, 'a').replace(/ii/g, 'i').replace(/uu/g, 'u').replace(/:/g, '');
}

/**
 * The index key of a romanised word: `lightForm` with aspiration, retroflexion, sibilants, doubled
 * letters and every `a` gone, so "duniya" and duniyA, "sheher" and shahar land together.
 */
function keyOf(typed: string): string {
  return lightForm(typed)
    .replace(/zh/g, 'l')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    .replace(/z/g, 'j')
    .replace(/f/g, 'p')
    .replace(/ay$/gm, 'e')
    .replace(/ai|ei/g, 'e')
    .replace(/au|ou/g, 'o')
    .replace(/([bcdgjkprt])h+/g, '$1')
    .replace(/sh/g, 's')
    .replace(/m(?=[pb])/g, 'n')
    .replace(/[ae]/g, '')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Levenshtein distance from what was typed to a candidate's typed form. With `schwa` (Indo-Aryan
 * languages), an `a` only one side has (a schwa written or not) costs 0.4 or 0.5; Dravidian
 * languages write every vowel, so there it costs 1 ("kovil" is கோவில், not கோவில).
 */
function distance(typed: string, candidate: string, schwa: boolean): number {
  const prev = Array.from({ length: candidate.length + 1 }, (_, j) => j);
  for (let i = 1; i <= typed.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= candidate.length; j++) {
      const up = prev[j]!;
      const drop = schwa && candidate[j - 1] === 'a' ? 0.4 : 1;
      const extra = schwa && typed[i - 1] === 'a' ? 0.5 : 1;
      prev[j] = Math.min(up + extra, prev[j - 1]! + drop, diag + (typed[i - 1] === candidate[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[candidate.length]!;
}

/** The index of one language as it crosses the thread boundary (its `romanise` function is added back by the engine). */
export interface LexiconTables {
  byKey: Map<string, string>;
  common: Set<string>;
  /** How many words the dictionary files hold (for the log). */
  words: number;
}

/** A language's dictionary, indexed by romanised key for {@link rankReadings}. */
export interface LexiconIndex {
  language: string;
  /** Key → the words under it, tab-separated (one string a key: a third of the memory of arrays of entries). */
  byKey: ReadonlyMap<string, string>;
  common: ReadonlySet<string>;
  /** The engine's ITRANS reading of a text of the language (words one a line). */
  romanise: (text: string) => string;
}

/** The typed and light forms of `words` (one a line through each step: much faster than word by word). */
function spell(
  language: string,
  words: string[],
  romanise: (text: string) => string,
): { typed: string[]; light: string[]; keys: string[] } {
  let romans = romanise(words.join('\n'));
  // Indo-Aryan words lose a final inherent `a` (मेर is typed "mer").
  if (!DRAVIDIAN.has(language)) romans = romans.replace(/([^aeiouAEIOU\n])a$/gm, '$1');
  const typedText = typedForm(romans, language, true);
  const typed = typedText.split('\n');
  if (typed.length !== words.length) throw new Error(`romanising ${language} words changed their line count`);
  return { typed, light: lightForm(typedText).split('\n'), keys: keyOf(typedText).split('\n') };
}

/**
 * Indexes `words` by key. `romanise` writes a text of the language in ITRANS (the engine's own
 * reading of its script); it gets all the words at once, one a line. The known words are not kept
 * (only the common ones): a candidate's spelling is worked out again when it is asked for.
 */
export function indexLexicon(language: string, words: LexiconWords, romanise: (text: string) => string): LexiconIndex {
  const byKey = new Map<string, string>();
  const list = [...words.known];
  const { typed, keys } = spell(language, list, romanise);
  list.forEach((word, i) => {
    if (!typed[i]) return;
    const found = byKey.get(keys[i]!);
    byKey.set(keys[i]!, found === undefined ? word : `${found}\t${word}`);
  });
  return { language, byKey, common: words.common, romanise };
}

/**
 * Dictionary words a Roman-letter word may be, best first (at most `limit`): words sharing its key,
 * ordered by how far their usual typed spelling is from the input (vowel length ignored), then by
 * whether the word is common (in the Tesseract list), then by the distance with vowel length kept
 * ("naam" is नाम before नम). Words more than a third of the input's length away are left out.
 * @returns [] when no dictionary word is close (the caller falls back to the strict reading).
 */
export function rankReadings(index: LexiconIndex, roman: string, limit: number): string[] {
  // Typed capitals are a capitalised word ("Ram"), not ITRANS letters.
  const typed = typedForm(roman.toLowerCase(), index.language, false);
  const light = lightForm(typed);
  const under = index.byKey.get(keyOf(typed));
  if (!under) return [];
  const words = under.split('\t');
  const spelt = spell(index.language, words, index.romanise);
  const bound = Math.max(1, light.length / 3);
  const schwa = !DRAVIDIAN.has(index.language);
  // A final "a" typed stands for ā as often as for a ("amma", "mera"): not counted against either.
  const longEnd = (t: string) => t.replace(/aa$/, 'a');
  const bonus = (word: string) => (index.common.has(word) ? 0.6 : 0);
  return words
    .map((word, i) => ({
      word,
      near: distance(light, spelt.light[i]!, schwa),
      exact: distance(longEnd(typed), longEnd(spelt.typed[i]!), schwa),
    }))
    .filter((c) => c.near <= bound)
    .sort((a, b) => a.near - bonus(a.word) - (b.near - bonus(b.word)) || a.exact - b.exact)
    .slice(0, limit)
    .map((c) => c.word);
}
