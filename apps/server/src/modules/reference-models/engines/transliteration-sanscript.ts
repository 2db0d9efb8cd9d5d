/**
 * Transliteration reference engine (docs/product.md#reference-models): `@indic-transliteration/sanscript`
 * maps letters between the Brahmic scripts of 13 languages and to/from a Latin romanisation (`en`).
 * Rule-based, letter by letter; romanised input is also matched against the language's Debian
 * dictionary so the usual spelling of a word comes first (docs/product.md#transliteration-word-ranking).
 */
import Sanscript from '@indic-transliteration/sanscript';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import { EngineInputError, type EngineLanguage, type EngineOptions, type ReferenceEngine } from '../engine.ts';
import { checkTextInputs, TEXT_INPUT_LIMIT } from './text-engine-input.ts';
import { Piscina } from 'piscina';
import { LEXICON_SOURCES, rankReadings, type LexiconIndex, type LexiconTables } from './transliteration-lexicon.ts';

const LEXICON_WORKER = new URL('./transliteration-lexicon.worker.ts', import.meta.url);

/** One Indic language: its Sanscript scheme, the Unicode block of its script, and how it is romanised. */
interface IndicScript {
  /** Sanscript scheme written as output. */
  scheme: string;
  /** Sanscript scheme used to read input in this script (differs for Tamil, see TAMIL_READING). */
  readScheme: string;
  /** Script name for messages. */
  scriptName: string;
  /** First and last code point of the script's Unicode block. */
  block: [number, number];
  /** Romanisation for `en`: ITRANS, or ITRANS-Dravidian (short e/o are e/o, long are E/O) for the Dravidian languages. */
  roman: 'itrans' | 'itrans_dravidian';
}

/** Sanscript's `tamil` scheme maps क ख ग घ all to க, so read back it picks the last (घ): a copy keeping only the first of each group reads க as क. */
const TAMIL_READING = 'tamil_ulca_reading';

const DEVANAGARI: Omit<IndicScript, 'roman'> = {
  scheme: 'devanagari',
  readScheme: 'devanagari',
  scriptName: 'Devanagari',
  block: [0x0900, 0x097f],
};

/** Languages served, by ISO 639-1 code (LANGUAGE_CODES). */
const INDIC: Record<string, IndicScript> = {
  hi: { ...DEVANAGARI, roman: 'itrans' },
  mr: { ...DEVANAGARI, roman: 'itrans' },
  sa: { ...DEVANAGARI, roman: 'itrans' },
  ne: { ...DEVANAGARI, roman: 'itrans' },
  bn: { scheme: 'bengali', readScheme: 'bengali', scriptName: 'Bengali', block: [0x0980, 0x09ff], roman: 'itrans' },
  as: { scheme: 'assamese', readScheme: 'assamese', scriptName: 'Bengali', block: [0x0980, 0x09ff], roman: 'itrans' },
  pa: { scheme: 'gurmukhi', readScheme: 'gurmukhi', scriptName: 'Gurmukhi', block: [0x0a00, 0x0a7f], roman: 'itrans' },
  gu: { scheme: 'gujarati', readScheme: 'gujarati', scriptName: 'Gujarati', block: [0x0a80, 0x0aff], roman: 'itrans' },
  or: { scheme: 'oriya', readScheme: 'oriya', scriptName: 'Odia', block: [0x0b00, 0x0b7f], roman: 'itrans' },
  ta: { scheme: 'tamil', readScheme: TAMIL_READING, scriptName: 'Tamil', block: [0x0b80, 0x0bff], roman: 'itrans_dravidian' },
  te: { scheme: 'telugu', readScheme: 'telugu', scriptName: 'Telugu', block: [0x0c00, 0x0c7f], roman: 'itrans_dravidian' },
  kn: { scheme: 'kannada', readScheme: 'kannada', scriptName: 'Kannada', block: [0x0c80, 0x0cff], roman: 'itrans_dravidian' },
  ml: { scheme: 'malayalam', readScheme: 'malayalam', scriptName: 'Malayalam', block: [0x0d00, 0x0d7f], roman: 'itrans_dravidian' },
};

/** Modern Indo-Aryan languages write a word-final consonant without a virama (भारत, not भारत्): dropped from romanised input. */
const FINAL_VIRAMA_DROPPED: ReadonlySet<string> = new Set(['hi', 'mr', 'ne', 'bn', 'as', 'pa', 'gu', 'or']);

