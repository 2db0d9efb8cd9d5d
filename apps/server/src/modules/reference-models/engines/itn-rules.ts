/**
 * Inverse text normalisation reference engine (docs/product.md#reference-models): number words are
 * written back as digits, "बारह लाख चौंतीस हज़ार पांच सौ सड़सठ" → "1234567". Rule-based: the word
 * lists are to-words' locale tables (the same words the text-normalisation engine writes), read
 * back by a small parser of the Indian number system (hundred, thousand, lakh, crore, …).
 */
import { ToWords } from 'to-words';
import type { InferenceRequest, InferenceResponse } from '@ulca/contracts';
import type { EngineOptions, ReferenceEngine } from '../engine.ts';
import { perLanguageTables, referenceEngine } from './engine-shape.ts';
import { checkTextInputs, TEXT_INPUT_LIMIT } from './text-engine-input.ts';
import { TOWORDS_LOCALES, TOWORDS_PROJECT } from './text-normalization-towords.ts';

/** What a phrase of number words means. */
type Phrase =
  | { kind: 'value'; value: bigint } // a number below the next scale, as one word or phrase (पच्चीस, "twenty", पाचशे, "One Hundred")
  | { kind: 'scale'; value: bigint } // a power of ten ≥ 100 that multiplies what precedes it (सौ, hundred, लाख, crore)
  | { kind: 'point' }
  | { kind: 'minus' }
  | { kind: 'and' };

/** The number words of one language, keyed by normalised phrase (see `wordKey`). */
interface Lexicon {
  phrases: Map<string, Phrase>;
  /** Most words in one phrase (to-words' Tamil 34 is "முப்பத்தி நான்கு"). */
  maxWords: number;
}

/** Spellings people use that to-words' tables do not have, per language: word → meaning. */
const EXTRA_WORDS: Record<string, Record<string, Phrase>> = {
  en: {
    lakhs: { kind: 'scale', value: 100_000n },
    lac: { kind: 'scale', value: 100_000n },
    lacs: { kind: 'scale', value: 100_000n },
    crores: { kind: 'scale', value: 10_000_000n },
    million: { kind: 'scale', value: 1_000_000n },
    billion: { kind: 'scale', value: 1_000_000_000n },
    oh: { kind: 'value', value: 0n },
    and: { kind: 'and' },
  },
  hi: {
    छः: { kind: 'value', value: 6n },
    छ: { kind: 'value', value: 6n },
    इक्यानवे: { kind: 'value', value: 91n },
    इक्यावन: { kind: 'value', value: 51n },
    शून्य: { kind: 'value', value: 0n },
    दशमलव: { kind: 'point' },
    माइनस: { kind: 'minus' },
  },
};

// Marks that vary between spellings of the same word: nukta (हज़ार / हजार), and chandrabindu written as anusvara (पाँच / पांच).
const NUKTA_RE = /[\u093c\u09bc\u0a3c\u0abc\u0b3c\u0cbc]/gu;
const ZW_RE = /[\u200c\u200d]/gu;

/** The lookup key of a word: NFC, lower-case, without nukta or zero-width joiners, chandrabindu as anusvara. */
function wordKey(word: string): string {
  return word
    .normalize('NFC')
    .normalize('NFD')
    .replace(NUKTA_RE, '')
    .replace(ZW_RE, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/\u0901/g, '\u0902')
    .replace(/\u0981/g, '\u0982');
}
const phraseKey = (phrase: string) => phrase.split(/\s+/).filter(Boolean).map(wordKey).join(' ');

/** Builds a language's lexicon from its to-words locale table (plus EXTRA_WORDS). */
function buildLexicon(lang: string, localeCode: string): Lexicon {
  const { config } = new ToWords({ localeCode }).getLocale();
  const phrases = new Map<string, Phrase>();
  const add = (text: string, phrase: Phrase) => {
    const key = phraseKey(text);
    if (key && !phrases.has(key)) phrases.set(key, phrase);
  };
  const isScale = (n: bigint) => n >= 100n && /^10+$/.test(n.toString());
  for (const entry of [...(config.exactWordsMapping ?? []), ...config.numberWordsMapping]) {
    const n = BigInt(entry.number);
    const spellings = [entry.value, entry.singularValue, entry.feminineValue, entry.masculineValue].flat().filter((v): v is string => !!v);
    for (const text of spellings) {
      // A one-word power of ten (सौ, hundred, लाख) multiplies; a phrase such as en-IN's "One Hundred" is a plain value.
      add(text, isScale(n) && !/\s/.test(text.trim()) ? { kind: 'scale', value: n } : { kind: 'value', value: n });
    }
  }
  add(config.texts.point, { kind: 'point' });
  add(config.texts.minus, { kind: 'minus' });
  for (const [word, phrase] of Object.entries(EXTRA_WORDS[lang] ?? {})) add(word, phrase);
  const maxWords = Math.max(...[...phrases.keys()].map((k) => k.split(' ').length));
  return { phrases, maxWords };
}

