/** A Roman-letter word found in a text: the word and its range [start, end). */
export interface RomanWord {
  word: string;
  start: number;
  end: number;
}

/** The Roman-letter word that ends at `caret` in `text`, with its range; null when there is none. */
export function romanWordAt(text: string, caret: number): RomanWord | null {
  const before = /[A-Za-z]+$/.exec(text.slice(0, caret));
  if (!before) return null;
  const after = /^[A-Za-z]*/.exec(text.slice(caret))?.[0] ?? '';
  return { word: before[0] + after, start: caret - before[0].length, end: caret + after.length };
}

/**
 * Characters that end a word and accept its top suggestion (docs/product.md#model-detail-and-try-it-panels
 * "Typing in Roman letters"): white space (Space, Enter), and punctuation. The apostrophe and the hyphen
 * are not among them (they sit inside words).
 */
export const WORD_END = /[\s.,!?;:।॥)\]}"”]/u;

/**
 * The Roman word just closed by typing: when `next` is `previous` with one or more characters
 * inserted before `caret` and the last of them is a word end ({@link WORD_END}) right after a Roman
 * word, that word (its range in `next`); else null. Deleting or moving never closes a word.
 */
export function closedRomanWord(previous: string, next: string, caret: number): RomanWord | null {
  if (next.length <= previous.length || caret < 2 || caret > next.length) return null;
  if (!WORD_END.test(next[caret - 1]!)) return null;
  const inserted = next.length - previous.length;
  // The text around the insertion must be unchanged (a paste or an edit elsewhere is not typing).
  if (next.slice(0, caret - inserted) !== previous.slice(0, caret - inserted) || next.slice(caret) !== previous.slice(caret - inserted))
    return null;
  const found = /[A-Za-z]+$/.exec(next.slice(0, caret - 1));
  return found ? { word: found[0], start: caret - 1 - found[0].length, end: caret - 1 } : null;
}

/** Every Roman-letter word of `text`, in order. */
export function romanWords(text: string): RomanWord[] {
  return [...text.matchAll(/[A-Za-z]+/g)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }));
}

/**
 * `text` with each Roman-letter word replaced by `suggest(word)` (its top suggestion), words without
 * a suggestion left as they are; each distinct word is asked once. Rejects when `suggest` does.
 */
export async function convertRomanWords(text: string, suggest: (word: string) => Promise<string | undefined>): Promise<string> {
  const words = romanWords(text);
  if (words.length === 0) return text;
  const distinct = [...new Set(words.map((w) => w.word))];
  const answers = new Map(await Promise.all(distinct.map(async (w) => [w, await suggest(w)] as const)));
  let out = '';
  let at = 0;
  for (const w of words) {
    out += text.slice(at, w.start) + (answers.get(w.word) || w.word);
    at = w.end;
  }
  return out + text.slice(at);
}