/**
 * Every pair served: each Indic language ↔ `en`, and each Indic language → each other Indic
 * language of a different script (hi↔mr is the same Devanagari text: not listed).
 */
export const TRANSLITERATION_PAIRS: EngineLanguage[] = (() => {
  const codes = Object.keys(INDIC);
  const pairs: EngineLanguage[] = [];
  for (const a of codes) {
    pairs.push({ sourceLanguage: 'en', targetLanguage: a }, { sourceLanguage: a, targetLanguage: 'en' });
  }
  for (const a of codes) {
    for (const b of codes) {
      if (a !== b && INDIC[a].scheme !== INDIC[b].scheme) pairs.push({ sourceLanguage: a, targetLanguage: b });
    }
  }
  return pairs;
})();

const PAIR_KEYS: ReadonlySet<string> = new Set(TRANSLITERATION_PAIRS.map((p) => `${p.sourceLanguage}>${p.targetLanguage}`));

// Chillu letters (atomic Malayalam final consonants) are not in Sanscript's table: spelt as consonant + virama.
const MALAYALAM_CHILLU: Record<string, string> = {
  '\u0d7a': 'ണ്',
  '\u0d7b': 'ന്',
  '\u0d7c': 'ര്',
  '\u0d7d': 'ല്',
  '\u0d7e': 'ള്',
  '\u0d7f': 'ക്',
};
// Devanagari letters Gurmukhi has no letter for: their usual Punjabi spelling, applied before writing Gurmukhi.
const DEVANAGARI_FOR_GURMUKHI: [RegExp, string][] = [
  [/ृ/g, '्रि'],
  [/ऋ/g, 'रि'],
  [/ष/g, 'श'],
];

/**
 * Nukta letters: NFC keeps them as base + nukta (a composition exclusion), Sanscript's tables hold
 * the precomposed code points (क़ U+0958, ড় U+09DC, ਖ਼ U+0A59, ଡ଼ U+0B5C …). Built from Unicode data.
 */
const NUKTA_COMPOSE: Map<string, string> = (() => {
  const map = new Map<string, string>();
  for (let cp = 0x0900; cp <= 0x0d7f; cp++) {
    const ch = String.fromCodePoint(cp);
    const nfd = ch.normalize('NFD');
    if (nfd !== ch && nfd.length === 2) map.set(nfd, ch);
  }
  return map;
})();
const NUKTA_RE = new RegExp([...NUKTA_COMPOSE.keys()].join('|'), 'gu');

const LETTER_RE = /[\p{L}\p{M}]/gu;

/** The script a letter belongs to ('latin', an Indic block's scheme name, or 'other'). */
function letterScript(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (/\p{Script=Latin}/u.test(ch)) return 'latin';
  for (const s of Object.values(INDIC)) if (cp >= s.block[0] && cp <= s.block[1]) return s.scriptName;
  return 'other';
}

/**
 * Checks that `text` is written in the source language's script: at least one letter of it, and
 * no letter of another Indic script (Latin letters inside Indic text pass through unchanged).
 * @throws EngineInputError naming the script expected.
 */
function checkScript(text: string, source: string): void {
  const letters = text.match(LETTER_RE) ?? [];
  const expected = source === 'en' ? 'latin' : INDIC[source].scriptName;
  const scripts = new Set(letters.map(letterScript));
  const want =
    source === 'en' ? `'en' text must be romanised (ITRANS) in Latin letters` : `'${source}' text must be written in ${expected} script`;
  if (!scripts.has(expected)) throw new EngineInputError(`The text has no ${source === 'en' ? 'Latin' : expected} letters: ${want}.`);
  const foreign = [...scripts].filter((s) => s !== expected && (source === 'en' || (s !== 'latin' && s !== 'other')));
  if (foreign.length > 0) throw new EngineInputError(`The text mixes in ${foreign.join(', ')} letters: ${want}.`);
}

/**
 * Whether `text` is already written in the target's script: it has letters and all are of that
 * script (Latin for `en`). A transliterating input sends every word it sees, including words typed
 * in the target script, and expects that word back as its suggestion (docs/migration.md).
 */
function alreadyInTarget(text: string, source: string, target: string): boolean {
  const scriptOf = (code: string) => (code === 'en' ? 'latin' : INDIC[code].scriptName);
  // as → bn share the Bengali block but differ in letters: such text is transliterated.
  if (scriptOf(source) === scriptOf(target)) return false;
  const letters = text.match(LETTER_RE) ?? [];
  return letters.length > 0 && letters.every((ch) => letterScript(ch) === scriptOf(target));
}

