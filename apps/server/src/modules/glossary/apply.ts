/**
 * Applying a glossary to text sent to the platform's own translation engines.
 * Pure functions: no database, no engine.
 *
 * Each glossary sourceText found in the input as a whole word or phrase (not inside a longer word;
 * the longest term first where terms overlap) is replaced by a private-use character the engine
 * passes through untouched (the Apertium reference engine leaves unknown symbols as they are);
 * after the engine ran, each placeholder becomes its entry's targetText. Matching is on NFC text;
 * English sources match in any letter case, other scripts exactly.
 */

/** One glossary term of the requested pair. */
export interface GlossaryTerm {
  sourceText: string;
  targetText: string;
}

/** Input protected for the engine, and how to put the glossary's target texts back. */
export interface ProtectedInput {
  /** The texts to send, placeholders in place of the glossary terms found. */
  texts: string[];
  /** Whether any term was found (false: send the input unchanged and skip `restore`). */
  applied: boolean;
  /** The engine's output text with every placeholder replaced by its targetText. */
  restore(output: string): string;
}

/** Private-use plane the placeholders come from (U+E100-U+F8FF; U+E000 is the Apertium engine's own stand-in for '#'). */
const FIRST = 0xe100;
const LAST = 0xf8ff;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Replaces the glossary terms of `terms` in each of `texts` by placeholders (see the module
 * comment). `sourceLanguage` 'en' matches case-insensitively. At most 6,144 distinct terms can be
 * told apart (the size of the placeholder range); more terms than that are ignored.
 */
export function protectTerms(texts: string[], terms: GlossaryTerm[], sourceLanguage: string): ProtectedInput {
  const none: ProtectedInput = { texts, applied: false, restore: (s) => s };
  if (terms.length === 0) return none;
  const fold = sourceLanguage === 'en' ? (s: string) => s.toLowerCase() : (s: string) => s;
  const byKey = new Map<string, string>();
  for (const t of terms) {
    const key = fold(t.sourceText.normalize('NFC'));
    if (key && !byKey.has(key)) byKey.set(key, t.targetText);
  }
  // Longest first: the regex alternation takes the first alternative that matches.
  const sources = [...byKey.keys()].sort((a, b) => b.length - a.length).slice(0, LAST - FIRST + 1);
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{M}\\p{N}])(?:${sources.map(escapeRegExp).join('|')})(?![\\p{L}\\p{M}\\p{N}])`,
    sourceLanguage === 'en' ? 'giu' : 'gu',
  );

  const normalised = texts.map((t) => t.normalize('NFC'));
  // Placeholders the input itself does not contain, so restoring never touches the user's own characters.
  const used = new Set(normalised.flatMap((t) => [...t].map((c) => c.codePointAt(0)!)));
  let next = FIRST;
  const placeholderOf = new Map<string, string>();
  const targetOf = new Map<string, string>();
  const take = (key: string): string => {
    let p = placeholderOf.get(key);
    if (!p) {
      while (used.has(next) && next <= LAST) next += 1;
      if (next > LAST) return '';
      p = String.fromCodePoint(next++);
      placeholderOf.set(key, p);
      targetOf.set(p, byKey.get(key)!);
    }
    return p;
  };
  let applied = false;
  const out = normalised.map((t) =>
    t.replace(pattern, (m) => {
      const p = take(fold(m));
      if (!p) return m;
      applied = true;
      return p;
    }),
  );
  if (!applied) return none;
  const placeholders = new RegExp(`[${[...targetOf.keys()].join('')}]`, 'gu');
  return { texts: out, applied, restore: (s) => s.replace(placeholders, (p) => targetOf.get(p) ?? p) };
}
