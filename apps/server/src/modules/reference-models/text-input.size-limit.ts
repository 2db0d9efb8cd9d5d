import { EngineInputError } from './engine.ts';

/** Longest text one input may carry, in characters (Unicode code points): docs/product.md#reference-models (at most 150 characters per input). */
export const MAX_TEXT_CHARS = 150;

/**
 * Checks one text input of a reference engine: not blank, at most MAX_TEXT_CHARS characters.
 * @returns the text trimmed.
 * @throws EngineInputError naming the input (1-based) when it is blank or too long.
 */
export function checkText(source: string, index: number): string {
  const text = source.trim();
  if (text === '') throw new EngineInputError(`Input ${index + 1} is empty: give some text.`);
  const length = Array.from(text).length;
  if (length > MAX_TEXT_CHARS) {
    throw new EngineInputError(`Input ${index + 1} has ${length} characters; this model takes at most ${MAX_TEXT_CHARS}.`);
  }
  return text;
}

/** Unicode script (as a \p{Script=…} name) each language's text is written in, for the engines that read text. */
export const LANGUAGE_SCRIPTS: Record<string, string> = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  ne: 'Devanagari',
  sa: 'Devanagari',
  ta: 'Tamil',
  bn: 'Bengali',
  as: 'Bengali',
  te: 'Telugu',
  kn: 'Kannada',
  ml: 'Malayalam',
  gu: 'Gujarati',
  pa: 'Gurmukhi',
  or: 'Oriya',
  ur: 'Arabic',
  en: 'Latin',
};

/**
 * Refuses text whose letters are none of them in the language's script (e.g. Tamil text sent to
 * the Hindi voice). Text with no letters at all (digits, punctuation) passes: it is checked by
 * the engine. Latin letters mixed into Indic text are allowed (names, acronyms).
 * @throws EngineInputError naming the script expected.
 */
export function checkScript(text: string, language: string, index: number): void {
  const script = LANGUAGE_SCRIPTS[language];
  if (!script) return;
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return;
  const inScript = new RegExp(`\\p{Script=${script}}`, 'u');
  if (!letters.some((c) => inScript.test(c))) {
    throw new EngineInputError(`Input ${index + 1} is not written in the ${script} script expected for language '${language}'.`);
  }
}