/** Registers the Tamil reading scheme once: the `tamil` table with only the first Devanagari letter of each Tamil value. */
function registerTamilReading(): void {
  if (Sanscript.schemes[TAMIL_READING]) return;
  const tamil = Sanscript.schemes.tamil;
  const reading: Record<string, Record<string, string>> = {};
  const seen = new Set<string>();
  for (const [group, table] of Object.entries(tamil)) {
    if (typeof table !== 'object' || table === null || group === 'alternates') continue;
    reading[group] = {};
    for (const [deva, ta] of Object.entries(table)) {
      if (typeof ta !== 'string' || (ta !== '' && seen.has(ta))) continue;
      seen.add(ta);
      reading[group][deva] = ta;
    }
  }
  Sanscript.addBrahmicScheme(TAMIL_READING, reading);
}

/** Input in an Indic script, made ready for Sanscript: precomposed nukta letters, Malayalam chillus spelt out. */
function prepareIndic(text: string, source: string): string {
  let out = text.replace(NUKTA_RE, (m) => NUKTA_COMPOSE.get(m)!);
  if (source === 'ml') out = out.replace(/[\u0d7a-\u0d7f]/g, (c) => MALAYALAM_CHILLU[c] ?? c);
  return out;
}

/** Gurmukhi spelling after Sanscript: tippi (ੰ) rather than bindi after a consonant or a short vowel sign. */
function fixGurmukhi(text: string): string {
  return text.replace(/([\u0a15-\u0a39\u0a59-\u0a5e]|\u0a3f|\u0a41|\u0a42)\u0a02/g, '$1\u0a70');
}

/** Transliterates one text from `source` to `target` (both served codes); `roman` picks the Latin scheme for `en`. */
function transliterate(text: string, source: string, target: string, roman?: string): string {
  if (source === 'en') {
    const to = INDIC[target];
    let out = Sanscript.t(text, roman ?? to.roman, target === 'pa' ? 'devanagari' : to.scheme);
    if (target === 'pa') out = toGurmukhi(out);
    if (FINAL_VIRAMA_DROPPED.has(target)) out = dropFinalVirama(out, to);
    return out;
  }
  const from = INDIC[source];
  const prepared = prepareIndic(text, source);
  if (target === 'en') return Sanscript.t(prepared, from.readScheme, roman ?? from.roman);
  if (target === 'pa') return toGurmukhi(Sanscript.t(prepared, from.readScheme, 'devanagari'));
  return Sanscript.t(prepared, from.readScheme, INDIC[target].scheme);
}

/**
 * The engine's ITRANS reading of `text` written in `language` (a served Indic code): how a
 * dictionary's words (one a line) are keyed for ranking. Registers the Tamil reading first, so it
 * works in a fresh worker thread too.
 */
export function romaniseWords(text: string, language: string): string {
  registerTamilReading();
  return transliterate(text, language, 'en');
}

/**
 * The strict ITRANS reading of romanised `text` in `target` (a served Indic code), NFC: the letter
 * for letter answer the engine gave before dictionary ranking, kept as a suggestion and measured as
 * the baseline of bench/transliteration.ts.
 */
export function strictReading(text: string, target: string): string {
  return transliterate(text, 'en', target).normalize('NFC');
}

function toGurmukhi(devanagari: string): string {
  let out = devanagari;
  for (const [re, to] of DEVANAGARI_FOR_GURMUKHI) out = out.replace(re, to);
  return fixGurmukhi(Sanscript.t(out, 'devanagari', 'gurmukhi'));
}

const finalViramaRes = new Map<string, RegExp>();
/** Removes the virama of a word-final consonant (end of text or before a non-letter). */
function dropFinalVirama(text: string, script: IndicScript): string {
  let re = finalViramaRes.get(script.scheme);
  if (!re) {
    re = new RegExp(`${Sanscript.t('्', 'devanagari', script.scheme)}(?![\\p{L}\\p{M}])`, 'gu');
    finalViramaRes.set(script.scheme, re);
  }
  return text.replace(re, '');
}