/** A word of the text with its UTF-16 offsets. */
interface Word {
  key: string;
  start: number;
  end: number;
}
/** A phrase found at a word position: its meaning and how many words it spans. */
interface Match {
  phrase: Phrase;
  words: number;
}

/** Longest phrase of the lexicon starting at word `i`, its words separated only by spaces or hyphens. */
function matchAt(text: string, words: Word[], i: number, lex: Lexicon): Match | null {
  for (let n = Math.min(lex.maxWords, words.length - i); n >= 1; n--) {
    let joined = true;
    for (let k = i + 1; k < i + n; k++) if (!/^[\s-]+$/.test(text.slice(words[k - 1].end, words[k].start))) joined = false;
    if (!joined) continue;
    const phrase = lex.phrases.get(
      words
        .slice(i, i + n)
        .map((w) => w.key)
        .join(' '),
    );
    if (phrase) return { phrase, words: n };
  }
  return null;
}

/** Largest power of ten dividing n (n > 0): how many digits at the right are still free (90 → 10: "ninety" takes one unit word). */
function place(n: bigint): bigint {
  let p = 1n;
  while (n % (p * 10n) === 0n) p *= 10n;
  return p;
}

/**
 * Reads one integer from the phrases starting at `m[0]`: values add up while each fits the free
 * digits of the previous (twenty + five), a scale multiplies everything before it that is smaller
 * (five hundred, one lakh crore). Returns the value and how many phrases it used, or null.
 */
function readInteger(m: Phrase[]): { value: bigint; used: number } | null {
  const segments: { value: bigint; scale: bigint }[] = [];
  let current: bigint | null = null;
  let used = 0;
  for (const p of m) {
    if (p.kind === 'value') {
      const lastScale = segments.length ? segments[segments.length - 1].scale : null;
      if (current !== null) {
        if (current === 0n || p.value >= place(current)) break;
        current += p.value;
      } else {
        if (lastScale !== null && p.value >= lastScale) break;
        current = p.value;
      }
    } else if (p.kind === 'scale') {
      let base = current ?? 0n;
      let popped = false;
      while (segments.length && segments[segments.length - 1].scale < p.value) {
        base += segments.pop()!.value;
        popped = true;
      }
      if (current === null && !popped) {
        // A bare scale word ("सौ", "hundred") is one of it, unless it would follow a smaller or equal scale.
        if (segments.length && segments[segments.length - 1].scale <= p.value) break;
        base = 1n;
      }
      if (current === 0n) break;
      segments.push({ value: base * p.value, scale: p.value });
      current = null;
    } else break;
    used++;
  }
  if (used === 0) return null;
  const value = segments.reduce((sum, s) => sum + s.value, current ?? 0n);
  return { value, used };
}

