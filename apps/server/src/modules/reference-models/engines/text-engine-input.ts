/**
 * Input checks shared by the text reference engines (transliteration, text-normalization, itn,
 * ner): every sentence is non-empty and at most MAX_TEXT_CHARS characters (docs/product.md: "max 150
 * characters of text"), and the request holds at most MAX_TEXT_INPUTS sentences.
 */
import { EngineInputError } from '../engine.ts';

/** Most characters (Unicode code points) of one input sentence (docs/product.md try panel: 150 characters of text). */
export const MAX_TEXT_CHARS = 150;
/** The model-card limit sentence of an engine that checks its input with {@link checkTextInputs}. */
export const TEXT_INPUT_LIMIT = `At most ${MAX_TEXT_CHARS} characters per input.`;
/** Most sentences in one request: the try panel sends one; a script may batch a few. */
export const MAX_TEXT_INPUTS = 100;

/**
 * Checks the sentences of a text request and returns their `source` strings, NFC-normalised so
 * that composed and decomposed spellings of the same letter behave alike (answers echo the
 * `source` as sent).
 * @throws EngineInputError when there are too many sentences, or one is empty (or only white space) or longer than MAX_TEXT_CHARS.
 */
export function checkTextInputs(input: readonly { source: string }[]): string[] {
  if (input.length > MAX_TEXT_INPUTS) {
    throw new EngineInputError(`Too many sentences: ${input.length}; at most ${MAX_TEXT_INPUTS} per request.`);
  }
  return input.map((item, i) => {
    const text = item.source.normalize('NFC');
    const where = input.length > 1 ? ` (sentence ${i + 1})` : '';
    if (text.trim() === '') throw new EngineInputError(`The text is empty${where}: type something to try the model.`);
    const chars = [...text].length;
    if (chars > MAX_TEXT_CHARS) {
      throw new EngineInputError(`The text is too long${where}: ${chars} characters, at most ${MAX_TEXT_CHARS}.`);
    }
    return text;
  });
}