/**
 * Creates the Sanscript transliteration engine (id `transliteration-sanscript`).
 *
 * Request: `{input:[{source}], config:{language:{sourceLanguage, targetLanguage}, numSuggestions?}}`
 * with a pair of TRANSLITERATION_PAIRS. Answer: `{output:[{source, target:[suggestions]}]}`, at most
 * `numSuggestions` (default 1) per input. Romanising, two at most (`numSuggestions` ≥ 2 adds the IAST
 * spelling). From romanised input (`en` source), for a language with a Debian dictionary
 * (docs/product.md#transliteration-word-ranking): each Roman word's best dictionary word first, then
 * for one word the other dictionary words and the strict ITRANS reading (ITRANS-Dravidian for ta,
 * te, kn, ml); for several words, the strict reading of the whole text second. Without a dictionary
 * (or `dictionaries: false`, the strict engine the tests and the bench's baseline use), the strict
 * reading alone. A language's dictionary is read on its first request (seconds; hi and ta at `warm`).
 * @throws EngineInputError for an unserved pair, empty or over-long text, or text not in the source's script.
 */
export function createTransliterationSanscriptEngine(
  opts: EngineOptions,
  { dictionaries = true }: { dictionaries?: boolean } = {},
): ReferenceEngine<'transliteration'> {
  let warmed = false;
  // Each language's dictionary index, built on its first romanised request in a worker thread
  // (null: none installed); the thread exits when idle.
  const lexicons = new Map<string, Promise<LexiconIndex | null>>();
  let threads: Piscina | undefined;
  function lexicon(language: string): Promise<LexiconIndex | null> {
    let found = lexicons.get(language);
    if (!found) {
      found = dictionaries && LEXICON_SOURCES[language] ? buildIndex(language) : Promise.resolve(null);
      lexicons.set(language, found);
    }
    return found;
  }
  async function buildIndex(language: string): Promise<LexiconIndex | null> {
    threads ??= new Piscina({
      filename: LEXICON_WORKER.href,
      execArgv: ['--import', 'tsx'],
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 5_000,
    });
    try {
      const tables = (await threads.run({ language })) as LexiconTables | null;
      if (!tables) return null;
      opts.log.info({ engine: 'transliteration-sanscript', language, words: tables.words, common: tables.common.size }, 'dictionary read');
      return { language, byKey: tables.byKey, common: tables.common, romanise: (text) => romaniseWords(text, language) };
    } catch (err) {
      // A dictionary that cannot be read leaves the strict reading (the engine still answers).
      opts.log.warn({ engine: 'transliteration-sanscript', language, err }, 'dictionary not read');
      return null;
    }
  }
  /**
   * Suggestions for romanised `text` in `target` (at most `wanted`, at least 1): each Roman word's best
   * dictionary reading (its strict reading when it is written in ITRANS capitals), then the strict
   * ITRANS reading (for one word: the other dictionary words before it). Without a dictionary, the
   * strict reading alone.
   */
  async function romanSuggestions(text: string, target: string, wanted: number): Promise<string[]> {
    const strict = strictReading(text, target);
    const index = await lexicon(target);
    if (!index) return [strict];
    const words = [...text.matchAll(/[A-Za-z]+/g)];
    // A capital after the first letter is ITRANS ("nAma", "shAnta"): its strict reading is meant, first.
    const ranked = words.map((m) => {
      const dictionary = rankReadings(index, m[0], Math.max(wanted, 1));
      return /[A-Z]/.test(m[0].slice(1)) ? [strictReading(m[0], target), ...dictionary] : dictionary;
    });
    const rebuild = (pick: (i: number, m: RegExpMatchArray) => string) => {
      let out = '';
      let at = 0;
      words.forEach((m, i) => {
        out += text.slice(at, m.index) + pick(i, m);
        at = m.index! + m[0].length;
      });
      return out + text.slice(at);
    };
    // Words without a dictionary reading keep the strict one.
    const best = rebuild((i, m) => ranked[i]![0] ?? transliterate(m[0], 'en', target)).normalize('NFC');
    const list = words.length === 1 ? [...ranked[0]!, strict] : [best, strict];
    return [...new Set([best, ...list])].slice(0, Math.max(wanted, 1));
  }
  async function warm(): Promise<void> {
    if (warmed) return;
    registerTamilReading();
    // One call per scheme builds Sanscript's internal maps before the first request.
    for (const code of Object.keys(INDIC)) transliterate('a', 'en', code);
    // The interface's Indic languages (docs/product.md#languages-of-the-interface): read before the first word is typed.
    // Read in a worker thread: the event loop stays free for other calls meanwhile.
    await Promise.all(['hi', 'ta'].map(lexicon));
    warmed = true;
    opts.log.info({ engine: 'transliteration-sanscript', pairs: TRANSLITERATION_PAIRS.length }, 'reference engine ready');
  }
  return {
    id: 'transliteration-sanscript',
    task: 'transliteration',
    languages: TRANSLITERATION_PAIRS,
    card: {
      name: 'Sanscript transliteration (reference)',
      description:
        'Rule-based transliteration with the Sanscript library: each letter is mapped through fixed tables between the ' +
        'Devanagari (hi, mr, sa, ne), Bengali-Assamese (bn, as), Gurmukhi (pa), Gujarati (gu), Odia (or), Tamil (ta), Telugu (te), ' +
        'Kannada (kn) and Malayalam (ml) scripts, and to and from romanised text (en). Romanised text is also matched against ' +
        `the language's Debian hunspell/aspell dictionary (${Object.keys(LEXICON_SOURCES).join(', ')}): each word's usual spelling ` +
        'comes first ("mera naam" → मेरा नाम), the strict ITRANS reading (e.g. "bhArata" for भारत; for ta, te, kn, ml ' +
        'ITRANS-Dravidian, where e/o are short and E/O long) stays a suggestion; asking for two suggestions when romanising adds ' +
        'the IAST spelling (bhārata). No trained model.',
      kind: 'rule-based',
      engine: '@indic-transliteration/sanscript 1.3.3',
      limits: [
        'Letter-for-letter mapping: no schwa deletion, so भारत is romanised "bhArata".',
        `No dictionary for ${Object.keys(INDIC)
          .filter((c) => !LEXICON_SOURCES[c])
          .join(', ')}: romanised input in these is read as strict ITRANS only (capitals are distinct letters: A = ā, T = ṭ).`,
        'The dictionaries have no word frequencies: between two real words typed alike ("bharat": भरत, भारत) the one a ' +
          'word list of web text has comes first, else the closer spelling; English words are not recognised as such.',
        'A word-final virama is dropped from romanised input for hi, mr, ne, bn, as, pa, gu and or (their spelling), kept for sa and the Dravidian languages.',
        'Tamil is lossy: its script has no voiced or aspirated letters, so क ख ग घ all become க and Tamil is read back with the plain letter (க → क).',
        'Gurmukhi is written with explicit virama conjuncts (ਸ੍ਤ) where Punjabi spelling often omits them; ष and ऋ are spelt श and रि.',
        'From romanised input, up to numSuggestions ranked dictionary words and the strict reading; otherwise one suggestion (two when romanising: ITRANS and IAST).',
        'Text already written entirely in the target script is answered unchanged, as its own suggestion.',
        TEXT_INPUT_LIMIT,
      ],
      license: 'mit',
      refUrl: 'https://github.com/indic-transliteration/sanscript.js',
    },
    exampleRequest: {
      input: [{ source: 'namaste bhArata' }],
      config: { language: { sourceLanguage: 'en', targetLanguage: 'hi' }, numSuggestions: 5, isSentence: true },
    },
    warm,
    async infer(request: InferenceRequest<'transliteration'>): Promise<InferenceResponse<'transliteration'>> {
      if (!warmed) await warm();
      const { sourceLanguage: source, targetLanguage: target } = request.config.language;
      if (!PAIR_KEYS.has(`${source}>${target}`)) {
        throw new EngineInputError(
          `Transliteration from '${source}' to '${target}' is not supported. Served: en ↔ ${Object.keys(INDIC).join(', ')}, and between any two of these in different scripts.`,
        );
      }
      const texts = checkTextInputs(request.input);
      const wanted = request.config.numSuggestions ?? 1;
      const output = [];
      for (const [i, text] of texts.entries()) {
        output.push(await answer(text, request.input[i].source));
      }
      return { output };
      async function answer(text: string, given: string) {
        if (alreadyInTarget(text, source, target)) return { source: given, target: [text.normalize('NFC')] };
        checkScript(text, source);
        if (source === 'en') return { source: given, target: await romanSuggestions(text, target, wanted) };
        // NFC output: Sanscript writes precomposed nukta letters (क़ U+0958), which NFC spells क + ़.
        const first = transliterate(text, source, target).normalize('NFC');
        const suggestions = [first];
        if (wanted >= 2 && target === 'en') {
          const iast = transliterate(text, source, target, 'iast');
          if (iast !== first) suggestions.push(iast);
        }
        return { source: given, target: suggestions };
      }
    },
    async close() {
      const pool = threads;
      threads = undefined;
      await pool?.destroy();
    },
  };
}