/** Rewrites the number words of one text as digits, leaving every other character as it is. */
export function inverseNormalize(text: string, lex: Lexicon): string {
  const words: Word[] = [...text.matchAll(/[\p{L}\p{M}\u200c\u200d]+/gu)].map((m) => ({
    key: wordKey(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
  // The text as a list of phrases (first and last word index); `null` for a word that is not a number word.
  const found: { phrase: Phrase | null; first: number; last: number }[] = [];
  for (let i = 0; i < words.length;) {
    const m = matchAt(text, words, i, lex);
    if (m) {
      found.push({ phrase: m.phrase, first: i, last: i + m.words - 1 });
      i += m.words;
    } else {
      found.push({ phrase: null, first: i, last: i });
      i++;
    }
  }
  // Consecutive phrases only join when just spaces or hyphens separate them.
  const adjacent = (a: number, b: number) =>
    found[a].phrase !== null &&
    found[b].phrase !== null &&
    /^[\s-]+$/.test(text.slice(words[found[a].last].end, words[found[b].first].start));
  let out = '';
  let copied = 0;
  for (let i = 0; i < found.length;) {
    if (found[i].phrase === null) {
      i++;
      continue;
    }
    let j = i;
    let sign = '';
    if (found[j].phrase?.kind === 'minus') {
      if (j + 1 < found.length && adjacent(j, j + 1)) {
        sign = '-';
        j++;
      } else {
        i++;
        continue;
      }
    }
    // The run of adjacent number phrases from j; "and" only between two number words.
    const run: Phrase[] = [];
    const at: number[] = [];
    for (let k = j; k < found.length && (k === j || adjacent(k - 1, k)); k++) {
      const phrase = found[k].phrase;
      if (phrase === null) break;
      if (phrase.kind === 'and') {
        if (k === j || k + 1 >= found.length || !adjacent(k, k + 1)) break;
        continue;
      }
      run.push(phrase);
      at.push(k);
    }
    const int = readInteger(run);
    if (!int) {
      i = j + 1;
      continue;
    }
    let digits = int.value.toString();
    let lastPhrase = at[int.used - 1];
    // Decimals: after the point word, each number read is appended as digits ("point zero five" → .05).
    const pointAt = at[int.used];
    if (pointAt !== undefined && found[pointAt].phrase?.kind === 'point') {
      let rest = run.slice(int.used + 1);
      let restAt = at.slice(int.used + 1);
      let fraction = '';
      while (rest.length) {
        const part = readInteger(rest);
        if (!part) break;
        fraction += part.value.toString();
        lastPhrase = restAt[part.used - 1];
        rest = rest.slice(part.used);
        restAt = restAt.slice(part.used);
      }
      if (fraction) digits += `.${fraction}`;
    }
    const start = words[found[i].first].start;
    const end = words[found[lastPhrase].last].end;
    out += text.slice(copied, start) + sign + digits;
    copied = end;
    i = lastPhrase + 1;
  }
  return out + text.slice(copied);
}

/**
 * Creates the rule-based ITN engine (id `itn-rules`).
 *
 * Request: `{input:[{source}], config:{language:{sourceLanguage}}}` with a language of
 * TOWORDS_LOCALES. Answer: `{output:[{source, target}]}`, target = source with every run of number
 * words replaced by ASCII digits (no grouping commas; a point word gives decimals, a minus word a
 * sign). Words that are not number words are left as they are.
 * @throws EngineInputError for an unserved language or empty / over-long text.
 */
export function createItnRulesEngine(opts: EngineOptions): ReferenceEngine<'itn'> {
  const lexicons = perLanguageTables('itn-rules', TOWORDS_LOCALES, buildLexicon, opts.log);
  const warm = () => lexicons.warm();
  return referenceEngine({
    id: 'itn-rules',
    task: 'itn',
    sourceLanguages: Object.keys(TOWORDS_LOCALES),
    card: {
      name: 'Rule-based number ITN (reference)',
      description:
        'Rule-based inverse text normalisation: runs of number words ("twelve lakh thirty four thousand", "पच्चीस", ' +
        '"बारह दशांश पांच") are written back as digits (1234000, 25, 12.5). The words are those of the to-words locale tables ' +
        '(hi, mr, bn, as, gu, pa, or, ta, te, kn, ml, Indian English, Urdu), read by a small parser of the Indian number system; ' +
        'common variant spellings (हजार/हज़ार, पाँच/पांच, lakhs, million) are accepted. Tested as the exact inverse of the ' +
        'to-words normalisation engine.',
      kind: 'rule-based',
      engine: 'to-words 5.7.0 word tables + own parser',
      limits: [
        'Numbers only: ordinals, dates, times, currencies and units are not rewritten (the number inside them is).',
        'Every number word is converted, also where it is not a quantity ("one of them" → "1 of them").',
        'Digits are written without grouping commas (1234567), in ASCII digits.',
        'Words must be spelt as in the to-words tables or the few variants listed; inflected forms (e.g. "दोनों") are not recognised.',
        'Number words in a row that cannot form one number are read as separate numbers ("two three" → "2 3").',
        TEXT_INPUT_LIMIT,
      ],
      ...TOWORDS_PROJECT,
    },
    exampleRequest: { input: [{ source: 'मेरे पास पच्चीस आम और एक लाख पचास हज़ार रुपये हैं' }], config: { language: { sourceLanguage: 'hi' } } },
    warm,
    async infer(request: InferenceRequest<'itn'>): Promise<InferenceResponse<'itn'>> {
      await warm();
      const lex = lexicons.of(request.config.language.sourceLanguage, 'ITN');
      const texts = checkTextInputs(request.input);
      return { output: texts.map((text, i) => ({ source: request.input[i].source, target: inverseNormalize(text, lex) })) };
    },
  });
}
